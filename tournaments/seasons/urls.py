"""A series' pages (``views``) and its API (``api``, under ``/api/``)."""

from django.urls import path

from tournaments.seasons import api, views

urlpatterns = [
    path("s/new/", views.series_create, name="series-create"),
    path("s/<slug:slug>/", views.ladder_page, name="series"),
    path("s/<slug:slug>/ladder.pdf", views.ladder_pdf, name="series-pdf"),
    path("s/<slug:slug>/ladder.xlsx", views.ladder_xlsx, name="series-xlsx"),
    path("s/<slug:slug>/manage/", views.manage, name="series-manage"),
    path("s/<slug:slug>/manage/events/", views.event_add, name="series-event-add"),
    path("s/<slug:slug>/manage/events/<slug:event>/", views.member_action, name="series-event"),
    path("s/<slug:slug>/manage/final/fill/", views.final_fill, name="series-final-fill"),
    path("s/<slug:slug>/manage/final/decline/", views.final_decline, name="series-final-decline"),
    path("s/<slug:slug>/manage/organizers/", views.organizer_add, name="series-organizer-add"),
    path("s/<slug:slug>/manage/audit/", views.audit_log, name="series-audit"),
]

series = "series/<slug:slug>/"
api_urlpatterns = [
    path("series/", api.SeriesList.as_view(), name="series-list"),
    path(series, api.SeriesDetail.as_view(), name="series"),
    path(series + "ladder/", api.SeriesLadder.as_view(), name="series-ladder"),
    path(series + "events/", api.SeriesEvents.as_view(), name="series-events"),
    path(series + "events/<slug:event>/", api.SeriesEventDetail.as_view(), name="series-event"),
    path(series + "organizers/", api.SeriesOrganizers.as_view(), name="series-organizers"),
    path(series + "final/", api.SeriesFinal.as_view(), name="series-final"),
    path(series + "final/fill/", api.SeriesFinalFill.as_view(), name="series-final-fill"),
    path(series + "final/decline/", api.SeriesFinalDecline.as_view(), name="series-final-decline"),
    path(series + "audit/", api.SeriesAudit.as_view(), name="series-audit"),
]
