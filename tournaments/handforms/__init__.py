"""The hand-entry form: one form, built from the variant's entry declaration."""

from __future__ import annotations

from functools import cache

from scoring.registry import VARIANTS

from .base import HandForm
from .generic import JsonHandForm


@cache
def form_class(variant: str) -> type[HandForm]:
    """The form of ``variant`` (its declaration bound to ``HandForm``), or the JSON form where the
    variant declares no entry."""
    declared = VARIANTS[variant].entry if variant in VARIANTS else None
    if declared is None:
        return JsonHandForm
    return type("HandForm", (HandForm,), {"variant": variant, "entry": declared, "__module__": __name__})


__all__ = ["HandForm", "JsonHandForm", "form_class"]
