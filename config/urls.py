from django.contrib import admin
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import set_language

from config.health import health
from tournaments.api.core import DocsView, SchemaView
from tournaments.api.tokens import TokenView

urlpatterns = [
    path("health/", health, name="health"),
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    # The language switch on every page carries no CSRF token, so the public pages can be shared
    # whole by every visitor (tournaments/public/cache.py). A forged switch changes only the
    # visitor's display language, and Django's view still refuses a "next" to another site.
    path("i18n/setlang/", csrf_exempt(set_language), name="set_language"),
    path("api/schema/", SchemaView.as_view(), name="api-schema"),
    path("api/docs/", DocsView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/token/", TokenView.as_view(), name="api-token"),
    path("api/", include("tournaments.api.urls")),
    path("", include("tournaments.tables.urls")),
    path("", include("tournaments.documents.urls")),
    path("", include("tournaments.incidents.urls")),
    path("", include("tournaments.people.urls")),
    path("", include("tournaments.seasons.urls")),
    path("", include("tournaments.urls")),
]

# The error pages in the reader's language, with a way back (tournaments/pages/errors.py).
handler400 = "tournaments.pages.errors.bad_request"
handler403 = "tournaments.pages.errors.forbidden"
handler404 = "tournaments.pages.errors.not_found"
handler500 = "tournaments.pages.errors.server_error"
