"""taruk2012: the state a table carries from hand to hand, in words (the referee's table page)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.text import _, as_is


def describe(state: Mapping[str, Any]) -> list[str]:
    """The radelci the table carries (taruk2012.md §4.4): each holder with a mark per radelc, or none held."""
    radelci = state.get("radelci")
    if not isinstance(radelci, Mapping):
        return as_is(state)
    held = [f"{seat} {'○' * n}" for seat, n in sorted(radelci.items()) if isinstance(n, int) and n > 0]
    told = _("Radelci: %(held)s", held=", ".join(held)) if held else _("No radelci")
    return [told, *as_is(state, ("radelci",))]
