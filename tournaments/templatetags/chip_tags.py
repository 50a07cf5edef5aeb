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


def chip(data: dict[str, Any], offered_for: str | None = None, cls: str = "chip", short: str | None = None) -> str:
    """One chip: ``data`` is the radio widget's subwidget (a ``BoundWidget``'s ``data``); ``offered_for``
    the values of the field the fieldset's ``data-offered-by`` names that it is offered for
    (static/js/handform.js hides it for the others). A chip of a table (``short``) shows its column's
    short label and gives a screen reader its whole label."""
    label_for = conditional_escape(data["attrs"].get("id") or "")
    # a line break after each chip: a space between inline chips, as before
    label = conditional_escape(data["label"])
    if short is not None:
        label = (
            f'<span aria-hidden="true">{conditional_escape(short)}</span><span class="visually-hidden">{label}</span>'
        )
    only = "" if offered_for is None else f' data-offered-for="{conditional_escape(offered_for)}"'
    return f'<label class="{cls}" for="{label_for}"{only}>{input_html(data)}<span>{label}</span></label>\n'


def _grid(subwidgets: list[dict[str, Any]], columns: dict[str, str]) -> str:
    """Chips as a table (``spec.Field.grid``): a choice without a colon begins its row, its
    "row:column" choices follow under their columns; a row with no such choice spans the table."""
    rows: set[str] = {str(d["value"]).partition(":")[0] for d in subwidgets if ":" in str(d["value"])}
    place = {column: i + 2 for i, column in enumerate(columns)}  # the row's own chip is column 1
    out = []
    for data in subwidgets:
        row, colon, column = str(data["value"]).partition(":")
        if colon:
            out.append(chip(data, cls=f"chip col-{place[column]}", short=columns[column]))
        else:
            out.append(chip(data, cls="chip row" if row in rows else "chip row-only"))
    return "".join(out)


@register.simple_tag
def chips(field: BoundField, common: Collection[str] | None = None, part: str = "all") -> SafeString:
    """The field's chips: ``part`` "all", or "common"/"rest": those whose value is (not) in ``common``."""
    wanted = {"all": lambda _v: True, "common": lambda v: v in common, "rest": lambda v: v not in common}[part]
    grid = getattr(field.field.widget, "grid", None)
    if grid:
        return mark_safe(_grid([w.data for w in field.subwidgets if wanted(w.data["value"])], grid))
    offered = getattr(field.field, "offered_for", {})
    return mark_safe(
        "".join(chip(w.data, offered.get(str(w.data["value"]))) for w in field.subwidgets if wanted(w.data["value"]))
    )
