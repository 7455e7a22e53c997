"""Issue 13, item 5: a strict Content-Security-Policy on every page, API docs without a CDN, production settings.

The browser side (the built app and /api/docs/ render under the policy with no violation) is
checked by frontend/e2e/csp.spec.ts; here: the header, what the pages reference, and
``check --deploy`` / admin / browsable API in a real production-mode process.
"""
from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.contrib.staticfiles import finders
from django.test import Client

ROOT = Path(django_settings.BASE_DIR)
EXTERNAL = re.compile(r"""(?:src|href)\s*=\s*["'](?:https?:)?//""", re.I)


def policy(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    return {d.split()[0]: d.split()[1:] for d in (part.strip() for part in header.split(";")) if d}


def assert_strict(directives: dict[str, list[str]]) -> None:
    assert directives["default-src"] == ["'self'"]
    assert directives["script-src"] == ["'self'"] and directives["style-src"] == ["'self'"]
    assert directives["object-src"] == ["'none'"] and directives["frame-ancestors"] == ["'none'"]
    for sources in directives.values():
        assert not {"'unsafe-inline'", "'unsafe-eval'", "*", "https:", "http:"} & set(sources)


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/searches/some-result", "/api/docs/", "/api/schema/", "/api/accounts/me/"])
def test_every_page_and_api_answer_carries_the_strict_policy(path):
    response = Client().get(path)
    assert response.status_code in (200, 401, 503), response.status_code  # 503: front end not built here
    assert_strict(policy(response))


@pytest.mark.django_db
def test_api_docs_load_only_bundled_same_origin_files_and_no_inline_code():
    client = Client()
    page = client.get("/api/docs/")
    assert page.status_code == 200
    html = page.content.decode()
    assert not EXTERNAL.search(html), "the docs page references another origin"
    assert "<style" not in html
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", html, re.S)
    assert scripts and all('src="' in attrs and not body.strip() for attrs, body in scripts)
    sources = re.findall(r'(?:src|href)="([^"]+)"', html)
    static = [s for s in sources if s.startswith(django_settings.STATIC_URL if django_settings.STATIC_URL.startswith("/")
                                                  else "/" + django_settings.STATIC_URL)]
    assert len(static) >= 4  # css, bundle, standalone preset, favicon
    for url in static:  # each is a file of the drf-spectacular-sidecar package, collected with the static files
        relative = url.split("/static/", 1)[1]
        assert finders.find(relative), url
        assert "drf_spectacular_sidecar" in relative
    init = next(s for s in sources if "script" in s and not s.startswith("/static/"))
    script = client.get(init.replace("&amp;", "&"))
    assert script.status_code == 200 and script["Content-Type"].startswith("application/javascript")
    assert "SwaggerUIBundle" in script.content.decode()


def production_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEDSEBA_")}
    env.update(
        MEDSEBA_ENV="production",
        MEDSEBA_SECRET_KEY=secrets.token_urlsafe(50),
        MEDSEBA_ALLOWED_HOSTS="medseba.example.org,testserver",
        HF_HUB_OFFLINE="1",
    )
    return env


PRODUCTION_PROBE = r"""
import django, json, os
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "medseba.settings")
django.setup()
from django.test import Client
from django.test.utils import setup_test_environment
setup_test_environment()
c = Client()
out = {}
plain = c.get("/api/schema/")
out["http_redirect"] = [plain.status_code, plain.get("Location", "")]
docs = c.get("/api/docs/", secure=True)
out["hsts"] = docs.get("Strict-Transport-Security", "")
out["admin"] = c.get("/admin/", secure=True).status_code
html = c.get("/api/accounts/me/", secure=True, HTTP_ACCEPT="text/html,application/xhtml+xml,*/*;q=0.8")  # a browser; no database needed
out["browsable"] = [html.status_code, html["Content-Type"]]
print("PROBE" + json.dumps(out))
"""


def test_production_mode_passes_check_deploy_and_closes_admin_and_browsable_api():
    env = production_env()
    check = subprocess.run([sys.executable, "manage.py", "check", "--deploy"], cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=300)
    assert check.returncode == 0, check.stderr
    assert "System check identified no issues (0 silenced)." in check.stdout + check.stderr
    probe = subprocess.run([sys.executable, "-c", PRODUCTION_PROBE], cwd=ROOT, env=env, capture_output=True, text=True,
                           timeout=300)
    assert probe.returncode == 0, probe.stderr
    import json

    out = json.loads(probe.stdout.split("PROBE", 1)[1])
    assert out["http_redirect"] == [301, "https://testserver/api/schema/"]
    assert out["hsts"] == "max-age=31536000; includeSubDomains; preload"
    assert out["admin"] == 404
    assert out["browsable"] == [401, "application/json"]  # never the HTML browsable API


def test_development_keeps_the_admin_and_the_browsable_api():
    assert django_settings.MEDSEBA_ADMIN and django_settings.MEDSEBA_BROWSABLE_API
    assert not django_settings.SECURE_SSL_REDIRECT and django_settings.SECURE_HSTS_SECONDS == 0
