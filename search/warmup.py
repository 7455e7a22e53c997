"""Load every model a search needs before the first search asks for it.

A prefork worker process loads the question parser, the dictionaries, the embedding
model, the stance classifier and the design model lazily; without this, whichever search first lands on a
fresh process waits for them (seconds), and with enrich ‖ judge ‖ locate spread over both
processes that is more than one search per restart.
"""
from __future__ import annotations

import logging
import time

logger = logging.getLogger(__name__)

_QUESTION = "Does aspirin reduce the risk of stroke in adults?"


def load_models() -> float:
    """Load and exercise each model once; returns the seconds it took. Never raises: a search will say what is missing."""
    from documents.sources import Filters
    from search import embeddings
    from search import scope
    from search.design_model import load_design_model
    from search.pipeline.understand import understand
    from search.stance.comparison import load_comparison_model
    from search.stance.predict import load_classifier
    from search.stance.syntax import parser

    started = time.perf_counter()
    for name, load in (
        ("question parser", lambda: understand(_QUESTION, Filters())),
        ("embedding model", lambda: embeddings.encode([_QUESTION])),
        ("stance classifier", load_classifier),
        ("scope guard", scope.load),
        ("comparison model", load_comparison_model),
        ("stance parser", parser),
        ("design model", load_design_model),
    ):
        try:
            load()
        except Exception as exc:  # noqa: BLE001 - the stage that needs it reports the failure properly
            logger.warning("could not preload the %s: %s", name, exc)
    seconds = time.perf_counter() - started
    logger.info("models loaded in %.1f s", seconds)
    return seconds
