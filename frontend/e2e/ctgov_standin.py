"""A local stand-in for the ClinicalTrials.gov API v2, serving the recorded bodies in ../shared/fixtures/clinicaltrials.

The e2e run points MEDSEBA_CTGOV_URL here, so trial cards come from real recorded registry bodies without the
network: a search whose intervention is sumatriptan gets the recorded field-restricted search page (the
Keytruda recording: real trials, whatever the question), any other search meets a failing registry (503), so
the page must say "trial registry unavailable".
  python ctgov_standin.py PORT FIXTURES_DIR
"""
from __future__ import annotations

import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

SERVED = "studies_search_intr_keytruda_fields_pagesize3.json"
ANSWERED_INTERVENTION = "sumatriptan"


class StandIn(BaseHTTPRequestHandler):
    fixtures: Path

    def do_GET(self) -> None:  # noqa: N802 - the http.server name
        url = urlsplit(self.path)
        intervention = (parse_qs(url.query).get("query.intr") or [""])[0].lower()
        if url.path == "/api/v2/studies" and ANSWERED_INTERVENTION in intervention:
            body = (self.fixtures / SERVED).read_bytes()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        # The registry failing: 503 (retried by the client, then listed as a failure). Not a dropped connection:
        # that would mark the registry down for every search of the next two minutes, whatever the order of specs.
        body = b"upstream connect error or disconnect/reset before headers"
        self.send_response(503)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        sys.stderr.write("ctgov stand-in: " + (args[0] % args[1:] if args else "") + "\n")  # type: ignore[operator]


if __name__ == "__main__":
    StandIn.fixtures = Path(sys.argv[2])
    ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), StandIn).serve_forever()
