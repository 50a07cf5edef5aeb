"""Reading a player list from CSV or XLSX into rows and per-row errors.

Nothing is saved here: the organizer sees the preview and the error report
first, and only a file without errors can be confirmed (``services.import_players``).
"""

from __future__ import annotations

import csv
import io
import zipfile
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from scoring.common import NUL
from tournaments.models import MAX_INTEGER
from tournaments.nul import nul_message
from tournaments.people.names import fold

MAX_ROWS = 2000
# An honest list of 2,000 players is well under 1 MB unpacked; a zip bomb of a few hundred KB
# unpacks to gigabytes. The workbook's members are summed from the zip directory before any is read.
MAX_UNCOMPRESSED = 20 * 1024 * 1024
# Columns read of a spreadsheet row (we use five).
MAX_COLUMNS = 50

# Header names we accept, lower-cased, in English, Slovenian and Hungarian.
COLUMNS: dict[str, tuple[str, ...]] = {
    "name": ("name", "player", "ime", "igralec", "név", "nev", "játékos"),
    "club": ("club", "klub", "društvo", "egyesület", "egyesulet"),
    "federation_id": ("federation id", "federation_id", "id", "licence", "license", "licenca", "igazolványszám"),
    "strength": ("strength", "rank", "ranking", "moč", "jakost", "erősorrend", "rangsor"),
    "team": ("team", "pair", "ekipa", "par", "pár", "csapat"),
}


@dataclass
class PlayerRow:
    line: int
    name: str
    club: str = ""
    federation_id: str = ""
    strength: int | None = None
    team: str = ""
    errors: list[str] = field(default_factory=list)
    # Warnings are accepted by entering the list anyway (a possible duplicate player).
    warnings: list[str] = field(default_factory=list)
    # The site's player he is or may be (``people.registry.match_rows``): {"kind", "player"}.
    match: dict | None = None

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass
class ImportResult:
    rows: list[PlayerRow]
    errors: list[str]  # errors about the file as a whole

    @property
    def ok(self) -> bool:
        return not self.errors and not any(r.errors for r in self.rows)

    @property
    def warned(self) -> int:
        """Rows with a warning (entered all the same once the organizer confirms)."""
        return sum(1 for r in self.rows if r.warnings)

    @property
    def to_answer(self) -> int:
        """Rows that may be a player of the site: the organizer accepts or rejects each."""
        return sum(1 for r in self.rows if r.match and r.match["kind"] == "maybe")


Lines = list[tuple[int, list[str]]]  # (the file's line number, its cells)


def _take(rows: Iterator[tuple[int, list[str]]]) -> Lines:
    """The non-blank rows with their line numbers, reading no further than the header, the limit and
    one more (enough to know the limit was passed). Blank rows are skipped but counted, so that a sheet
    of a million empty rows is not walked either."""
    out: Lines = []
    for seen, (line, row) in enumerate(rows, start=1):
        if any(c.strip() for c in row):
            out.append((line, row))
            if len(out) > MAX_ROWS + 1:
                break
        if seen > 10 * (MAX_ROWS + 2):
            raise ValueError(_("At most %(n)d players per file.") % {"n": MAX_ROWS})
    return out


def _csv_lines(reader: Any) -> Iterator[tuple[int, list[str]]]:
    """Each record with the line it starts on (a quoted cell may span lines)."""
    while True:
        start = reader.line_num + 1
        try:
            row = next(reader)
        except StopIteration:
            return
        yield start, row


def _cells_from_csv(data: bytes) -> Lines:
    for encoding in ("utf-8-sig", "cp1250"):
        try:
            text = data.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    else:  # pragma: no cover - cp1250 decodes nearly anything
        raise ValueError(_("The file is neither UTF-8 nor Windows-1250 text."))
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    # newline="": the csv module itself splits on \n, \r\n and a bare \r (classic Mac exports).
    reader = csv.reader(io.StringIO(text, newline=""), dialect)
    try:
        return _take(_csv_lines(reader))
    except csv.Error as exc:  # e.g. a field over csv.field_size_limit() (131,072 characters)
        raise ValueError(
            _("line %(n)d: the file cannot be read as CSV (%(error)s).") % {"n": reader.line_num, "error": exc}
        ) from exc


