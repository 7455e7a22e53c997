"""The LLM client: structured JSON answers from any OpenAI-compatible endpoint.

Uses the ``openai`` SDK over the project's ``httpx`` (so respx mocks it like every other
service) with the SDK's own retries off: retries go through the same Retry-After /
backoff rules as :mod:`medseba.http`. Every way an answer can be unusable (refusal,
truncation, content filter, invalid JSON, HTTP failure after retries) raises LLMError, so
callers fall back to the offline path with a clear reason. Configure with
``MEDSEBA_LLM_BASE_URL`` (empty: api.openai.com), ``MEDSEBA_LLM_MODEL``, ``OPENAI_API_KEY``
and ``MEDSEBA_LLM_TIMEOUT``; a local server (vLLM, Ollama, llama.cpp) needs no key.
"""
from __future__ import annotations

import json
import logging
import threading
from dataclasses import dataclass, field
from typing import Any

import httpx
import openai
from django.conf import settings

from medseba import http

logger = logging.getLogger(__name__)

OPENAI_BASE_URL = "https://api.openai.com/v1"
DEFAULT_OPENAI_MODEL = "gpt-4o-mini"  # only when talking to api.openai.com without MEDSEBA_LLM_MODEL
NO_KEY = "not-needed"  # local OpenAI-compatible servers ignore the key, the SDK insists on one
USAGE_KEYS = ("prompt_tokens", "completion_tokens", "total_tokens")
_RETRY_POLICY = http.ServicePolicy(name="llm", per_second=0, backoff_base=0.5, backoff_cap=8.0)


class LLMUnavailable(Exception):
    """No LLM endpoint is configured; use the offline path."""


class LLMError(Exception):
    """The LLM did not give a usable answer (refusal, truncation, HTTP failure after retries, invalid JSON)."""


@dataclass
class LLMResult:
    data: dict[str, Any]
    usage: dict[str, int] = field(default_factory=dict)
    model: str = ""


def base_url() -> str:
    return (settings.MEDSEBA_LLM_BASE_URL or OPENAI_BASE_URL).rstrip("/")


def model_name() -> str:
    if settings.MEDSEBA_LLM_MODEL:
        return settings.MEDSEBA_LLM_MODEL
    return DEFAULT_OPENAI_MODEL if not settings.MEDSEBA_LLM_BASE_URL else ""


def is_configured() -> bool:
    """An endpoint (own base URL, or OpenAI with a key) and a model to ask."""
    return bool(settings.MEDSEBA_LLM_BASE_URL or settings.OPENAI_API_KEY) and bool(model_name())


def model_label() -> str:
    """What the result document records as the model, e.g. "gpt-4o-mini @ https://api.openai.com/v1"."""
    if not is_configured():
        return "none"
    return f"{model_name()} @ {base_url()}"


_lock = threading.Lock()
_clients: dict[tuple[str, str, float], openai.OpenAI] = {}


def _client() -> openai.OpenAI:
    """One SDK client per configuration, created on first use (settings may differ between tests)."""
    key = (base_url(), settings.OPENAI_API_KEY, float(settings.MEDSEBA_LLM_TIMEOUT))
    with _lock:
        client = _clients.get(key)
        if client is None:
            client = openai.OpenAI(
                api_key=settings.OPENAI_API_KEY or NO_KEY,
                base_url=key[0],
                timeout=key[2],
                max_retries=0,
                http_client=httpx.Client(timeout=key[2], follow_redirects=True),
            )
            _clients[key] = client
        return client


def complete_json(
    *, system: str, user: str, schema: dict[str, Any], schema_name: str, temperature: float = 0.0
) -> LLMResult:
    """Ask for a JSON object that follows ``schema`` (strict structured output) and return it with token usage."""
    if not is_configured():
        raise LLMUnavailable(
            "no LLM endpoint configured (set MEDSEBA_LLM_BASE_URL or OPENAI_API_KEY, and MEDSEBA_LLM_MODEL)"
        )
    model = model_name()
    response = _create_with_retries(
        model=model,
        messages=[{"role": "system", "content": system}, {"role": "user", "content": user}],
        temperature=temperature,
        response_format={"type": "json_schema", "json_schema": {"name": schema_name, "strict": True, "schema": schema}},
    )
    usage = _usage(response)
    if not response.choices:
        raise LLMError(f"{model} returned no choices")
    choice = response.choices[0]
    message = choice.message
    if getattr(message, "refusal", None):
        raise LLMError(f"{model} refused: {message.refusal}")
    if choice.finish_reason == "length":
        tokens = usage.get("completion_tokens")
        raise LLMError(f"{model} stopped at the token limit; the JSON is truncated ({tokens} tokens)")
    if choice.finish_reason == "content_filter":
        raise LLMError(f"{model} answer was withheld by the content filter")
    if not message.content:
        raise LLMError(f"{model} returned an empty message (finish_reason {choice.finish_reason!r})")
    try:
        data = json.loads(message.content)
    except json.JSONDecodeError as exc:
        raise LLMError(f"{model} returned invalid JSON ({exc.msg} at {exc.pos}): {message.content[:120]!r}") from exc
    if not isinstance(data, dict):
        raise LLMError(f"{model} returned JSON {type(data).__name__}, not an object")
    missing = [k for k in schema.get("required", []) if k not in data]
    if missing:  # servers without strict decoding may ignore the schema
        raise LLMError(f"{model} answer lacks required keys {missing}")
    return LLMResult(data=data, usage=usage, model=response.model or model)


def _create_with_retries(**kwargs: Any) -> Any:
    """One chat completion; 408/409/429/5xx and connection failures retried honouring Retry-After."""
    retries = settings.MEDSEBA_HTTP_RETRIES
    client = _client()
    for attempt in range(retries + 1):
        try:
            return client.chat.completions.create(**kwargs)
        except openai.APIStatusError as exc:
            detail = _error_detail(exc)
            retryable = exc.status_code in (408, 409, 429) or exc.status_code >= 500
            if exc.status_code == 429 and getattr(exc, "code", None) == "insufficient_quota":
                retryable = False
            if not retryable or attempt >= retries:
                raise LLMError(f"HTTP {exc.status_code} from {base_url()}: {detail}") from exc
            response = exc.response if isinstance(exc.response, httpx.Response) else None
            wait = http.retry_after_seconds(response) if response is not None else None
        except (openai.APITimeoutError, openai.APIConnectionError) as exc:
            if attempt >= retries:
                raise LLMError(f"{base_url()} unreachable: {type(exc).__name__}: {exc}") from exc
            wait = None
        wait = http.backoff_seconds(_RETRY_POLICY, attempt) if wait is None else wait
        logger.info("LLM call failed (attempt %d); retrying in %.1f s", attempt + 1, wait)
        http._sleep(wait)
    raise LLMError("no attempt made")  # unreachable: the loop returns or raises


def _error_detail(exc: openai.APIStatusError) -> str:
    body = exc.body if isinstance(exc.body, dict) else {}
    error = body.get("error", body) if isinstance(body.get("error", body), dict) else body
    message = error.get("message") if isinstance(error, dict) else None
    code = error.get("code") if isinstance(error, dict) else None
    text = message or str(exc)
    return f"{code}: {text}" if code else text


def _usage(response: Any) -> dict[str, int]:
    """Token counts the server reported; keys it did not report are left out, never zero-filled."""
    usage = getattr(response, "usage", None)
    if usage is None:
        return {}
    result: dict[str, int] = {}
    for key in USAGE_KEYS:
        value = getattr(usage, key, None)
        if isinstance(value, int):
            result[key] = value
    return result
