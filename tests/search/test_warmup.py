"""Worker processes load their models at start; a missing one is logged, never fatal."""
from __future__ import annotations

import logging

import pytest

from search import embeddings, nlp
from search.stance import syntax
from search.warmup import load_models


@pytest.mark.slow  # loads a model (the fast lane, --fast, leaves it out)
@pytest.mark.django_db
def test_models_are_loaded_and_a_missing_one_is_only_logged(settings, tmp_path, caplog):
    from search.design_model import DEFAULT_PATH, _models as design_models

    settings.MEDSEBA_STANCE_MODEL_PATH = str(tmp_path / "absent.joblib")
    design_models._loaded.clear()  # another test in this process may have loaded it already
    with caplog.at_level(logging.INFO, logger="search.warmup"):
        seconds = load_models()
    assert seconds > 0
    assert nlp._pipeline is not None
    assert embeddings._load.cache_info().currsize >= 1
    assert syntax._nlp is not None  # the stance parser loads even when the classifier is missing
    assert any(path == str(DEFAULT_PATH) for path, _ in design_models._loaded)  # the design model is preloaded too
    messages = [r.getMessage() for r in caplog.records]
    assert any("could not preload the stance classifier" in m and "train_stance" in m for m in messages)
    assert any(m.startswith("models loaded in") for m in messages)


def test_worker_processes_have_time_to_load_them(settings):
    from medseba.celery import app

    assert settings.MEDSEBA_PRELOAD_MODELS is True
    assert app.conf.worker_proc_alive_timeout >= 60


def test_a_worker_process_sizes_the_models_threads(settings):
    import torch

    from medseba.celery import _load_models

    before = torch.get_num_threads()
    settings.MEDSEBA_PRELOAD_MODELS = False
    settings.MEDSEBA_TORCH_THREADS = 1
    try:
        _load_models()
        assert torch.get_num_threads() == 1
    finally:
        torch.set_num_threads(before)
