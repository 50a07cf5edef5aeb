"""Loading results from the database as plain data for ``standings`` and ``seating``.

Totals are derived from the stored hands every time (never typed twice); one
query for the seats and one for the hands' points, however large the event.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from django.db.models import Count, IntegerField, Q, Sum
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast
from django.utils.functional import lazy
from django.utils.translation import gettext

from scoring.registry import VARIANTS

from .models import Bye, Hand, Round, Seat, Table, Tournament
from .progress import TableProgress, progress_from_counts
from .standings import DEFAULT_METRICS, METRICS, Line, TableResult, standings


@dataclass
class TableTotals:
    round: int
    table: int
    table_id: int
    by_position: dict[str, int]  # position -> total
    by_entry: dict[str, int]  # entry id -> total
    hands: int  # hands that count for the round (progress.played)
    confirmed: bool
    progress: TableProgress
    closed: bool = False  # the round is closed: its tables' results stand as they are

    @property
    def complete(self) -> bool:
        """Has a result (taruk2012.md §6.1): all hands played, time up, or the round closed."""
        return self.progress.complete or self.closed


def table_totals(tournament: Tournament, rounds: list[int] | None = None) -> list[TableTotals]:

    # Filter by joins, not by a list of table ids: a 1,000-id IN list is slow to bind.
    in_rounds = {} if rounds is None else {"round__number__in": rounds}
    tables = Table.objects.filter(round__tournament=tournament, **in_rounds)
    meta = {
        t["pk"]: t
        for t in tables.values("pk", "number", "round__number", "round__status", "confirmed_at", "time_expired")
    }
    seat_map: dict[int, dict[str, str]] = defaultdict(dict)
    for table_id, position, entry_id in Seat.objects.filter(round__tournament=tournament, **in_rounds).values_list(
        "table_id", "position", "entry_id"
    ):
        seat_map[table_id][position] = str(entry_id)
    # Sum each position's points in the database: one row per table instead of
    # one JSON document per hand (12,288 hands -> 1,024 rows in a large event).
    positions = sorted({pos for seats in seat_map.values() for pos in seats})
    sums: dict[int, dict[str, int]] = {pk: {pos: 0 for pos in seat_map[pk]} for pk in meta}
    counts: dict[int, int] = defaultdict(int)
    hand_rounds = {} if rounds is None else {"table__round__number__in": rounds}
    per_table = (
        Hand.objects.filter(table__round__tournament=tournament, **hand_rounds)
        .values("table_id")
        .annotate(
            hands=Count("id", filter=Q(played=True)),
            **{f"p_{pos}": Sum(Cast(KeyTextTransform(pos, "points"), IntegerField())) for pos in positions},
        )
    )
    for row in per_table:
        counts[row["table_id"]] = row["hands"]
        for pos in seat_map[row["table_id"]]:
            sums[row["table_id"]][pos] = row[f"p_{pos}"] or 0
    out = []
    for pk, m in meta.items():
        by_pos = sums[pk]
        progress = progress_from_counts(
            tournament, sorted(seat_map[pk]), played=counts[pk], time_expired=m["time_expired"], totals=by_pos
        )
        out.append(
            TableTotals(
                round=m["round__number"],
                table=m["number"],
                table_id=pk,
                by_position=by_pos,
                by_entry={seat_map[pk][pos]: total for pos, total in by_pos.items() if pos in seat_map[pk]},
                hands=progress.played,
                confirmed=m["confirmed_at"] is not None,
                progress=progress,
                closed=m["round__status"] == Round.Status.CLOSED,
            )
        )
    out.sort(key=lambda t: (t.round, t.table))
    return out


def table_results(tournament: Tournament, rounds: list[int] | None = None) -> list[TableResult]:
    """Per table and round, entry id -> round total, for tables that have hands; a table still
    playing is marked incomplete (running totals, no result yet)."""
    return [
        TableResult(t.round, t.table, t.by_entry, t.confirmed, t.complete)
        for t in table_totals(tournament, rounds)
        if t.hands
    ]


def byes_by_round(tournament: Tournament) -> dict[int, list[str]]:
    out: dict[int, list[str]] = defaultdict(list)
    for number, entry_id in Bye.objects.filter(round__tournament=tournament).values_list("round__number", "entry_id"):
        out[number].append(str(entry_id))
    return dict(out)


def meetings(tournament: Tournament, before_round: int) -> dict[frozenset[str], int]:
    """How often each pair of entries has shared a table before ``before_round``."""
    tables: dict[int, list[str]] = defaultdict(list)
    for table_id, entry_id in Seat.objects.filter(
        round__tournament=tournament, round__number__lt=before_round
    ).values_list("table_id", "entry_id"):
        tables[table_id].append(str(entry_id))
    counts: dict[frozenset[str], int] = defaultdict(int)
    for players in tables.values():
        for i, a in enumerate(players):
            for b in players[i + 1 :]:
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
    per_round: list[str]  # ranking points per round; a round still playing: its running game points
    running: list[bool]  # per round: is that cell running game points of an unfinished table?


def metric_label(key: str) -> str:
    """A metric's name in the active language (the words live with the metric, standings.METRICS)."""
    return gettext(METRICS[key].name) if key in METRICS else key


