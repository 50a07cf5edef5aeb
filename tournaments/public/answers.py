"""What the live pages and their API answer alike: the live payload as a response a shared proxy may keep."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponse

from tournaments.models import Tournament
from tournaments.public.cache import share
from tournaments.public.live import (
    DataVersion,
    live_data,
)
from tournaments.public.live import live_json as live_json_body
from tournaments.rounds.clock import moves


def live_response(tournament: Tournament, version: DataVersion) -> HttpResponse:
    """The live payload (``tournaments.public.live.live_json``) as the pages' live.json and the API's ``live``
    answer it; shared proxies may keep a public event's copy for a few seconds."""
    response = HttpResponse(live_json_body(tournament, version), content_type="application/json")
    scope = "public" if tournament.is_public else "private"
    response["Cache-Control"] = f"{scope}, max-age={settings.PUBLIC_CACHE_SECONDS}"
    return share(response, tournament, version, moving=moves(live_data(tournament, version).round))
