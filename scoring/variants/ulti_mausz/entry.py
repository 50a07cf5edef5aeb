"""ulti-mausz: the hand form's bindings (form field <-> JSON path <-> conversion) and layout."""

from __future__ import annotations

ENTRY = None  # filled in by the redesign (issue 13)
