"""Text a spreadsheet would take for a formula (CSV/formula injection), for every file we write.

A cell starting with ``=``, ``+``, ``-`` or ``@`` is a formula to Excel and LibreOffice: a player or a bid
named ``=HYPERLINK(...)`` would run when the file is opened or its cell edited. In an XLSX the cell is
typed text and carries the quote prefix (Excel shows it as typed and keeps it text when edited); a CSV
has no types, so such a cell is written with a leading apostrophe, as a person would type it, and read
back without it. Pure Python: the point table's files use it without Django.
"""

from __future__ import annotations

import re
from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[-+]?\d+(?:[.,]\d+)?")  # "-5" is a number, no formula: left as it is


def mark_text(cell: Any) -> None:
    """An openpyxl cell holding a string: typed text, quote-prefixed where it would start a formula."""
    if isinstance(cell.value, str):
        cell.data_type = "s"  # openpyxl itself would take "=..." for a formula
        if cell.value.startswith(FORMULA_STARTS):
            cell.quotePrefix = True


def csv_text(value: str) -> str:
    """A CSV cell: text that would start a formula behind an apostrophe."""
    return f"'{value}" if value.startswith(FORMULA_STARTS) and not _NUMBER.fullmatch(value) else value


def from_csv_text(value: str) -> str:
    """A CSV cell as written by ``csv_text`` (or typed so in a spreadsheet): without the apostrophe."""
    return value[1:] if value.startswith("'") and value[1:].startswith(FORMULA_STARTS) else value
