"""A host name that does not resolve is not retried: ``auto`` falls back to the local corpus at once."""
from __future__ import annotations

import socket
import time

import httpx
import pytest
import respx

from medseba import http

POLICY = http.ServicePolicy(name="pubmed", per_second=0, retries=3)  # retries connect errors by default


class Sleeps(list):
    def __call__(self, seconds: float) -> None:
        self.append(seconds)


def test_a_real_name_that_does_not_resolve_costs_one_attempt_and_no_backoff():
    sleeps = Sleeps()
    started = time.monotonic()
    with pytest.raises(http.ServiceError, match="unreachable") as info:
        # RFC 2606: .invalid never resolves, on any machine, online or not.
        http.request(POLICY, "GET", "https://medseba-probe.invalid/entrez/eutils/esearch.fcgi", sleep=sleeps)
    assert sleeps == []  # no backoff at all (it used to be ~0.5 + 1 + 2 s)
    assert time.monotonic() - started < 2.0  # one resolver answer, not four
    assert info.value.status is None


@respx.mock
def test_dns_failure_wrapped_by_the_transport_is_recognised_through_the_cause_chain():
    error = httpx.ConnectError("[Errno -2] Name or service not known")
    error.__cause__ = socket.gaierror(socket.EAI_NONAME, "Name or service not known")
    route = respx.get("https://eutils.ncbi.nlm.nih.gov/x").mock(side_effect=error)
    sleeps = Sleeps()
    with pytest.raises(http.ServiceError):
        http.request(POLICY, "GET", "https://eutils.ncbi.nlm.nih.gov/x", sleep=sleeps)
    assert route.call_count == 1 and sleeps == []


@respx.mock
def test_a_refused_connection_is_still_retried():
    route = respx.get("https://eutils.ncbi.nlm.nih.gov/x").mock(
        side_effect=[httpx.ConnectError("[Errno 111] Connection refused"), httpx.Response(200)]
    )
    sleeps = Sleeps()
    assert http.request(POLICY, "GET", "https://eutils.ncbi.nlm.nih.gov/x", sleep=sleeps).status_code == 200
    assert route.call_count == 2 and len(sleeps) == 1


@pytest.mark.parametrize(
    ("exc", "expected"),
    [
        (socket.gaierror(socket.EAI_NONAME, "Name or service not known"), True),
        (httpx.ConnectError("nodename nor servname provided, or not known"), True),
        (httpx.ConnectError("[Errno 111] Connection refused"), False),
        (httpx.ConnectError("[Errno 113] No route to host"), False),
    ],
)
def test_is_dns_failure(exc, expected):
    assert http.is_dns_failure(exc) is expected
