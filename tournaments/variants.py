"""The tournament layer's view of the scoring registry: a variant's words, translated.

Every fact about a variant lives in its package (``scoring/variants/<key>/``); the engine
marks its words with ``scoring.text._`` and these accessors translate them where they are
shown.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, gettext_lazy

from scoring.registry import VARIANTS
from scoring.types import Variant


def _title(variant: Variant) -> str:
    return variant.title or variant.name  # a variant without a marked title shows its English name


def variant_name(key: str) -> str:
    """The variant's name in the active language; the key itself for a variant we do not know."""
    return gettext(_title(VARIANTS[key])) if key in VARIANTS else key


def variant_choices() -> list[tuple[str, Any]]:
    """Model/form choices: every variant the engine knows (migration 0001 names this function)."""
    return [(key, gettext_lazy(_title(v))) for key, v in VARIANTS.items()]


def sit_out_rule(key: str, seats: int) -> str:
    """Who sits out each hand at a table of ``seats`` larger than the game, as the draw states it."""
    words = VARIANTS[key].plan.sit_out(seats)
    return gettext(words) if words else ""  # gettext("") would be the catalogue's header


def rules_of(key: str) -> Variant | None:
    """The variant a form or a request names by its key, before an event has it (``Tournament.rules``
    once one does); None for a key the engine does not know."""
    return VARIANTS.get(key)
