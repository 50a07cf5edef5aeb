"""Hand-entry forms, one per variant (one dict, STYLE.md §2)."""

from __future__ import annotations

from .base import HandForm
from .generic import JsonHandForm
from .tarokk_illusztralt import TarokkIllusztraltHandForm
from .tarokk_laza import TarokkLazaHandForm
from .tarokk_vadasz import TarokkVadaszHandForm
from .taruk2012 import Taruk2012HandForm
from .ulti_mausz import UltiMauszHandForm

FORMS: dict[str, type[HandForm]] = {
    "taruk2012": Taruk2012HandForm,
    "ulti-mausz": UltiMauszHandForm,
    "tarokk-illusztralt": TarokkIllusztraltHandForm,
    "tarokk-vadasz": TarokkVadaszHandForm,
    "tarokk-laza": TarokkLazaHandForm,
}


def form_class(variant: str) -> type[HandForm]:
    """The variant's form, or the JSON form where none is written yet."""
    return FORMS.get(variant, JsonHandForm)
