"""A table's protocol (zapisnik / játszmalap) and the standings sheet as plain data.

- what each hand's line shows comes from the variant (``Variant.protocol``, a
  ``scoring.protocol_layout.ProtocolLayout``: its row function and column headings);
  this module adds what every sheet has: the dealer order, who sits out, points and
  running totals per seat, places and ranking points;
- ``round_protocols`` / ``table_protocol`` take one round's tables from their read models
  (``tournaments/tables/table_view.py``: seats, hands with their running totals, progress,
  confirmations), loaded in a fixed number of queries, however many tables.

Rendering them to HTML and PDF is ``render.py``'s job.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy, ngettext

from scoring.protocol_layout import RowText, Translator
from scoring.registry import VARIANTS
from tournaments.documents.protocols.links import qr_data_uri, table_url
from tournaments.incidents.models import Incident, Sanction
from tournaments.models import AuditEntry, JudgeConfirmation, Round, Table, Tournament
from tournaments.people.names import display_name
from tournaments.public import live
from tournaments.results.load import lot_seed, metric_label, metric_text, ranks_pairs, standing_cells
from tournaments.results.standings import table_points
from tournaments.tables.progress import TableProgress
from tournaments.tables.table_view import HandLine, SeatView, hand_lines, lines_progress, table_views
from tournaments.variants import variant_name

# The row functions translate their words into the active language through Django.
SITE_WORDS = Translator(gettext, ngettext)


def protocol_row(
    variant: str, hand: Mapping[str, Any], before: Mapping[str, Any], after: Mapping[str, Any], config: Any = None
) -> RowText:
    """The variant's cells of a hand's line, in the active language (``config``: the event's)."""
    return VARIANTS[variant].protocol.text(hand, before, after, SITE_WORDS, config)


def columns(variant: str) -> tuple[Any, ...]:
    """The headings of the variant's four columns, translated when the sheet is rendered."""
    return tuple(gettext_lazy(heading) for heading in VARIANTS[variant].protocol.columns)


def dealer_sequence(variant: str, positions: list[str], first: str, count: int) -> list[str]:
    """``count`` dealers in turn from ``first``, as the engine rotates the deal."""
    rotate = VARIANTS[variant].next_dealer
    out, dealer = [], first
    for _i in range(count):
        out.append(dealer)
        dealer = rotate(positions, dealer)
    return out


def dealer_order(variant: str, positions: list[str], first: str) -> list[str]:
    """The order of the deal once round the table, starting with the first dealer."""
    order = []
    for d in dealer_sequence(variant, positions, first, len(positions)):
        if d in order:
            break
        order.append(d)
    return order


SITS_OUT_MARK = "–"


def sitting_out(variant: str, positions: list[str], dealer: str) -> frozenset[str]:
    """Seats that do not play the hand ``dealer`` deals: at tables larger than the game (the dealer
    at 5 Taruk seats or 4 ulti seats; at Vadász 5-7 the dealer and the one or two opposite him)."""
    if not dealer:
        return frozenset()
    try:
        playing = VARIANTS[variant].playing_seats(positions, dealer, {})
    except (ValueError, KeyError):  # a table size or dealer the variant does not know: mark nobody
        return frozenset()
    return frozenset(positions) - set(playing)


def fmt_points(value: Fraction | float | int | None) -> str:
    """Ranking points as the sheet writes them: 2, 1.5, 1.625 (exact: multiples of 1/8)."""
    if value is None:
        return ""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


# --- the protocol as plain data ----------------------------------------------------------


@dataclass
class SeatLine:
    position: str
    name: str
    start_number: int | None
    club: str = ""
    team: str = ""
    confirmed_at: Any = None  # when he confirmed with his PIN
    cards: list[SanctionNote] = field(default_factory=list)  # his sanctions from incidents at this table


@dataclass
class Cell:
    points: int | None = None
    running: int | None = None
    mark: str = ""  # what the state marks at the seat after the hand (ProtocolLayout.seat_marks)
    out: bool = False  # the seat sits out this hand (a 5-seat Taruk table, 4 at ulti, 5-7 at Vadász)

    @property
    def text(self) -> str:
        """One cell per seat and hand: "+25 → 40", the seat's mark after it (Taruk: a radelc ○); "–" for a
        seat that sits out. One plain text keeps WeasyPrint fast (every extra box in the grid costs about a
        millisecond, 256 pages a round)."""
        if self.points is None:
            return SITS_OUT_MARK if self.out else ""
        if self.out and not self.points:
            return f"{SITS_OUT_MARK} → {self.running}"
        change = f"{self.points:+d}" if self.points else "0"
        return f"{change} → {self.running}" + (f" {self.mark}" if self.mark else "")


@dataclass
class Line:
    number: int
    dealer: str
    text: RowText = field(default_factory=RowText)
    cells: list[Cell] = field(default_factory=list)
    filled: bool = False
    marks: list[int] = field(default_factory=list)  # the footnotes of the incidents about this hand


@dataclass
class Countersignature:
    """Seat A's confirmation countersigned by the judge (taruk2012.md §6.5): who, when and why."""

    judge: str  # his display name
    reason: str
    at: Any


@dataclass
class Override:
    """The round was closed while this table was not done (``rounds.close_round(override=True)``)."""

    by: str  # the organizer's display name
    reason: str
    at: Any


@dataclass
class SanctionNote:
    """A warning, card or exclusion from the judge's desk for an incident at this table."""

    kind: str  # "yellow", "red", ...: the sheet's mark
    label: str
    position: str  # the player's seat at this table ("" if he does not sit here)
    name: str
    mark: int | None  # the footnote of its incident
    reason: str


@dataclass
class IncidentNote:
    """An incident at the table, as the filled sheet's footnote writes it (numbered in time order)."""

    mark: int
    hand: int | None
    kind: str
    status: str
    text: str  # the caller's finding and the ruling, as the judge wrote them
    incident_id: int | None = None


@dataclass
class Protocol:
    event: str
    variant: str
    variant_name: str
    round: int
    table: int
    seats: list[SeatLine]
    first_dealer: str
    dealer_order: list[str]
    expected: int
    lines: list[Line]
    columns: tuple[Any, ...]  # the variant's four headings
    url: str
    qr: str
    filled: bool
    totals: list[int | None] = field(default_factory=list)
    places: list[int | None] = field(default_factory=list)
    ranking: list[str] = field(default_factory=list)
    hands: int = 0
    complete: bool = False
    confirmed_at: Any = None
    time_up_after: int | None = None  # taruk2012.md §7.2: the hand after which time was up
    # What the state marks at a seat and the legend that explains it (ProtocolLayout.seat_marks: Taruk's radelc).
    mark_symbol: str = ""
    mark_legend: Any = ""
    incidents: list[IncidentNote] = field(default_factory=list)
    countersigned: Countersignature | None = None
    override: Override | None = None
    sanctions: list[SanctionNote] = field(default_factory=list)

    @property
    def pin_confirmed(self) -> list[SeatLine]:
        """The seats whose players confirmed with their PIN, in seat order."""
        return [s for s in self.seats if s.confirmed_at]

    @property
    def all_by_pin(self) -> bool:
        """Every seat confirmed with his own PIN (no countersignature stood in for anyone)."""
        return bool(self.seats) and self.countersigned is None and len(self.pin_confirmed) == len(self.seats)

    @property
    def positions(self) -> list[str]:
        return [s.position for s in self.seats]

    @property
    def footer(self) -> list[tuple[str, list[Any]]]:
        """Total, place and ranking points per seat; empty cells to write in on a blank sheet."""
        empty = [""] * len(self.seats)
        return [
            (gettext("Total"), self.totals or empty),
            (gettext("Place"), self.places or empty),
            (gettext("Ranking points"), self.ranking or empty),
        ]

    @property
    def sit_outs(self) -> bool:
        """Some seat sits out some hand: the sheet explains the mark."""
        return any(c.out for line in self.lines for c in line.cells)


def build_protocol(
    *,
    tournament: Tournament,
    round_no: int,
    table_no: int,
    first_dealer: str,
    seats: list[SeatLine],
    hands: list[Mapping[str, Any]],
    filled: bool,
    expected: int | None = None,
    time_up_after: int | None = None,
    **notes: Any,
) -> Protocol:
    """One table's protocol from plain data. ``hands``: dicts with number, dealer, input, points, state_after
    and ``played`` (does it count for the round; derived from the input by the variant when absent);
    ``notes``: what the filled sheet writes beside them (``_sheet``: confirmed_at, closed, incidents,
    countersigned, override, sanctions).

    Blank: names and the dealer order only. Filled: every hand with points and running totals,
    then empty lines up to the expected number of hands, the totals, places and ranking points.
    """
    positions = [s.position for s in seats]
    hands = sorted(hands, key=lambda h: h["number"]) if filled else []
    counts = tournament.rules.counts_as_played
    # The table's read model (tournaments/tables/table_view.py) adds the hands up, the one progress
    # computation counts them: void deals and throw-ins are written on the sheet but are not
    # hands of the round.
    lines = hand_lines(positions, [{**h, "played": h.get("played", counts(h.get("input") or {}))} for h in hands])
    progress = lines_progress(tournament, positions, lines, time_up_after=time_up_after, expected=expected)
    return _sheet(tournament, round_no, table_no, first_dealer, seats, lines, progress, filled=filled, **notes)


def _sheet(
    tournament: Tournament,
    round_no: int,
    table_no: int,
    first_dealer: str,
    seats: list[SeatLine],
    hands: Sequence[HandLine],
    progress: TableProgress,
    *,
    filled: bool,
    confirmed_at: Any = None,
    closed: bool = False,
    incidents: Iterable[IncidentNote] = (),
    countersigned: Countersignature | None = None,
    override: Override | None = None,
    sanctions: Iterable[SanctionNote] = (),
) -> Protocol:
    """The sheet of a table's hand lines and progress (the read model's, ``table_view``)."""
    variant = tournament.variant
    positions = [s.position for s in seats]
    rules = tournament.rules
    marks = rules.protocol.seat_marks
    lines: list[Line] = []
    state: Mapping[str, Any] = {}
    for h in hands:
        after = h.state_after
        marked = marks.of(after) if marks and isinstance(after, dict) else {}
        played = h.input.get("seats")
        out = set(positions) - set(played) if isinstance(played, list) else set()
        cells = [
            Cell(h.points[p], h.running[p], marks.symbol * marked.get(p, 0) if marks else "", p in out)
            for p in positions
        ]
        lines.append(
            Line(
                h.number,
                h.dealer,
                protocol_row(variant, h.input, state, after, tournament.config),
                cells,
                filled=True,
            )
        )
        state = after
    # Empty lines for the hands still to play, with their dealers written in: the next one is the usual dealer
    # after the last hand, as the table page asks (a redeal or a void deal is dealt again by its dealer).
    if positions and first_dealer:
        last = hands[-1] if hands else None
        start = (
            first_dealer if last is None else rules.allowed_dealers(positions, {**last.input, "dealer": last.dealer})[0]
        )
        count = progress.remaining
        for i, dealer in enumerate(dealer_sequence(variant, positions, start, count)):
            out = sitting_out(variant, positions, dealer)
            lines.append(Line(len(hands) + i + 1, dealer, cells=[Cell(out=p in out) for p in positions]))
    protocol = Protocol(
        event=tournament.name,
        variant=variant,
        variant_name=variant_name(variant),
        round=round_no,
        table=table_no,
        seats=seats,
        first_dealer=first_dealer,
        dealer_order=dealer_order(variant, positions, first_dealer) if positions and first_dealer else [],
        expected=progress.expected,
        lines=lines,
        columns=columns(variant),
        mark_symbol=marks.symbol if marks else "",
        mark_legend=gettext_lazy(marks.legend) if marks else "",
        url=table_url(tournament.slug, round_no, table_no),
        qr="",
        filled=filled,
        hands=progress.played,
        complete=progress.complete,
        confirmed_at=confirmed_at,
        time_up_after=progress.time_up_after,
    )
    protocol.qr = qr_data_uri(protocol.url)
    if filled:
        protocol.incidents = list(incidents)
        protocol.countersigned, protocol.override, protocol.sanctions = countersigned, override, list(sanctions)
        for seat in seats:
            seat.cards = [n for n in protocol.sanctions if n.position == seat.position]
        by_number = {line.number: line for line in lines}
        for note in protocol.incidents:
            if note.hand in by_number:
                by_number[note.hand].marks.append(note.mark)
    if hands:
        totals = dict(progress.totals)
        place = rules.standing.table_places(totals, tournament.event_settings)
        ranking = table_points(variant, totals, tournament.event_settings)
        protocol.totals = [totals[p] for p in positions]
        # taruk2012.md §6.1: places and ranking points once the table is complete (or its round closed).
        if progress.complete or closed:
            protocol.places = [place[p] for p in positions]
            protocol.ranking = [fmt_points(ranking.get(p)) for p in positions]
    return protocol


# --- loading from the database -------------------------------------------------------------


def round_protocols(rnd: Round, *, filled: bool, table_numbers: Iterable[int] | None = None) -> list[Protocol]:
    """Every table's protocol of ``rnd`` (or only ``table_numbers``), from the tables' read models
    (``table_view.table_views``): a fixed number of queries whatever the size."""

    tournament = rnd.tournament
    tables = Table.objects.filter(round=rnd).select_related("round").order_by("number")
    if table_numbers is not None:
        tables = tables.filter(number__in=list(table_numbers))
    views = table_views(tournament, tables, before_play=not filled)
    seats = {v.table_id: [_seat_line(s) for s in v.seats] for v in views}
    ids = [v.table_id for v in views]
    notes = table_incidents(ids) if filled else {}
    overridden = round_override(rnd) if filled else {}
    cards = table_sanctions(ids, seats, notes) if filled else {}
    return [
        _sheet(
            tournament,
            rnd.number,
            v.number,
            v.first_dealer,
            seats[v.table_id],
            v.hands,
            v.progress,
            filled=filled,
            confirmed_at=v.confirmed_at,
            closed=rnd.status == Round.Status.CLOSED,
            incidents=notes.get(v.table_id, ()),
            countersigned=_countersignature(v.judge_confirmation),
            override=overridden.get(v.number),
            sanctions=cards.get(v.table_id, ()),
        )
        for v in views
    ]


def _seat_line(seat: SeatView) -> SeatLine:
    return SeatLine(seat.position, seat.name, seat.start_number, seat.club, seat.team, seat.confirmed_at)


def _countersignature(judge: JudgeConfirmation | None) -> Countersignature | None:
    """Seat A's confirmation countersigned by the judge: who, why and when."""
    return None if judge is None else Countersignature(display_name(judge.judge), judge.reason, judge.confirmed_at)


def round_override(rnd: Round) -> dict[int, Override]:
    """Table number -> the override that closed ``rnd`` over it, read from the audit entry of the
    close (``rounds.close_round`` keeps the tables that were open and the reason). Nothing while the
    round is not closed: a reopened round's earlier close no longer holds."""
    if rnd.status != Round.Status.CLOSED:
        return {}
    entry = (
        AuditEntry.objects.filter(tournament_id=rnd.tournament_id, round_number=rnd.number, action="round.closed")
        .select_related("actor")
        .order_by("-id")
        .first()
    )
    if entry is None or not isinstance(entry.after, dict):
        return {}
    note = Override(display_name(entry.actor), entry.reason, entry.created_at)
    return {o["table"]: note for o in entry.after.get("override") or () if isinstance(o, dict) and "table" in o}


def table_sanctions(
    table_ids: list[int], seats: Mapping[int, list[SeatLine]], notes: Mapping[int, list[IncidentNote]]
) -> dict[int, list[SanctionNote]]:
    """The sanctions in force that came of each table's incidents, with the player's seat there and
    the footnote of the incident (``table_incidents`` numbers them in the same order)."""
    out: dict[int, list[SanctionNote]] = defaultdict(list)
    rows = (
        Sanction.objects.filter(incident__table_id__in=table_ids, lifted_at__isnull=True)
        .select_related("entry__player", "incident")
        .order_by("given_at", "id")
    )
    for s in rows:
        table_id = s.incident.table_id
        position = next(
            (line.position for line in seats.get(table_id, ()) if line.start_number == s.entry.start_number), ""
        )
        mark = next((n.mark for n in notes.get(table_id, ()) if n.incident_id == s.incident_id), None)
        out[table_id].append(
            SanctionNote(s.kind, str(Sanction.Kind(s.kind).label), position, s.entry.player.name, mark, s.reason)
        )
    return dict(out)


def table_incidents(table_ids: list[int]) -> dict[int, list[IncidentNote]]:
    """The incidents of each table, numbered 1, 2, ... per table in the order they were opened."""
    out: dict[int, list[IncidentNote]] = defaultdict(list)
    rows = (
        Incident.objects.filter(table_id__in=table_ids)
        .order_by("table_id", "opened_at", "id")
        .values("id", "table_id", "hand_number", "hand__number", "kind", "status", "outcome", "finding", "ruling")
    )
    for row in rows:
        notes = out[row["table_id"]]
        status = Incident.Status(row["status"]).label
        if row["outcome"]:
            status = f"{status}: {Incident.Outcome(row['outcome']).label}"
        text = " — ".join(part for part in (row["finding"].strip(), row["ruling"].strip()) if part)
        notes.append(
            IncidentNote(
                mark=len(notes) + 1,
                hand=row["hand_number"] or row["hand__number"],
                kind=str(Incident.Kind(row["kind"]).label),
                status=str(status),
                text=text,
                incident_id=row["id"],
            )
        )
    return dict(out)


def table_protocol(table: Table, *, filled: bool) -> Protocol:
    return round_protocols(table.round, filled=filled, table_numbers=[table.number])[0]


def standings_context(tournament: Tournament) -> dict[str, Any]:
    """The standings sheet's frame: its heads and notes; its rows are ``standings_rows``."""
    metrics, _rows = live.standings(tournament)
    return {
        "tournament": tournament,
        "metrics": [metric_label(m) for m in metrics],
        "lot_seed": lot_seed(tournament) if "lot" in metrics else None,
        "round_numbers": list(range(1, tournament.rounds + 1)),
        "pairs": ranks_pairs(tournament),
        "rounds_closed": tournament.round_set.filter(status=Round.Status.CLOSED).count(),
        "generated_at": timezone.now(),
    }


def standings_rows(tournament: Tournament) -> list[dict[str, Any]]:
    """The standings sheet's rows, as the public pages rank them (computed once per change of the event)."""
    metrics, rows = live.standings(tournament)
    return [
        {
            "rank": r.rank,
            "start_number": r.start_number,
            "name": r.name,
            "club": r.club,
            "team": r.team,
            "provisional": r.line.provisional,
            "excluded": r.excluded,
            "cells": standing_cells(
                r.per_round, r.running, {m: metric_text(r.line.metrics.get(m)) for m in metrics}, r.line.playing
            ),
        }
        for r in rows
    ]
