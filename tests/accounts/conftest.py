"""Fixtures for accounts tests: users with session clients, searches made through the real API, table scans.

The search service's fixtures (isolated cache prefix, eager Celery, corpus slice, real worker)
are reused from tests/search/conftest.py rather than duplicated.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from rest_framework.test import APIClient

from tests.search.conftest import (  # noqa: F401  (fixtures, registered by import)
    _isolated_cache,
    corpus_slice,
    corpus_slice_file,
    eager_celery,
    send_to,
    worker,
)

PASSWORD = "violet-harbour-42"


@pytest.fixture
def make_user(db) -> Callable[..., Any]:
    def make(username: str, password: str = PASSWORD):
        return get_user_model().objects.create_user(username=username, password=password, email=f"{username}@example.org")

    return make


def client_for(user) -> APIClient:
    """A client signed in through Django's session (the real authentication path, not force_authenticate)."""
    client = APIClient()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def alice(make_user):
    return make_user("alice")


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@pytest.fixture
def as_alice(alice) -> APIClient:
    return client_for(alice)


@pytest.fixture
def as_bob(bob) -> APIClient:
    return client_for(bob)


def submit(client: APIClient, question: str, **extra) -> dict:
    response = client.post("/api/searches/", {"question": question, **extra}, format="json")
    assert response.status_code == 202, response.content
    return response.json()


def finish(search_id: str, concepts: list[dict] | None = None) -> None:
    """Mark a search done with a query, as the pipeline would (for tests that need a finished result)."""
    from django.utils import timezone

    from search.models import Search

    Search.objects.filter(pk=search_id).update(
        status="done", stage="done", progress=100, finished_at=timezone.now(),
        query={"boolean": "x", "concepts": concepts or [], "attempts": []},
    )


def error(response, status: int) -> dict:
    assert response.status_code == status, response.content
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message", "fields"}
    return body["error"]


def tables_containing(needle: str) -> dict[str, int]:
    """Every table in the database whose rows, cast to text, contain ``needle`` (case-insensitive): {table: rows}."""
    found: dict[str, int] = {}
    with connection.cursor() as cursor:
        for table in connection.introspection.table_names(cursor, include_views=False):
            quoted = connection.ops.quote_name(table)
            cursor.execute(f"SELECT count(*) FROM {quoted} AS r WHERE strpos(lower(r::text), lower(%s)) > 0", [needle])
            count = cursor.fetchone()[0]
            if count:
                found[table] = count
    return found
