"""The Laza point table (tarokk-laza.md §4) as rows of cells: read, check, write.

Pure Python, no Django: the editor page, the file uploads and the API all turn
their input into plain row dicts here, and the engine's own
``validate_config`` stays the judge of the rules (§4.2). Its error paths
(``config.point_table.rows[3].made``) become problems naming a row and a column,
with a code and parameters that the Django layer words in the reader's language
(``pointtable_text``).

Uploads are untrusted: a size limit, a row limit, a cell-length limit, a check of
an XLSX's uncompressed size before it is opened, and every decoding or parsing
failure becomes a ``FileRejected`` with a code, never an exception of the parser.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
import zipfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scoring.variants.tarokk_laza import rules as laza

from .names import fold
from .spreadsheet import csv_text, from_csv_text, mark_text

VARIANT = laza.KEY
# Every column of the spec's row table (§4.2), plus ``cards`` (the allowed cards of a
# card-naming row, §5.1 "the organizer's table lists the allowed cards").
COLUMNS: tuple[str, ...] = laza.ROW_KEYS
INT_COLUMNS = frozenset(("made", "failed", "silent", "ladder_rank", "trophy_rank"))

MAX_FILE_BYTES = 512 * 1024  # a real table is a few kilobytes
MAX_XLSX_UNCOMPRESSED = 8 * 1024 * 1024  # a zip bomb is refused before openpyxl parses it
MAX_ROWS = 200  # the document's table has 31 rows; organizers may add some
MAX_CELL = 200  # characters in one cell
MAX_VALUE = 1_000_000  # a point value or rank beyond this is a typing slip


def name_key(text: str) -> str:
    """A name or an id as typed, compared without case, accents, spaces and punctuation
    ("Gém - Volát", "gem–volat"; "ladder_rank", "Ladder rank")."""
    return re.sub(r"[\W_]+", "", fold(text))


def _ids_by_name(names: Mapping[str, str]) -> dict[str, str]:
    """The rules' ids, found by their display name or by the id itself."""
    return {**{name_key(name): key for key, name in names.items()}, **{name_key(key): key for key in names}}


# What the pages and files show instead of the rules' ids (tarokk-laza.md §3.3, §3.4, §5.1); both are read.
LADDER_IDS = _ids_by_name(laza.LADDER_NAMES)
GROUP_IDS = _ids_by_name(laza.GROUP_NAMES)
CARD_IDS = _ids_by_name(laza.CARDS)
COLUMN_IDS = {name_key(c): c for c in COLUMNS}


@dataclass(frozen=True)
class Problem:
    """One reason a table is refused: the row as the reader numbers it (editor row, or the
    sheet's line), the column, a message code and its parameters."""

    row: int | None
    column: str | None
    code: str
    params: dict[str, Any] = field(default_factory=dict)


class FileRejected(ValueError):
    """The upload cannot be read as a table at all (size, encoding, format)."""

    def __init__(self, code: str, **params: Any):
        super().__init__(code)
        self.code = code
        self.params = params


# --- the table as stored ------------------------------------------------------------


def template_config(version: str = "template") -> dict[str, Any]:
    """The §4.2 template: every bid of the document with blank values. Hands that use a
    blank value are refused (§6.1), so nothing is scored until the organizer fills it in."""
    rows = [
        {"bid": bid, "name": name, "made": None, "failed": None, "silent": None}
        for bid, name in laza.TEMPLATE_NAMES.items()
    ]
    return {"point_table": {"version": version, "rows": rows}}


def default_config(variant: str, config: Any) -> Any:
    """The configuration a new event of ``variant`` starts with: a Laza event without a
    point table gets the blank template (the rules give no values); others keep theirs."""
    if variant == VARIANT and not config:
        return template_config()
    return config


def has_point_table(config: Any) -> bool:
    return isinstance(config, Mapping) and isinstance(config.get("point_table"), Mapping)