def metric_abbr(key: str) -> str:
    return gettext(METRICS[key].abbr) if key in METRICS else key


def metric_help(key: str) -> str:
    return gettext(METRICS[key].help) if key in METRICS else ""


# The metrics' names translated when shown (for templates and documents that take a mapping).
METRIC_LABELS = {key: lazy(metric_label, str)(key) for key in METRICS}

# Fixed-pair variants (the table plans that draw pairs) rank pairs, not players
# (tarokk-laza.md §5.4: both partners get the pair's total, "the tournament layer ranks pairs").
PAIR_VARIANTS = frozenset(key for key, v in VARIANTS.items() if v.plan.unit == "pair")


def pairs_of(entries: list[dict]) -> dict[str, str]:
    """Entry id -> its pair's id: partners share a team name; the id is the lower entry id of the
    two (the draw and the standings both name pairs so). An entry without a team is its own unit."""
    teams: dict[str, list[str]] = defaultdict(list)
    for e in entries:
        teams[e["team"] or f"#{e['start_number']}"].append(str(e["pk"]))
    return {member: min(members) for members in teams.values() for member in members}


def _by_pair(
    results: list[TableResult],
    byes: dict[int, list[str]],
    pair_of: dict[str, str],
) -> tuple[list[TableResult], dict[int, list[str]]]:
    """Results and byes with each entry replaced by its pair (partners' totals are equal)."""
    results = [
        TableResult(r.round, r.table, {pair_of.get(p, p): t for p, t in r.totals.items()}, r.confirmed, r.complete)
        for r in results
    ]
    byes = {n: sorted({pair_of.get(p, p) for p in out}) for n, out in byes.items()}
    return results, byes


def lot_seed(tournament: Tournament) -> str:
    """The seed of the standings lot: the event's draw seed (its slug when none was set), so the
    lot is reproducible by anyone: SHA-256 of "seed:player id" (standings._lot)."""
    return tournament.draw_seed or tournament.slug


def event_standings(tournament: Tournament) -> tuple[list[str], list[StandingRow]]:
    """(metric names, rows) of the overall standings, a row per player (per pair at Laza);
    three queries whatever the size."""
    entries = {
        str(e["pk"]): e
        for e in tournament.entries.values("pk", "start_number", "team", "player__name", "player__club", "status")
    }
    results, byes = table_results(tournament), byes_by_round(tournament)
    members: dict[str, list[dict]] = {p: [e] for p, e in entries.items()}
    if tournament.variant in PAIR_VARIANTS:
        pair_of = pairs_of(list(entries.values()))
        results, byes = _by_pair(results, byes, pair_of)
        members = defaultdict(list)
        for p, e in sorted(entries.items(), key=lambda item: item[1]["start_number"]):
            members[pair_of[p]].append(e)
    lines = standings(
        tournament.variant,
        results,
        list(members),
        byes=byes,
        metrics=tuple(tournament.tiebreaks) or None,
        seed=lot_seed(tournament),
        settings=tournament.event_settings,
    )
    metrics = list(tournament.tiebreaks) or list(DEFAULT_METRICS[tournament.variant])
    rows = []
    for line in lines:
        unit = members[line.player]
        first = unit[0]
        rows.append(
            StandingRow(
                rank=line.rank,
                entry_id=first["pk"],
                start_number=first["start_number"],
                name=" & ".join(e["player__name"] for e in unit),
                club=" / ".join(dict.fromkeys(e["player__club"] for e in unit if e["player__club"])),
                team=first["team"],
                line=line,
                per_round=[
                    _fmt(line.per_round.get(n)) if n not in line.running else str(line.running[n])
                    for n in range(1, tournament.rounds + 1)
                ],
                running=[n in line.running for n in range(1, tournament.rounds + 1)],
            )
        )
    return metrics, rows


def _fmt(value: Fraction | None) -> str:
    if value is None:
        return ""
    return str(int(value)) if value.denominator == 1 else f"{float(value):g}"


def metric_text(value: float | None) -> str:
    """A standings metric as the pages print it: 2, 1.5, 1.625 (ranking points are multiples of 1/8)."""
    return "" if value is None else _fmt(Fraction(value).limit_denominator(8))
