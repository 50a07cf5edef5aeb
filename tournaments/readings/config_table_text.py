"""A configuration table's words in the reader's language: its columns, its cells, its problems.

The variant declares the table and its words (``scoring.config_table``, messages marked with
``scoring.text._``); the engine's messages render here like breakdown lines. The sentences around them
("Row 4 (Gém), column “made”: …") and a refused file's reasons are the site's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.conf import settings
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring import config_table as ct
from scoring.text import Msg, render
from tournaments.readings.config_table_files import FileRejected
from tournaments.tables import lines


def say(message: Any, lang: str | None = None) -> str:
    """A table's word or sentence (a ``Msg``; plain text stays as it is) in ``lang``, by default the
    active language."""
    return render(message, lang or get_language())


def languages() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


def label(table: ct.ConfigTable, key: str | None) -> str:
    """A column's name as the page shows it; ``version`` is every table's."""
    if key == "version":
        return _("version")
    return say(table.column(key).label) if key in table.keys else str(key or "")


def headers(table: ct.ConfigTable) -> list[str]:
    """The column names in the active language, as the page shows them (the files' first line)."""
    return [say(c.label) for c in table.columns]


def cells_in_words(table: ct.ConfigTable, rows: Iterable[Mapping[str, Any]]) -> list[dict[str, str]]:
    """Rows as the page and the files show them, in the active language."""
    return ct.as_cells(table, rows, get_language())


def problem_text(table: ct.ConfigTable, problem: ct.Problem) -> str:
    """“Row 4 (Kassza), column “made”: …”: where, then what."""
    message = say(problem.message)
    column = label(table, problem.column) if problem.column else ""
    if problem.row is not None:
        where = _("Row %(row)s") % {"row": problem.row}
        if problem.name:
            where = f"{where} ({problem.name})"
        if column:
            where = _("%(row)s, column “%(column)s”") % {"row": where, "column": column}
        return f"{where}: {message}"
    if column:
        return _("Column “%(column)s”: %(message)s") % {"column": column, "message": message}
    return message


def _file_messages() -> dict[str, str]:
    return {
        "too_big": _("The file is larger than %(max_kb)s KB."),
        "too_big_unpacked": _("The workbook unpacks to more than %(max_kb)s KB."),
        "encoding": _("The file is neither UTF-8 nor Windows-1250 text; save it as CSV UTF-8."),
        "not_text": _("The file is not a text CSV file."),
        "csv_broken": _("The CSV file cannot be read from line %(row)s on (a broken quote or an over-long field)."),
        "not_xlsx": _("The file is not a readable XLSX workbook."),
        "file_type": _("Upload a .csv or .xlsx file."),
        "empty": _("The file is empty."),
        "too_many_rows": _("The table has more than %(max)s rows."),
        "unknown_header": _("Unknown column “%(column)s” in the first line; the columns are: %(columns)s."),
        "duplicate_header": _("The column %(column)s appears twice in the first line."),
        "no_identity_column": _("The first line must name the columns, with a “%(column)s” column."),
    }


def file_text(table: ct.ConfigTable, exc: FileRejected) -> str:
    """Why a file was refused, columns named as the page names them."""
    params = dict(exc.params)
    if exc.code == "cell_long":
        return problem_text(
            table, ct.Problem(params.get("row"), params.get("column"), "cell_long", ct.cell_long(params["max"]))
        )
    if exc.code == "duplicate_header":
        params["column"] = label(table, params["column"])
    params.update(columns=", ".join(headers(table)), column=params.get("column") or label(table, table.identity))
    return _file_messages().get(exc.code, _("The file cannot be read.")) % params


def refused_hand_text(broken: Any) -> str:
    """A hand the new configuration would make invalid, and why (the engine's words in the reader's language)."""
    return _("Round %(r)s, table %(t)s, hand %(h)s would not be valid under the new table: %(why)s") % {
        "r": broken.round,
        "t": broken.table,
        "h": broken.hand,
        "why": "; ".join(lines.message(e) for e in broken.errors),
    }


def table_words(table: ct.ConfigTable, version: str) -> dict[str, str]:
    """What the pages say of the table, in the active language (the introductions name ``version``)."""
    w = table.words
    plain = {k: say(getattr(w, k)) for k in ("title", "edit", "save", "show", "page")}
    return {**plain, "intro": say(Msg(w.intro, v=version)), "editor_intro": say(Msg(w.editor_intro, v=version))}


def read_only(table: ct.ConfigTable, config: Any) -> dict[str, Any] | None:
    """The event's table as columns and rows of text in the active language (the table page, the event
    page), the words around it, and how many rows still have a value to fill in; None without a table."""
    if table.stored(config) is None:
        return None
    rows = table.rows(config)
    columns = table.columns
    blank = table.blank_count(rows)
    version = table.version_of(config)
    return {
        "slug": table.slug,
        "version": version,
        "words": table_words(table, version),
        "columns": [{"key": c.key, "label": say(c.label), "numeric": c.numeric} for c in columns],
        "rows": [
            {
                "number": i,
                "cells": [
                    {"key": c.key, "value": cells[c.key], "numeric": c.numeric, "to_fill": c.to_fill} for c in columns
                ],
            }
            for i, cells in enumerate(cells_in_words(table, rows), start=1)
        ],
        "blank": say(table.words.blank_rows(blank)) if blank else "",
    }
