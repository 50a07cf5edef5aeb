from django.urls import path

from tournaments.rounds import timeup_views as timeup
from tournaments.tables import offline_views as offline
from tournaments.tables import seat_views as seat
from tournaments.tables import views

prefix = "e/<slug:slug>/round/<int:number>/table/<int:table_no>/"
urlpatterns = [
    path("sw.js", offline.service_worker, name="offline-worker"),  # at the root: its scope covers the tables
    path(prefix, views.table_page, name="table"),
    path(prefix + "table.json", views.table_json, name="table-json"),
    path(prefix + "preview/", views.hand_preview, name="hand-preview"),
    path(prefix + "hands/", views.hand_enter, name="hand-enter"),
    path(prefix + "hands/<int:hand_no>/", views.hand_edit, name="hand-edit"),
    path(prefix + "hands/<int:hand_no>/preview/", views.hand_edit_preview, name="hand-edit-preview"),
    path(prefix + "confirm/", views.table_confirm, name="table-confirm"),
    path(prefix + "confirm/judge/", views.table_confirm_judge, name="table-confirm-judge"),
    path(prefix + "time-up/", timeup.table_time_up, name="table-time-up"),
    path(prefix + "seat/<str:position>/", seat.seat_page, name="table-seat"),
    path(prefix + "seat/<str:position>/confirm/", seat.seat_confirm, name="seat-confirm"),
]
