"""The probe's areas: each replays cases of issue 13 against the running server and says what failed.

Every area counts what it tried and lists each failure in words; none raises on a wrong answer.
Anything the probe creates is removed again: the history account is deleted with its searches,
anonymous searches are expired (their Redis key deleted) or left to their TTL.
"""
from __future__ import annotations

import http.client
import re
import secrets
import socket
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import httpx

from .client import ProbeClient, error_shape

IN_SCOPE_QUESTION = "Do triptans relieve migraine?"
OFF_TOPIC_QUESTIONS = ["Who won the 1998 World Cup?", "What is the capital of Peru?", "How do I bake sourdough bread?"]
FINAL = ("done", "failed")


@dataclass
class Area:
    name: str
    tried: int = 0
    failed: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def expect(self, ok: bool, what: str) -> bool:
        self.tried += 1
        if not ok:
            self.failed.append(what)
        return ok

    def expect_error(self, response: httpx.Response, statuses: tuple[int, ...], what: str, code: str | None = None) -> bool:
        """The status is one of ``statuses`` and the body has the one error shape (with ``code`` when given)."""
        error = error_shape(response)
        ok = response.status_code in statuses and error is not None and (code is None or error["code"] == code)
        got = f"{response.status_code} {error['code'] if error else response.text[:80]!r}"
        return self.expect(ok, f"{what}: wanted {'/'.join(map(str, statuses))}{' ' + code if code else ''}, got {got}")


def _json_post(client: ProbeClient, path: str, body: str | bytes) -> httpx.Response:
    return client.post(path, content=body, headers={"Content-Type": "application/json"})


