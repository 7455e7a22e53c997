"""URL map: the API under /api/, the admin, and the built front end for every other path."""
from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from accounts.api import urls as account_routes

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("api/redoc/", SpectacularRedocView.as_view(url_name="schema"), name="api-redoc"),
    path("api/searches/", include("search.api.urls")),
    path("api/documents/", include("documents.api.urls")),
    path("api/accounts/", include(account_routes.accounts_urls)),
    path("api/history/", include(account_routes.history_urls)),
    path("api/folders/", include(account_routes.folder_urls)),
    path("api/notes/", include(account_routes.note_urls)),
]

# JSON errors under /api/, Django's pages elsewhere.
handler404 = "search.exceptions.api_404"
handler500 = "search.exceptions.api_500"

# The single-page app for every other path; keep this LAST so it never shadows a route above.
from medseba.frontend_view import SPA_PATH_PATTERN, spa_index  # noqa: E402

urlpatterns.append(re_path(SPA_PATH_PATTERN, spa_index, name="frontend"))

