"""The event form's readings of the rules (taruk2012.md §4.5), built from what the variant
declares (``Variant.options``), and the form that confirms a change on an event with hands."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.event_options import EventOption
from tournaments.readings.words import options_of, readings


def explanation(option: EventOption) -> str:
    """The original sentence (as written, and in the reader's language), then each reading in
    plain words with its two-line example. Inline markup only: it sits in the field's help."""
    original = format_html('{}: <q lang="sl">{}</q>', option.rule, option.original)
    translated = _(option.original_en)
    if translated != option.original:
        original = format_html("{}<br>“{}”", original, translated)
    readings_html = format_html_join(
        "",
        "<br><strong>{}</strong>: {}<br><em>{}</em><br><em>{}</em>",
        ((_(r.label), _(r.meaning), _(r.example[0]), _(r.example[1])) for r in option.readings),
    )
    return format_html("{}{}", original, readings_html)


def reading_field(option: EventOption, initial: str | None, required: bool) -> forms.ChoiceField:
    """Radio buttons, one per reading; ``initial`` None leaves them all unselected."""
    return forms.ChoiceField(
        required=required,
        label=f"{_(option.label)} ({option.rule})",
        choices=[(r.value, _(r.label)) for r in option.readings],
        widget=forms.RadioSelect,
        initial=initial,
        help_text=explanation(option),
        error_messages={
            "required": _("Choose a reading of %(rule)s: %(option)s.")
            % {"rule": option.rule, "option": _(option.label)}
        },
    )


class ReadingsFields:
    """Mixed into the event form: a choice per option of the event's variant (the variant
    posted, else the event's, else the one the page was opened for). A new event gets no
    preselected value for an option the variant marks ``required``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[call-arg]
        instance = self.instance  # type: ignore[attr-defined]
        data, initial = self.data, self.initial  # type: ignore[attr-defined]
        variant = (data.get("variant") if data else None) or instance.variant or initial.get("variant", "")
        self.reading_options = options_of(variant)
        current = readings(instance) if instance.pk and instance.variant == variant else {}
        for option in self.reading_options:
            # Left out: a new event takes the default (a required option must be chosen), an
            # existing one keeps its reading.
            must = option.required and not current
            value = current.get(option.key) or (None if must else option.default)
            self.fields[option.key] = reading_field(option, value, must)  # type: ignore[attr-defined]
        self.chosen_readings: dict[str, str] = {}

    @property
    def reading_keys(self) -> list[str]:
        return [o.key for o in self.reading_options]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()  # type: ignore[misc]
        # Not model fields: the view hands them to the service that stores and re-scores them.
        chosen = {key: cleaned.pop(key, "") for key in self.reading_keys}
        self.chosen_readings = {key: value for key, value in chosen.items() if value}
        return cleaned


class ConfirmReadingsForm(forms.Form):
    """Applies a change of readings that the organizer has seen the standings diff of."""

    reason = forms.CharField(
        label=gettext_lazy("reason"),
        max_length=500,
        help_text=gettext_lazy("Every hand of the event is scored again; the audit log keeps this reason."),
    )

    def __init__(self, variant: str, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.options = options_of(variant)
        for option in self.options:
            self.fields[option.key] = forms.ChoiceField(
                choices=[(v, v) for v in option.values], widget=forms.HiddenInput, required=False
            )

    def chosen(self) -> dict[str, str]:
        cleaned = getattr(self, "cleaned_data", {})
        return {o.key: cleaned[o.key] for o in self.options if cleaned.get(o.key)}