def _check_unpacked_size(data: bytes) -> None:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, ValueError, OSError) as exc:
        raise ValueError(_("The file is not a readable XLSX workbook.")) from exc
    if unpacked > MAX_UNCOMPRESSED:
        raise ValueError(
            _("The workbook is too large when unpacked (%(mb)d MB; at most %(max)d MB).")
            % {"mb": unpacked // 2**20, "max": MAX_UNCOMPRESSED // 2**20}
        )


def _xlsx_values(sheet) -> Iterator[tuple]:
    """The first sheet's rows as value tuples, read one at a time (read-only mode streams the XML)."""
    return sheet.iter_rows(values_only=True, max_col=MAX_COLUMNS)


def _cells_from_xlsx(data: bytes) -> Lines:
    from openpyxl import load_workbook

    _check_unpacked_size(data)
    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many types for a broken file
        raise ValueError(_("The file is not a readable XLSX workbook.")) from exc
    try:
        # Stop at the row limit: the rows after it are never parsed.
        # Read-only sheets yield every row from row 1, blank ones too: the count is the sheet's row number.
        return _take(
            (
                line,
                [
                    "" if v is None else (str(int(v)) if isinstance(v, float) and v.is_integer() else str(v))
                    for v in values
                ],
            )
            for line, values in enumerate(_xlsx_values(workbook.worksheets[0]), start=1)
        )
    except ValueError:
        raise
    except Exception as exc:  # a broken sheet (a bad shared-string index, bad XML) shows while reading
        raise ValueError(_("The file is not a readable XLSX workbook.")) from exc
    finally:
        workbook.close()


@dataclass(frozen=True)
class Entered:
    """A player already entered in the event, as the import compares with it."""

    name: str
    start_number: int
    federation_id: str = ""


def name_key(name: str) -> str:
    """A name compared without case, spaces and accents ("JANEZ  CUK" is "Janez Čuk")."""
    return "".join(fold(name).split())


def parse_players(
    data: bytes, filename: str, existing_ids: set[str] = frozenset(), entered: list[Entered] = ()
) -> ImportResult:
    """Parse an uploaded player list; ``existing_ids`` are federation ids already entered, ``entered``
    the event's players (a name already there is a warning: the same player twice?)."""
    try:
        if filename.lower().endswith(".xlsx"):
            cells = _cells_from_xlsx(data)
        elif filename.lower().endswith((".csv", ".txt")):
            cells = _cells_from_csv(data)
        else:
            return ImportResult([], [_("Upload a .csv or .xlsx file.")])
    except ValueError as exc:
        return ImportResult([], [str(exc)])
    if not cells:
        return ImportResult([], [_("The file is empty.")])
    header = [c.strip().lower() for c in cells[0][1]]
    index: dict[str, int] = {}
    for key, names in COLUMNS.items():
        for i, h in enumerate(header):
            if h in names and key not in index:
                index[key] = i
    if "name" not in index:
        return ImportResult([], [_("The first row must name the columns; a 'name' column is required.")])
    if len(cells) - 1 > MAX_ROWS:
        return ImportResult([], [_("At most %(n)d players per file.") % {"n": MAX_ROWS}])

    rows: list[PlayerRow] = []
    seen_ids: dict[str, int] = {}
    for line, raw in cells[1:]:

        def cell(key: str, raw=raw) -> str:
            i = index.get(key)
            return raw[i].strip() if i is not None and i < len(raw) else ""

        row = PlayerRow(
            line=line, name=cell("name"), club=cell("club"), federation_id=cell("federation_id"), team=cell("team")
        )
        for key in ("name", "club", "federation_id", "team"):
            if NUL in getattr(row, key):  # PostgreSQL cannot store it: refused here, not at the confirm
                row.errors.append(nul_message(key.replace("_", " ")))
        if not row.name:
            row.errors.append(_("name: missing"))
        elif len(row.name) > 120:
            row.errors.append(_("name: longer than 120 characters"))
        if len(row.club) > 120:
            row.errors.append(_("club: longer than 120 characters"))
        strength = cell("strength")
        if strength:
            if strength.isascii() and strength.isdigit() and int(strength) > MAX_INTEGER:
                row.errors.append(_("strength: '%(v)s' is too large") % {"v": strength})
            elif strength.isascii() and strength.isdigit() and int(strength) > 0:  # "²" is a digit, not a number
                row.strength = int(strength)
            else:
                row.errors.append(_("strength: '%(v)s' is not a whole number from 1") % {"v": strength})
        if row.federation_id:
            if row.federation_id in seen_ids:
                row.errors.append(_("federation id: also on line %(n)d") % {"n": seen_ids[row.federation_id]})
            elif row.federation_id in existing_ids:
                row.errors.append(_("federation id: this player is already entered"))
            seen_ids.setdefault(row.federation_id, line)
        rows.append(row)
    _flag_duplicates(rows, entered)
    return ImportResult(rows, [])


def _distinct(a: str, b: str) -> bool:
    """Two players of one name are told apart only by two different federation ids."""
    return bool(a and b and a != b)


def _flag_duplicates(rows: list[PlayerRow], entered: list[Entered]) -> None:
    """Warn of a name already in the event or on an earlier line of the file (not a refusal: two
    players may share a name; the organizer looks before entering the list)."""
    in_event: dict[str, list[Entered]] = {}
    for e in entered:
        in_event.setdefault(name_key(e.name), []).append(e)
    in_file: dict[str, list[PlayerRow]] = {}
    for row in rows:
        if not row.name:
            continue
        key = name_key(row.name)
        for e in in_event.get(key, ()):
            if not _distinct(row.federation_id, e.federation_id):
                row.warnings.append(
                    _("%(name)s is already entered as number %(n)d: check that this is not the same player.")
                    % {"name": e.name, "n": e.start_number}
                )
        earlier = next((r for r in in_file.get(key, ()) if not _distinct(row.federation_id, r.federation_id)), None)
        if earlier is not None:
            row.warnings.append(
                _("%(name)s is also on line %(n)d: check that this is not the same player.")
                % {"name": earlier.name, "n": earlier.line}
            )
        in_file.setdefault(key, []).append(row)
