"""tarokk-illusztralt: the paper protocol's rows and columns."""

from __future__ import annotations

PROTOCOL = None  # filled in by the redesign (issue 13)
