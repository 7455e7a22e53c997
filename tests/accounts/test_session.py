"""GET /api/accounts/session/ answers 200 whether or not someone is signed in (the app's session check must not
put a 401 in every signed-out visitor's console); /me/ keeps its 401."""
from __future__ import annotations

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def test_signed_out_is_a_200_with_no_user():
    client = APIClient()
    response = client.get("/api/accounts/session/")
    assert response.status_code == 200
    assert response.json() == {"authenticated": False, "user": None}
    assert client.get("/api/accounts/me/").status_code == 401


def test_signed_in_names_the_user(alice, as_alice):
    body = as_alice.get("/api/accounts/session/").json()
    assert body["authenticated"] is True
    assert body["user"]["id"] == alice.id and body["user"]["username"] == alice.username


def test_after_logout_it_is_signed_out_again(as_alice):
    assert as_alice.post("/api/accounts/logout/").status_code == 204
    assert as_alice.get("/api/accounts/session/").json() == {"authenticated": False, "user": None}


def test_it_is_documented():
    schema = APIClient().get("/api/schema/?format=json").json()
    assert "get" in schema["paths"]["/api/accounts/session/"]
