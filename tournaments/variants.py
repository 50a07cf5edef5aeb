"""The tournament layer's view of the scoring registry (the engine stays Django-free)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.registry import VARIANTS
from scoring.types import Variant

# The engine's names are English (scoring/ has no Django); the pages and documents show these.
NAMES = {
    "taruk2012": gettext_lazy("Taruk 2012 (Slovenian competitive tarok)"),
    "ulti-mausz": gettext_lazy("Ulti (MAUSZ championship rules, 2017)"),
    "tarokk-illusztralt": gettext_lazy("Illusztrált tarokk"),
    "tarokk-vadasz": gettext_lazy("Vadász tarokk"),
    "tarokk-laza": gettext_lazy("Laza tarokk"),
}


def variant_name(key: str) -> str:
    """The variant's name in the active language; the key itself for a variant we do not know."""
    if key in NAMES:
        return str(NAMES[key])
    return VARIANTS[key].name if key in VARIANTS else key


def variant_choices() -> list[tuple[str, Any]]:
    """Model/form choices: every variant the engine knows."""
    return [(key, NAMES.get(key, v.name)) for key, v in VARIANTS.items()]


def get_variant(key: str) -> Variant:
    return VARIANTS[key]


def sit_out_rule(key: str, seats: int) -> str:
    """Who sits out each hand at a table of ``seats`` larger than the game, as the draw states it."""
    if key == "taruk2012" and seats == 5:
        return _("Five at the table: the dealer sits out each hand (taruk2012 §7.6).")
    if key == "ulti-mausz" and seats == 4:
        return _("Four at the table: the dealer sits out each deal.")
    if key == "tarokk-vadasz" and seats == 5:
        return _("Five at the table: the dealer sits out each hand and arranges the talon.")
    if key == "tarokk-vadasz" and seats == 6:
        return _(
            "Six at the table: the dealer and the player opposite him sit out each hand; "
            "the one opposite arranges the talon."
        )
    if key == "tarokk-vadasz" and seats == 7:
        return _(
            "Seven at the table: the dealer and the two players opposite him sit out each hand; "
            "the dealer picks one of the two to arrange the talon."
        )
    return ""