def _oversize_post(client: ProbeClient, path: str, length: int) -> httpx.Response:
    """POST a body of ``length`` bytes while reading the answer at the same time.

    The server answers 413 from the declared length without reading the body. gunicorn then
    closes the connection (a client that only reads after writing 2.5 MB sees a reset: httpx
    does), Django's development server drains the body first; reading while writing gets the
    answer from both.
    """
    parts = urlsplit(client.base)
    client.budget.spend()
    sock = socket.create_connection((parts.hostname, parts.port or 80), timeout=30)
    head = (f"POST {path} HTTP/1.1\r\nHost: {parts.netloc}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {length}\r\nConnection: close\r\n\r\n").encode()

    def send_body() -> None:
        try:
            sock.sendall(head + b'{"question": "')
            chunk = b"x" * 65536
            for _ in range(length // len(chunk) + 1):
                sock.sendall(chunk)
        except OSError:
            pass  # the server answered and closed: expected

    writer = threading.Thread(target=send_body, daemon=True)
    writer.start()
    try:
        raw = http.client.HTTPResponse(sock)
        raw.begin()
        response = httpx.Response(raw.status, headers=raw.getheaders(), content=raw.read())
    finally:
        sock.close()
        writer.join(5)
    client.budget.record(response.status_code, path)
    return response


def bad_bodies(client: ProbeClient) -> Area:
    """Item 1: a 2 kB body nested 1,000 levels and a body over 2.5 MB are 400 / 413 in the error shape."""
    area = Area("bad bodies (#1)")
    client.csrf()
    deep = '{"question": ' + "[" * 1000 + "]" * 1000 + "}"
    for path in ("/api/searches/", "/api/accounts/login/", "/api/accounts/signup/"):
        area.expect_error(_json_post(client, path, deep), (400,), f"deep JSON to {path}", "parse_error")
        area.expect_error(_json_post(client, path, "{"), (400,), f"broken JSON to {path}", "parse_error")
        area.expect_error(_oversize_post(client, path, 2_621_440 + 10), (413,), f"2.5 MB body to {path}", "too_large")
    return area


def bad_ids(client: ProbeClient) -> Area:
    """Bad ids and paths: 4xx in the error shape, never a 5xx."""
    area = Area("bad ids and paths")
    cases = [
        ("GET", "/api/searches/nope/", (404,), "not_found"),
        ("GET", f"/api/searches/{uuid.uuid4()}/", (404,), "not_found"),
        ("GET", f"/api/searches/{secrets.token_urlsafe(32)}/", (410,), None),  # anonymous-shaped, unknown: expired or lost
        ("GET", "/api/searches/" + "a" * 3000 + "/", (404,), None),
        ("GET", f"/api/searches/{uuid.uuid4()}/?version=abc", (400,), "invalid"),
        ("GET", f"/api/searches/{uuid.uuid4()}/?version=-5", (400,), "invalid"),
        ("DELETE", f"/api/searches/{uuid.uuid4()}/", (405,), None),
        ("GET", "/api/documents/not-a-pmid/", (400, 404), None),
        ("GET", "/api/history/not-a-uuid/", (401, 403), None),
        ("GET", "/api/no-such-endpoint/", (404,), "not_found"),
    ]
    for method, path, statuses, code in cases:
        area.expect_error(client.request(method, path), statuses, f"{method} {path[:60]}", code)
    return area


def csp(client: ProbeClient) -> Area:
    """Item 5: a strict Content-Security-Policy on pages and API answers."""
    area = Area("content security policy (#5)")
    for path in ("/", "/api/docs/", "/api/schema/", "/api/searches/limits/"):
        policy = client.get(path).headers.get("Content-Security-Policy", "")
        script = re.search(r"script-src ([^;]*)", policy)
        area.expect("default-src 'self'" in policy, f"{path}: no default-src 'self' in {policy[:80]!r}")
        area.expect(bool(script) and "unsafe" not in script.group(1), f"{path}: script-src allows unsafe code")
    return area


_ASSET = re.compile(r"""<(?:script|link)\b[^>]*?\b(?:src|href)=["']([^"']+)["']""", re.I)
_INLINE_SCRIPT = re.compile(r"<script\b(?![^>]*\bsrc=)[^>]*>\s*\S", re.I)


def docs_assets(client: ProbeClient) -> Area:
    """Item 5: /api/docs/ loads only same-origin files, each of which answers, and no inline script."""
    area = Area("docs page assets local (#5)")
    page = client.get("/api/docs/")
    if not area.expect(page.status_code == 200, f"/api/docs/ answered {page.status_code}"):
        return area
    area.expect(not _INLINE_SCRIPT.search(page.text), "/api/docs/ has an inline script")
    assets = _ASSET.findall(page.text)
    area.expect(len(assets) >= 3, f"only {len(assets)} assets found on /api/docs/")
    for ref in assets:
        parts = urlsplit(ref)
        if not area.expect(not parts.netloc and not ref.startswith("//"), f"asset from another origin: {ref}"):
            continue
        path = ref if ref.startswith("/") else "/api/docs/" + ref
        area.expect(client.get(path).status_code == 200, f"asset {ref} did not load")
    return area


def history_paging(client: ProbeClient) -> Area:
    """Item 8: /api/history/ returns a page {count, next, previous, results} that pages; then the account goes."""
    area = Area("history paging (#8)")
    client.csrf()
    username, password = f"probe-{secrets.token_hex(6)}", secrets.token_urlsafe(18)
    signup = client.post("/api/accounts/signup/", json={"username": username, "password": password})
    if not area.expect(signup.status_code == 201, f"signup answered {signup.status_code} {signup.text[:120]}"):
        return area
    client.csrf()
    try:
        for question in OFF_TOPIC_QUESTIONS:  # the scope guard ends these right after understand: cheap
            made = client.post("/api/searches/", json={"question": question})
            area.expect(made.status_code == 202, f"search as the probe user answered {made.status_code}")
        first = client.get("/api/history/", params={"limit": 2})
        body = first.json() if first.status_code == 200 else {}
        if area.expect(set(body) >= {"count", "next", "previous", "results"}, f"history is not a page: {str(body)[:120]}"):
            area.expect(body["count"] == 3 and len(body["results"]) == 2, f"page 1: count {body['count']}, {len(body['results'])} results")
            area.expect(body["previous"] is None and bool(body["next"]), "page 1 has no next link")
            if body["next"]:
                nxt = urlsplit(body["next"])
                second = client.get(nxt.path + (f"?{nxt.query}" if nxt.query else "")).json()
                area.expect(len(second.get("results", [])) == 1 and bool(second.get("previous")), "page 2 is wrong")
    finally:
        gone = client.request("DELETE", "/api/accounts/me/", json={"password": password})
        area.expect(gone.status_code == 200 and gone.json().get("searches") == 3, f"account delete: {gone.status_code} {gone.text[:100]}")
    return area


def follow_to_done(client: ProbeClient, search_id: str, *, limit_seconds: float, pause: float = 1.0) -> tuple[dict, list[int]]:
    """Follow one search the way the front end does (long-poll with ?version=, pause after an unchanged
    answer); returns the last document and every status seen."""
    statuses: list[int] = []
    document: dict = {}
    deadline = time.monotonic() + limit_seconds
    while time.monotonic() < deadline:
        params = {"version": document["version"]} if document.get("version") is not None else None
        response = client.get(f"/api/searches/{search_id}/", params=params)
        statuses.append(response.status_code)
        if response.status_code != 200:
            time.sleep(float(response.headers.get("Retry-After") or pause))
            continue
        before, document = document, response.json()
        if document["status"] in FINAL:
            break
        if before.get("version") == document.get("version"):
            time.sleep(pause)  # the server could not wait: the front end's fallback
    return document, statuses


def progress(client: ProbeClient, *, limit_seconds: float = 120.0) -> tuple[Area, str | None]:
    """Item 6: an anonymous search followed by long-polling: versions advance, no 429, no 5xx."""
    area = Area("progress by long-polling (#6)")
    client.csrf()
    made = client.post("/api/searches/", json={"question": IN_SCOPE_QUESTION, "anonymous": True})
    if not area.expect(made.status_code == 202, f"anonymous search answered {made.status_code}"):
        return area, None
    search_id = made.json()["id"]
    first = client.get(f"/api/searches/{search_id}/").json()
    area.expect(isinstance(first.get("version"), int), "the document has no integer version")
    document, statuses = follow_to_done(client, search_id, limit_seconds=limit_seconds)
    area.expect(429 not in statuses, f"429 while following its own search ({statuses.count(429)} times)")
    area.expect(not [s for s in statuses if s >= 500], f"5xx while following: {statuses}")
    if document.get("status") == "queued":  # no worker serves this server's queue: a deployment matter
        area.notes.append(f"no worker took the search within {limit_seconds:.0f} s: followed the protocol, not to done")
    else:
        area.expect(document.get("status") == "done", f"not done after {limit_seconds:.0f} s: {document.get('status')}")
    area.notes.append(f"{len(statuses)} requests to follow it")
    return area, search_id


def anonymous_logs(client: ProbeClient, search_id: str | None, *, log_file: Path | None, max_reads: int) -> Area:
    """Items 2 and 6: 404, 405, 410 and 429 on an anonymous result; its id in no line of the server's log.

    Run last: reaching the 429 uses up this address's read budget for a minute.
    """
    from search.store import ANONYMOUS_KEY_PREFIX, redis_client, search_ref

    area = Area("anonymous result: 404/405/410/429, log (#2)")
    if search_id is None:
        client.csrf()
        made = client.post("/api/searches/", json={"question": IN_SCOPE_QUESTION, "anonymous": True})
        if not area.expect(made.status_code == 202, f"anonymous search answered {made.status_code}"):
            return area
        search_id = made.json()["id"]
    url = f"/api/searches/{search_id}/"
    area.expect_error(client.get(url + "no-such-part/"), (404,), "404 under the result's URL")
    area.expect_error(client.request("DELETE", url), (405,), "405 on the result")
    expired = redis_client().delete(ANONYMOUS_KEY_PREFIX + search_ref(search_id))
    if expired:
        area.expect_error(client.get(url), (410,), "410 once expired", "expired")
    else:
        area.notes.append("could not expire it here (the server uses another Redis): 410 not tried")
    for _ in range(max_reads):
        response = client.get(url)
        if response.status_code == 429:
            area.expect_error(response, (429,), "429 on the result", "throttled")
            area.expect(bool(response.headers.get("Retry-After")), "429 without Retry-After")
            break
    else:
        area.expect(False, f"no 429 after {max_reads} reads of an expired result")
    if log_file is None:
        area.notes.append("no --log given: the server log was not searched")
    else:
        text = log_file.read_text(encoding="utf-8", errors="replace") if log_file.exists() else ""
        area.expect(bool(text), f"the server log {log_file} is empty or missing")
        area.expect(search_id not in text, f"the anonymous id is in {log_file}")
        area.expect(search_id[:16] not in text, f"a prefix of the anonymous id is in {log_file}")
    return area
