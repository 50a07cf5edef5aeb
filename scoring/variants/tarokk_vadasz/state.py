"""tarokk-vadasz: the state a table carries from hand to hand, in words (the referee's table page)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.text import as_is, ngettext


def describe(state: Mapping[str, Any]) -> list[str]:
    """The double round the table plays (tarokk-vadasz.md §1.8); nothing once it has run out."""
    n = state.get("double_round_remaining")
    if not isinstance(n, int):
        return as_is(state)
    told = ngettext(
        "Double round: the next played hand counts double.",
        "Double round: the next %(n)d played hands count double.",
        n,
        n=n,
    )
    return ([told] if n > 0 else []) + as_is(state, ("double_round_remaining",))
