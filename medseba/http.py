"""One way to call an external service.

Every outgoing request goes through :func:`request`: it always sets a timeout, waits
for the per-host rate limiter, retries connection errors (not a host name that does not
resolve: :func:`is_dns_failure`), 429 and 5xx with exponential
backoff honouring ``Retry-After``, and raises one typed error, :class:`ServiceError`.
Clients (PubMed, iCite, Semantic Scholar, PMC) build on it; tests mock the transport
with respx, so the code under test is the code that runs in production.
"""
from __future__ import annotations

import datetime
import email.utils
import logging
import random
import socket
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable
from urllib.parse import urlsplit

import httpx
from django.conf import settings

logger = logging.getLogger(__name__)

RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
MAX_RETRY_AFTER = 120.0


class ServiceError(Exception):
    """A call to an external service failed for good (after retries where they make sense)."""

    def __init__(self, service: str, message: str, *, status: int | None = None, retryable: bool = False):
        super().__init__(f"{service}: {message}")
        self.service = service
        self.message = message
        self.status = status
        self.retryable = retryable


class RateLimiter:
    """A token bucket per host, shared by every thread of the process."""

    def __init__(self, *, clock: Callable[[], float] = time.monotonic) -> None:
        self._lock = threading.Lock()
        self._next_slot: dict[str, float] = {}
        self._clock = clock  # injectable so tests can check the spacing with a fake clock

    def wait(
        self,
        host: str,
        per_second: float,
        *,
        sleep: Callable[[float], None] | None = None,
        max_wait: float | None = None,
    ) -> bool:
        """Wait for this host's next slot; False (and no slot taken) when that would take longer than ``max_wait``."""
        if per_second <= 0:
            return True
        interval = 1.0 / per_second
        with self._lock:
            now = self._clock()
            slot = max(now, self._next_slot.get(host, 0.0))
            if max_wait is not None and slot - now > max_wait:
                return False
            self._next_slot[host] = slot + interval
        delay = slot - now
        if delay > 0:
            (sleep if sleep is not None else _sleep)(delay)
        return True

    def reset(self) -> None:
        with self._lock:
            self._next_slot.clear()


rate_limiter = RateLimiter()


def _sleep(seconds: float) -> None:
    """Indirection so tests can skip real waiting without patching time.sleep globally."""
    time.sleep(seconds)


@dataclass(frozen=True)
class ServicePolicy:
    """How politely to call one service."""

    name: str
    per_second: float = 3.0
    timeout: float | None = None  # seconds; None means settings.MEDSEBA_HTTP_TIMEOUT
    retries: int | None = None  # None means settings.MEDSEBA_HTTP_RETRIES
    backoff_base: float = 0.5
    backoff_cap: float = 30.0
    # False: a failed connect (DNS failure, refused, no route) ends the call at once; worth it for
    # optional services whose absence should cost milliseconds, not seconds of backoff.
    retry_connect_errors: bool = True


_client_lock = threading.Lock()
_client: httpx.Client | None = None


def get_client() -> httpx.Client:
    """The process-wide httpx client (connection pooling); created lazily."""
    global _client
    with _client_lock:
        if _client is None:
            _client = httpx.Client(
                headers={"User-Agent": f"MedSEBA/0.1 ({settings.NCBI_EMAIL or 'https://github.com/medseba'})"},
                follow_redirects=True,
            )
        return _client


def retry_after_seconds(response: httpx.Response) -> float | None:
    """Parse ``Retry-After`` (seconds or HTTP date) or OpenAI's ``retry-after-ms``; None when absent or insane."""
    ms = response.headers.get("retry-after-ms")
    if ms:
        try:
            value = float(ms) / 1000.0
            return value if 0 <= value <= MAX_RETRY_AFTER else None
        except ValueError:
            pass
    raw = response.headers.get("retry-after")
    if not raw:
        return None
    try:
        value = float(raw)
    except ValueError:
        try:
            parsed = email.utils.parsedate_to_datetime(raw)
        except (TypeError, ValueError, IndexError):  # Python >= 3.10 raises instead of returning None
            return None
        if parsed is None:
            return None
        if parsed.tzinfo is None:  # "-0000" dates come back naive; HTTP dates are always GMT
            parsed = parsed.replace(tzinfo=datetime.timezone.utc)
        value = parsed.timestamp() - time.time()
    if value != value:  # NaN
        return None
    if value < 0:
        value = 0.0
    return value if value <= MAX_RETRY_AFTER else None


