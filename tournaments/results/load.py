"""Loading results from the database as plain data for ``standings`` and ``seating``.

Totals are derived from the stored hands (never typed twice): the database sums each table's hands
as they are written (``TableSums``); one query reads the seats and one the tables with their sums,
however large the event.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.db import connection
from django.db.models import BooleanField, ExpressionWrapper, F, Func, IntegerField, Q
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast
from django.utils.functional import lazy
from django.utils.translation import gettext

from tournaments.incidents.models import Sanction
from tournaments.models import Bye, Entry, Round, Seat, Table, Tournament
from tournaments.results.standings import METRICS, Line, TableResult, standings
from tournaments.tables.progress import TableProgress, is_complete, progress_from_counts


@dataclass(slots=True)
class TableTotals:
    round: int
    table: int
    table_id: int
    by_position: dict[str, int]  # position -> total
    by_entry: dict[str, int]  # entry id -> total
    hands: int  # hands that count for the round (progress.played)
    confirmed: bool
    entered: int  # every hand record (void deals and redeals too)
    expected: int  # hands the table plays (its size's)
    time_up_after: int | None
    closed: bool = False  # the round is closed: its tables' results stand as they are

    @property
    def complete(self) -> bool:
        """Has a result (taruk2012.md §6.1): all hands played, those up to where time was up, or the
        round closed."""
        return self.closed or is_complete(self.hands, self.entered, self.expected, self.time_up_after)

    @property
    def progress(self) -> TableProgress:
        """The table's progress (``progress.progress_from_counts``), made anew where a reader asks for it
        (read it once): the standings only ask whether a table is complete, for each of 1,024 tables."""
        return progress_from_counts(
            None,
            sorted(self.by_position),
            played=self.hands,
            entered=self.entered,
            time_up_after=self.time_up_after,
            totals=self.by_position,
            expected=self.expected,
        )


class SeatPoints(Func):
    """A seat's points in a ``points`` JSON (a table's sums), as an integer, read by the database: the
    driver then gives plain integers (PostgreSQL's would decode every row's JSON in Python).

    Django's key transforms also test the value's JSON type on SQLite (two more JSON calls per value);
    our points are always integers."""

    output_field = IntegerField()

    def __init__(self, position: str, points: str = "points") -> None:
        self.position = position
        super().__init__(F(points))

    def as_sqlite(self, compiler: Any, connection: Any, **extra: Any) -> tuple[str, list[Any]]:
        sql, params = compiler.compile(self.get_source_expressions()[0])
        return f"JSON_EXTRACT({sql}, %s)", [*params, f'$."{self.position}"']

    def as_postgresql(self, compiler: Any, connection: Any, **extra: Any) -> tuple[str, list[Any]]:
        sql, params = compiler.compile(self.get_source_expressions()[0])
        return f"(({sql}) ->> %s)::integer", [*params, self.position]

    def as_sql(self, compiler: Any, connection: Any, **extra: Any) -> tuple[str, list[Any]]:
        # Any other database: Django's own key transform.
        column = self.get_source_expressions()[0]
        return compiler.compile(Cast(KeyTextTransform(self.position, column), IntegerField()))


def table_totals(
    tournament: Tournament, rounds: list[int] | None = None, totals: Mapping[int, Mapping[str, int]] | None = None
) -> list[TableTotals]:
    """Every table of the event (of ``rounds``), with or without hands: its hands that count and each
    seat's summed points. Three queries: the rounds, the seats, then the tables with their hands' sums
    (``TableSums``, which the database keeps as hands are written: 1,024 rows read, not 12,288 hands'
    JSON summed). ``totals``: table id -> seat totals that stand instead of the stored hands' (a
    rescoring's, before or without storing it)."""
    # Filter by joins, not by a list of table ids: a 1,000-id IN list is slow to bind.
    in_rounds = {} if rounds is None else {"round__number__in": rounds}
    # The event's rounds (a handful of rows): their number and status join each table here.
    round_of = {
        pk: (number, status == Round.Status.CLOSED)
        for pk, number, status in Round.objects.filter(
            tournament=tournament, **({} if rounds is None else {"number__in": rounds})
        )
        .order_by()
        .values_list("pk", "number", "status")
    }
    seat_map: dict[int, dict[str, str]] = defaultdict(dict)
    # No ordering: the model's default one joins tables and rounds to sort 4,096 rows nobody needs sorted.
    seats = Seat.objects.filter(round__tournament=tournament, **in_rounds).order_by()
    for table_id, position, entry_id in _rows(seats.values_list("table_id", "position", "entry_id")):
        seat_map[table_id][position] = str(entry_id)
    positions = sorted({pos for seats in seat_map.values() for pos in seats})
    per_table = (
        Table.objects.filter(round__tournament=tournament, **in_rounds)
        .values_list("pk", "number", "round_id", "time_up_after", "hand_sums__played", "hand_sums__entered")
        .annotate(
            # A boolean from the database, not the timestamp: no per-row datetime parsing.
            confirmed=ExpressionWrapper(Q(confirmed_at__isnull=False), output_field=BooleanField()),
            **{f"p_{pos}": SeatPoints(pos, "hand_sums__points") for pos in positions},
        )
        .order_by()
    )
    expected: dict[int, int] = {}  # table size -> hands the table plays (the same for every table of a size)
    out = []
    for pk, number, round_id, time_up_after, played, entered, confirmed, *sums in _rows(per_table):
        seats = seat_map[pk]
        by_pos = {pos: total or 0 for pos, total in zip(positions, sums, strict=True) if pos in seats}
        if totals is not None and pk in totals:
            by_pos = {pos: totals[pk].get(pos, 0) for pos in by_pos}
        size = len(seats)
        if size not in expected:
            expected[size] = progress_from_counts(tournament, sorted(seats), played=0).expected
        round_number, closed = round_of[round_id]
        out.append(
            TableTotals(
                round=round_number,
                table=number,
                table_id=pk,
                by_position=by_pos,
                by_entry={seats[pos]: total for pos, total in by_pos.items()},
                hands=played or 0,
                confirmed=bool(confirmed),
                entered=entered or 0,
                expected=expected[size],
                time_up_after=time_up_after,
                closed=closed,
            )
        )
    out.sort(key=lambda t: (t.round, t.table))
    return out


