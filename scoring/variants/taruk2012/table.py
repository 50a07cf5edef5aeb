"""taruk2012: the table plan: seats, who sits out, hands per round, the seating."""

from __future__ import annotations

PLAN = None  # filled in by the redesign (issue 13)
