"""Excel workbooks of an event: standings, every hand, the player list (openpyxl).

A federation referee reads them in Excel in the event's language: one readable column per fact,
words as the protocol and the hand form write them, never JSON, a key or a code; numbers as
numbers; the header row bold and frozen; column widths fitted to what they hold.

Every string goes through ``write_row``: a text that a spreadsheet would read as a
formula (starting with ``=``, ``+``, ``-`` or ``@``) is stored as text, never as a
formula (CSV/formula injection; pretix ``helpers/safe_openpyxl.py``). Numbers stay numbers.
Call inside ``translation.override(event language)`` for translated headings.
"""

from __future__ import annotations

import io
from collections import defaultdict
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from scoring.entry import SeatName
from scoring.protocol_layout import SeatMarks
from tournaments.documents.export_columns import Played, input_columns
from tournaments.documents.protocols.build import protocol_row
from tournaments.documents.spreadsheet import mark_text
from tournaments.models import Hand, Round, Seat, Tournament
from tournaments.results.load import event_standings, metric_label
from tournaments.tables.handforms.base import say
from tournaments.tables.progress import running_totals

WIDEST = 60  # characters: a longer text wraps in Excel rather than pushing the sheet off the screen


def cell_value(value: Any) -> Any:
    """What a cell holds: numbers as numbers, Fractions exact as floats, text as text. A structure
    is a bug of the caller: a workbook holds words, never JSON."""
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    if isinstance(value, list | dict | tuple | set):
        raise TypeError(f"a workbook cell holds words or a number, not {type(value).__name__}")
    return str(value)


def write_row(ws: Worksheet, values: Iterable[Any], *, bold: bool = False) -> None:
    """Append one row; a string that would start a formula is written as a string (quote prefix)."""
    ws.append([cell_value(v) for v in values])
    for cell in ws[ws.max_row]:
        mark_text(cell)  # text, never a formula (tournaments/documents/spreadsheet.py)
        if bold:
            cell.font = Font(bold=True)


