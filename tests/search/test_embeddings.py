"""The encoder's precision: bfloat16 where the CPU does it natively, vectors interchangeable with float32."""
from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from search import embeddings

TEXTS = [
    "Aspirin reduced the risk of stroke by 20% (95% CI 0.70-0.91).",
    "There was no significant difference in mortality between the groups.",
    "Does vitamin D prevent falls in older adults?",
]


@pytest.mark.slow  # loads a model (the fast lane, --fast, leaves it out)
def test_bf16_vectors_match_float32_vectors(settings):
    settings.MEDSEBA_EMBEDDING_PRECISION = "fp32"
    assert embeddings.uses_bf16() is False
    full = embeddings.encode(TEXTS)
    settings.MEDSEBA_EMBEDDING_PRECISION = "bf16"
    assert embeddings.uses_bf16() is True
    half = embeddings.encode(TEXTS)
    assert half.dtype == np.float32 and half.shape == full.shape
    assert np.allclose(np.linalg.norm(half, axis=1), 1.0, atol=1e-4)
    assert np.min(np.sum(full * half, axis=1)) > 0.999


def test_auto_follows_what_the_cpu_supports(settings):
    import torch

    settings.MEDSEBA_EMBEDDING_PRECISION = "auto"
    flags = embeddings._cpu_flags()
    native = flags is None or bool(flags & embeddings.NATIVE_BF16_FLAGS)
    assert embeddings.uses_bf16() is (bool(torch.ops.mkldnn._is_mkldnn_bf16_supported()) and native)


@pytest.mark.parametrize(("flags", "expected"), [
    (frozenset({"avx2", "avx512f", "avx512_vnni"}), False),  # AVX-512 without bf16: emulated, slower than float32
    (frozenset({"avx512f", "avx512_bf16"}), True),
    (frozenset({"avx512f", "amx_tile", "amx_bf16"}), True),
    (None, True),  # flags unknown (not Linux): what oneDNN says
])
def test_auto_uses_bf16_only_where_the_cpu_has_it_natively(monkeypatch, settings, flags, expected):
    import torch

    settings.MEDSEBA_EMBEDDING_PRECISION = "auto"
    monkeypatch.setattr(torch.ops.mkldnn, "_is_mkldnn_bf16_supported", lambda: True)
    monkeypatch.setattr(embeddings, "_cpu_flags", lambda: flags)
    embeddings._cpu_has_bf16.cache_clear()
    try:
        assert embeddings.uses_bf16() is expected
    finally:
        embeddings._cpu_has_bf16.cache_clear()


def test_an_unknown_precision_stops_start_up_with_a_sentence():
    result = subprocess.run(
        [sys.executable, "-c", "import django, os; os.environ['DJANGO_SETTINGS_MODULE']='medseba.settings'; django.setup()"],
        env={"MEDSEBA_EMBEDDING_PRECISION": "fp16", "PATH": "/usr/bin:/bin"},
        capture_output=True, text=True,
    )
    assert result.returncode != 0
    assert "MEDSEBA_EMBEDDING_PRECISION must be auto, bf16 or fp32, not 'fp16'" in result.stderr
