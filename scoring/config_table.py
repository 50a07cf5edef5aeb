"""An event's configuration table: what a variant gives the organizer to fill in per event (Laza's
point table, tarokk-laza.md §4.2). Pure Python, no Django.

A variant with event configuration declares one ``ConfigTable`` in its package
(``scoring/variants/<key>/config_table.py``) and ``Variant.config_table`` holds it: its columns (key,
kind, label, how a cell's text reads and writes), the row identity, the blank template, the checker,
its words, and where the table sits in the event's configuration. The site builds one editor page, one
CSV/XLSX codec, one API and one re-scoring action from it and never names a variant.

Rows are plain dicts ``{column: value}``, the value as the engine reads it (a number, a code, a list);
an empty cell is a missing key. Cells are the text a person reads and types (the editor's inputs, a
file's cells). Words are message ids (``scoring.text._``); a problem carries a ``Msg`` that the site
renders in the reader's language, beside a code for programs.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .folding import name_key
from .text import Msg, _, render

INT, CHOICE, TEXT = "int", "choice", "text"

MAX_ROWS = 200  # Laza's table has 31 rows; organizers may add some
MAX_CELL = 200  # characters in one cell
MAX_VALUE = 1_000_000  # a number beyond this is a typing slip
MAX_LIST = 50  # items in a cell that lists (groups, cards)
MAX_VERSION = 100
TEMPLATE_VERSION = "template"
BLANK = ("", "-", "—", "–")  # what an empty cell may hold


@dataclass(frozen=True)
class Problem:
    """One reason a table is refused: the row as the reader numbers it (a checker gives the row's index
    in the rows it checked, 0-based; ``check`` numbers it), the column, a code for programs and the
    sentence; ``name`` names the row ("Kassza") where it is known."""

    row: int | None
    column: str | None
    code: str
    message: Msg
    name: str = ""


class CellError(ValueError):
    """A cell's text a column cannot read; ``message`` says how to write it."""

    def __init__(self, code: str, message: Msg):
        super().__init__(code)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Column:
    """One column: ``key`` (the row member and the files' id), ``label`` (msgid), ``kind``.

    A CHOICE column holds one of ``choices`` (code, word msgid); ``empty_choice`` is the code the
    editor leaves empty (the rules' default). ``read`` turns a cell's text into the value (raising
    ``CellError``), ``write`` a value into the text; by default a number is read as a whole number, a
    choice by its word in any language or its code, text as it is. ``missing`` is the sentence for a
    row that leaves this column empty when it must not (the row identity). ``wide``: long text, the
    editor gives it room; ``to_fill``: an empty cell is a value still to fill in (the pages mark it).
    """

    key: str
    label: str
    kind: str = TEXT
    choices: tuple[tuple[str, str], ...] = ()
    empty_choice: str | None = None
    read: Callable[[str], Any] | None = None
    write: Callable[[Any], str] | None = None
    missing: str | None = None
    wide: bool = False
    to_fill: bool = False

    @property
    def numeric(self) -> bool:
        return self.kind == INT


@dataclass(frozen=True)
class TableWords:
    """What the pages say of the table (msgids): its name, the links and buttons, the introductions
    (``%(v)s``: the version), the editor's answers and the reason a re-scored hand records
    (``%(version)s``, ``%(reason)s``). ``blank_rows(n)`` and ``saved_rescored(n)`` answer the message
    for a number (``scoring.text.ngettext``)."""

    title: str
    edit: str
    save: str
    show: str
    page: str
    intro: str
    editor_intro: str
    blank_rows: Callable[[int], Msg]
    saved: str
    saved_rescored: Callable[[int], Msg]
    unchanged: str
    stale: str
    reason_needed: str
    why: str


