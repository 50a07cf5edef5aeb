"""The REST API's URLs, under ``/api/`` (``tournaments.api``); the schema and docs are in ``config.urls``."""

from __future__ import annotations

from django.urls import path, register_converter

from . import api, api_tablewrites


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
    words = tuple(api.ROUND_ACTIONS)


class EntryAction(_Choice):
    words = tuple(api.ENTRY_ACTIONS)


register_converter(RoundAction, "round_action")
register_converter(EntryAction, "entry_action")

app_name = "api"
event = "events/<slug:slug>/"
table = event + "rounds/<int:number>/tables/<int:table_no>/"
urlpatterns = [
    path("events/", api.EventList.as_view(), name="events"),
    path(event, api.EventDetail.as_view(), name="event"),
    path(event + "entries/", api.Entries.as_view(), name="entries"),
    path(event + "entries/<int:start_number>/<entry_action:action>/", api.EntryAction.as_view(),
         name="entry-action"),
    path(event + "rounds/", api.Rounds.as_view(), name="rounds"),
    path(event + "rounds/<int:number>/", api.RoundDetail.as_view(), name="round"),
    path(event + "rounds/<int:number>/<round_action:action>/", api.RoundAction.as_view(), name="round-action"),
    path(table, api.TableDetail.as_view(), name="table"),
    path(table + "hands/", api.Hands.as_view(), name="hands"),
    path(table + "hands/<int:hand_no>/", api.HandDetail.as_view(), name="hand"),
    path(table + "preview/", api.Preview.as_view(), name="preview"),
    path(table + "confirm/", api.Confirm.as_view(), name="confirm"),
    path(table + "confirm/judge/", api_tablewrites.ConfirmByJudge.as_view(), name="confirm-judge"),
    path(event + "standings/", api.Standings.as_view(), name="standings"),
    path(event + "live/", api.Live.as_view(), name="live"),
]
