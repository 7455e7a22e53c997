"""/favicon.ico answers the app's icon (not the HTML app shell every other path gets)."""
from __future__ import annotations

import pytest
from django.test import Client

SVG = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32"/></svg>'


def test_favicon_is_the_built_svg(settings, tmp_path):
    (tmp_path / "favicon.svg").write_bytes(SVG)
    settings.FRONTEND_DIST = tmp_path
    response = Client().get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    assert b"".join(response.streaming_content) == SVG


@pytest.mark.django_db
def test_without_a_build_it_is_a_404_not_the_shell(settings, tmp_path):
    settings.FRONTEND_DIST = tmp_path
    assert Client().get("/favicon.ico").status_code == 404
