from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView
from rest_framework.authtoken.views import obtain_auth_token

from tournaments.api import DocsView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", DocsView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/token/", obtain_auth_token, name="api-token"),
    path("api/", include("tournaments.urls_api")),
    path("", include("scoring.urls")),
    path("", include("tournaments.urls_documents")),
    path("", include("tournaments.urls")),
]
