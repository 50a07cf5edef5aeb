"""Where players sit and how they stand: the player's page, the seat lookup, the seating list
and the table sizes of a round. One shape for the pages and the API (STYLE.md §17)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import Bye, Entry, Round, Seat, Tournament
from tournaments.people import names
from tournaments.results.load import (
    METRIC_LABELS,
    StandingRow,
    event_standings,
    metric_text,
    pairs_of,
    ranks_pairs,
    table_totals,
)

T = TypeVar("T")

LOOKUP_LIMIT = 20  # a name lookup answers at most this many players


def current_round(tournament: Tournament) -> Round | None:
    """The latest published round (a draft draw is not shown to players)."""
    return tournament.round_set.exclude(status=Round.Status.DRAFT).order_by("-number").first()


def table_sizes(rnd: Round) -> list[tuple[int, int]]:
    """(seats, how many tables) of a round, smallest tables first."""
    counts = Counter(Counter(Seat.objects.filter(round=rnd).values_list("table_id", flat=True)).values())
    return sorted(counts.items())


def table_sizes_text(sizes: list[tuple[int, int]], byes: int = 0) -> str:
    """ "4 tables of 4, 2 tables of 5" (and who sits out), in the reader's language."""
    parts = [
        ngettext("%(n)d table of %(size)d", "%(n)d tables of %(size)d", count) % {"n": count, "size": size}
        for size, count in sizes
    ]
    if byes:
        parts.append(ngettext("%(n)d player sits out", "%(n)d players sit out", byes) % {"n": byes})
    return ", ".join(parts)


def player_url(tournament: Tournament, start_number: int) -> str:
    return reverse("player", args=[tournament.slug, start_number])


def seat_url(tournament: Tournament, round_no: int, table_no: int, position: str) -> str:
    """The player's own page of one seat: his table's totals, his standing, his confirmation."""
    return reverse("table-seat", args=[tournament.slug, round_no, table_no, position])


def _seat_rows(tournament: Tournament, rnd: Round | None, entries: list[Entry]) -> dict[int, dict[str, Any]]:
    """Entry id -> where the entry sits in ``rnd`` (table, seat, table page) or that it sits out."""
    if rnd is None or not entries:
        return {}
    ids = [e.pk for e in entries]
    out: dict[int, dict[str, Any]] = {}
    for entry_id, table_no, position in Seat.objects.filter(round=rnd, entry_id__in=ids).values_list(
        "entry_id", "table__number", "position"
    ):
        out[entry_id] = {
            "round": rnd.number,
            "table": table_no,
            "position": position,
            "bye": False,
            "table_url": reverse("table", args=[tournament.slug, rnd.number, table_no]),
            "seat_url": seat_url(tournament, rnd.number, table_no, position),
        }
    for entry_id in Bye.objects.filter(round=rnd, entry_id__in=ids).values_list("entry_id", flat=True):
        out[entry_id] = {
            "round": rnd.number,
            "table": None,
            "position": None,
            "bye": True,
            "table_url": None,
            "seat_url": None,
        }
    return out


def lookup(tournament: Tournament, query: str) -> list[dict[str, Any]]:
    """Players matching a start number (exactly) or the words of a name or team, accents and case
    aside ("kovacs odon" finds Kovács Ödön), by surname, with their seat in the current round
    ("where do I sit")."""
    query = (query or "").strip()
    if not query:
        return []
    entries = tournament.entries.select_related("player")
    if query.isdigit():
        found = list(entries.filter(start_number=int(query)))
    else:
        # Folded in Python: the database's LIKE knows no accents (an event has a few hundred players).
        found = [e for e in entries if entry_matches(e, query)]
    entries = by_name(tournament, found, lambda e: e.player.name, lambda e: e.start_number)[:LOOKUP_LIMIT]
    rnd = current_round(tournament)
    seats = _seat_rows(tournament, rnd, entries)
    return [
        {
            "start_number": e.start_number,
            "name": e.player.name,
            "club": e.player.club,
            "team": e.team,
            "status": e.status,
            "url": player_url(tournament, e.start_number),
            "seat": seats.get(e.pk),
        }
        for e in entries
    ]


def entry_matches(entry: Entry, query: str, *, club: bool = False) -> bool:
    """A start number exactly, else the words of the player's name or team (and club, if asked),
    accents and case aside."""
    if query.strip().isdigit():
        return entry.start_number == int(query)
    return names.matches(query, entry.player.name, entry.team, entry.player.club if club else "")


