"""A series' ladder loaded from the site: member events' results as plain data for ``scoring.series``,
and the one ladder payload the page, the API, the PDF and the workbook are made from.

An event's result (season.md §2.2) is read from its standings as the public pages have them
(``live.standings``, computed once per event version): nothing here sums hands again. The payload is
computed once per series version (``versions``) and holds no words, so it serves every language.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import OuterRef, Subquery
from django.utils.translation import get_language

from scoring.series import Event, InvalidSeries, Result, Settings, cut_line, ladder, ladder_before
from scoring.series.model import EXACT
from scoring.text import render
from tournaments.models import AuditEntry, Player, Tournament
from tournaments.people.names import collation_key, surname_first
from tournaments.public import live
from tournaments.public.live import DataVersion
from tournaments.results.standings import table_points
from tournaments.seasons.models import Series, SeriesEvent
from tournaments.seasons.versions import series_version_key, series_version_of


def settings_of(series: Series) -> Settings:
    """The series settings as the pure rules take them (§3–§5)."""
    return Settings(
        points=str(series.points),  # a plain str: the pure checks compare types (a TextChoices member is none)
        table=tuple(series.table) if isinstance(series.table, list) else series.table,
        count=str(series.count),
        n=series.best_n,
        minus_counts=series.minus_counts,
        tie_breaks=tuple(series.tie_breaks) if isinstance(series.tie_breaks, list) else series.tie_breaks,
    )


# --- an event's result (§2.2) ------------------------------------------------------------------------


@functools.lru_cache(maxsize=256)
def _best(variant: str, size: int, ties: str) -> Fraction:
    """The best table result at a table of ``size`` (units): what one player winning alone scores there
    (the variant's ``StandingRules``); 0 for a size its ladder does not know."""
    totals = {str(i): 1 if i == 0 else 0 for i in range(size)}
    return table_points(variant, totals, {"table_ties": ties} if ties else {}).get("0", Fraction(0))


def best_table_result(tournament: Tournament, size: int) -> Fraction:
    return _best(tournament.variant, size, str((tournament.event_settings or {}).get("table_ties") or ""))


def exact(value: Fraction | int) -> Decimal:
    """A standings figure as an exact decimal (ranking points are multiples of 1/8, shares of places
    halves); a fraction no decimal writes (a third) to 6 places."""
    value = Fraction(value)
    numerator, denominator = value.numerator, value.denominator
    rest = denominator
    for p in (2, 5):
        while rest % p == 0:
            rest //= p
    if rest == 1:
        return EXACT.divide(Decimal(numerator), Decimal(denominator))
    return (Decimal(numerator) / Decimal(denominator)).quantize(Decimal("0.000001"))


def event_results(tournament: Tournament, version: DataVersion | None) -> list[Result]:
    """``results_of`` once per change of the event (its data version): every series it is in, and every
    version of those series, reads it from there."""
    return live.versioned(tournament, "series-result", lambda: results_of(tournament, version), version=version)


def results_of(tournament: Tournament, version: DataVersion | None) -> list[Result]:
    """Every player who played in ``tournament`` (a round at a table, finished or running, or a bye),
    with his place in the event's own order (which ends with the lot), his total (ranking points), his
    game points and the most he could have scored: his rounds × the best table result (§2.2).

    Players entered who have not played yet are not in the result. A fixed pair's members share the
    pair's line. Rounds out on a bye and tables still playing count at the event's table size."""
    _metrics, rows = live.standings(tournament, version)
    player_of = dict(tournament.entries.values_list("start_number", "player_id"))
    unit = tournament.rules.plan.unit_size
    usual = best_table_result(tournament, max(1, tournament.table_size // unit))
    out: list[Result] = []
    place, previous_rank = 0, None
    for row in rows:
        line = row.line
        if not (line.tables or line.running or line.byes):
            continue
        if row.rank != previous_rank:  # places among those who played: 1, 1, 3 where the standings share
            place, previous_rank = len(out) + 1, row.rank
        sizes = Counter(len(t) for t in line.tables)  # a few table sizes: one product each, not a sum per table
        most = sum((best_table_result(tournament, size) * n for size, n in sizes.items()), Fraction(0))
        most += usual * (len(line.running) + line.byes)
        for number in row.start_numbers or (row.start_number,):
            out.append(
                Result(
                    player=str(player_of[number]),
                    place=place,
                    total=exact(line.ranking_points),
                    game_points=line.game_points,
                    max_total=exact(most),
                )
            )
    return out


# --- the members and the ladder ----------------------------------------------------------------------


@dataclass(frozen=True)
class Member:
    """A member event with the event row and its data version, read in one statement."""

    membership: SeriesEvent
    tournament: Tournament
    version: DataVersion

    @property
    def provisional(self) -> bool:
        return self.tournament.status != Tournament.Status.FINISHED


def members(series: Series) -> list[Member]:
    """The series' member events in its order, each with its event and the event's data version."""
    latest = AuditEntry.objects.filter(tournament=OuterRef("tournament")).order_by("-id")
    rows = (
        SeriesEvent.objects.filter(series=series)
        .select_related("tournament")
        .annotate(
            latest_entry_id=Subquery(latest.values("id")[:1]),
            latest_entry_at=Subquery(latest.values("created_at")[:1]),
        )
        .order_by("position", "pk")
    )
    return [Member(m, m.tournament, live.version_of(m.latest_entry_id, m.latest_entry_at)) for m in rows]


def scoring_events(rows: Sequence[Member]) -> list[Event]:
    """The members as the pure rules take them: results, weight, flags, in the series' order."""
    return [
        Event(
            id=m.tournament.slug,
            results=tuple(event_results(m.tournament, m.version)),
            weight=m.membership.weight,
            always_counts=m.membership.always_counts,
            provisional=m.provisional,
        )
        for m in rows
    ]


def listed_by(players: Mapping[str, Player], language: str):
    """Players still tied after every tie-break are listed by name in the series' language (§5.2)."""

    def key(player_id: str) -> tuple[bytes, int]:
        player = players.get(player_id)
        name = player.name if player else ""
        return collation_key(surname_first(name, language), language), int(player_id)

    return key


def players_of(events: Sequence[Event]) -> dict[str, Player]:
    ids = {r.player for e in events for r in e.results}
    return {str(p.pk): p for p in Player.objects.filter(pk__in=[int(i) for i in ids])}


def _final(rows: Sequence[Member]) -> Member | None:
    return next((m for m in rows if m.membership.is_final), None)


def refused(exc: InvalidSeries, field: str, language: str) -> ValidationError:
    """A result the series' rule cannot read (no possible points for ``percent_of_possible``), as the
    refusal of the action that needed the ladder, naming the field and the rule's own words."""
    return ValidationError({field: [render(e.message, language) for e in exc.errors]})


def ladder_order_before(tournament: Tournament) -> list[str]:
    """§6: the player ids of the series ladder before ``tournament`` (its member), in ladder order;
    empty for an event in no series. The round-1 ladder draws read it."""
    membership = SeriesEvent.objects.filter(tournament=tournament).select_related("series").first()
    if membership is None:
        return []
    series = membership.series
    rows = members(series)
    events = scoring_events(rows)
    players = players_of(events)
    try:
        lines = ladder_before(settings_of(series), events, tournament.slug, listed_by(players, series.language))
    except InvalidSeries as exc:
        raise refused(exc, "method", get_language()) from exc
    return [line.player for line in lines]


def ladder_units(tournament: Tournament, unit_players: Mapping[str, Sequence[int]]) -> list[str]:
    """The event's drawn units (a player, or a fixed pair: unit id -> its players' Player ids) in the
    order of the series ladder before the event (a pair where its better member stands); units without
    a ladder place are left out (the draw puts them after the others, by its lot)."""
    position = {int(p): i for i, p in enumerate(ladder_order_before(tournament))}
    placed = {
        uid: min(position[p] for p in players if p in position)
        for uid, players in unit_players.items()
        if any(p in position for p in players)
    }
    return sorted(placed, key=placed.__getitem__)


def compute(series: Series) -> dict[str, Any]:
    """The ladder payload of ``series`` as it is now (see ``payload``)."""
    rows = members(series)
    events = scoring_events(rows)
    players = players_of(events)
    order = listed_by(players, series.language)
    settings = settings_of(series)
    final = _final(rows)
    cut, errors = None, []
    try:
        lines = ladder(settings, events, order)
        if final is not None and series.final_places:
            before = ladder_before(settings, events, final.tournament.slug, order)
            line = cut_line(before, series.final_places)
            shown = not final_played(events, final)
            cut = {"after": line.after, "tied_across": [int(p) for p in line.tied_across], "shown": shown}
    except InvalidSeries as exc:  # a result the rule cannot read (no possible points): named, not a 500
        message = {e.field: render(e.message, series.language) for e in exc.errors}
        lines, errors = [], [{"field": f, "code": "invalid", "message": m} for f, m in message.items()]
    by_id = {e.id: e for e in events}
    return {
        "series": {
            "slug": series.slug,
            "name": series.name,
            "season": series.season,
            "language": series.language,
        },
        "settings": {
            "points": series.points,
            "table": [Decimal(repr(v)) if isinstance(v, float) else v for v in series.table]
            if series.points == Series.Points.FIXED_BY_PLACE
            else None,
            "count": series.count,
            "n": series.best_n if series.count == Series.Count.BEST_N else None,
            "minus_counts": series.minus_counts,
            "tie_breaks": list(series.tie_breaks),
            "final": final.tournament.slug if final else None,
            "final_places": series.final_places if final else None,
            "ties_at_cut": series.ties_at_cut,
        },
        "events": [
            {
                "slug": m.tournament.slug,
                "name": m.tournament.name,
                "date": m.tournament.date.isoformat() if m.tournament.date else None,
                "variant": m.tournament.variant,
                "status": m.tournament.status,
                "weight": m.membership.weight,
                "always_counts": m.membership.always_counts,
                "final": m.membership.is_final,
                "provisional": m.provisional and bool(by_id[m.tournament.slug].results),
                "players": len(by_id[m.tournament.slug].results),
            }
            for m in rows
        ],
        "ladder": [
            {
                "rank": line.rank,
                "player": int(line.player),
                "name": players[line.player].name,
                "club": players[line.player].club,
                "total": line.total,
                "events": line.events,
                "results": {
                    **{
                        slug: {"points": value, "counted": True, "provisional": slug in line.provisional}
                        for slug, value in line.counted.items()
                    },
                    **{
                        slug: {"points": value, "counted": False, "provisional": slug in line.provisional}
                        for slug, value in line.dropped.items()
                    },
                    **{
                        slug: {"points": None, "counted": False, "provisional": slug in line.provisional}
                        for slug in line.no_result
                    },
                },
            }
            for line in lines
        ],
        "cut": cut,
        "errors": errors,
    }


def final_played(events: Sequence[Event], final: Member) -> bool:
    """Has the final a result yet? Until it has, the ladder shows its cut line (§7.1)."""
    return any(e.id == final.tournament.slug and e.results for e in events)


def payload(series: Series, version: DataVersion | None = None) -> dict[str, Any]:
    """The series' ladder (§5.3) once per series version: ``series``, ``settings``, ``events`` (the
    members in order, with ``provisional`` while one runs), ``ladder`` (rank, player, name, club, total,
    events played, each event's ``points`` with ``counted``, ``provisional``; points null: a Heine "no
    result") and ``cut`` (the final's cut line on the ladder before it: ``after`` K lines, the players a
    tie at the cut runs across, ``shown`` while the final has no result). Numbers are exact Decimals."""
    if version is None:
        version = series_version_of(series.pk)
    key = f"series-ladder:{series_version_key(series, version)}"
    # The row again, read after the version: the payload is never older than the version it is kept under.
    return live.cached(key, lambda: compute(Series.objects.get(pk=series.pk)), live.VERSIONED_SECONDS)