@dataclass(frozen=True)
class ConfigTable:
    """A variant's event configuration table. The event's configuration holds it as
    ``{member: {"version": ..., "rows": [...]}}``; ``slug`` is its word in the site's addresses.

    ``template()`` gives the blank template's rows; ``rows(config)`` the stored table's rows as the
    engine reads them (the rules' defaults filled in; ``[]`` without a valid table); ``check(config)``
    every problem of a table (a row by its index in the config's rows); ``row_name(row)`` how a problem
    names a row.
    """

    slug: str
    member: str
    identity: str
    columns: tuple[Column, ...]
    words: TableWords
    template: Callable[[], list[dict[str, Any]]]
    rows: Callable[[Any], list[dict[str, Any]]]
    check: Callable[[Mapping[str, Any]], list[Problem]]
    row_name: Callable[[Mapping[str, Any]], str]
    max_rows: int = MAX_ROWS

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(c.key for c in self.columns)

    def column(self, key: str) -> Column:
        return next(c for c in self.columns if c.key == key)

    def to_config(self, version: Any, rows: Any) -> dict[str, Any]:
        return {self.member: {"version": version, "rows": rows}}

    def template_config(self) -> dict[str, Any]:
        """The configuration a new event starts with: the blank template."""
        return self.to_config(TEMPLATE_VERSION, self.template())

    def stored(self, config: Any) -> Mapping[str, Any] | None:
        """The table as the event's configuration holds it, or None."""
        table = config.get(self.member) if isinstance(config, Mapping) else None
        return table if isinstance(table, Mapping) else None

    def version_of(self, config: Any) -> str:
        table = self.stored(config)
        return str(table.get("version", "")) if table is not None else ""

    def revision(self, config: Any) -> str:
        """A short fingerprint of the stored table: an edit names the one it started from."""
        part = {self.member: (config or {}).get(self.member)} if isinstance(config, Mapping) else {}
        text = json.dumps(part, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def blank_count(self, rows: Iterable[Mapping[str, Any]]) -> int:
        """Rows with a value still to fill in."""
        to_fill = [c.key for c in self.columns if c.to_fill]
        return sum(1 for r in rows if any(r.get(k) is None for k in to_fill))


# --- the generic messages (the site adds where: "Row 4 (Gém), column “made”: ") -----------------------


def whole_number(value: str) -> Msg:
    return _("“%(value)s” is not a whole number.", value=value)


def too_large(limit: int) -> Msg:
    return _("Use a number of at most %(max)s.", max=limit)


def cell_long(limit: int) -> Msg:
    return _("The cell is longer than %(max)s characters.", max=limit)


def too_many_rows(limit: int) -> Msg:
    return _("The table has more than %(max)s rows.", max=limit)


def bad_version() -> Msg:
    return _("Give the table a version name of at most %(max)s characters.", max=MAX_VERSION)


NO_ROWS = _("The table has no rows.")
EMPTY = _("Fill in this cell.")


def next_version(version: str) -> str:
    """A suggestion for the next version's name: ``3`` -> ``4``, ``2024-a`` -> ``2024-a-2``."""
    m = re.search(r"(\d+)\Z", version)
    if m and version:
        return version[: m.start()] + str(int(m.group(1)) + 1)
    return f"{version}-2" if version else "1"


def ids_by_name(names: Mapping[str, str]) -> dict[str, str]:
    """Ids found by their display name or by the id itself (``name_key`` of either -> the id)."""
    return {**{name_key(name): key for key, name in names.items()}, **{name_key(key): key for key in names}}


def in_every_language(words: Mapping[str, str], languages: Iterable[str]) -> dict[str, str]:
    """``name_key`` of each word (a msgid) in each of ``languages``, and of each key -> its key."""
    out = {name_key(key): key for key in words}
    for lang in languages:
        out.update({name_key(render(word, lang)): key for key, word in words.items() if name_key(render(word, lang))})
    return out


def header_names(table: ConfigTable, languages: Iterable[str]) -> dict[str, str]:
    """A file's header names -> column key: the labels in every language, and the keys."""
    return in_every_language({c.key: c.label for c in table.columns}, languages)


# --- rows <-> cells -------------------------------------------------------------------------------


def as_cells(table: ConfigTable, rows: Iterable[Mapping[str, Any]], lang: str | None = None) -> list[dict[str, str]]:
    """Rows as the text of their cells; with ``lang`` a choice is its word in that language (the pages,
    the files), without it its code (the editor's select)."""
    out = []
    for row in rows:
        cells = {}
        for c in table.columns:
            v = row.get(c.key)
            if v is None:
                cells[c.key] = ""
            elif c.kind == CHOICE and lang is not None:
                word = dict(c.choices).get(v)
                cells[c.key] = render(word, lang) if word is not None else str(v)
            elif c.write is not None:
                cells[c.key] = c.write(v)
            else:
                cells[c.key] = str(v)
        out.append(cells)
    return out


def _whole_number(text: str) -> int:
    t = text.replace(" ", "").replace("\u00a0", "")
    if re.fullmatch(r"[+-]?\d+(?:[.,]0+)?", t) is None:
        raise CellError("whole_number", whole_number(text))
    n = int(re.split(r"[.,]", t)[0])
    if abs(n) > MAX_VALUE:
        raise CellError("too_large", too_large(MAX_VALUE))
    return n


def _read(column: Column, text: str, languages: Sequence[str]) -> Any:
    if column.kind == INT:
        return _whole_number(text)
    if column.read is not None:
        return column.read(text)
    if column.kind == CHOICE:
        words = in_every_language(dict(column.choices), languages)
        return words.get(name_key(text), text.lower())
    return text


def row_from_cells(
    table: ConfigTable, cells: Mapping[str, str], number: int, languages: Sequence[str] = ()
) -> tuple[dict[str, Any] | None, list[Problem]]:
    """One row from the text of its cells (``number``: the reader's), and the problems of its cells; an
    empty cell leaves the member out (the rules' default, or a blank value). A bad cell is left out
    and reported: the checker still sees the row's other cells. None without the row identity."""
    out: dict[str, Any] = {}
    problems: list[tuple[str, str, Msg]] = []
    for c in table.columns:
        text = (cells.get(c.key) or "").strip()
        if len(text) > MAX_CELL:
            problems.append((c.key, "cell_long", cell_long(MAX_CELL)))
        elif text not in BLANK:
            try:
                out[c.key] = _read(c, text, languages)
            except CellError as exc:
                problems.append((c.key, exc.code, exc.message))
    missing = table.column(table.identity).missing
    if table.identity not in out and not problems:
        problems.append((table.identity, "missing", Msg(missing) if missing else EMPTY))
    named = out if table.identity in out else {table.identity: (cells.get(table.identity) or "").strip()[:40]}
    name = table.row_name(named)
    return (out if table.identity in out else None), [Problem(number, k, code, m, name) for k, code, m in problems]


def rows_from_cells(
    table: ConfigTable, numbered: Iterable[tuple[int, Mapping[str, str]]], languages: Sequence[str] = ()
) -> tuple[list[dict[str, Any]], list[int], list[Problem]]:
    """Rows, the reader's number of each, and the problems of their cells; wholly empty rows are skipped."""
    rows, labels, problems = [], [], []
    for number, cells in numbered:
        if not any((cells.get(k) or "").strip() for k in table.keys):
            continue
        row, found = row_from_cells(table, cells, number, languages)
        problems += found
        if row is not None:
            rows.append(row)
            labels.append(number)
    if len(rows) > table.max_rows:
        problems.append(Problem(None, None, "too_many_rows", too_many_rows(table.max_rows)))
    return rows, labels, problems


# --- checking -------------------------------------------------------------------------------------


def _bounds(table: ConfigTable, rows: Sequence[Any], labels: Sequence[int]) -> list[Problem]:
    """What a checker may leave open but a stored table must not hold (rows sent as JSON): huge numbers,
    over-long text, over-long lists."""
    problems = []
    for i, row in enumerate(rows):
        if not isinstance(row, Mapping):
            continue
        for c in table.columns:
            v = row.get(c.key)
            if c.kind == INT and isinstance(v, int) and not isinstance(v, bool) and abs(v) > MAX_VALUE:
                problems.append(Problem(labels[i], c.key, "too_large", too_large(MAX_VALUE)))
            elif isinstance(v, str) and len(v) > MAX_CELL:
                problems.append(Problem(labels[i], c.key, "cell_long", cell_long(MAX_CELL)))
            elif isinstance(v, list) and len(v) > MAX_LIST:
                problems.append(Problem(labels[i], c.key, "cell_long", cell_long(MAX_LIST)))
    return problems


def check(
    table: ConfigTable, version: Any, rows: Any, labels: Sequence[int] | None = None
) -> tuple[dict[str, Any] | None, list[Problem]]:
    """The configuration for ``rows`` (as ``to_config`` places it), or None and every problem, each row
    numbered by ``labels`` (the reader's numbers; default 1, 2, …). The variant's checker decides."""
    if isinstance(rows, list) and len(rows) > table.max_rows:
        return None, [Problem(None, None, "too_many_rows", too_many_rows(table.max_rows))]
    count = len(rows) if isinstance(rows, list) else 0
    labels = list(labels) if labels is not None else list(range(1, count + 1))
    problems = _bounds(table, rows, labels) if isinstance(rows, list) else []
    if isinstance(version, str):
        version = version.strip()
    if isinstance(version, str) and not 0 < len(version) <= MAX_VERSION:
        problems.append(Problem(None, "version", "version", bad_version()))
    if problems:
        return None, problems
    if isinstance(rows, list) and not rows:
        return None, [Problem(None, None, "no_rows", NO_ROWS)]
    config = table.to_config(version, rows)
    found = table.check(config)
    if found:
        return None, [replace(p, row=labels[p.row] if p.row is not None and p.row < count else p.row) for p in found]
    return config, []


def starting_config(table: ConfigTable | None, config: Any) -> Any:
    """The configuration a new event starts with: an event of a variant with a table and no
    configuration gets the blank template (Laza: the rules give no values); any other keeps its own."""
    return table.template_config() if table is not None and not config else config
