"""The ladder as documents, in the series' language (season.md §8): the PDF (landscape, a column per
event, dropped results in brackets, the settings and the date; WeasyPrint, as the protocols) and the
XLSX workbook (openpyxl; text cells formula-safe, numbers as numbers, shown as the page shows them).

Both are made from the one ladder payload (``ladder.payload``) and the page's own words
(``words``), so they read as the page does; each is made once per series version.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.styles import Border, Side

from tournaments.documents.exports import fit_columns, write_row
from tournaments.documents.protocols.render import render_pdf
from tournaments.history.phrases import moment_text
from tournaments.seasons import words
from tournaments.seasons.models import Series


def document_context(series: Series, data: Mapping[str, Any]) -> dict[str, Any]:
    """What the print view and the PDF show (in the active language)."""
    return {
        "tournament": series,  # the print base names the document by ``tournament.name``
        "series": series,
        "data": data,
        "events": words.event_heads(data["events"]),
        "rows": words.rows(data),
        "sentences": words.settings_sentences(data),
        "legend": words.legend(),
        "cut_text": words.cut_text(data) if data["cut"] and data["cut"]["shown"] else "",
        "generated_at": timezone.now(),
    }


def ladder_pdf(series: Series, data: Mapping[str, Any]) -> bytes:
    with translation.override(series.language):
        html = render_to_string("seasons/ladder_print.html", {**document_context(series, data), "pdf": True})
        return render_pdf(html)


def _value(value: Decimal | None) -> int | float | None:
    if value is None:
        return None
    return int(value) if value == value.to_integral_value() else float(value)


# How a result's number is shown: counted as it is, dropped in brackets, provisional with a star.
DROPPED_FORMAT = '"("General")"'
PROVISIONAL_FORMAT = 'General"*"'
DROPPED_PROVISIONAL_FORMAT = '"("General")*"'


def ladder_xlsx(series: Series, data: Mapping[str, Any]) -> bytes:
    """Sheet 1 the ladder (a header row, a line per player, the cut line a rule under place K); sheet 2
    the settings in words and the events."""
    with translation.override(series.language):
        wb = Workbook()
        ws = wb.active
        ws.title = _("Ladder")[:31]
        events = words.event_heads(data["events"])
        write_row(
            ws,
            [
                _("Rank"),
                _("Player"),
                _("Club"),
                _("Total"),
                *[f"{e['number']}. {e['name']}" for e in events],
                _("Events"),
            ],
            bold=True,
        )
        ws.freeze_panes = "B2"
        rule = Border(bottom=Side(style="medium"))
        for row in words.rows(data):
            values = [row["rank"], row["name"], row["club"], _value(row["total_value"])]
            values += [_value(c.value) if c.value is not None else (c.text or None) for c in row["cells"]]
            write_row(ws, [*values, row["events"]])
            for c, xl in zip(row["cells"], ws[ws.max_row][4:], strict=False):
                if c.value is None:
                    continue
                if c.dropped:
                    xl.number_format = DROPPED_PROVISIONAL_FORMAT if c.provisional else DROPPED_FORMAT
                elif c.provisional:
                    xl.number_format = PROVISIONAL_FORMAT
            if row["cut_below"]:
                for xl in ws[ws.max_row]:
                    xl.border = rule
        fit_columns(ws)
        about = wb.create_sheet(_("Settings")[:31])
        write_row(about, [series.name], bold=True)
        if series.season:
            write_row(about, [series.season])
        for sentence in words.settings_sentences(data):
            write_row(about, [sentence])
        if data["cut"] and data["cut"]["shown"]:
            write_row(about, [words.cut_text(data)])
        write_row(about, [words.legend()])
        write_row(about, [])
        write_row(about, ["#", _("Event"), _("Date"), ""], bold=True)
        for e in events:
            write_row(about, [e["number"], e["name"], e["date"], ", ".join(e["notes"])])
        write_row(about, [])
        write_row(about, [_("generated"), moment_text(timezone.now())])
        wb.properties.title = series.name
        wb.properties.creator = "tarok-tournaments"
        out = io.BytesIO()
        wb.save(out)
        return out.getvalue()
