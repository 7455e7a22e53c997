"""The accounts endpoints are in the OpenAPI schema with examples; staff manage folders and notes in the admin."""
from __future__ import annotations

import pytest
import yaml
from django.contrib.auth import get_user_model
from django.test import Client

from accounts.models import Folder, Note

pytestmark = pytest.mark.django_db

PATHS = {
    "/api/accounts/csrf/": {"get"}, "/api/accounts/signup/": {"post"}, "/api/accounts/login/": {"post"},
    "/api/accounts/logout/": {"post"}, "/api/accounts/me/": {"get", "delete"}, "/api/accounts/password/": {"post"},
    "/api/accounts/topics/": {"get"}, "/api/history/": {"get", "delete"},
    "/api/history/{search_id}/": {"get", "patch", "delete"}, "/api/folders/": {"get", "post"},
    "/api/folders/{folder_id}/": {"get", "patch", "delete"}, "/api/notes/": {"get", "post"},
    "/api/notes/{note_id}/": {"get", "patch", "delete"},
}


def test_every_accounts_endpoint_is_documented_with_error_shapes():
    response = Client().get("/api/schema/")
    assert response.status_code == 200
    schema = yaml.safe_load(response.content)
    for path, methods in PATHS.items():
        assert path in schema["paths"], path
        assert methods <= set(schema["paths"][path]), path
    patch = schema["paths"]["/api/history/{search_id}/"]["patch"]
    assert "examples" in patch["requestBody"]["content"]["application/json"]
    assert {"200", "400", "401", "404"} <= set(patch["responses"])
    assert "examples" in patch["responses"]["400"]["content"]["application/json"]
    assert "sessionCookie" in schema["components"]["securitySchemes"]


def test_staff_see_folders_and_notes_in_the_admin(make_user):
    owner = make_user("alice")
    Folder.objects.create(owner=owner, name="Migraine")
    Note.objects.create(owner=owner, pmid="10526582", text="note")
    staff = get_user_model().objects.create_superuser("admin", "admin@example.org", "x-admin-pass-1")
    client = Client()
    client.force_login(staff)
    for url in ("/admin/accounts/folder/", "/admin/accounts/note/", "/admin/accounts/searchplacement/"):
        assert client.get(url).status_code == 200, url
    assert b"Migraine" in client.get("/admin/accounts/folder/").content
