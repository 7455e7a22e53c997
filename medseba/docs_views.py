"""The interactive API docs, served entirely from this origin under the site's Content-Security-Policy.

drf-spectacular's default Swagger UI page loads ``swagger-ui-dist@latest`` from a public CDN with
no integrity check, on the app's own origin (where it could read a signed-in visitor's CSRF
token), and is blank offline. Here the Swagger UI files come from the drf-spectacular-sidecar
package (settings: ``SWAGGER_UI_DIST = "SIDECAR"``), collected with the other static files, and
the page's init script is a separate same-origin request (drf-spectacular's split view), so the
page needs neither an inline script nor an inline style.
"""
from __future__ import annotations

from drf_spectacular.views import SpectacularSwaggerSplitView


class ApiDocsView(SpectacularSwaggerSplitView):
    """Swagger UI: bundled assets, init script at ``?script``, no inline code."""

    template_name = "medseba/swagger_ui.html"
