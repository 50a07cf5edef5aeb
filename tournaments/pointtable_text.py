"""The point table's problems and column names in the reader's language.

``tournaments.pointtable`` (pure) names each problem by a code; the words are here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from scoring.text import Msg, render
from scoring.variants.tarokk_laza import rules as laza

from . import lines
from .pointtable import COLUMNS, FileRejected, Problem, name_key

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


# What a bid's qualifier column says, in words: on the pages, in the editor's choice and in the files
# (an upload reads these words in any of the site's languages, and the codes none, suit, card).
QUALIFIER_WORDS = {
    "none": "—",
    "suit": gettext_lazy("names a suit"),
    "card": gettext_lazy("names a card"),
}


def _in_every_language(words: Mapping[str, Any]) -> dict[str, str]:
    """``name_key`` of each word in each of the site's languages (and of each key) -> its key."""
    out = {name_key(key): key for key in words}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            out.update({name_key(str(word)): key for key, word in words.items() if name_key(str(word))})
    return out


def header_names() -> dict[str, str]:
    """The files' header names in every language -> column id (the ids are read too)."""
    return _in_every_language({c: COLUMN_LABELS[c] for c in COLUMNS})


def qualifier_codes() -> dict[str, str]:
    """The qualifier's words in every language -> its code."""
    return _in_every_language(QUALIFIER_WORDS)


def headers() -> list[str]:
    """The column names in the active language, as the page shows them (the files' first line)."""
    return [str(COLUMN_LABELS[c]) for c in COLUMNS]


def in_words(cells: Iterable[Mapping[str, str]]) -> list[dict[str, str]]:
    """Cells as the page shows them: the qualifier in words (active language)."""
    return [
        {**row, "qualifier": str(QUALIFIER_WORDS.get(row.get("qualifier", ""), row.get("qualifier", "")))}
        for row in cells
    ]


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
        "qualifier_choice": _("Choose whether the bid names a suit, a card or neither."),
        "qualifier_fixed_suit": _("The rules make %(name)s name a suit."),
        "qualifier_fixed_card": _("The rules make %(name)s name a card."),
        "qualifier_fixed_none": _("The rules make %(name)s name neither a suit nor a card."),
        "ladder_id": _(
            "Write the name of a ladder of the rules (%(ladders)s) or an id of your own "
            "(lowercase letters, digits and _)."
        ),
        "ladder_fixed": _("The rules fix the ladder of %(name)s: %(ladder)s."),
        "ladder_rank_missing": _("A ladder needs a rank."),
        "ladder_rank_without_ladder": _("A rank needs a ladder."),
        "ladder_rank_shared": _("Another row has the same rank in this ladder; a ladder needs a strict order."),
        "only_one_format": _(
            "Write each group's name and the position in it, separated by semicolons, e.g. Extrák 5; Utolsó két ütés 3."
        ),
        "only_one_fixed": _("The rules fix the only-one groups of %(name)s: %(groups)s."),
        "only_one_twice": _("A group is listed twice."),
        "not_trophy": _("%(name)s is not a trophy under the rules: leave the cell empty."),
        "skala_trophy": _("Skála is a trophy under the rules: give it a rank."),
        "below_skala": _("%(name)s comes before Skála in the rules' order: its trophy rank must be below Skála's."),
        "trophy_rank_shared": _("Another row has the same trophy rank; trophies need a strict order."),
        "cards_not_card": _("Cards apply only to a bid that names a card."),
        "cards_format": _("List distinct cards separated by spaces, e.g. pagát sas kakadu."),
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
        "no_bid_column": _("The first line must name the columns, with a “%(column)s” column."),
    }


def problem_text(problem: Problem) -> str:
    """“Row 4 (Kassza), made: …”: where, then what."""
    params: dict[str, Any] = dict(problem.params)
    # The engine's own sentence (an English Msg) in the reader's language.
    if isinstance(params.get("detail"), Msg):
        params["detail"] = render(params["detail"], get_language())
    params["ladders"] = ", ".join(laza.LADDER_NAMES.values())
    code = f"{problem.code}_{params.get('kind')}" if problem.code == "qualifier_fixed" else problem.code
    message = _messages().get(code, _messages()["invalid"])
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
    """Why a file was refused, columns named as the page names them."""
    params = dict(exc.params)
    if "column" in params and exc.code == "cell_long":
        return problem_text(Problem(params.get("row"), params["column"], "cell_long", params))
    if exc.code == "duplicate_header":
        params["column"] = str(COLUMN_LABELS.get(params["column"], params["column"]))
    params.update(columns=", ".join(headers()), column=params.get("column") or str(COLUMN_LABELS["bid"]))
    return _messages().get(exc.code, _("The file cannot be read.")) % params


def refused_hand_text(broken: Any) -> str:
    """A hand the new table would make invalid, and why (the engine's words in the reader's language)."""
    return _("Round %(r)s, table %(t)s, hand %(h)s would not be valid under the new table: %(why)s") % {
        "r": broken.round,
        "t": broken.table,
        "h": broken.hand,
        "why": "; ".join(lines.message(e) for e in broken.errors),
    }
