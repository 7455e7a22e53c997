"""The HTTP contract is written once, in the serializers: real responses match the published schema exactly
(tests/contract.py closes every object), and the front end's generated types match the schema.

The finished search's document, from a real worker running the real pipeline, is in
tests/search/test_document_contract.py (slow lane).
"""
from __future__ import annotations

import shutil
import subprocess

import pytest
from django.conf import settings

from documents.models import Paper, PaperMetric
from search.models import Search
from tests.accounts.conftest import client_for, submit
from tests.accounts.conftest import (  # noqa: F401 - fixtures, registered by import
    alice,
    as_alice,
    make_user,
)
from tests.contract import assert_conforms, contract_errors

FRONTEND = settings.BASE_DIR / "frontend"


def test_generated_front_end_types_match_the_schema():
    """frontend/src/types/api.gen.ts is what `npm run gen:api` makes of today's schema (else: regenerate it)."""
    node = shutil.which("node")
    assert node, "node is needed to check the generated front-end types (bash medseba/scripts/install test)"
    assert (FRONTEND / "node_modules" / "openapi-typescript").is_dir(), "run `npm ci` in frontend/"
    result = subprocess.run([node, "scripts/gen-api.mjs", "--check"], cwd=FRONTEND, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr + result.stdout


def test_the_checker_rejects_an_undocumented_key_and_a_missing_one():
    """The strict reading is what makes the contract tests able to fail."""
    good = {"question_max_chars": 500, "min_year": 1800, "max_year": 2027}
    assert contract_errors(good, path="/api/searches/limits/") == []
    assert contract_errors({**good, "extra": 1}, path="/api/searches/limits/")
    assert contract_errors({"min_year": 1800, "max_year": 2027}, path="/api/searches/limits/")


@pytest.mark.django_db
def test_account_responses_match_the_schema(as_alice, no_dispatch):  # noqa: F811
    search = submit(as_alice, "Do triptans relieve migraine?", filters={"from_year": 2000})
    folder = as_alice.post("/api/folders/", {"name": "Migraine"}, format="json").json()
    as_alice.patch(f"/api/history/{search['id']}/", {"folder": folder["id"], "title": "Triptans"}, format="json")
    Paper.objects.create(pmid="10526582", title="Sumatriptan nasal spray", abstract="RESULTS: it helped.", year=1999,
                         journal="Cephalalgia")
    as_alice.post("/api/notes/", {"pmid": "10526582", "text": "Check the dose."}, format="json")
    assert_conforms(as_alice.get("/api/accounts/session/"), path="/api/accounts/session/")
    assert_conforms(as_alice.get("/api/accounts/me/"), path="/api/accounts/me/")
    page = assert_conforms(as_alice.get("/api/history/"), path="/api/history/")
    assert page["count"] == 1 and page["results"][0]["folder"] == folder["id"]
    assert_conforms(as_alice.get(f"/api/history/{search['id']}/"), path="/api/history/{search_id}/")
    assert_conforms(as_alice.get("/api/folders/"), path="/api/folders/")
    assert_conforms(as_alice.get(f"/api/folders/{folder['id']}/"), path="/api/folders/{folder_id}/")
    assert_conforms(as_alice.get("/api/notes/"), path="/api/notes/")
    assert_conforms(as_alice.get("/api/accounts/topics/"), path="/api/accounts/topics/")
    assert_conforms(as_alice.get("/api/accounts/session/", HTTP_COOKIE=""), path="/api/accounts/session/")
    assert_conforms(client_for(None).get("/api/accounts/session/"), path="/api/accounts/session/")
    assert_conforms(client_for(None).get("/api/history/"), path="/api/history/")  # 401 in the error shape


@pytest.mark.django_db
def test_document_responses_match_the_schema():
    paper = Paper.objects.create(pmid="10526582", title="Sumatriptan nasal spray", abstract="RESULTS: it helped.",
                                 year=1999, journal="Cephalalgia", pmcid="PMC0000001")
    PaperMetric.objects.create(paper_id=paper.pmid, source="icite", data={"citation_count": 41, "relative_citation_ratio": 1.7})
    client = client_for(None)
    assert_conforms(client.get("/api/documents/10526582/"), path="/api/documents/{pmid}/")
    assert_conforms(client.get("/api/documents/99999999/"), path="/api/documents/{pmid}/")  # 404


@pytest.mark.django_db
def test_search_responses_match_the_schema(as_alice, no_dispatch):  # noqa: F811
    assert_conforms(as_alice.get("/api/searches/limits/"), path="/api/searches/limits/")
    created = as_alice.post("/api/searches/", {"question": "Do triptans relieve migraine?"}, format="json")
    body = assert_conforms(created, path="/api/searches/", method="post")
    assert_conforms(as_alice.get(body["url"]), path="/api/searches/{search_id}/")  # queued: nothing ready yet
    assert_conforms(as_alice.post("/api/searches/", {"question": ""}, format="json"), path="/api/searches/", method="post")
    Search.objects.filter(pk=body["id"]).update(status="failed", error="Retrieval failed: PubMed unreachable.")
    assert_conforms(as_alice.get(body["url"]), path="/api/searches/{search_id}/")
    anonymous = as_alice.post("/api/searches/", {"question": "Is this mole dangerous?", "anonymous": True}, format="json")
    assert_conforms(as_alice.get(anonymous.json()["url"]), path="/api/searches/{search_id}/")
    assert_conforms(as_alice.get("/api/searches/00000000-0000-0000-0000-000000000000/"), path="/api/searches/{search_id}/")
