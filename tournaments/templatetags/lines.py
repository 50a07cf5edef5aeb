"""``{{ hand.breakdown|breakdown }}``: a breakdown (stored or fresh) in the page's language (``tables.lines``)."""

from __future__ import annotations

from typing import Any

from django import template

from tournaments.tables import lines

register = template.Library()


@register.filter(name="breakdown")
def breakdown(value: Any) -> list[str]:
    return lines.breakdown(value)
