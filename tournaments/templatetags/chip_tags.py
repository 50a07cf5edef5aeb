"""``{% chips field %}``: a chip field's radio inputs, each in its label, written in Python.

A hand form of a long variant has a thousand chips or more (a Laza form: 24 bid lines of the point table's
bids and results, about 1,800 chips), and
the table page renders several forms ahead for offline entry; one ``{% include %}`` a chip made a form take
a tenth of a second. The markup is what Django's widget templates write (``input.html``, ``attrs.html``),
a label around each input so the whole chip is a tap target.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django import template
from django.forms import BoundField
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from tournaments.tables.handforms.render import input_html

register = template.Library()


def chip(data: dict[str, Any], offered_for: str | None = None) -> str:
    """One chip: ``data`` is the radio widget's subwidget (a ``BoundWidget``'s ``data``); ``offered_for``
    the values of the field the fieldset's ``data-offered-by`` names that it is offered for
    (static/js/handform.js hides it for the others)."""
    label_for = conditional_escape(data["attrs"].get("id") or "")
    # a line break after each chip: a space between inline chips, as before
    label = conditional_escape(data["label"])
    only = "" if offered_for is None else f' data-offered-for="{conditional_escape(offered_for)}"'
    return f'<label class="chip" for="{label_for}"{only}>{input_html(data)}<span>{label}</span></label>\n'


@register.simple_tag
def chips(field: BoundField, common: Collection[str] | None = None, part: str = "all") -> SafeString:
    """The field's chips: ``part`` "all", or "common"/"rest": those whose value is (not) in ``common``."""
    wanted = {"all": lambda _v: True, "common": lambda v: v in common, "rest": lambda v: v not in common}[part]
    offered = getattr(field.field, "offered_for", {})
    return mark_safe(
        "".join(chip(w.data, offered.get(str(w.data["value"]))) for w in field.subwidgets if wanted(w.data["value"]))
    )
