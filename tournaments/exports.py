"""Excel workbooks of an event: standings, every hand, the player list (openpyxl).

Every string goes through ``write_row``: a text that a spreadsheet would read as a
formula (starting with ``=``, ``+``, ``-`` or ``@``) is stored as text, never as a
formula (CSV/formula injection; pretix ``helpers/safe_openpyxl.py``). Numbers stay numbers.
Call inside ``translation.override(event language)`` for translated headings.
"""

from __future__ import annotations

import io
import json
from collections import defaultdict
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.worksheet.worksheet import Worksheet

from .models import Hand, Round, Seat, Tournament
from .results import METRIC_LABELS

FORMULA_STARTS = ("=", "+", "-", "@")
ENVELOPE = ("variant", "seats", "dealer")


def cell_value(value: Any) -> Any:
    """What a cell holds: numbers as numbers, Fractions exact as floats, everything else as text."""
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    if isinstance(value, list | dict):
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return str(value)


def write_row(ws: Worksheet, values: Iterable[Any], *, bold: bool = False) -> None:
    """Append one row; a string that would start a formula is written as a string (quote prefix)."""
    ws.append([cell_value(v) for v in values])
    for cell in ws[ws.max_row]:
        if isinstance(cell.value, str):
            # openpyxl reads a string starting with "=" as a formula; the cell type says text instead.
            cell.data_type = "s"
            if cell.value.startswith(FORMULA_STARTS):
                cell.quotePrefix = True  # Excel shows it as typed and keeps it text when edited
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
    wb.properties.title = tournament.name
    wb.properties.creator = "tarok-tournaments"
    wb.properties.created = timezone.now().replace(tzinfo=None)
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def standings_workbook(tournament: Tournament) -> bytes:
    """One row per player in standings order: rank, player, ranking points per round, the metrics."""
    from .results import event_standings

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
            *[str(METRIC_LABELS.get(m, m)) for m in shown],
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


def hands_workbook(tournament: Tournament) -> bytes:
    """Every hand of the event, one row each: where it was played, its input fields as typed, points per seat."""

    names: dict[int, dict[str, str]] = defaultdict(dict)
    positions: set[str] = set()
    for table_id, position, name in Seat.objects.filter(round__tournament=tournament).values_list(
        "table_id", "position", "entry__player__name"
    ):
        names[table_id][position] = name
        positions.add(position)
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
            "state_after",
            "rules_version",
            "version",
        )
    )
    # Input columns in order of first appearance, so a variant's fields sit together.
    fields: dict[str, None] = {}
    for h in hands:
        for key in h["input"] if isinstance(h["input"], dict) else ():
            if key not in ENVELOPE:
                fields.setdefault(key, None)
        positions.update((h["points"] or {}).keys())
    seats = sorted(positions)

    def row(h: dict[str, Any]) -> list[Any]:
        data = h["input"] if isinstance(h["input"], dict) else {}
        points = h["points"] or {}
        return [
            h["table__round__number"],
            h["table__number"],
            h["number"],
            h["dealer"],
            " ".join(data.get("seats") or ()),
            *[names[h["table_id"]].get(s, "") for s in seats],
            *[data.get(f) for f in fields],
            *[points.get(s) for s in seats],
            h["state_after"] or None,
            h["rules_version"],
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
            *fields,
            *[_("Points %(seat)s") % {"seat": s} for s in seats],
            _("State after"),
            _("Rules version"),
            _("Version"),
        ],
        map(row, hands),
    )


def players_workbook(tournament: Tournament) -> bytes:
    """The player list: start number, name, club, federation id, team, strength, status, rounds seated."""
    seated: dict[int, int] = defaultdict(int)
    for entry_id in (
        Seat.objects.filter(round__tournament=tournament)
        .exclude(round__status=Round.Status.DRAFT)
        .values_list("entry_id", flat=True)
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
            _("Rounds seated"),
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
