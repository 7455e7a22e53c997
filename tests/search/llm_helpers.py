"""The LLM the answer and bottom-line tests talk to: an OpenAI-compatible endpoint mocked with respx at ``BASE``."""
from __future__ import annotations

import pytest

BASE = "https://llm.example.test/v1"
COMPLETIONS = f"{BASE}/chat/completions"


@pytest.fixture
def answer_llm(settings):
    """Settings for an LLM at ``BASE``: no retries, embeddings kept in memory (use with ``pytestmark``)."""
    settings.MEDSEBA_LLM_BASE_URL = BASE
    settings.MEDSEBA_LLM_MODEL = "gpt-4o-2024-08-06"
    settings.OPENAI_API_KEY = "sk-test"
    settings.MEDSEBA_HTTP_RETRIES = 0
    settings.MEDSEBA_EMBEDDING_STORE = "memory"
