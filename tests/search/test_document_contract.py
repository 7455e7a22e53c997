"""A finished search's result document, made by a real worker running the real pipeline, is exactly what
``SearchDocumentSerializer`` documents in the OpenAPI schema (no undocumented key, no documented key missing,
every type as declared), for a named and for an anonymous search."""
from __future__ import annotations

import pytest

from tests.contract import assert_conforms, contract_errors

from .conftest import wait_for
from .test_worker_integration import client  # noqa: F401 - the fixture: an API client that polls unthrottled

pytestmark = [pytest.mark.worker, pytest.mark.slow]

PATH = "/api/searches/{search_id}/"


@pytest.mark.parametrize("anonymous", [False, True], ids=["named", "anonymous"])
def test_a_finished_document_matches_its_schema(client, corpus_slice, worker, send_to, anonymous):  # noqa: F811
    send_to(worker.queue)
    created = client.post("/api/searches/", {"question": "Are triptans effective for the acute treatment of migraine?",
                                            "anonymous": anonymous}, format="json")
    url = assert_conforms(created, path="/api/searches/", method="post")["url"]
    seen: list[dict] = []

    def finished(doc: dict) -> bool:
        seen.append(doc)
        return doc["status"] in ("done", "failed")

    doc = wait_for(client, url, until=finished, every=0.1)
    assert doc["status"] == "done" and doc["papers"] and doc["answer"] and doc["charts"], doc.get("error")
    assert_conforms(client.get(url), path=PATH)
    for partial in seen[:: max(1, len(seen) // 8)]:  # documents read while the stages were filling them in
        assert contract_errors(partial, path=PATH) == [], (partial["stage"], partial["progress"])