def seating_list(tournament: Tournament, rnd: Round) -> list[dict[str, Any]]:
    """Everybody seated in (or sitting out) the round, sorted by name: the list pinned at the door."""
    rows = [
        {
            "name": s.entry.player.name,
            "start_number": s.entry.start_number,
            "club": s.entry.player.club,
            "team": s.entry.team,
            "table": s.table.number,
            "position": s.position,
            "bye": False,
        }
        for s in Seat.objects.filter(round=rnd).select_related("entry__player", "table")
    ]
    rows += [
        {
            "name": b.entry.player.name,
            "start_number": b.entry.start_number,
            "club": b.entry.player.club,
            "team": b.entry.team,
            "table": None,
            "position": None,
            "bye": True,
        }
        for b in Bye.objects.filter(round=rnd).select_related("entry__player")
    ]
    return by_name(tournament, rows, lambda r: r["name"], lambda r: r["start_number"])


def by_name(tournament: Tournament, items: list[T], name: Callable[[T], str], then: Callable[[T], int]) -> list[T]:
    """A list by name: by surname, in the event language's alphabet (``names``)."""
    return names.by_surname(items, tournament.language, name, then)


def player_data(tournament: Tournament, entry: Entry) -> dict[str, Any]:
    """The player's own page: current seat, results per round and standing (never the PIN)."""
    rnd = current_round(tournament)
    published = list(tournament.round_set.exclude(status=Round.Status.DRAFT).order_by("number"))
    seats = {s.round_id: s for s in Seat.objects.filter(entry=entry, round__in=published).select_related("table")}
    byes = set(Bye.objects.filter(entry=entry, round__in=published).values_list("round_id", flat=True))
    totals = {t.table_id: t for t in table_totals(tournament, [r.number for r in published])} if published else {}
    metrics, row, of = _standing_row(tournament, entry)
    per_round = row.per_round if row else []
    rounds = []
    for r in published:
        seat = seats.get(r.pk)
        item: dict[str, Any] = {
            "round": r.number,
            "status": r.status,
            "table": None,
            "position": None,
            "seat_url": None,
            "bye": r.pk in byes,
            "game_points": None,
            "hands": 0,
            "confirmed": False,
            "ranking_points": per_round[r.number - 1] if r.number - 1 < len(per_round) else "",
            "table_url": None,
        }
        if seat is not None:
            tt = totals.get(seat.table_id)
            item.update(
                table=seat.table.number,
                position=seat.position,
                table_url=reverse("table", args=[tournament.slug, r.number, seat.table.number]),
                seat_url=seat_url(tournament, r.number, seat.table.number, seat.position),
                game_points=tt.by_position.get(seat.position, 0) if tt else 0,
                hands=tt.hands if tt else 0,
                confirmed=seat.table.confirmed_at is not None,
            )
        rounds.append(item)
    return {
        "start_number": entry.start_number,
        "name": entry.player.name,
        "club": entry.player.club,
        "team": entry.team,
        "status": entry.status,
        "current": _seat_rows(tournament, rnd, [entry]).get(entry.pk),
        "rounds": rounds,
        "standing": _standing(metrics, row, of),
    }


def _standing_row(tournament: Tournament, entry: Entry) -> tuple[list[str], StandingRow | None, int]:
    """(metrics, the player's row of the overall standings — his pair's at Laza —, rows in all)."""
    metrics, rows = event_standings(tournament)
    unit = str(entry.pk)
    if ranks_pairs(tournament):
        unit = pairs_of(list(tournament.entries.values("pk", "team", "start_number"))).get(unit, unit)
    return metrics, next((r for r in rows if r.line.player == unit), None), len(rows)


def _standing(metrics: list[str], row: StandingRow | None, of: int) -> dict[str, Any] | None:
    if row is None:
        return None
    return {
        "rank": row.rank,
        "of": of,
        "provisional": row.line.provisional,
        "metrics": [
            {"key": m, "label": str(METRIC_LABELS.get(m, m)), "value": metric_text(row.line.metrics.get(m))}
            for m in metrics
            if m != "lot"
        ],
    }


def player_standing(tournament: Tournament, entry: Entry) -> dict[str, Any] | None:
    """The player's running standing (rank of how many, his metrics), as his page shows it."""
    return _standing(*_standing_row(tournament, entry))


def no_seat_text(seat: dict[str, Any] | None) -> str:
    """What the lookup says of a player without a table in the current round."""
    if seat and seat["bye"]:
        return _("sits out this round")
    return _("not seated in the current round")
