"""Loading results from the database as plain data for ``standings`` and ``seating``.

Totals are derived from the stored hands every time (never typed twice); one
query for the seats and one for the hands' points, however large the event.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from .models import Bye, Round, Seat, Table, Tournament
from .standings import DEFAULT_METRICS, Line, TableResult, standings


@dataclass
class TableTotals:
    round: int
    table: int
    table_id: int
    by_position: dict[str, int]  # position -> total
    by_entry: dict[str, int]  # entry id -> total
    hands: int
    confirmed: bool


def table_totals(tournament: Tournament, rounds: list[int] | None = None) -> list[TableTotals]:
    from scoring.models import Hand  # scoring's models depend on ours, not the reverse

    tables = Table.objects.filter(round__tournament=tournament)
    if rounds is not None:
        tables = tables.filter(round__number__in=rounds)
    meta = {t["pk"]: t for t in tables.values("pk", "number", "round__number", "confirmed_at")}
    seat_map: dict[int, dict[str, str]] = defaultdict(dict)
    for table_id, position, entry_id in Seat.objects.filter(table_id__in=meta).values_list(
            "table_id", "position", "entry_id"):
        seat_map[table_id][position] = str(entry_id)
    sums: dict[int, dict[str, int]] = {pk: {pos: 0 for pos in seat_map[pk]} for pk in meta}
    counts: dict[int, int] = defaultdict(int)
    for table_id, points in Hand.objects.filter(table_id__in=meta).values_list("table_id", "points").iterator(
            chunk_size=4000):
        row = sums[table_id]
        for pos, p in points.items():
            row[pos] = row.get(pos, 0) + p
        counts[table_id] += 1
    out = []
    for pk, m in meta.items():
        by_pos = sums[pk]
        out.append(TableTotals(
            round=m["round__number"], table=m["number"], table_id=pk, by_position=by_pos,
            by_entry={seat_map[pk][pos]: total for pos, total in by_pos.items() if pos in seat_map[pk]},
            hands=counts[pk], confirmed=m["confirmed_at"] is not None,
        ))
    out.sort(key=lambda t: (t.round, t.table))
    return out


def table_results(tournament: Tournament, rounds: list[int] | None = None) -> list[TableResult]:
    """Per table and round, entry id -> round total, for tables that have hands."""
    return [TableResult(t.round, t.table, t.by_entry, t.confirmed)
            for t in table_totals(tournament, rounds) if t.hands]


def byes_by_round(tournament: Tournament) -> dict[int, list[str]]:
    out: dict[int, list[str]] = defaultdict(list)
    for number, entry_id in Bye.objects.filter(round__tournament=tournament).values_list("round__number", "entry_id"):
        out[number].append(str(entry_id))
    return dict(out)


def meetings(tournament: Tournament, before_round: int) -> dict[frozenset[str], int]:
    """How often each pair of entries has shared a table before ``before_round``."""
    tables: dict[int, list[str]] = defaultdict(list)
    for table_id, entry_id in Seat.objects.filter(
            round__tournament=tournament, round__number__lt=before_round).values_list("table_id", "entry_id"):
        tables[table_id].append(str(entry_id))
    counts: dict[frozenset[str], int] = defaultdict(int)
    for players in tables.values():
        for i, a in enumerate(players):
            for b in players[i + 1:]:
                counts[frozenset((a, b))] += 1
    return dict(counts)


def round_participants(rnd: Round) -> set[str]:
    seated = Seat.objects.filter(round=rnd).values_list("entry_id", flat=True)
    byes = rnd.byes.values_list("entry_id", flat=True)
    return {str(e) for e in seated} | {str(e) for e in byes}


@dataclass
class StandingRow:
    rank: int
    entry_id: int
    start_number: int
    name: str
    club: str
    team: str
    line: Line
    per_round: list[str]


def event_standings(tournament: Tournament) -> tuple[list[str], list[StandingRow]]:
    """(metric names, rows) of the overall standings; three queries whatever the size."""
    entries = {str(e["pk"]): e for e in tournament.entries.values(
        "pk", "start_number", "team", "player__name", "player__club", "status")}
    lines = standings(tournament.variant, table_results(tournament), list(entries),
                      byes=byes_by_round(tournament), metrics=tuple(tournament.tiebreaks) or None,
                      seed=tournament.draw_seed or tournament.slug)
    metrics = list(tournament.tiebreaks) or list(DEFAULT_METRICS[tournament.variant])
    rows = []
    for line in lines:
        e = entries[line.player]
        rows.append(StandingRow(
            rank=line.rank, entry_id=e["pk"], start_number=e["start_number"], name=e["player__name"],
            club=e["player__club"], team=e["team"], line=line,
            per_round=[_fmt(line.per_round.get(n)) for n in range(1, tournament.rounds + 1)],
        ))
    return metrics, rows


def _fmt(value: Fraction | None) -> str:
    if value is None:
        return ""
    return str(int(value)) if value.denominator == 1 else f"{float(value):g}"
