from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView

from config.health import health
from tournaments.api import DocsView
from tournaments.api_hardening import TokenView

urlpatterns = [
    path("health/", health, name="health"),
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", DocsView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/token/", TokenView.as_view(), name="api-token"),
    path("api/", include("tournaments.urls_api")),
    path("", include("tournaments.urls_table")),
    path("", include("tournaments.urls_documents")),
    path("", include("tournaments.urls_incidents")),
    path("", include("tournaments.urls")),
]
