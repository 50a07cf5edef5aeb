from django.urls import path

from tournaments import converters  # noqa: F401 (registers the path converters)
from tournaments.events import registration_views as registration
from tournaments.events import views as manage
from tournaments.public import live_views as live
from tournaments.public import views as public
from tournaments.readings import config_table_views as config_table
from tournaments.readings import views as readings
from tournaments.rounds import views as rounds
from tournaments.rounds import whereabouts_views as whereabouts

urlpatterns = [
    path("", public.home, name="home"),
    path("e/new/", manage.tournament_create, name="tournament-create"),
    path("e/<slug:slug>/", public.tournament_detail, name="tournament"),
    path("e/<slug:slug>/manage/edit/", manage.tournament_edit, name="tournament-edit"),
    path("e/<slug:slug>/manage/readings/", readings.readings_confirm, name="readings-confirm"),
    path("e/<slug:slug>/manage/staff/", manage.staff, name="staff"),
    path("e/<slug:slug>/manage/staff/referee/<str:username>/remove/", manage.referee_remove, name="referee-remove"),
    path("e/<slug:slug>/manage/audit/", manage.audit_log, name="audit-log"),
    path("e/<slug:slug>/manage/players/", registration.players, name="players"),
    path("e/<slug:slug>/manage/players/import/", registration.players_import, name="players-import"),
    path("e/<slug:slug>/manage/players/<int:number>/status/", registration.entry_status, name="entry-status"),
    path("e/<slug:slug>/manage/players/<int:number>/edit/", registration.entry_edit, name="entry-edit"),
    path("e/<slug:slug>/manage/players/<int:number>/pin/", registration.entry_new_pin, name="entry-pin"),
    path("e/<slug:slug>/manage/players/pin-slips/", registration.pin_slips, name="pin-slips"),
    path("e/<slug:slug>/manage/players/pin-slips.pdf", registration.pin_slips_pdf, name="pin-slips-pdf"),
    path("e/<slug:slug>/manage/staff/referee/<str:username>/tables/", manage.referee_tables, name="referee-tables"),
    path("e/<slug:slug>/player/<int:number>/", whereabouts.player_page, name="player"),
    path("e/<slug:slug>/seat/", whereabouts.seat_lookup, name="seat-lookup"),
    path("e/<slug:slug>/round/<int:number>/seating/", whereabouts.seating_print, name="seating-print"),
    path("e/<slug:slug>/manage/rounds/", rounds.manage_rounds, name="rounds"),
    path("e/<slug:slug>/manage/rounds/<int:number>/adjust/", rounds.round_adjust, name="round-adjust"),
    path("e/<slug:slug>/manage/rounds/<int:number>/<str:action>/", rounds.round_action, name="round-action"),
    path("e/<slug:slug>/round/<int:number>/", rounds.round_detail, name="round"),
    path("e/<slug:slug>/round/<int:number>/clock.json", rounds.round_clock, name="round-clock"),
    path("e/<slug:slug>/standings/", live.standings_page, name="standings"),
    path("e/<slug:slug>/live.json", live.live_json, name="live-json"),
    path("e/<slug:slug>/hall/", live.hall, name="hall"),
    # The configuration table the event's variant declares, by its own word (Laza: point-table).
    path("e/<slug:slug>/<config_table:table>/", config_table.config_table, name="config-table"),
    path(
        "e/<slug:slug>/<config_table:table>.csv",
        config_table.config_table_download,
        {"fmt": "csv"},
        name="config-table-csv",
    ),
    path(
        "e/<slug:slug>/<config_table:table>.xlsx",
        config_table.config_table_download,
        {"fmt": "xlsx"},
        name="config-table-xlsx",
    ),
    path("e/<slug:slug>/manage/<config_table:table>/", config_table.config_table_edit, name="config-table-edit"),
    path(
        "e/<slug:slug>/manage/<config_table:table>/upload/",
        config_table.config_table_upload,
        name="config-table-upload",
    ),
]