def _workbook(tournament: Tournament, title: str, header: list[Any], rows: Iterable[list[Any]]) -> bytes:
    """One sheet named ``title``: the bold ``header`` (frozen) and the ``rows``, as the file's bytes."""
    wb = Workbook()
    ws = wb.active
    ws.title = title[:31]  # Excel's limit for sheet names
    write_row(ws, header, bold=True)
    ws.freeze_panes = "A2"
    for row in rows:
        write_row(ws, row)
    fit_columns(ws)
    wb.properties.title = tournament.name
    wb.properties.creator = "tarok-tournaments"
    wb.properties.created = timezone.now().replace(tzinfo=None)
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def fit_columns(ws: Worksheet) -> None:
    """Each column as wide as its longest value (a heading may wrap onto two lines, a value longer
    than ``WIDEST`` wraps too)."""
    widths: dict[int, int] = defaultdict(int)
    for r, row in enumerate(ws.iter_rows(), start=1):
        for cell in row:
            if cell.value is None:
                continue
            text = str(cell.value)
            # A heading needs only its longest word on a line, or half of it: it wraps.
            need = max(max(map(len, text.split() or [""])), (len(text) + 1) // 2) if r == 1 else len(text)
            widths[cell.column] = max(widths[cell.column], need)
    for column, width in widths.items():
        ws.column_dimensions[get_column_letter(column)].width = min(width, WIDEST) + 2
        if width > WIDEST:
            for (cell,) in ws.iter_rows(min_row=2, min_col=column, max_col=column):
                cell.alignment = Alignment(wrap_text=True, vertical="top")
    for cell in ws[1]:
        cell.alignment = Alignment(wrap_text=True, vertical="top")


def standings_workbook(tournament: Tournament) -> bytes:
    """One row per player in standings order: rank, player, ranking points per round, the metrics."""

    metrics, rows = event_standings(tournament)
    shown = list(metrics)  # the lot too: its result decides ranks (taruk2012.md §7.7)
    return _workbook(
        tournament,
        _("Standings"),
        [
            _("Rank"),
            _("Start number"),
            _("Name"),
            _("Club"),
            _("Team"),
            *[_("Round %(n)d") % {"n": n} for n in range(1, tournament.rounds + 1)],
            *[metric_label(m) for m in shown],
            _("Provisional"),
        ],
        (
            [
                r.rank,
                r.start_number,
                r.name,
                r.club,
                r.team,
                *[r.line.per_round.get(n) for n in range(1, tournament.rounds + 1)],
                *[r.line.metrics.get(m) for m in shown],
                _("yes") if r.line.provisional else "",
            ]
            for r in rows
        ),
    )


def _running(hands: list[dict[str, Any]], seats: list[str]) -> list[dict[str, int]]:
    """Each hand's running totals at its table (the table's one running sum, ``progress.running_totals``),
    in the order of ``hands``."""
    at_table: dict[int, list[int]] = defaultdict(list)
    for i, h in enumerate(hands):
        at_table[h["table_id"]].append(i)
    out: list[dict[str, int]] = [{} for _h in hands]
    for rows in at_table.values():
        for i, totals in zip(rows, running_totals((hands[i]["points"] for i in rows), seats), strict=True):
            out[i] = totals
    return out


def hands_workbook(tournament: Tournament) -> bytes:
    """Every hand of the event, one row each, in words (never JSON, never a code): where it was played,
    the dealer and players by name, the protocol's line, one column per field of the variant's hand
    form (``export_columns``), the points and running totals per seat, who entered it and its version."""
    variant = tournament.variant
    layout = tournament.rules.protocol
    marks = layout.seat_marks
    tables: dict[int, dict[str, str]] = defaultdict(dict)
    for table_id, position, name in Seat.objects.filter(round__tournament=tournament).values_list(
        "table_id", "position", "entry__player__name"
    ):
        tables[table_id][position] = name
    hands = list(
        Hand.objects.filter(table__round__tournament=tournament)
        .order_by("table__round__number", "table__number", "number")
        .values(
            "table_id",
            "table__round__number",
            "table__number",
            "number",
            "dealer",
            "input",
            "points",
            "played",
            "state_after",
            "version",
            "entered_by__username",
            "entered_by__first_name",
            "entered_by__last_name",
        )
    )
    seats = sorted({p for names in tables.values() for p in names} | {p for h in hands for p in h["points"] or {}})
    inputs = [h["input"] if isinstance(h["input"], dict) else {} for h in hands]
    form = input_columns(
        tournament.rules,
        (
            Played(data, tuple(sorted(tables[h["table_id"]])), tables[h["table_id"]])
            for h, data in zip(hands, inputs, strict=True)
        ),
        tournament.config or None,
    )
    sheet = _protocol_lines(variant, hands, inputs, tournament.config)
    shown = [i for i in range(4) if any(line[i] for line in sheet)]  # a variant may leave a column unused
    running = _running(hands, seats)

    def row(i: int, h: dict[str, Any]) -> list[Any]:
        names = tables[h["table_id"]]
        points = h["points"] or {}
        totals = running[i]
        user = " ".join(filter(None, (h["entered_by__first_name"], h["entered_by__last_name"])))
        return [
            h["table__round__number"],
            h["table__number"],
            h["number"],
            seat_and_name(h["dealer"], names),
            " ".join(inputs[i].get("seats") or ()),
            *[names.get(s) for s in seats],
            *[sheet[i][c] or None for c in shown],
            *[column.cells[i] for column in form],
            *([marked(marks, h["state_after"])] if marks else []),
            inputs[i].get("note") or None,
            _("yes") if h["played"] else _("no"),
            *[points.get(s) for s in seats],
            *[totals[s] if s in names else None for s in seats],  # a seat the table has not: empty
            user or h["entered_by__username"],
            h["version"],
        ]

    return _workbook(
        tournament,
        _("Hands"),
        [
            _("Round"),
            _("Table"),
            _("Hand"),
            _("Dealer"),
            _("Playing seats"),
            *[_("Player %(seat)s") % {"seat": s} for s in seats],
            *[_("Protocol: %(column)s") % {"column": _(layout.columns[c])} for c in shown],
            *[column.heading for column in form],
            *([_(marks.legend)] if marks else []),
            _("note"),
            _("counts as a hand of the round"),
            *[_("Points %(seat)s") % {"seat": s} for s in seats],
            *[_("Total %(seat)s") % {"seat": s} for s in seats],
            _("Entered by"),
            _("Version"),
        ],
        (row(i, h) for i, h in enumerate(hands)),
    )


def seat_and_name(seat: str, names: Mapping[str, str]) -> str:
    """A seat as the hand form shows it: "A · Ana Novak"."""
    return str(say(SeatName(seat), names)) if seat else ""


def _protocol_lines(
    variant: str, hands: list[dict[str, Any]], inputs: list[dict[str, Any]], config: Any = None
) -> list[list[str]]:
    """Each hand's line as the filled protocol writes it (its four variant cells), from the state the
    table's previous hand left."""
    before: dict[int, Any] = {}
    out = []
    for h, data in zip(hands, inputs, strict=True):
        after = h["state_after"] if isinstance(h["state_after"], dict) else {}
        text = protocol_row(variant, data, before.get(h["table_id"]) or {}, after, config)
        out.append([text.game, text.declarer, text.partner, text.details])
        before[h["table_id"]] = after
    return out


def marked(marks: SeatMarks, state: Any) -> str | None:
    """The seats the state after the hand marks ("A, C"; "A ×2"), as the protocol marks them (Taruk: the
    radelci held, ``ProtocolLayout.seat_marks``)."""
    seats = [s if n == 1 else f"{s} ×{n}" for s, n in sorted(marks.of(state).items())]
    return ", ".join(seats) or None


def players_workbook(tournament: Tournament) -> bytes:
    """The player list: start number, name, club, federation id, team, strength, status, rounds played
    (closed rounds he was seated in: a round published or still running is not played yet)."""
    seated: dict[int, int] = defaultdict(int)
    for entry_id in Seat.objects.filter(round__tournament=tournament, round__status=Round.Status.CLOSED).values_list(
        "entry_id", flat=True
    ):
        seated[entry_id] += 1
    return _workbook(
        tournament,
        _("Players"),
        [
            _("Start number"),
            _("Name"),
            _("Club"),
            _("Federation id"),
            _("Team"),
            _("Strength"),
            _("Status"),
            _("Rounds played"),
        ],
        (
            [
                e.start_number,
                e.player.name,
                e.player.club,
                e.player.federation_id,
                e.team,
                e.player.strength,
                e.get_status_display(),
                seated[e.pk],
            ]
            for e in tournament.entries.select_related("player").order_by("start_number")
        ),
    )
