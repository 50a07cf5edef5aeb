"""The person's pages (site-level, not under an event) and their API twins (in ``tournaments.api.urls``)."""

from __future__ import annotations

from django.urls import path

from tournaments.people import api, views

urlpatterns = [
    path("players/<int:pk>/", views.person, name="person"),
    path("players/<int:pk>/merge/", views.person_merge, name="person-merge"),
]

# Under /api/ (namespace "api").
api_urlpatterns = [
    path("players/<int:pk>/", api.Person.as_view(), name="person"),
    path("players/<int:pk>/merge/", api.PersonMerge.as_view(), name="person-merge"),
]
