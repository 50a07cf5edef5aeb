"""``{% config_table_of tournament as ct %}``: the event's configuration table (if its variant declares
one) for the event page and the table page."""

from __future__ import annotations

from typing import Any

from django import template

from tournaments.readings.config_table_text import read_only

register = template.Library()


@register.simple_tag
def config_table_of(tournament: Any) -> dict[str, Any] | None:
    """The event's table as columns and rows of text, or None when it has none."""
    table = tournament.rules.config_table
    return read_only(table, tournament.config) if table is not None else None
