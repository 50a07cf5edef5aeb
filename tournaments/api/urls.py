"""The REST API's URLs, under ``/api/``: every package's API (``events/api.py``, ``rounds/api.py``, ...);
the schema and docs are in ``config.urls``."""

from __future__ import annotations

from django.urls import path, register_converter

from tournaments import converters  # noqa: F401 (registers the path converters)
from tournaments.documents import api as api_documents
from tournaments.events import api as api_events
from tournaments.events import staff_api as api_organizer
from tournaments.incidents import api as api_incidents
from tournaments.people.urls import api_urlpatterns as people_api
from tournaments.public import api as api_live
from tournaments.readings import api as api_readings
from tournaments.readings import config_table_api as api_config_table
from tournaments.rounds import actions as round_actions
from tournaments.rounds import api as api_rounds
from tournaments.seasons.urls import api_urlpatterns as seasons_api
from tournaments.tables import api as api_tables
from tournaments.tables import seats_api as api_seats


class _Choice:
    """A path segment that is one of a few words, so that other words do not match."""

    words: tuple[str, ...] = ()

    def __init_subclass__(cls) -> None:
        cls.regex = "|".join(cls.words)

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


class RoundAction(_Choice):
    words = round_actions.WITHOUT_BODY


class EntryAction(_Choice):
    words = tuple(api_events.ENTRY_ACTIONS)


register_converter(RoundAction, "round_action")
register_converter(EntryAction, "entry_action")

app_name = "api"
event = "events/<slug:slug>/"
table = event + "rounds/<int:number>/tables/<int:table_no>/"
urlpatterns = [
    path("events/", api_events.Events.as_view(), name="events"),
    path(event, api_events.Event.as_view(), name="event"),
    path(event + "entries/", api_events.Entries.as_view(), name="entries"),
    path(event + "entries/import/", api_events.EntriesImport.as_view(), name="entries-import"),
    path(event + "documents/", api_documents.Documents.as_view(), name="documents"),
    path(event + "organizers/", api_events.Organizers.as_view(), name="organizers"),
    path(event + "audit/", api_events.AuditLog.as_view(), name="audit"),
    path(event + "documents/<str:key>/", api_documents.Document.as_view(), name="document"),
    path(event + "documents/<str:key>/file/", api_documents.DocumentFile.as_view(), name="document-file"),
    path(
        event + "entries/<int:start_number>/<entry_action:action>/",
        api_events.EntryAction.as_view(),
        name="entry-action",
    ),
    path(event + "rounds/", api_rounds.Rounds.as_view(), name="rounds"),
    path(event + "rounds/<int:number>/", api_rounds.RoundDetail.as_view(), name="round"),
    path(event + "rounds/<int:number>/<round_action:action>/", api_rounds.RoundAction.as_view(), name="round-action"),
    path(event + "rounds/<int:number>/close/", api_rounds.CloseRound.as_view(), name="round-close"),
    path(event + "rounds/<int:number>/reopen/", api_rounds.ReopenRound.as_view(), name="round-reopen"),
    path(event + "rounds/<int:number>/redraw/", api_rounds.RedrawRound.as_view(), name="round-redraw"),
    path(event + "rounds/<int:number>/reseat/", api_rounds.ReseatRound.as_view(), name="round-reseat"),
    path(event + "rounds/<int:number>/repeats/", api_rounds.DrawReport.as_view(), name="round-repeats"),
    path(event + "rounds/<int:number>/adjust/", api_rounds.AdjustRound.as_view(), name="round-adjust"),
    path(table, api_tables.TableDetail.as_view(), name="table"),
    path(table + "hands/", api_tables.Hands.as_view(), name="hands"),
    path(table + "hands/<int:hand_no>/", api_tables.HandDetail.as_view(), name="hand"),
    path(table + "preview/", api_tables.Preview.as_view(), name="preview"),
    path(table + "confirm/", api_tables.Confirm.as_view(), name="confirm"),
    path(table + "confirm/judge/", api_tables.ConfirmByJudge.as_view(), name="confirm-judge"),
    path(table + "time-up/", api_tables.TimeUp.as_view(), name="time-up"),
    path(table + "seats/<str:position>/", api_seats.SeatDetail.as_view(), name="seat"),
    path(table + "seats/<str:position>/confirm/", api_seats.SeatConfirm.as_view(), name="seat-confirm"),
    path(event + "standings/", api_live.Standings.as_view(), name="standings"),
    path(event + "live/", api_live.Live.as_view(), name="live"),
    path(event + "referees/", api_organizer.Referees.as_view(), name="referees"),
    path(event + "referees/<str:username>/", api_organizer.RefereeDetail.as_view(), name="referee"),
    path(event + "entries/late/", api_organizer.LateEntries.as_view(), name="entries-late"),
    path(event + "entries/<int:start_number>/", api_organizer.EntryDetail.as_view(), name="entry"),
    path(event + "entries/<int:start_number>/pin/", api_organizer.EntryPin.as_view(), name="entry-pin"),
    path(event + "pins/", api_organizer.Pins.as_view(), name="pins"),
    path(event + "seats/", api_organizer.SeatLookup.as_view(), name="seat-lookup"),
    path(event + "players/<int:start_number>/", api_organizer.PlayerPage.as_view(), name="player"),
    path(event + "<config_table:table>/", api_config_table.ConfigTable.as_view(), name="config-table"),
    path(event + "incidents/", api_incidents.Incidents.as_view(), name="incidents"),
    path(event + "incidents/<int:pk>/", api_incidents.IncidentDetail.as_view(), name="incident"),
    path(event + "incidents/<int:pk>/rule/", api_incidents.Rule.as_view(), name="incident-rule"),
    path(event + "incidents/<int:pk>/protest/", api_incidents.Protest.as_view(), name="incident-protest"),
    path(event + "incidents/<int:pk>/decide/", api_incidents.Decide.as_view(), name="incident-decide"),
    path(event + "incidents/<int:pk>/sanctions/", api_incidents.Sanctions.as_view(), name="incident-sanctions"),
    path(event + "judges/<str:username>/", api_incidents.Judge.as_view(), name="judge"),
    path(
        event + "players/<int:start_number>/discipline/", api_incidents.Discipline.as_view(), name="player-discipline"
    ),
    path(event + "readings/", api_readings.Readings.as_view(), name="readings"),
    *people_api,
    *seasons_api,  # series (tournaments.seasons)
]
