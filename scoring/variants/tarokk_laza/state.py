"""tarokk-laza: the state a table carries from hand to hand, in words (the referee's table page)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.text import _, as_is, ngettext


def describe(state: Mapping[str, Any]) -> list[str]:
    """The pairs, who attacks next and the deals played (tarokk-laza.md §5.3)."""
    lines, told = [], []
    if isinstance(state.get("pairs"), list):
        pairs = ["+".join(map(str, pair)) for pair in state["pairs"] if isinstance(pair, list)]
        lines.append(_("Pairs: %(pairs)s", pairs=" v ".join(pairs)))
        last = state.get("last_attack")
        if isinstance(last, int) and len(pairs) == 2 and last in (0, 1):
            lines.append(_("Attacks next: %(pair)s", pair=pairs[1 - last]))
        told += ["pairs", "last_attack"]
    n = state.get("deals_played")
    if isinstance(n, int):
        lines.append(ngettext("%(n)d deal played", "%(n)d deals played", n, n=n))
        told.append("deals_played")
    return lines + as_is(state, told)
