"""The searches API: validation and the one error shape, ids and URLs, visibility, 410, throttling, schema."""
from __future__ import annotations

import datetime as dt
import uuid

import pytest
from django.contrib.auth import get_user_model
from django.test import RequestFactory
from rest_framework.test import APIClient

from medseba.api.errors import api_500
from search.models import Search
from search.store import redis_client, search_ref

URL = "/api/searches/"
NEXT_YEAR = dt.date.today().year + 1


@pytest.fixture
def client():
    return APIClient()


def _error(response, status: int) -> dict:
    assert response.status_code == status, response.content
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message", "fields"}
    return body["error"]


@pytest.mark.parametrize(
    "payload, field, words",
    [
        ({"question": "   "}, "question", "empty"),
        ({"question": "x" * 501}, "question", "limit is 500"),
        ({"question": "aspirin\x07 and stroke"}, "question", "control characters"),
        ({"question": "aspirin", "filters": {"publication_types": ["Horoscope"]}}, "publication_types", "Unknown publication type"),
        ({"question": "aspirin", "filters": {"from_year": 2010, "to_year": 2000}}, "from_year",
         "The start year (2010) is after the end year (2000)."),
        ({"question": "aspirin", "filters": {"from_year": 1799}}, "from_year", "The start year must be 1800 or later."),
        ({"question": "aspirin", "filters": {"to_year": NEXT_YEAR + 1}}, "to_year", f"The end year must be {NEXT_YEAR} or earlier."),
        ({"question": "aspirin", "filters": {"from_year": "soon"}}, "from_year", "valid integer"),
        ({}, "question", "required"),
    ],
)
@pytest.mark.django_db
def test_invalid_input_is_400_with_field_messages(client, no_dispatch, payload, field, words):
    err = _error(client.post(URL, payload, format="json"), 400)
    assert err["code"] == "invalid"
    assert field in err["fields"] and words in " ".join(err["fields"][field])
    assert words in err["message"]
    assert no_dispatch == [] and Search.objects.count() == 0


@pytest.mark.django_db
def test_submit_is_202_with_id_and_url_and_schedules_the_first_stage(client, no_dispatch, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            URL,
            {"question": " Do PPIs heal  erosive oesophagitis? ",
             "filters": {"from_year": 1995, "publication_types": ["randomized controlled trial"]}},
            format="json",
        )
    assert response.status_code == 202, response.content
    body = response.json()
    assert body["status"] == "queued" and body["anonymous"] is False and body["cached"] is False
    assert body["url"].endswith(f"/api/searches/{body['id']}/") and response["Location"] == body["url"]
    search = Search.objects.get(pk=body["id"])
    assert search.question == "Do PPIs heal erosive oesophagitis?"
    assert search.filters == {"from_year": 1995, "to_year": None, "publication_types": ["Randomized Controlled Trial"]}
    assert no_dispatch == [(body["id"], "understand")]
    doc = client.get(body["url"]).json()
    assert doc["status"] == "queued" and doc["progress"] == 0 and doc["papers"] == []


@pytest.mark.django_db
def test_anonymous_submit_writes_nothing_to_postgres(client, no_dispatch):
    response = client.post(URL, {"question": "Is melatonin safe for children?", "anonymous": True}, format="json")
    assert response.status_code == 202
    body = response.json()
    assert body["anonymous"] is True and len(body["id"]) == 43
    assert Search.objects.count() == 0
    ref, stage = no_dispatch[0]
    assert stage == "understand" and body["id"] not in ref  # the task gets the hash, never the public id
    doc = client.get(body["url"]).json()
    assert doc["anonymous"] is True and doc["status"] == "queued" and doc["expires_at"]
    assert doc["question"] == "Is melatonin safe for children?"


@pytest.mark.django_db
def test_unknown_and_malformed_ids_are_404(client):
    assert _error(client.get(f"{URL}{uuid.uuid4()}/"), 404)["code"] == "not_found"
    assert _error(client.get(f"{URL}not-an-id/"), 404)["code"] == "not_found"


@pytest.mark.django_db
def test_expired_anonymous_result_is_410(client, no_dispatch):
    public_id = client.post(URL, {"question": "Do triptans relieve migraine?", "anonymous": True}, format="json").json()["id"]
    redis_client().delete("medseba:anon:" + search_ref(public_id))  # its TTL ran out (a restart: test_anonymous_loss)
    err = _error(client.get(f"{URL}{public_id}/"), 410)
    assert err == {"code": "expired", "message": "this anonymous result has expired", "fields": {}}


@pytest.mark.django_db
def test_a_signed_in_users_search_is_visible_only_to_them(client, no_dispatch):
    users = get_user_model()
    alice = users.objects.create_user("alice", password="pw-alice-123")
    bob = users.objects.create_user("bob", password="pw-bob-123")
    client.force_authenticate(alice)
    body = client.post(URL, {"question": "Do statins prevent dementia?"}, format="json").json()
    assert Search.objects.get(pk=body["id"]).owner == alice
    assert client.get(body["url"]).status_code == 200
    client.force_authenticate(bob)
    _error(client.get(body["url"]), 404)
    client.force_authenticate(None)
    _error(client.get(body["url"]), 404)


@pytest.mark.django_db
def test_stuck_search_is_failed_on_read(client, no_dispatch, settings):
    body = client.post(URL, {"question": "Does zinc shorten colds?"}, format="json").json()
    Search.objects.filter(pk=body["id"]).update(
        status="running", updated_at=dt.datetime.now(dt.timezone.utc) - dt.timedelta(seconds=settings.MEDSEBA_STUCK_AFTER + 1)
    )
    doc = client.get(body["url"]).json()
    assert doc["status"] == "failed" and "made no progress" in doc["error"]


@pytest.mark.django_db
def test_search_creation_is_throttled_per_ip_with_retry_after(client, no_dispatch, settings):
    rates = dict(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], search_anon="2/min")
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    for _ in range(2):
        assert client.post(URL, {"question": "Does coffee raise blood pressure?"}, format="json").status_code == 202
    response = client.post(URL, {"question": "Does coffee raise blood pressure?"}, format="json")
    err = _error(response, 429)
    assert err["code"] == "throttled" and "wait" in err["message"]
    assert 0 < int(response["Retry-After"]) <= 60
    # Another IP is not affected.
    other = APIClient(REMOTE_ADDR="10.1.2.3")
    assert other.post(URL, {"question": "Does coffee raise blood pressure?"}, format="json").status_code == 202


@pytest.mark.django_db
def test_other_errors_share_the_shape(client):
    assert _error(client.get("/api/no-such-endpoint/"), 404)["code"] == "not_found"
    assert _error(client.delete(URL), 405)["code"] == "method_not_allowed"
    assert _error(client.post(URL, "{not json", content_type="application/json"), 400)["code"] == "parse_error"
    response = api_500(RequestFactory().get("/api/searches/"))
    assert response.status_code == 500 and b"Traceback" not in response.content
    assert b'"server_error"' in response.content


@pytest.mark.django_db
def test_openapi_schema_documents_the_endpoints(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    schema = response.json()
    paths = schema["paths"]
    assert {"/api/searches/", "/api/searches/{search_id}/", "/api/documents/{pmid}/", "/api/documents/{pmid}/pdf"} <= set(paths)
    create = paths["/api/searches/"]["post"]
    assert {"202", "400", "429"} <= set(create["responses"])
    assert create["requestBody"]["content"]["application/json"]["examples"]
    assert "410" in paths["/api/searches/{search_id}/"]["get"]["responses"]
    assert client.get("/api/docs/").status_code == 200
