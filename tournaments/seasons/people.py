"""A person's series on his page (season.md §1.4): for each series he is in, his series points from each
member event (dropped, provisional) and his ladder position after each event — the hook the players'
pages call (``tournaments.people.history.SERIES_HOOK``).

Only what the viewer may see: the member events among ``events`` (those his page shows) of series the
viewer may read. The ladder history is computed once per series version, like the ladder itself.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from django.urls import reverse

from scoring.series import InvalidSeries, ladder_history
from tournaments.models import Player, Tournament
from tournaments.people.history import PlayerSeries
from tournaments.people.history import SeriesEvent as Part
from tournaments.public import live
from tournaments.seasons.access import can_view_series
from tournaments.seasons.ladder import listed_by, members, payload, players_of, scoring_events, settings_of
from tournaments.seasons.models import Series, SeriesEvent
from tournaments.seasons.versions import series_version_key, series_version_of


def history(series: Series, version: Any) -> dict[str, Any]:
    """§1.4 for the whole series: player id -> {event slug: his rank after it}, and per event slug the
    number of players on the ladder after it; once per series version."""

    def compute() -> dict[str, Any]:
        events = scoring_events(members(series))
        try:
            ranks = ladder_history(settings_of(series), events, listed_by(players_of(events), series.language))
        except InvalidSeries:  # the ladder page says why; the history has nothing to show
            ranks = {}
        counts = Counter(slug for by_event in ranks.values() for slug in by_event)
        return {"ranks": ranks, "counts": dict(counts)}

    return live.cached(f"series-history:{series_version_key(series, version)}", compute, live.VERSIONED_SECONDS)


def player_series(player: Player, events: Sequence[Tournament], viewer: Any) -> list[Any]:
    """The series ``player`` is in among ``events``, as ``tournaments.people.history.PlayerSeries``."""

    shown = {t.pk for t in events}
    rows = SeriesEvent.objects.filter(tournament_id__in=shown).select_related("series")
    out = []
    for series in sorted({m.series for m in rows}, key=lambda s: (s.name, s.pk)):
        if not can_view_series(viewer, series):
            continue
        version = series_version_of(series.pk)
        data = payload(series, version)
        line = next((line for line in data["ladder"] if line["player"] == player.pk), None)
        if line is None:
            continue
        after = history(series, version)
        ranks = after["ranks"].get(str(player.pk), {})
        ids = dict(series.members.values_list("tournament__slug", "tournament_id"))
        parts = []
        for event in data["events"]:
            result = line["results"].get(event["slug"])
            if ids[event["slug"]] not in shown or (result is None and event["slug"] not in ranks):
                continue
            points = result["points"] if result else None
            parts.append(
                Part(
                    tournament_id=ids[event["slug"]],
                    points=points,
                    dropped=bool(result) and points is not None and not result["counted"],
                    provisional=bool(result) and result["provisional"],
                    rank=ranks.get(event["slug"]),
                    of=after["counts"].get(event["slug"]),
                )
            )
        out.append(PlayerSeries(name=series.name, url=reverse("series", args=[series.slug]), events=tuple(parts)))
    return out
