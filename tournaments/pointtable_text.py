"""The point table's problems and column names in the reader's language.

``tournaments.pointtable`` (pure) names each problem by a code; the words are here.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .pointtable import FileRejected, Problem

COLUMN_LABELS = {
    "bid": gettext_lazy("bid id"),
    "name": gettext_lazy("name"),
    "made": gettext_lazy("made"),
    "failed": gettext_lazy("failed"),
    "silent": gettext_lazy("silent"),
    "qualifier": gettext_lazy("qualifier"),
    "ladder": gettext_lazy("ladder"),
    "ladder_rank": gettext_lazy("ladder rank"),
    "only_one": gettext_lazy("only-one groups"),
    "trophy_rank": gettext_lazy("trophy rank"),
    "cards": gettext_lazy("cards"),
    "version": gettext_lazy("version"),
}


# What a bid's qualifier column says, in words on the read-only table (the CSV and the editor keep the
# codes the upload format uses).
QUALIFIER_WORDS = {
    "none": "—",
    "suit": gettext_lazy("names a suit"),
    "card": gettext_lazy("names a card"),
}


def _messages() -> dict[str, str]:
    return {
        "whole_number": _("“%(value)s” is not a whole number."),
        "too_large": _("Use a number of at most %(max)s."),
        "cell_long": _("The cell is longer than %(max)s characters."),
        "value": _("Use a whole number, 0 or more, or leave the cell empty."),
        "rank": _("Use a whole number from 1, or leave the cell empty."),
        "bid_missing": _("Fill in the bid id."),
        "bid_id": _("Use lowercase letters, digits and _ only (e.g. kassza)."),
        "bid_twice": _("This bid already has a row."),
        "name_text": _("The name must be text."),
        "name_long": _("The name is longer than 60 characters."),
        "qualifier_choice": _("Write none, suit or card."),
        "qualifier_fixed": _("The rules make %(name)s name a %(kind)s: write %(kind)s."),
        "ladder_id": _("Write a ladder id such as game_group."),
        "ladder_fixed": _("The rules fix the ladder of %(name)s: %(ladder)s."),
        "ladder_rank_missing": _("A ladder needs a rank."),
        "ladder_rank_without_ladder": _("A rank needs a ladder."),
        "ladder_rank_shared": _("Another row has the same rank in this ladder; a ladder needs a strict order."),
        "only_one_format": _(
            "Write the groups as group:position separated by semicolons, e.g. extrak:5; utolso_ket_utes:3."
        ),
        "only_one_fixed": _("The rules fix the only-one groups of %(name)s: %(groups)s."),
        "only_one_twice": _("A group is listed twice."),
        "not_trophy": _("%(name)s is not a trophy under the rules: leave the cell empty."),
        "skala_trophy": _("Skála is a trophy under the rules: give it a rank."),
        "below_skala": _("%(name)s comes before Skála in the rules' order: its trophy rank must be below Skála's."),
        "trophy_rank_shared": _("Another row has the same trophy rank; trophies need a strict order."),
        "cards_not_card": _("Cards apply only to a row whose qualifier is card."),
        "cards_format": _("List distinct card ids separated by spaces, e.g. pagat sas kakadu."),
        "unknown_column": _("This column is unknown."),
        "row_object": _("The row must be an object of columns."),
        "version": _("Give the table a version name of at most %(max)s characters."),
        "rows_list": _("The rows must be a list."),
        "no_rows": _("The table has no rows."),
        "too_many_rows": _("The table has more than %(max)s rows."),
        "plain": "%(text)s",
        "invalid": _("This value is not accepted (%(detail)s)."),
        # whole files
        "too_big": _("The file is larger than %(max_kb)s KB."),
        "too_big_unpacked": _("The workbook unpacks to more than %(max_kb)s KB."),
        "encoding": _("The file is neither UTF-8 nor Windows-1250 text; save it as CSV UTF-8."),
        "not_text": _("The file is not a text CSV file."),
        "csv_broken": _("The CSV file cannot be read from line %(row)s on (a broken quote or an over-long field)."),
        "not_xlsx": _("The file is not a readable XLSX workbook."),
        "file_type": _("Upload a .csv or .xlsx file."),
        "empty": _("The file is empty."),
        "unknown_header": _("Unknown column “%(column)s” in the first line; the columns are: %(columns)s."),
        "duplicate_header": _("The column %(column)s appears twice in the first line."),
        "no_bid_column": _("The first line must name the columns, with a bid column."),
    }


def problem_text(problem: Problem) -> str:
    """“Row 4 (Kassza), made: …”: where, then what."""
    params: dict[str, Any] = dict(problem.params)
    message = _messages().get(problem.code, _messages()["invalid"])
    try:
        message = message % params
    except (KeyError, TypeError, ValueError):
        message = message.split("(")[0].strip()
    column = str(COLUMN_LABELS.get(problem.column, problem.column)) if problem.column else ""
    if problem.row is not None:
        where = _("Row %(row)s") % {"row": problem.row}
        name = params.get("name") or params.get("bid")
        if name:
            where = f"{where} ({name})"
        if column:
            where = _("%(row)s, column “%(column)s”") % {"row": where, "column": column}
        return f"{where}: {message}"
    if column:
        return _("Column “%(column)s”: %(message)s") % {"column": column, "message": message}
    return message


def file_text(exc: FileRejected) -> str:
    params = dict(exc.params)
    if "column" in params and exc.code == "cell_long":
        return problem_text(Problem(params.get("row"), params["column"], "cell_long", params))
    return _messages().get(exc.code, _("The file cannot be read.")) % params
