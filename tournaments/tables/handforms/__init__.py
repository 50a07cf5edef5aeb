"""The hand-entry form: one form, built from the variant's entry declaration."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from scoring.registry import VARIANTS
from tournaments.tables.handforms.base import HandForm
from tournaments.tables.handforms.generic import JsonHandForm


@cache
def form_class(variant: str) -> type[HandForm]:
    """The form of ``variant`` (its declaration bound to ``HandForm``), or the JSON form where the
    variant declares no entry."""
    declared = VARIANTS[variant].entry if variant in VARIANTS else None
    if declared is None:
        return JsonHandForm
    return type("HandForm", (HandForm,), {"variant": variant, "entry": declared, "__module__": __name__})


def entry_form(
    variant: str,
    envelopes: list[dict[str, Any]],
    *,
    names: Mapping[str, str],
    positions: list[str],
    config: Mapping[str, Any] | None,
    data: Any = None,
    earlier: Callable[[str], int] | None = None,
) -> HandForm:
    """The entry form of a table's next hand, whose possible envelopes are ``envelopes`` (the usual
    one first). Where one dealer deals and the variant narrows the misdeal by the dealer's history,
    ``earlier(dealer)`` says how many misdeals his player has made before (tournaments.tables.misdeals)."""
    form = form_class(variant)(
        data, envelope=envelopes[0], alternatives=envelopes, names=names, table_positions=positions, config=config
    )
    dealers = {e["dealer"] for e in form.alternatives}
    if earlier is not None and form.limits_misdeals and len(dealers) == 1:
        form.limit_misdeal(earlier(dealers.pop()))
    return form


__all__ = ["HandForm", "JsonHandForm", "entry_form", "form_class"]
