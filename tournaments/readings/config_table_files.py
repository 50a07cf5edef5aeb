"""A configuration table (``scoring.config_table``) as a CSV or XLSX file, out and back in. Pure Python.

The files carry one header line, the column names as the page shows them (the event's language), and one
line per row, the cells as the page shows them; an upload reads the header by any name the caller knows
(the labels in every language, and the column keys). Uploads are untrusted: a size limit, a row limit,
a cell-length limit, a check of an XLSX's uncompressed size before it is opened, and every decoding or
parsing failure becomes a ``FileRejected`` with a code, never an exception of the parser.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from scoring.config_table import MAX_CELL, ConfigTable
from scoring.folding import name_key
from tournaments.documents.spreadsheet import csv_text, from_csv_text, mark_text

MAX_FILE_BYTES = 512 * 1024  # a real table is a few kilobytes
MAX_XLSX_UNCOMPRESSED = 8 * 1024 * 1024  # a zip bomb is refused before openpyxl parses it


class FileRejected(ValueError):
    """The upload cannot be read as a table at all (size, encoding, format)."""

    def __init__(self, code: str, **params: Any):
        super().__init__(code)
        self.code = code
        self.params = params


Numbered = list[tuple[int, dict[str, str]]]


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


def _header(table: ConfigTable, cells: Sequence[str], names: Mapping[str, str]) -> dict[int, str]:
    """Column index -> column key, from the header line's names (``names``: ``name_key`` of a header ->
    key; the keys themselves are always read)."""
    known = {**{name_key(k): k for k in table.keys}, **names}
    index: dict[int, str] = {}
    for i, h in enumerate(cells):
        if not (h or "").strip():
            continue
        key = known.get(name_key(h))
        if key is None:
            raise FileRejected("unknown_header", column=(h or "").strip()[:40])
        if key in index.values():
            raise FileRejected("duplicate_header", column=key)
        index[i] = key
    if table.identity not in index.values():
        raise FileRejected("no_identity_column")
    return index


def _numbered(table: ConfigTable, lines: Iterable[tuple[int, Sequence[Any]]], names: Mapping[str, str]) -> Numbered:
    """(sheet line, cells by column) for every line after the header line."""
    out: Numbered = []
    index: dict[int, str] | None = None
    for line, values in lines:
        values = ["" if v is None else str(v) for v in values]
        if index is None:
            if not any(v.strip() for v in values):
                continue
            index = _header(table, values, names)
            continue
        if any(len(v) > MAX_CELL for v in values):
            col = next(index.get(i, "?") for i, v in enumerate(values) if len(v) > MAX_CELL)
            raise FileRejected("cell_long", row=line, column=col, max=MAX_CELL)
        if len(out) >= table.max_rows and any(v.strip() for v in values):
            raise FileRejected("too_many_rows", max=table.max_rows)
        out.append((line, {col: values[i] if i < len(values) else "" for i, col in index.items()}))
    if index is None:
        raise FileRejected("empty")
    return out


def read_csv(table: ConfigTable, data: bytes, names: Mapping[str, str]) -> Numbered:
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
            if n > table.max_rows + 50:
                raise FileRejected("too_many_rows", max=table.max_rows)
    except csv.Error:  # e.g. a field over the csv module's limit, an unterminated quote
        raise FileRejected("csv_broken", row=len(lines) + 1) from None
    return _numbered(table, lines, names)


def read_xlsx(table: ConfigTable, data: bytes, names: Mapping[str, str]) -> Numbered:
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
    limit = table.max_rows + 50
    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        try:
            sheet = workbook.worksheets[0]
            # Stop reading at the row limit: a sheet may claim a million rows.
            for n, values in enumerate(sheet.iter_rows(values_only=True, max_row=limit + 1), start=1):
                lines.append((n, [_xlsx_text(v) for v in values[: len(table.columns) + 20]]))
            if sheet.max_row and sheet.max_row > limit and len(lines) > limit:
                raise FileRejected("too_many_rows", max=table.max_rows)
        finally:
            workbook.close()
    except FileRejected:
        raise
    except Exception:  # openpyxl raises many types for a broken workbook (bad shared strings, XML)
        raise FileRejected("not_xlsx") from None
    return _numbered(table, lines, names)


def _xlsx_text(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def read_file(table: ConfigTable, data: bytes, filename: str, names: Mapping[str, str]) -> Numbered:
    """The file's rows by column; ``names`` are header names read besides the keys (``_header``)."""
    name = (filename or "").lower()
    if name.endswith(".xlsx"):
        return read_xlsx(table, data, names)
    if name.endswith((".csv", ".txt")):
        return read_csv(table, data, names)
    raise FileRejected("file_type")


def write_csv(table: ConfigTable, cells: Iterable[Mapping[str, str]], headers: Sequence[str]) -> bytes:
    """UTF-8 with a BOM, so that Excel shows the accents; one header line (the page's column names)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(headers)
    for row in cells:
        writer.writerow([csv_text(row.get(k, "")) for k in table.keys])
    return ("\ufeff" + out.getvalue()).encode()


def write_xlsx(table: ConfigTable, cells: Iterable[Mapping[str, str]], headers: Sequence[str], title: str) -> bytes:
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
        for c in table.columns:
            v = row.get(c.key, "")
            values.append(int(v) if c.numeric and re.fullmatch(r"-?\d+", v or "") else v)
        ws.append(values)
        for cell in ws[ws.max_row]:
            mark_text(cell)
    ws.freeze_panes = "A2"
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()
