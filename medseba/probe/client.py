"""The probe's HTTP client: loopback only, a request budget, every status counted.

A probe must never become a load generator against somebody else's server, so the base URL
must resolve to a loopback address, and a run stops once it has sent ``max_requests``.
"""
from __future__ import annotations

import ipaddress
import socket
import threading
from collections import Counter
from typing import Any
from urllib.parse import urlsplit

import httpx


class ProbeError(Exception):
    """The probe cannot run as asked (not loopback, budget spent, server unreachable)."""


def require_loopback(base_url: str) -> str:
    """``base_url`` without a trailing slash, after checking every address it resolves to is loopback."""
    parts = urlsplit(base_url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ProbeError(f"not an http(s) URL: {base_url!r}")
    try:
        infos = socket.getaddrinfo(parts.hostname, parts.port or 80, proto=socket.IPPROTO_TCP)
    except socket.gaierror as exc:
        raise ProbeError(f"{parts.hostname} does not resolve") from exc
    addresses = {info[4][0] for info in infos}
    if not addresses or not all(ipaddress.ip_address(a.split("%")[0]).is_loopback for a in addresses):
        raise ProbeError(f"the probe only talks to this machine (loopback); {parts.hostname} is {sorted(addresses)}")
    return base_url.rstrip("/")


class Budget:
    """A request budget shared by every client of one run (thread-safe)."""

    def __init__(self, max_requests: int):
        self.max_requests = max_requests
        self.sent = 0
        self.statuses: Counter[int] = Counter()
        self.server_errors: list[tuple[int, str]] = []  # (status, path) of every 5xx
        self.throttled: list[str] = []  # the path of every 429
        self._lock = threading.Lock()

    def spend(self) -> None:
        with self._lock:
            if self.sent >= self.max_requests:
                raise ProbeError(f"request budget of {self.max_requests} spent")
            self.sent += 1

    def record(self, status: int, path: str = "") -> None:
        with self._lock:
            self.statuses[status] += 1
            if status >= 500:
                self.server_errors.append((status, path))
            elif status == 429:
                self.throttled.append(path)


class ProbeClient:
    """One browser-like client (its own cookies and CSRF token) against the probed server."""

    def __init__(self, base_url: str, budget: Budget, *, timeout: float = 40.0):
        self.base = require_loopback(base_url)
        self.budget = budget
        self.http = httpx.Client(base_url=self.base, timeout=timeout, follow_redirects=False)

    def close(self) -> None:
        self.http.close()

    def request(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        self.budget.spend()
        headers = dict(kwargs.pop("headers", None) or {})
        if method.upper() not in ("GET", "HEAD", "OPTIONS"):
            token = self.http.cookies.get("csrftoken")
            if token:
                headers.setdefault("X-CSRFToken", token)
        response = self.http.request(method, path, headers=headers, **kwargs)
        self.budget.record(response.status_code, path)
        return response

    def get(self, path: str, **kwargs: Any) -> httpx.Response:
        return self.request("GET", path, **kwargs)

    def post(self, path: str, **kwargs: Any) -> httpx.Response:
        return self.request("POST", path, **kwargs)

    def csrf(self) -> None:
        """Fetch the CSRF cookie once, as the front end does before its first write."""
        if not self.http.cookies.get("csrftoken"):
            self.get("/api/accounts/csrf/")


def error_shape(response: httpx.Response) -> dict[str, Any] | None:
    """The ``error`` object when the body has the API's one error shape, else None."""
    try:
        body = response.json()
    except ValueError:
        return None
    error = body.get("error") if isinstance(body, dict) else None
    if isinstance(error, dict) and {"code", "message", "fields"} <= set(error) and set(body) == {"error"}:
        return error
    return None
