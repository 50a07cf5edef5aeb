"""The variants, by key: one dict (STYLE.md §2), no plugin machinery."""

from __future__ import annotations

from .types import Variant
from .variants import tarokk_illusztralt, tarokk_laza, tarokk_vadasz, taruk2012, ulti_mausz

VARIANTS: dict[str, Variant] = {
    v.key: v
    for v in (
        taruk2012.VARIANT,
        ulti_mausz.VARIANT,
        tarokk_illusztralt.VARIANT,
        tarokk_vadasz.VARIANT,
        tarokk_laza.VARIANT,
    )
}


def get(key: str) -> Variant:
    """The variant for ``key``; KeyError names the key."""
    return VARIANTS[key]
