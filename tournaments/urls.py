from django.urls import path

from .views import live, manage, pointtable, public, registration, rounds

urlpatterns = [
    path("", public.home, name="home"),
    path("e/new/", manage.tournament_create, name="tournament-create"),
    path("e/<slug:slug>/", public.tournament_detail, name="tournament"),
    path("e/<slug:slug>/manage/edit/", manage.tournament_edit, name="tournament-edit"),
    path("e/<slug:slug>/manage/staff/", manage.staff, name="staff"),
    path("e/<slug:slug>/manage/staff/referee/<str:username>/remove/", manage.referee_remove, name="referee-remove"),
    path("e/<slug:slug>/manage/audit/", manage.audit_log, name="audit-log"),
    path("e/<slug:slug>/manage/players/", registration.players, name="players"),
    path("e/<slug:slug>/manage/players/import/", registration.players_import, name="players-import"),
    path("e/<slug:slug>/manage/players/<int:number>/status/", registration.entry_status, name="entry-status"),
    path("e/<slug:slug>/manage/rounds/", rounds.manage_rounds, name="rounds"),
    path("e/<slug:slug>/manage/rounds/<int:number>/<str:action>/", rounds.round_action, name="round-action"),
    path("e/<slug:slug>/round/<int:number>/", rounds.round_detail, name="round"),
    path("e/<slug:slug>/round/<int:number>/clock.json", rounds.round_clock, name="round-clock"),
    path("e/<slug:slug>/standings/", live.standings_page, name="standings"),
    path("e/<slug:slug>/live.json", live.live_json, name="live-json"),
    path("e/<slug:slug>/hall/", live.hall, name="hall"),
    path("e/<slug:slug>/point-table/", pointtable.point_table, name="point-table"),
    path("e/<slug:slug>/point-table.csv", pointtable.point_table_download, {"fmt": "csv"}, name="point-table-csv"),
    path("e/<slug:slug>/point-table.xlsx", pointtable.point_table_download, {"fmt": "xlsx"}, name="point-table-xlsx"),
    path("e/<slug:slug>/manage/point-table/", pointtable.point_table_edit, name="point-table-edit"),
    path("e/<slug:slug>/manage/point-table/upload/", pointtable.point_table_upload, name="point-table-upload"),
]
