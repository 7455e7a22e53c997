"""Sign-up, log in/out, me, CSRF, the login throttle, password change."""
from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from .conftest import PASSWORD, error

pytestmark = pytest.mark.django_db


def test_signup_creates_the_account_and_signs_in():
    client = APIClient()
    response = client.post("/api/accounts/signup/", {"username": "carol", "password": "amber-kestrel-19",
                                                     "email": "Carol@Example.ORG"}, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["username"] == "carol" and body["authenticated"] is True and body["email"] == "Carol@example.org"
    assert "password" not in body
    me = client.get("/api/accounts/me/").json()
    assert me["id"] == body["id"] and me["username"] == "carol"
    assert get_user_model().objects.get(username="carol").check_password("amber-kestrel-19")


@pytest.mark.parametrize(
    "username, password, field, words",
    [
        ("dave", "short1", "password", "too short"),
        ("dave", "password123", "password", "too common"),
        ("dave", "83749201638", "password", "entirely numeric"),
        ("davidsonville", "davidsonville1", "password", "too similar"),
        ("dave smith", PASSWORD, "username", "Enter a valid username"),
        ("   ", PASSWORD, "username", "empty"),
    ],
)
def test_signup_rejects_weak_passwords_and_bad_usernames(username, password, field, words):
    err = error(APIClient().post("/api/accounts/signup/", {"username": username, "password": password}, format="json"), 400)
    assert err["code"] == "invalid" and field in err["fields"] and words in " ".join(err["fields"][field])
    assert not get_user_model().objects.exists()


def test_signup_with_a_taken_username_any_case_is_400(make_user):
    make_user("alice")
    err = error(APIClient().post("/api/accounts/signup/", {"username": "ALICE", "password": PASSWORD}, format="json"), 400)
    assert err["fields"] == {"username": ["This username is taken; please choose another."]}
    assert get_user_model().objects.count() == 1


def test_login_logout_and_me(alice):
    client = APIClient()
    err = error(client.get("/api/accounts/me/"), 401)
    assert err["code"] == "not_authenticated"
    bad = error(client.post("/api/accounts/login/", {"username": "alice", "password": "nope"}, format="json"), 400)
    assert bad["code"] == "invalid_credentials"
    ok = client.post("/api/accounts/login/", {"username": "alice", "password": PASSWORD}, format="json")
    assert ok.status_code == 200 and ok.json()["username"] == "alice"
    assert client.get("/api/accounts/me/").json()["id"] == alice.id
    assert client.get("/api/history/").status_code == 200
    assert client.post("/api/accounts/logout/").status_code == 204
    error(client.get("/api/accounts/me/"), 401)
    error(client.get("/api/history/"), 401)


def test_csrf_is_required_for_writes_also_before_signing_in(alice):
    client = APIClient(enforce_csrf_checks=True)
    creds = {"username": "alice", "password": PASSWORD}
    err = error(client.post("/api/accounts/login/", creds, format="json"), 403)
    assert "CSRF" in err["message"]
    token = client.get("/api/accounts/csrf/").json()["csrf_token"]
    assert client.cookies["csrftoken"].value
    response = client.post("/api/accounts/login/", creds, format="json", HTTP_X_CSRFTOKEN=token)
    assert response.status_code == 200, response.content
    # Signed in: a write without the token is refused, with it (login rotated it) accepted.
    error(client.post("/api/folders/", {"name": "Migraine"}, format="json"), 403)
    token = client.cookies["csrftoken"].value
    assert client.post("/api/folders/", {"name": "Migraine"}, format="json", HTTP_X_CSRFTOKEN=token).status_code == 201


def test_login_is_throttled_per_client_even_with_the_right_password(alice, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                               "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "login": "3/min"}}
    client = APIClient()
    for _ in range(3):
        error(client.post("/api/accounts/login/", {"username": "alice", "password": "guess"}, format="json"), 400)
    response = client.post("/api/accounts/login/", {"username": "alice", "password": PASSWORD}, format="json")
    err = error(response, 429)
    assert err["code"] == "throttled" and int(response["Retry-After"]) > 0
    error(client.get("/api/accounts/me/"), 401)  # the throttled attempt did not sign in


def test_change_password(alice, as_alice):
    url = "/api/accounts/password/"
    err = error(as_alice.post(url, {"current_password": "wrong", "new_password": "amber-kestrel-19"}, format="json"), 400)
    assert err["fields"] == {"current_password": ["The password is not correct."]}
    err = error(as_alice.post(url, {"current_password": PASSWORD, "new_password": "123"}, format="json"), 400)
    assert "new_password" in err["fields"]
    assert as_alice.post(url, {"current_password": PASSWORD, "new_password": "amber-kestrel-19"}, format="json").status_code == 204
    assert as_alice.get("/api/accounts/me/").status_code == 200  # this session stays signed in
    fresh = APIClient()
    error(fresh.post("/api/accounts/login/", {"username": "alice", "password": PASSWORD}, format="json"), 400)
    assert fresh.post("/api/accounts/login/", {"username": "alice", "password": "amber-kestrel-19"}, format="json").status_code == 200


def test_password_and_account_endpoints_need_a_session():
    client = APIClient()
    error(client.post("/api/accounts/password/", {"current_password": "a", "new_password": "b"}, format="json"), 401)
    error(client.delete("/api/accounts/me/", {"password": "a"}, format="json"), 401)
