"""The tournament layer's view of the scoring registry (the engine stays Django-free)."""

from __future__ import annotations

from scoring.registry import VARIANTS
from scoring.types import Variant


def variant_choices() -> list[tuple[str, str]]:
    """Model/form choices: every variant the engine knows."""
    return [(key, v.name) for key, v in VARIANTS.items()]


def get_variant(key: str) -> Variant:
    return VARIANTS[key]
