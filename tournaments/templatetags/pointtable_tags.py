"""``{% point_table_of tournament as pt %}``: the Laza point table for the event page."""

from __future__ import annotations

from typing import Any

from django import template

from .. import pointtable as pt
from ..pointtable_text import COLUMN_LABELS, QUALIFIER_WORDS

register = template.Library()


@register.simple_tag
def point_table_of(tournament: Any) -> dict[str, Any] | None:
    """The event's point table as columns and rows of text, or None when it has none."""
    if not pt.has_point_table(tournament.config):
        return None
    rows = pt.as_cells(pt.effective_rows(tournament.config))
    return {
        "version": pt.version_of(tournament.config),
        "columns": [{"key": c, "label": str(COLUMN_LABELS[c]), "numeric": c in pt.INT_COLUMNS} for c in pt.COLUMNS],
        "rows": [
            {
                "number": i,
                "cells": [{"key": c, "value": _shown(c, r[c]), "numeric": c in pt.INT_COLUMNS} for c in pt.COLUMNS],
            }
            for i, r in enumerate(rows, start=1)
        ],
        "blank": sum(1 for r in rows if r["made"] == "" or r["failed"] == ""),
    }


def _shown(column: str, value: str) -> str:
    """A cell as the read-only table shows it: a qualifier in words, anything else as typed."""
    return str(QUALIFIER_WORDS.get(value, value)) if column == "qualifier" else value
