"""Files as people upload them (players, a point table)."""

from __future__ import annotations

import io
from collections.abc import Iterable

from openpyxl import Workbook


def _xlsx(rows: Iterable[list]) -> bytes:
    """An XLSX file whose one sheet holds ``rows``."""
    wb = Workbook()
    for row in rows:
        wb.active.append(row)
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()
