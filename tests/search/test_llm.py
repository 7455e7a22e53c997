"""The LLM client against the real OpenAI bodies: structured output, refusal, truncation, 400, 429."""
from __future__ import annotations

import json

import httpx
import pytest
import respx

from search import llm
from tests.conftest import fixture_text

BASE = "https://llm.example.test/v1"
COMPLETIONS = f"{BASE}/chat/completions"
LOCATION = {
    "type": "object",
    "properties": {
        "city": {"type": "string"},
        "temperature": {"type": "number"},
        "units": {"type": "string", "enum": ["c", "f"]},
    },
    "required": ["city", "temperature", "units"],
    "additionalProperties": False,
}


@pytest.fixture(autouse=True)
def _configured(settings):
    settings.MEDSEBA_LLM_BASE_URL = BASE
    settings.MEDSEBA_LLM_MODEL = "gpt-4o-2024-08-06"
    settings.OPENAI_API_KEY = "sk-test"
    settings.MEDSEBA_LLM_TIMEOUT = 30.0
    settings.MEDSEBA_HTTP_RETRIES = 2


def ask() -> llm.LLMResult:
    return llm.complete_json(
        system="You answer in JSON.", user="What's the weather like in SF?", schema=LOCATION, schema_name="Location"
    )


def reply(name: str, status: int = 200, headers: dict[str, str] | None = None) -> httpx.Response:
    headers = {"content-type": "application/json", **(headers or {})}
    return httpx.Response(status, text=fixture_text("openai", name), headers=headers)


@respx.mock
def test_structured_output_with_usage():
    route = respx.post(COMPLETIONS).mock(return_value=reply("chat_completion_structured_output_json_schema.json"))
    result = ask()
    assert result.data == {"city": "San Francisco", "temperature": 65, "units": "f"}
    assert result.usage == {"prompt_tokens": 79, "completion_tokens": 14, "total_tokens": 93}
    assert result.model == "gpt-4o-2024-08-06"
    sent = json.loads(route.calls.last.request.content)
    assert sent["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "Location", "strict": True, "schema": LOCATION},
    }
    assert [m["role"] for m in sent["messages"]] == ["system", "user"]
    assert sent["temperature"] == 0.0 and sent["model"] == "gpt-4o-2024-08-06"
    assert route.calls.last.request.headers["authorization"] == "Bearer sk-test"


@respx.mock
def test_several_choices_take_the_first():
    respx.post(COMPLETIONS).mock(return_value=reply("chat_completion_structured_output_n3.json"))
    assert ask().data["temperature"] == 64


@pytest.mark.parametrize("name, error", [
    ("chat_completion_structured_output_refusal.json", "refused: I'm very sorry"),
    ("chat_completion_finish_reason_length.json", "token limit"),  # truncated
    ("chat_completion_plain_gpt-4o.json", "invalid JSON"),  # a fenced plain answer
], ids=["refusal", "truncated", "fenced-plain-answer"])
@respx.mock
def test_an_unusable_200_answer_is_an_error(name, error):
    respx.post(COMPLETIONS).mock(return_value=reply(name))
    with pytest.raises(llm.LLMError, match=error):
        ask()


@respx.mock
def test_400_is_not_retried():
    route = respx.post(COMPLETIONS).mock(return_value=reply("error_400_invalid_request.json", 400))
    with pytest.raises(llm.LLMError, match="HTTP 400.*invalid_image_format"):
        ask()
    assert route.call_count == 1


@respx.mock
def test_429_is_retried_then_succeeds(monkeypatch):
    waits: list[float] = []
    monkeypatch.setattr("medseba.http._sleep", waits.append)
    route = respx.post(COMPLETIONS).mock(
        side_effect=[
            reply("error_429_rate_limit_RECONSTRUCTED.json", 429, {"retry-after-ms": "1200"}),
            reply("chat_completion_structured_output_json_schema.json"),
        ]
    )
    assert ask().data["city"] == "San Francisco"
    assert route.call_count == 2
    assert waits == [1.2]


@respx.mock
def test_429_every_time_gives_up_after_the_retries():
    route = respx.post(COMPLETIONS).mock(return_value=reply("error_429_rate_limit_RECONSTRUCTED.json", 429))
    with pytest.raises(llm.LLMError, match="HTTP 429.*rate_limit_exceeded"):
        ask()
    assert route.call_count == 3


@respx.mock
def test_unreachable_endpoint():
    route = respx.post(COMPLETIONS).mock(side_effect=httpx.ConnectError("connection refused"))
    with pytest.raises(llm.LLMError, match="unreachable"):
        ask()
    assert route.call_count == 3


def test_not_configured(settings):
    settings.MEDSEBA_LLM_BASE_URL = ""
    settings.OPENAI_API_KEY = ""
    assert llm.is_configured() is False
    assert llm.model_label() == "none"
    with pytest.raises(llm.LLMUnavailable):
        ask()


def test_labels(settings):
    assert llm.is_configured() and llm.model_label() == f"gpt-4o-2024-08-06 @ {BASE}"
    settings.MEDSEBA_LLM_BASE_URL = ""
    settings.MEDSEBA_LLM_MODEL = ""
    assert llm.model_label() == "gpt-4o-mini @ https://api.openai.com/v1"
    settings.MEDSEBA_LLM_BASE_URL = "http://127.0.0.1:11434/v1"
    settings.OPENAI_API_KEY = ""
    assert llm.is_configured() is False  # a local server needs MEDSEBA_LLM_MODEL
    settings.MEDSEBA_LLM_MODEL = "llama3.1"
    assert llm.is_configured() and llm.model_label() == "llama3.1 @ http://127.0.0.1:11434/v1"
