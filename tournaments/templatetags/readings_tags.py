"""``{% readings_line tournament %}``: the readings of the rules in force, one line under a
title (protocols, standings; taruk2012.md §4.5). Nothing for a variant without options."""

from __future__ import annotations

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from tournaments.models import Tournament
from tournaments.readings.words import readings_lines

register = template.Library()


@register.simple_tag
def readings_line(tournament: Tournament, tag: str = "p") -> SafeString | str:
    lines = readings_lines(tournament)
    if not lines:
        return ""
    return format_html('<{} class="readings">{}: {}</{}>', tag, _("Readings in force"), " · ".join(lines), tag)
