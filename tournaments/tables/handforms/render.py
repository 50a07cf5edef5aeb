"""The hand form's renderer: Django's own, with its select and input templates written in Python.

A long form has dozens of selects and inputs, and the table page renders up to eight forms ahead for
offline entry; one template ``{% include %}`` an option made a form take a tenth of a second. These
functions write what Django's templates write (``select.html``, ``select_option.html``,
``input.html``, ``attrs.html``), to the byte, from the context Django's widgets already computed, so
every other widget, and every attribute a widget adds, stays Django's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.forms.renderers import DjangoTemplates
from django.utils.html import conditional_escape


def _text(value: Any) -> str:
    """``{{ value|stringformat:'s' }}`` in an autoescaped template."""
    return conditional_escape(str(value))


def _attrs(attrs: dict[str, Any]) -> str:
    """``attrs.html``: True is a bare attribute, False none, anything else name="value"."""
    return "".join(
        f" {name}" if value is True else f' {name}="{_text(value)}"'
        for name, value in attrs.items()
        if value is not False
    )


def input_html(widget: dict[str, Any]) -> str:
    """``input.html``: an input from its widget context (also a chip's radio input: ``chip_tags``)."""
    value = "" if widget["value"] is None else f' value="{_text(widget["value"])}"'
    return f'<input type="{_text(widget["type"])}" name="{_text(widget["name"])}"{value}{_attrs(widget["attrs"])}>'


def _option(option: dict[str, Any]) -> str:
    label = conditional_escape(option["label"])
    return f'<option value="{_text(option["value"])}"{_attrs(option["attrs"])}>{label}</option>'


OPTION = "django/forms/widgets/select_option.html"


def _select(widget: dict[str, Any]) -> str | None:
    groups = widget["optgroups"]
    if any(option["template_name"] != OPTION for _name, options, _index in groups for option in options):
        return None
    out = [f'<select name="{_text(widget["name"])}"{_attrs(widget["attrs"])}>']
    for group_name, group_choices, _index in groups:
        if group_name:
            out.append(f'\n  <optgroup label="{conditional_escape(group_name)}">')
        # select_option.html ends with a line break, and each option stands on a line of its own
        out.extend(f"\n  {_option(option)}\n" for option in group_choices)
        if group_name:
            out.append("\n  </optgroup>")
    out.append("\n</select>")
    return "".join(out)


WRITTEN: dict[str, Callable[[dict[str, Any]], str | None]] = {
    "django/forms/widgets/select.html": _select,
    "django/forms/widgets/number.html": input_html,
    "django/forms/widgets/text.html": input_html,
}


class HandFormRenderer(DjangoTemplates):
    """Django's template renderer, but for the widget templates in ``WRITTEN`` (a widget of another
    template, or a select with an option of its own template, is drawn by Django's templates)."""

    def render(self, template_name: str, context: dict[str, Any], request: Any = None) -> str:
        written = WRITTEN.get(template_name)
        widget = context.get("widget")
        html = written(widget) if written is not None and widget.get("template_name") == template_name else None
        return super().render(template_name, context, request) if html is None else html