def revision(config: Any) -> str:
    """A short fingerprint of the stored table: an edit names the one it started from."""
    text = json.dumps(config or {}, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def version_of(config: Any) -> str:
    pt = config.get("point_table") if isinstance(config, Mapping) else None
    return str(pt.get("version", "")) if isinstance(pt, Mapping) else ""


def next_version(version: str) -> str:
    """A suggestion for the next version's name: ``3`` -> ``4``, ``2024-a`` -> ``2024-a-2``."""
    m = re.search(r"(\d+)\Z", version)
    if m and version:
        return version[: m.start()] + str(int(m.group(1)) + 1)
    return f"{version}-2" if version else "1"


def _groups_text(groups: Iterable[Sequence[Any]]) -> str:
    """Only-one groups by name: "Extrák 5; Utolsó két ütés 3"."""
    return "; ".join(f"{laza.GROUP_NAMES.get(g, g)} {p}" for g, p in groups)


def effective_rows(config: Any) -> list[dict[str, Any]]:
    """The stored table's rows with every column filled in as the engine reads them (rule
    defaults made explicit), in the table's order; ``[]`` when there is no valid table."""
    parsed, errors = laza.point_table(config)
    if parsed is None or errors:
        return []
    raw_rows = config["point_table"]["rows"]
    out = []
    for raw in raw_rows:
        row = parsed.rows[raw["bid"]]
        out.append(
            {
                "bid": row.bid,
                "name": row.name,
                "made": row.made,
                "failed": row.failed,
                "silent": row.silent,
                "qualifier": row.qualifier,
                "ladder": row.ladder,
                "ladder_rank": row.ladder_rank if row.ladder else None,
                "only_one": [list(g) for g in row.only_one],
                "trophy_rank": row.trophy_rank,
                "cards": list(raw["cards"]) if raw.get("cards") is not None else None,
            }
        )
    return out


def as_cells(rows: Iterable[Mapping[str, Any]]) -> list[dict[str, str]]:
    """Rows as the text of their cells (what the editor and the files show): ladders, groups and cards
    by name; the qualifier stays a code, which the site words in the reader's language."""
    out = []
    for row in rows:
        cells = {}
        for col in COLUMNS:
            v = row.get(col)
            if v is None:
                cells[col] = ""
            elif col == "only_one":
                cells[col] = _groups_text(v)
            elif col == "ladder":
                cells[col] = laza.LADDER_NAMES.get(v, v)
            elif col == "cards":
                cells[col] = " ".join(laza.CARDS.get(c, c) for c in v)
            else:
                cells[col] = str(v)
        out.append(cells)
    return out


# --- cells -> rows ---------------------------------------------------------------------

_BLANK = ("", "-", "—", "–")
# A group and a position: "Extrák 5", "extrak:5", "Utolsó két ütés (3)".
_GROUP = re.compile(r"\s*(\w[\w '’-]*?)\s*(?:[:(]\s*|\s+)(\d{1,6})\.?\s*\)?\s*\Z")


def _int_cell(text: str, row: int, col: str, problems: list[Problem]) -> int | None:
    t = text.replace(" ", "").replace("\u00a0", "")
    if re.fullmatch(r"[+-]?\d+(?:[.,]0+)?", t) is None:
        problems.append(Problem(row, col, "whole_number", {"value": text}))
        return None
    n = int(re.split(r"[.,]", t)[0])
    if abs(n) > MAX_VALUE:
        problems.append(Problem(row, col, "too_large", {"max": MAX_VALUE}))
        return None
    return n


def row_from_cells(
    cells: Mapping[str, str], row: int, problems: list[Problem], qualifiers: Mapping[str, str] | None = None
) -> dict[str, Any] | None:
    """One row dict for the engine from the text of its cells; an empty cell leaves the
    member out, so the engine applies the rules' default (§4.2) or a blank value. Ladders, groups
    and cards may be written by name or id; a qualifier by code or by a word of ``qualifiers``
    (``name_key`` of the word -> code: the site's words in every language)."""
    before = len(problems)
    out: dict[str, Any] = {}
    for col in COLUMNS:
        text = (cells.get(col) or "").strip()
        if len(text) > MAX_CELL:
            problems.append(Problem(row, col, "cell_long", {"max": MAX_CELL}))
            continue
        if text in _BLANK:
            continue
        if col in INT_COLUMNS:
            n = _int_cell(text, row, col, problems)
            if n is not None:
                out[col] = n
        elif col == "bid":
            out[col] = text.lower()
        elif col == "qualifier":
            out[col] = (qualifiers or {}).get(name_key(text), text.lower())
        elif col == "ladder":
            out[col] = LADDER_IDS.get(name_key(text), text.lower())
        elif col == "only_one":
            groups = []
            for part in re.split(r"[;,]", text):
                if not part.strip():
                    continue
                m = _GROUP.match(part)
                if m is None:
                    problems.append(Problem(row, col, "only_one_format", {"value": part.strip()}))
                    break
                group = m.group(1).strip()
                groups.append([GROUP_IDS.get(name_key(group), group.lower()), int(m.group(2))])
            else:
                out[col] = groups
        elif col == "cards":
            out[col] = [CARD_IDS.get(name_key(c), c.lower()) for c in re.split(r"[\s,;]+", text) if c]
        else:
            out[col] = text
    if "bid" not in out and len(problems) == before:
        problems.append(Problem(row, "bid", "bid_missing"))
    bid = out.get("bid") or (cells.get("bid") or "").strip().lower()[:40]
    for p in problems[before:]:
        p.params.setdefault("bid", bid)
        p.params.setdefault("name", out.get("name") or laza.TEMPLATE_NAMES.get(bid, bid))
    # A bad cell is left out (and reported); the engine still checks the row's other cells.
    return out if "bid" in out else None


def rows_from_cells(
    numbered: Iterable[tuple[int, Mapping[str, str]]], qualifiers: Mapping[str, str] | None = None
) -> tuple[list[dict], list[int], list[Problem]]:
    """Rows, the reader's number of each, and the problems; wholly empty rows are skipped."""
    rows, labels, problems = [], [], []
    for number, cells in numbered:
        if not any((cells.get(c) or "").strip() for c in COLUMNS):
            continue
        row = row_from_cells(cells, number, problems, qualifiers)
        if row is not None:
            rows.append(row)
            labels.append(number)
    if len(rows) > MAX_ROWS:
        problems.append(Problem(None, None, "too_many_rows", {"max": MAX_ROWS}))
    return rows, labels, problems


# --- checking (the engine's rules, as rows and columns) ----------------------------------

_PATH = re.compile(r"config\.point_table(?:\.(version|rows)(?:\[(\d+)\](?:\.([a-z_]+))?)?)?")


def _fixed_ladder(bid: str) -> str:
    rule = laza.RULE_LADDERS.get(bid)
    return f"{laza.LADDER_NAMES.get(rule[0], rule[0])} {rule[1]}" if rule else "—"


def _fixed_groups(bid: str) -> str:
    return _groups_text(laza.RULE_ONLY_ONE.get(bid, ())) or "—"


def _problem(error: Any, rows: Sequence[Any], labels: Sequence[int]) -> Problem:
    """The engine's error (a path, a code, an English sentence) as a row, a column and a code."""
    m = _PATH.match(error.field)
    if m is None:
        return Problem(None, None, "invalid", {"detail": error.message})
    part, index, col = m.groups()
    if part == "version":
        return Problem(None, "version", "version", {"max": 100})
    if index is None:
        return Problem(None, None, "rows_list" if part == "rows" else "invalid", {"detail": error.message})
    i = int(index)
    raw = rows[i] if i < len(rows) else None
    bid = raw.get("bid") if isinstance(raw, Mapping) else None
    bid = bid if isinstance(bid, str) else ""
    row = labels[i] if i < len(labels) else i + 1
    name = laza.TEMPLATE_NAMES.get(bid, bid)
    base = {"bid": bid, "name": name}
    code, detail = error.code, error.message
    if col is None:
        return Problem(row, None, "row_object", base)
    if code == "unknown_field":
        return Problem(row, col, "unknown_column", base)
    if col in INT_COLUMNS and code in ("invalid_value", "out_of_range"):
        return Problem(row, col, "rank" if col.endswith("rank") else "value", base)
    key = {
        ("bid", "missing_field"): "bid_missing",
        ("bid", "invalid_value"): "bid_id",
        ("bid", "inconsistent"): "bid_twice",
        ("name", "invalid_value"): "name_text",
        ("name", "out_of_range"): "name_long",
        ("qualifier", "invalid_value"): "qualifier_choice",
        ("qualifier", "inconsistent"): "qualifier_fixed",
        ("ladder", "invalid_value"): "ladder_id",
        ("ladder", "inconsistent"): "ladder_fixed",
        ("ladder_rank", "missing_field"): "ladder_rank_missing",
        ("ladder_rank", "not_applicable"): "ladder_rank_without_ladder",
        ("ladder_rank", "inconsistent"): "ladder_rank_shared",
        ("only_one", "invalid_value"): "only_one_format",
        ("cards", "not_applicable"): "cards_not_card",
        ("cards", "invalid_value"): "cards_format",
    }.get((col, code))
    if col == "only_one":
        key = (
            "only_one_fixed"
            if "rules fix" in detail
            else ("only_one_twice" if code == "inconsistent" else "only_one_format")
        )
    if col == "trophy_rank" and code == "inconsistent":
        if bid in laza.NOT_TROPHIES:
            key = "not_trophy"
        elif bid == "skala" and "cannot be null" in detail:
            key = "skala_trophy"
        elif "below Skála" in detail:
            key = "below_skala"
        else:
            key = "trophy_rank_shared"
    params = {
        **base,
        "kind": laza.RULE_QUALIFIER.get(bid, "none"),
        "ladder": _fixed_ladder(bid),
        "groups": _fixed_groups(bid),
        "value": "",
    }
    return Problem(row, col, key or "invalid", {**params, "detail": detail})


def _bounds(rows: Sequence[Any], labels: Sequence[int]) -> list[Problem]:
    """What the engine leaves open but a stored table must not hold: huge numbers (JSON from
    the API) and over-long text."""
    problems = []
    for i, row in enumerate(rows):
        if not isinstance(row, Mapping):
            continue
        label = labels[i] if i < len(labels) else i + 1
        for col in INT_COLUMNS:
            v = row.get(col)
            if isinstance(v, int) and not isinstance(v, bool) and abs(v) > MAX_VALUE:
                problems.append(Problem(label, col, "too_large", {"max": MAX_VALUE}))
        for col in ("ladder", "qualifier", "bid"):
            v = row.get(col)
            if isinstance(v, str) and len(v) > MAX_CELL:
                problems.append(Problem(label, col, "cell_long", {"max": MAX_CELL}))
        for col in ("only_one", "cards"):
            v = row.get(col)
            if isinstance(v, list) and len(v) > 50:
                problems.append(Problem(label, col, "cell_long", {"max": 50}))
    return problems


def check(version: Any, rows: Any, labels: Sequence[int] | None = None) -> tuple[dict | None, list[Problem]]:
    """The configuration for ``rows``, or None and every problem; the engine's rules decide."""
    if isinstance(rows, list) and len(rows) > MAX_ROWS:
        return None, [Problem(None, None, "too_many_rows", {"max": MAX_ROWS})]
    labels = list(labels) if labels is not None else list(range(1, len(rows) + 1 if isinstance(rows, list) else 1))
    problems = _bounds(rows, labels) if isinstance(rows, list) else []
    if problems:
        return None, problems
    if isinstance(rows, list) and not rows:
        return None, [Problem(None, None, "no_rows")]
    config = {"point_table": {"version": version.strip() if isinstance(version, str) else version, "rows": rows}}
    errors = laza.validate_config(config)
    if errors:
        return None, [_problem(e, rows if isinstance(rows, list) else [], labels) for e in errors]
    return config, []


# --- files ---------------------------------------------------------------------------


def _decode(data: bytes) -> str:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise FileRejected("encoding") from None
    for encoding in ("utf-8-sig", "cp1250"):  # UTF-8, else Central European Excel's "CSV"
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise FileRejected("encoding")


def _header(cells: Sequence[str], columns: Mapping[str, str] | None) -> dict[int, str]:
    """Column index -> column id, from the header line's names (``columns``: ``name_key`` of a
    header -> id; the ids themselves are always read)."""
    index: dict[int, str] = {}
    for i, h in enumerate(cells):
        if not (h or "").strip():
            continue
        key = {**COLUMN_IDS, **(columns or {})}.get(name_key(h))
        if key is None:
            raise FileRejected("unknown_header", column=(h or "").strip()[:40], columns=", ".join(COLUMNS))
        if key in index.values():
            raise FileRejected("duplicate_header", column=key)
        index[i] = key
    if "bid" not in index.values():
        raise FileRejected("no_bid_column")
    return index


def _numbered(
    lines: Iterable[tuple[int, Sequence[Any]]], columns: Mapping[str, str] | None
) -> list[tuple[int, dict[str, str]]]:
    """(sheet line, cells by column) for every line after the header line."""
    out: list[tuple[int, dict[str, str]]] = []
    index: dict[int, str] | None = None
    for line, values in lines:
        values = ["" if v is None else str(v) for v in values]
        if index is None:
            if not any(v.strip() for v in values):
                continue
            index = _header(values, columns)
            continue
        if any(len(v) > MAX_CELL for v in values):
            col = next(index.get(i, "?") for i, v in enumerate(values) if len(v) > MAX_CELL)
            raise FileRejected("cell_long", row=line, column=col, max=MAX_CELL)
        if len(out) >= MAX_ROWS and any(v.strip() for v in values):
            raise FileRejected("too_many_rows", max=MAX_ROWS)
        out.append((line, {col: values[i] if i < len(values) else "" for i, col in index.items()}))
    if index is None:
        raise FileRejected("empty")
    return out


def read_csv(data: bytes, columns: Mapping[str, str] | None = None) -> list[tuple[int, dict[str, str]]]:
    if len(data) > MAX_FILE_BYTES:
        raise FileRejected("too_big", max_kb=MAX_FILE_BYTES // 1024)
    if b"\x00" in data and not data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise FileRejected("not_text")  # binary, or UTF-16 without its byte-order mark
    text = _decode(data)
    if "\x00" in text:
        raise FileRejected("not_text")
    # Classic Mac exports end lines with a bare CR, which the csv module refuses mid-line.
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    try:
        dialect: Any = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.reader(io.StringIO(text), dialect, strict=True)
    lines = []
    try:
        for n, values in enumerate(reader, start=1):
            lines.append((n, [from_csv_text(v) for v in values]))
            if n > MAX_ROWS + 50:
                raise FileRejected("too_many_rows", max=MAX_ROWS)
    except csv.Error:  # e.g. a field over the csv module's limit, an unterminated quote
        raise FileRejected("csv_broken", row=len(lines) + 1) from None
    return _numbered(lines, columns)


def read_xlsx(data: bytes, columns: Mapping[str, str] | None = None) -> list[tuple[int, dict[str, str]]]:
    if len(data) > MAX_FILE_BYTES:
        raise FileRejected("too_big", max_kb=MAX_FILE_BYTES // 1024)
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            if sum(info.file_size for info in archive.infolist()) > MAX_XLSX_UNCOMPRESSED:
                raise FileRejected("too_big_unpacked", max_kb=MAX_XLSX_UNCOMPRESSED // 1024)
    except (zipfile.BadZipFile, OSError, ValueError, EOFError) as exc:
        if isinstance(exc, FileRejected):
            raise
        raise FileRejected("not_xlsx") from None
    from openpyxl import load_workbook

    lines = []
    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        try:
            sheet = workbook.worksheets[0]
            # Stop reading at the row limit: a sheet may claim a million rows.
            for n, values in enumerate(sheet.iter_rows(values_only=True, max_row=MAX_ROWS + 51), start=1):
                lines.append((n, [_xlsx_text(v) for v in values[: len(COLUMNS) + 20]]))
            if sheet.max_row and sheet.max_row > MAX_ROWS + 50 and len(lines) > MAX_ROWS + 50:
                raise FileRejected("too_many_rows", max=MAX_ROWS)
        finally:
            workbook.close()
    except FileRejected:
        raise
    except Exception:  # openpyxl raises many types for a broken workbook (bad shared strings, XML)
        raise FileRejected("not_xlsx") from None
    return _numbered(lines, columns)


def _xlsx_text(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def read_file(data: bytes, filename: str, columns: Mapping[str, str] | None = None) -> list[tuple[int, dict[str, str]]]:
    """The file's rows by column; ``columns`` are header names read besides the ids (``_header``)."""
    name = (filename or "").lower()
    if name.endswith(".xlsx"):
        return read_xlsx(data, columns)
    if name.endswith((".csv", ".txt")):
        return read_csv(data, columns)
    raise FileRejected("file_type")


def write_csv(cells: Iterable[Mapping[str, str]], headers: Sequence[str] = COLUMNS) -> bytes:
    """UTF-8 with a BOM, so that Excel shows the accents; one header line (the page's column names)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(headers)
    for row in cells:
        writer.writerow([csv_text(row.get(c, "")) for c in COLUMNS])
    return ("\ufeff" + out.getvalue()).encode()


def write_xlsx(
    cells: Iterable[Mapping[str, str]], headers: Sequence[str] = COLUMNS, title: str = "point table"
) -> bytes:
    """One sheet; numbers as numbers, every other cell as text (a leading ``=`` is no formula)."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    ws = wb.active
    ws.title = title[:31]
    ws.append(list(headers))
    for cell in ws[1]:
        cell.font = Font(bold=True)
    for row in cells:
        values: list[Any] = []
        for c in COLUMNS:
            v = row.get(c, "")
            values.append(int(v) if c in INT_COLUMNS and re.fullmatch(r"-?\d+", v or "") else v)
        ws.append(values)
        for cell in ws[ws.max_row]:
            mark_text(cell)
    ws.freeze_panes = "A2"
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()
