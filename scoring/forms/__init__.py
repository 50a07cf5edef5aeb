"""Hand-entry forms, one per variant (one dict, STYLE.md §2)."""

from __future__ import annotations

from .base import HandForm
from .generic import JsonHandForm
from .taruk2012 import Taruk2012HandForm

FORMS: dict[str, type[HandForm]] = {
    "taruk2012": Taruk2012HandForm,
}


def form_class(variant: str) -> type[HandForm]:
    """The variant's form, or the JSON form where none is written yet."""
    return FORMS.get(variant, JsonHandForm)