_DNS_WORDING = ("name or service not known", "nodename nor servname", "no address associated with hostname")


def is_dns_failure(exc: BaseException) -> bool:
    """The host name did not resolve ("Name or service not known"): not worth a retry.

    The resolver's answer does not change within a backoff of a few seconds, so retrying only made
    the first search after start on an offline machine wait ~3 s before ``auto`` fell back to the
    local corpus. httpx wraps the ``socket.gaierror`` (via httpcore); the wording covers a transport
    that keeps only the text.
    """
    seen: BaseException | None = exc
    for _ in range(8):  # a short walk down the cause chain, never a cycle
        if seen is None:
            break
        if isinstance(seen, socket.gaierror):
            return True
        seen = seen.__cause__ or seen.__context__
    text = str(exc).lower()
    return any(wording in text for wording in _DNS_WORDING)


def backoff_seconds(policy: ServicePolicy, attempt: int) -> float:
    return min(policy.backoff_cap, policy.backoff_base * (2**attempt)) * random.uniform(0.75, 1.0)


def request(
    policy: ServicePolicy,
    method: str,
    url: str,
    *,
    params: dict[str, Any] | None = None,
    data: dict[str, Any] | None = None,
    json: Any = None,
    headers: dict[str, str] | None = None,
    sleep: Callable[[float], None] | None = None,
    stream: bool = False,
    deadline: float | None = None,
) -> httpx.Response:
    """Send one request with timeout, rate limit and retries; return a 2xx/3xx/4xx-not-retryable response.

    4xx responses other than 429 are returned to the caller (they carry service-specific
    error bodies worth parsing); exhausted retries and transport errors raise ServiceError.
    ``deadline`` (a ``time.monotonic()`` value) bounds the whole call, waits included: no
    attempt, rate-limit wait or backoff runs past it, and each attempt's timeout is cut to fit.
    """
    timeout = policy.timeout if policy.timeout is not None else settings.MEDSEBA_HTTP_TIMEOUT
    retries = policy.retries if policy.retries is not None else settings.MEDSEBA_HTTP_RETRIES
    sleep = sleep if sleep is not None else _sleep
    host = urlsplit(url).netloc
    client = get_client()
    last_error = "no attempt made"
    last_status: int | None = None

    def remaining() -> float | None:
        return None if deadline is None else deadline - time.monotonic()

    def out_of_time(doing: str) -> ServiceError:
        detail = "" if last_error == "no attempt made" else f"; last error: {last_error}"
        message = f"time budget used up before {doing}{detail}"
        return ServiceError(policy.name, message, status=last_status, retryable=True)

    for attempt in range(retries + 1):
        left = remaining()
        if left is not None and left <= 0:
            raise out_of_time("the next attempt")
        if not rate_limiter.wait(host, policy.per_second, sleep=sleep, max_wait=left):
            raise out_of_time("the rate limiter allowed another request")
        left = remaining()
        attempt_timeout = timeout if left is None else max(0.001, min(timeout, left))
        try:
            req = client.build_request(
                method, url, params=params, data=data, json=json, headers=headers, timeout=attempt_timeout
            )
            response = client.send(req, stream=stream)
        except httpx.TimeoutException as exc:
            last_error, last_status = f"timed out after {attempt_timeout:g} s ({type(exc).__name__})", None
            wait = backoff_seconds(policy, attempt)
        except httpx.ConnectError as exc:
            last_error, last_status = f"unreachable ({type(exc).__name__}: {exc})", None
            if not policy.retry_connect_errors or is_dns_failure(exc):
                break
            wait = backoff_seconds(policy, attempt)
        except httpx.TransportError as exc:
            last_error, last_status = f"unreachable ({type(exc).__name__}: {exc})", None
            wait = backoff_seconds(policy, attempt)
        else:
            if response.status_code not in RETRY_STATUSES:
                return response
            last_status = response.status_code
            if not stream:
                last_error = f"HTTP {response.status_code}: {response.text[:200]}"
            else:
                last_error = f"HTTP {response.status_code}"
                response.close()
            wait = retry_after_seconds(response)
            if wait is None:
                wait = backoff_seconds(policy, attempt)
        if attempt < retries:
            left = remaining()
            if left is not None and wait >= left:
                raise out_of_time(f"a retry (next in {wait:.1f} s)")
            logger.info("%s: %s; retrying in %.1f s", policy.name, last_error, wait)
            sleep(wait)
    raise ServiceError(policy.name, last_error, status=last_status, retryable=True)
