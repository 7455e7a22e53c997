"""The shared HTTP client: Retry-After, retries, 4xx passthrough, rate limiting, timeouts and the deadline."""
from __future__ import annotations

import email.utils
import time

import httpx
import pytest
import respx

from medseba import http
from tests.conftest import fixture_text

URL = "https://eutils.ncbi.nlm.nih.gov/entrez/eutils/esearch.fcgi"
POLICY = http.ServicePolicy(name="test", per_second=0, retries=3)


class Sleeps(list):
    """Records the waits request() asks for instead of sleeping."""

    def __call__(self, seconds: float) -> None:
        self.append(seconds)


def test_retry_after_seconds_and_http_date_and_ms():
    assert http.retry_after_seconds(httpx.Response(429, headers={"Retry-After": "7"})) == 7.0
    in_30s = email.utils.formatdate(time.time() + 30, usegmt=True)
    value = http.retry_after_seconds(httpx.Response(503, headers={"Retry-After": in_30s}))
    assert value is not None and 25 <= value <= 31
    past = email.utils.formatdate(time.time() - 3600, usegmt=True)
    assert http.retry_after_seconds(httpx.Response(503, headers={"Retry-After": past})) == 0.0
    assert http.retry_after_seconds(httpx.Response(429, headers={"retry-after-ms": "1500"})) == 1.5


@pytest.mark.parametrize("raw", ["soon", "", "9999", "nan"])
def test_retry_after_unusable_values_are_ignored(raw):
    assert http.retry_after_seconds(httpx.Response(429, headers={"Retry-After": raw})) is None


@respx.mock
def test_retry_after_is_honoured_then_success():
    body = fixture_text("ncbi_eutils", "error_429_rate_limit_exceeded.json")
    route = respx.get(URL).mock(
        side_effect=[
            httpx.Response(429, text=body, headers={"Retry-After": "2"}),
            httpx.Response(200, json={"ok": True}),
        ]
    )
    sleeps = Sleeps()
    response = http.request(POLICY, "GET", URL, sleep=sleeps)
    assert response.status_code == 200
    assert route.call_count == 2
    assert sleeps == [2.0]


@respx.mock
def test_http_date_retry_after_on_503():
    later = email.utils.formatdate(time.time() + 10, usegmt=True)
    respx.get(URL).mock(side_effect=[httpx.Response(503, headers={"Retry-After": later}), httpx.Response(200)])
    sleeps = Sleeps()
    assert http.request(POLICY, "GET", URL, sleep=sleeps).status_code == 200
    assert len(sleeps) == 1 and 5 <= sleeps[0] <= 11


@respx.mock
def test_backoff_without_retry_after_then_exhausted():
    body = fixture_text("ncbi_eutils", "error_429_rate_limit_exceeded.json")
    route = respx.get(URL).mock(return_value=httpx.Response(429, text=body))
    sleeps = Sleeps()
    with pytest.raises(http.ServiceError) as info:
        http.request(POLICY, "GET", URL, sleep=sleeps)
    assert route.call_count == 4  # first try + 3 retries
    assert len(sleeps) == 3 and sleeps[0] < sleeps[1] < sleeps[2]
    assert info.value.status == 429 and info.value.retryable
    assert "API rate limit exceeded" in info.value.message


@respx.mock
@pytest.mark.parametrize("status", [400, 403, 404])
def test_4xx_is_returned_not_retried(status):
    body = fixture_text("semantic_scholar", "error_403_forbidden_bad_api_key.json")
    route = respx.get(URL).mock(return_value=httpx.Response(status, text=body))
    response = http.request(POLICY, "GET", URL, sleep=Sleeps())
    assert response.status_code == status
    assert route.call_count == 1


@respx.mock
def test_timeout_becomes_service_error():
    route = respx.get(URL).mock(side_effect=httpx.ReadTimeout("slow"))
    with pytest.raises(http.ServiceError, match="timed out"):
        http.request(POLICY, "GET", URL, sleep=Sleeps())
    assert route.call_count == 4


@respx.mock
def test_connect_errors_fail_at_once_when_the_policy_says_so():
    route = respx.get(URL).mock(side_effect=httpx.ConnectError("Name or service not known"))
    fast = http.ServicePolicy(name="icite", per_second=0, retries=3, retry_connect_errors=False)
    sleeps = Sleeps()
    with pytest.raises(http.ServiceError, match="unreachable") as info:
        http.request(fast, "GET", URL, sleep=sleeps)
    assert route.call_count == 1 and sleeps == []
    assert info.value.status is None


@respx.mock
def test_connect_errors_are_retried_by_default():
    route = respx.get(URL).mock(side_effect=[httpx.ConnectError("refused"), httpx.Response(200)])
    assert http.request(POLICY, "GET", URL, sleep=Sleeps()).status_code == 200
    assert route.call_count == 2


@respx.mock
def test_deadline_passed_means_no_call():
    route = respx.get(URL).mock(return_value=httpx.Response(200))
    with pytest.raises(http.ServiceError, match="time budget"):
        http.request(POLICY, "GET", URL, sleep=Sleeps(), deadline=time.monotonic() - 1)
    assert route.call_count == 0


@respx.mock
def test_deadline_stops_a_retry_that_would_wait_too_long():
    route = respx.get(URL).mock(return_value=httpx.Response(503, headers={"Retry-After": "60"}))
    sleeps = Sleeps()
    with pytest.raises(http.ServiceError, match="time budget") as info:
        http.request(POLICY, "GET", URL, sleep=sleeps, deadline=time.monotonic() + 30)
    assert route.call_count == 1 and sleeps == []
    assert info.value.status == 503


@respx.mock
def test_deadline_caps_the_attempt_timeout():
    route = respx.get(URL).mock(return_value=httpx.Response(200))
    http.request(http.ServicePolicy(name="t", per_second=0, timeout=10.0), "GET", URL, deadline=time.monotonic() + 2)
    timeout = route.calls.last.request.extensions["timeout"]
    assert 0 < timeout["read"] <= 2


@respx.mock
def test_streamed_retry_closes_the_failed_response():
    route = respx.get(URL).mock(side_effect=[httpx.Response(502), httpx.Response(200, content=b"%PDF-1.4")])
    response = http.request(POLICY, "GET", URL, sleep=Sleeps(), stream=True)
    assert response.read() == b"%PDF-1.4"
    assert route.call_count == 2


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_rate_limiter_spaces_requests_per_host():
    clock = FakeClock()
    limiter = http.RateLimiter(clock=clock)
    sleeps = Sleeps()
    for _ in range(3):
        limiter.wait("a.example", 2.0, sleep=sleeps)
    assert sleeps == [0.5, 1.0]  # slots at 100.0, 100.5, 101.0
    limiter.wait("b.example", 2.0, sleep=sleeps)  # another host has its own bucket
    assert sleeps == [0.5, 1.0]
    clock.now = 110.0
    limiter.wait("a.example", 2.0, sleep=sleeps)  # long after: no wait
    assert sleeps == [0.5, 1.0]


def test_rate_limiter_refuses_a_wait_longer_than_allowed():
    clock = FakeClock()
    limiter = http.RateLimiter(clock=clock)
    sleeps = Sleeps()
    assert limiter.wait("s2", 0.3, sleep=sleeps) is True
    assert limiter.wait("s2", 0.3, sleep=sleeps, max_wait=1.0) is False  # next slot is 3.3 s away
    assert sleeps == []
    assert limiter.wait("s2", 0.3, sleep=sleeps, max_wait=5.0) is True
    assert len(sleeps) == 1 and abs(sleeps[0] - 1 / 0.3) < 1e-9
