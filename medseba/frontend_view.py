"""The single-page app: every path that is not the API, the admin or a static file gets the built index.html.

The built JS/CSS live in frontend/dist/assets and are served at STATIC_URL by WhiteNoise (or the static files
app in development); Vite writes those URLs into index.html, so this view only hands out the page itself.
"""
from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_safe

# Every path except the API, the admin and static files (their own 404s stay JSON / admin pages).
SPA_PATH_PATTERN = r"^(?!(?:api|admin|static)(?:/|$)).*$"

NOT_BUILT = (
    "The MedSEBA web front end has not been built. "
    "Run `npm ci && npm run build` in frontend/ (it writes frontend/dist/index.html)."
)


def _index_path() -> Path:
    return Path(settings.FRONTEND_DIST) / "index.html"


@require_safe
@ensure_csrf_cookie  # the app reads the csrftoken cookie and sends it as X-CSRFToken on writes
def spa_index(request: HttpRequest) -> HttpResponse:
    """Return the app shell; React Router renders the page for the path on the client."""
    try:
        html = _index_path().read_text(encoding="utf-8")
    except FileNotFoundError:
        return HttpResponse(NOT_BUILT, status=503, content_type="text/plain; charset=utf-8")
    response = HttpResponse(html, content_type="text/html; charset=utf-8")
    # The shell names hashed asset files: it must be revalidated so a new build is picked up at once.
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    """/favicon.ico: the app's icon (frontend/public/favicon.svg, copied into dist by the build), not the app shell."""
    path = Path(settings.FRONTEND_DIST) / "favicon.svg"
    if not path.is_file():
        raise Http404("The front end has not been built.")
    response = FileResponse(path.open("rb"), content_type="image/svg+xml")
    response["Cache-Control"] = "public, max-age=86400"
    return response
