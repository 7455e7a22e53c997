"""GET /api/searches/limits/ hands the front end the very limits the API enforces (one source: search/validation.py)."""
from __future__ import annotations

import datetime

import pytest
from rest_framework.test import APIClient

from search.validation import MAX_QUESTION_CHARS, MIN_YEAR

pytestmark = pytest.mark.django_db


@pytest.fixture
def client():
    return APIClient()


def test_limits_are_the_validation_limits(client):
    response = client.get("/api/searches/limits/")
    assert response.status_code == 200
    assert response.json() == {
        "question_max_chars": MAX_QUESTION_CHARS,
        "min_year": MIN_YEAR,
        "max_year": datetime.date.today().year + 1,
    }


def test_a_question_one_character_over_the_published_limit_is_refused(client, no_dispatch):
    limit = client.get("/api/searches/limits/").json()["question_max_chars"]
    response = client.post("/api/searches/", {"question": "x" * (limit + 1)}, format="json")
    assert response.status_code == 400
    assert f"the limit is {limit}" in response.json()["error"]["fields"]["question"][0]
    assert no_dispatch == []


def test_years_outside_the_published_range_are_refused_in_plain_words(client, no_dispatch):
    limits = client.get("/api/searches/limits/").json()
    body = {"question": "aspirin", "filters": {"to_year": limits["max_year"] + 1}}
    response = client.post("/api/searches/", body, format="json")
    assert response.json()["error"]["fields"]["to_year"] == [f"The end year must be {limits['max_year']} or earlier."]


def test_limits_are_in_the_openapi_schema(client):
    schema = client.get("/api/schema/?format=json").json()
    assert "get" in schema["paths"]["/api/searches/limits/"]
