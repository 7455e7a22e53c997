"""URL map: the API under /api/, the admin, and the built front end for every other path."""
from django.conf import settings
from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView

from accounts.api import urls as account_routes
from medseba.api.errors import api_404
from medseba.docs_views import ApiDocsView

urlpatterns = [
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # Swagger UI from the drf-spectacular-sidecar package: no CDN, no inline code (medseba/docs_views.py).
    # (Redoc is not offered: its page loads web fonts from a CDN and needs inline styles.)
    path("api/docs/", ApiDocsView.as_view(url_name="schema"), name="api-docs"),
    path("api/searches/", include("search.api.urls")),
    path("api/documents/", include("documents.api.urls")),
    path("api/accounts/", include(account_routes.accounts_urls)),
    path("api/history/", include(account_routes.history_urls)),
    path("api/folders/", include(account_routes.folder_urls)),
    path("api/notes/", include(account_routes.note_urls)),
    # Any other /api/ path: the JSON 404 in every mode (DEBUG would otherwise answer Django's HTML 404 page).
    re_path(r"^api/", api_404, name="api-not-found"),
]

# The admin only where enabled (MEDSEBA_ADMIN: on in development, off in production unless set).
if settings.MEDSEBA_ADMIN:
    urlpatterns.insert(0, path("admin/", admin.site.urls))

# JSON errors under /api/, Django's pages elsewhere.
handler400 = "medseba.api.errors.api_400"
handler404 = "medseba.api.errors.api_404"
handler500 = "medseba.api.errors.api_500"

# The single-page app for every other path; keep this LAST so it never shadows a route above.
from medseba.frontend_view import SPA_PATH_PATTERN, favicon, spa_index  # noqa: E402

urlpatterns.append(path("favicon.ico", favicon, name="favicon"))
urlpatterns.append(re_path(SPA_PATH_PATTERN, spa_index, name="frontend"))