def _rows(query: Any) -> list[tuple]:
    """A ``values_list`` query's rows as the driver gives them: integers, strings, and a boolean or 0/1,
    without the ORM's converter call per value (a tenth of the standings recompute at 1,024 tables)."""
    sql, params = query.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def table_results(
    tournament: Tournament, rounds: list[int] | None = None, totals: Mapping[int, Mapping[str, int]] | None = None
) -> list[TableResult]:
    """Per table and round, entry id -> round total, for tables that have hands; a table still
    playing is marked incomplete (running totals, no result yet). ``totals``: as ``table_totals``."""
    return [
        TableResult(t.round, t.table, t.by_entry, t.confirmed, t.complete)
        for t in table_totals(tournament, rounds, totals)
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


@dataclass(slots=True)
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
    start_numbers: tuple[int, ...] = ()  # every member's (a pair has two; the row shows the first)
    excluded: bool = False  # excluded from the event (MAUSZ 11.§): his rounds from then on are struck


def standing_cells(
    per_round: Sequence[str], running: Sequence[bool], metric_texts: Mapping[str, str], playing: bool
) -> list[tuple[str, bool]]:
    """A standings row's cells as the page and the PDF print them, one per column: (text, is it the
    running game points of a table still playing, i.e. provisional?). The rounds first, then the
    metrics in order (``metric_texts``: key -> text); a running total is the game points'."""
    return [
        *zip(per_round, running, strict=True),
        *((text, key == "game_points" and playing) for key, text in metric_texts.items()),
    ]


def metric_label(key: str) -> str:
    """A metric's name in the active language (the words live with the metric, standings.METRICS)."""
    return gettext(METRICS[key].name) if key in METRICS else key


def metric_abbr(key: str) -> str:
    return gettext(METRICS[key].abbr) if key in METRICS else key


def metric_help(key: str) -> str:
    return gettext(METRICS[key].help) if key in METRICS else ""


# The metrics' names translated when shown (for templates and documents that take a mapping).
METRIC_LABELS = {key: lazy(metric_label, str)(key) for key in METRICS}


def ranks_pairs(tournament: Tournament) -> bool:
    """Does the event rank fixed pairs, not players? Those its draw seats (``TablePlan.unit``;
    tarokk-laza.md §5.4: both partners get the pair's total, "the tournament layer ranks pairs")."""
    return tournament.rules.plan.unit == "pair"


def event_metrics(tournament: Tournament) -> list[str]:
    """The event's tie-breaks in order: the organizer's choice, else the variant's default."""
    return list(tournament.tiebreaks) or list(tournament.rules.standing.tiebreaks)


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


def standings_options(tournament: Tournament) -> dict[str, Any]:
    """How the event's standings are computed (``standings.standings`` keywords): its metrics, the lot's
    seed and the readings in force. The published standings and the draws' orders share them."""
    return {
        "metrics": tuple(tournament.tiebreaks) or None,
        "seed": lot_seed(tournament),
        "settings": tournament.event_settings,
    }


def event_standings(
    tournament: Tournament, totals: Mapping[int, Mapping[str, int]] | None = None
) -> tuple[list[str], list[StandingRow]]:
    """(metric names, rows) of the overall standings, a row per player (per pair at Laza);
    three queries whatever the size. ``totals``: table id -> seat totals that stand instead of the
    stored hands' (a change of readings shows the standings it would make before storing anything)."""
    entries = {
        str(e["pk"]): e
        for e in tournament.entries.values("pk", "start_number", "team", "player__name", "player__club", "status")
    }
    results, byes = table_results(tournament, totals=totals), byes_by_round(tournament)
    members: dict[str, list[dict]] = {p: [e] for p, e in entries.items()}
    if ranks_pairs(tournament):
        pair_of = pairs_of(list(entries.values()))
        results, byes = _by_pair(results, byes, pair_of)
        members = defaultdict(list)
        for p, e in sorted(entries.items(), key=lambda item: item[1]["start_number"]):
            members[pair_of[p]].append(e)
    struck_from = exclusion_rounds(tournament)
    if ranks_pairs(tournament):  # a pair's rounds are struck from its first member's exclusion on
        by_pair: dict[str, int] = {}
        for entry_id, rnd in struck_from.items():
            unit = pair_of.get(entry_id, entry_id)
            by_pair[unit] = min(rnd, by_pair.get(unit, rnd))
        struck_from = by_pair
    lines = standings(
        tournament.variant,
        results,
        list(members),
        byes=byes,
        excluded=struck_from,
        **standings_options(tournament),
    )
    metrics = event_metrics(tournament)
    rounds = range(1, tournament.rounds + 1)
    excluded = Entry.Status.EXCLUDED.value
    rows = []
    for line in lines:
        unit = members[line.player]
        first = unit[0]
        running, points = line.running, line.per_round
        if len(unit) == 1:  # a player (the common case: no joining of partners' names)
            name, club, numbers = first["player__name"], first["player__club"], (first["start_number"],)
        else:
            name = " & ".join(e["player__name"] for e in unit)
            club = " / ".join(dict.fromkeys(e["player__club"] for e in unit if e["player__club"]))
            numbers = tuple(e["start_number"] for e in unit)
        if running:  # a table of his still playing: its round shows the running game points
            cells = [str(running[n]) if n in running else _fmt(points.get(n)) for n in rounds]
            flags = [n in running for n in rounds]
        else:
            cells, flags = [_fmt(points.get(n)) for n in rounds], [False] * len(rounds)
        rows.append(
            StandingRow(
                rank=line.rank,
                entry_id=first["pk"],
                start_number=first["start_number"],
                name=name,
                club=club,
                team=first["team"],
                line=line,
                per_round=cells,
                running=flags,
                start_numbers=numbers,
                excluded=first["status"] == excluded or any(e["status"] == excluded for e in unit[1:]),
            )
        )
    return metrics, rows


def exclusion_rounds(tournament: Tournament) -> dict[str, int]:
    """Entry id (as the standings name players) -> the round from which his exclusion strikes his
    results (MAUSZ 11.§); an exclusion lifted on protest strikes nothing."""
    rows = Sanction.objects.filter(
        tournament=tournament, kind=Sanction.Kind.EXCLUSION, lifted_at__isnull=True, round__isnull=False
    ).values_list("entry_id", "round__number")
    return {str(entry_id): number for entry_id, number in rows}


def _fmt(value: Fraction | None) -> str:
    if value is None:
        return ""
    numerator, denominator = value.numerator, value.denominator
    return str(numerator) if denominator == 1 else f"{numerator / denominator:g}"


def metric_text(value: float | None) -> str:
    """A standings metric as the pages print it: 2, 1.5, 1.625 (ranking points are multiples of 1/8)."""
    if value is None:
        return ""
    value = float(value)
    if (value * 8).is_integer():  # a multiple of 1/8 is exact in binary: it is its own nearest eighth
        return str(int(value)) if value.is_integer() else f"{value:g}"
    return _fmt(Fraction(value).limit_denominator(8))
