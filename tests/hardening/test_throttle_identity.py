"""A client cannot escape a throttle by claiming another address in X-Forwarded-For."""
from __future__ import annotations

import pytest
from rest_framework.test import APIClient


@pytest.mark.django_db
def test_forwarded_for_does_not_give_a_fresh_login_budget(settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                               "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "login": "2/min"}}
    client = APIClient()
    codes = [
        client.post("/api/accounts/login/", {"username": "nobody", "password": "wrong"}, format="json",
                    HTTP_X_FORWARDED_FOR=f"203.0.113.{i}").status_code
        for i in range(4)
    ]
    assert codes[:2] == [400, 400] and codes[2:] == [429, 429], codes


def test_the_proxy_count_defaults_to_none_in_front(settings):
    assert settings.REST_FRAMEWORK["NUM_PROXIES"] == 0
