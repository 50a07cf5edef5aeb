"""The API twins of the standings page and the hall: the standings, and the live payload.

Both answer JSON encoded once per change of the event (``tournaments.public.live``), not serialised per
request: the standings from the one cached standings computation, the live payload from the very
cache entry the pages' ``live.json`` answers (one payload function, one key).
"""

from __future__ import annotations

from django.http import HttpResponse
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request

from tournaments.api.core import Endpoint
from tournaments.api.serializers import LiveSerializer, StandingsSerializer
from tournaments.lookups import tournament_and_version
from tournaments.models import Tournament
from tournaments.public.answers import live_response
from tournaments.public.cache import share
from tournaments.public.live import DataVersion, standings, versioned


def standings_json(tournament: Tournament, version: DataVersion | None = None) -> bytes:
    """The API standings as JSON, once per change of the event."""

    def compute() -> bytes:
        metrics, rows = standings(tournament, version)
        return JSONRenderer().render(StandingsSerializer({"metrics": metrics, "rows": rows}).data)

    return versioned(tournament, "api-standings", compute, version=version)


class Standings(Endpoint):
    """The overall standings

    The data of the standings page: the metrics in order, and one row per player. Computed once per change of the
    event."""

    tag = "standings"
    operation_id = "standings"
    answer = StandingsSerializer

    def get(self, request: Request, slug: str) -> HttpResponse:
        tournament, version = tournament_and_version(request, slug)
        response = HttpResponse(standings_json(tournament, version), content_type="application/json")
        return share(response, tournament, version)


class Live(Endpoint):
    """What the hall page polls: clock, standings and table progress

    The same payload as the event's live.json page (one computation, one cache entry): computed once per change of
    the event; the clock is read per request."""

    tag = "standings"
    operation_id = "live"
    answer = LiveSerializer

    def get(self, request: Request, slug: str) -> HttpResponse:
        return live_response(*tournament_and_version(request, slug))
