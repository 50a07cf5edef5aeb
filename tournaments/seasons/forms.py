"""The series pages' forms: create a series, its settings, its member events, the final's declines.

They check what a person typed (types, ranges, the table of points as numbers); what the values mean
together (a final among the members, places in it) is checked by the services, which the API shares.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any

from django import forms
from django.utils.text import capfirst
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from scoring.series.model import TIE_BREAKS
from tournaments.models import Tournament
from tournaments.seasons.models import Series
from tournaments.seasons.services import SETTING_FIELDS
from tournaments.seasons.words import TIE_BREAK_WORDS, number

NO_TIE_BREAK = ""
TIE_BREAK_CHOICES = [(NO_TIE_BREAK, _("none")), *((t, TIE_BREAK_WORDS[t]) for t in TIE_BREAKS)]
_SEPARATORS = re.compile(r"[\s;]+")
_NUMBER = re.compile(r"-?\d+(?:[.,]\d+)?")
MAX_TABLE = 1000

# The settings (``services.SETTING_FIELDS``, in the form's order) the form edits as other fields; the
# final is chosen beside the places it fills.
FORM_FIELDS_OF = {
    "table": ["table_text"],
    "tie_breaks": ["tie_break_1", "tie_break_2", "tie_break_3", "final"],
}


def parse_table(text: str) -> list[int | float]:
    """The points by place as typed: numbers separated by spaces, new lines or semicolons (a comma
    right after a number separates too), the decimal mark a point or a comma ("12,5")."""
    values: list[int | float] = []
    for token in _SEPARATORS.split(text.strip()):
        token = token.rstrip(",")
        if not token:
            continue
        if not _NUMBER.fullmatch(token):
            raise forms.ValidationError(_("“%(value)s” is not a number."), params={"value": token[:20]})
        try:
            value = Decimal(token.replace(",", "."))
        except InvalidOperation:  # pragma: no cover - the pattern admits only numbers
            raise forms.ValidationError(_("“%(value)s” is not a number."), params={"value": token[:20]}) from None
        values.append(int(value) if value == value.to_integral_value() else float(value))
    if len(values) > MAX_TABLE:
        raise forms.ValidationError(_("The table has at most %(n)d places."), params={"n": MAX_TABLE})
    return values


class SeriesCreateForm(forms.ModelForm):
    class Meta:
        model = Series
        fields = ["name", "slug", "season", "language", "is_public", "points"]
        help_texts = {
            "slug": _("The series' web address. Empty: made from the name."),
            "season": _("e.g. 2026 or 2025/26"),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["slug"].required = False
        if self.instance.pk is None:  # a new series' documents speak the language its organizer reads
            self.fields["language"].initial = get_language()


class SeriesSettingsForm(SeriesCreateForm):
    """Every setting of §3–§5 and §7. The tie-breaks are three ordered choices; the table is typed."""

    table_text = forms.CharField(
        label=capfirst(_("points by place")),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_(
            "For a fixed table by place: the points of place 1, 2, 3 … separated by spaces; none beyond the end."
        ),
    )
    tie_break_1 = forms.ChoiceField(label=capfirst(_("tie-break 1")), choices=TIE_BREAK_CHOICES, required=False)
    tie_break_2 = forms.ChoiceField(label=capfirst(_("tie-break 2")), choices=TIE_BREAK_CHOICES, required=False)
    tie_break_3 = forms.ChoiceField(label=capfirst(_("tie-break 3")), choices=TIE_BREAK_CHOICES, required=False)
    final = forms.ChoiceField(label=capfirst(_("final")), required=False)

    class Meta(SeriesCreateForm.Meta):
        fields = [
            *SeriesCreateForm.Meta.fields,
            "count",
            "best_n",
            "minus_counts",
            "final_places",
            "ties_at_cut",
        ]
        help_texts = {
            **SeriesCreateForm.Meta.help_texts,
            "best_n": _("For the best n results: how many count."),
            "final_places": _("K: the best K of the ladder before the final enter it."),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        series = self.instance
        members = list(series.members.select_related("tournament")) if series.pk else []
        self.fields["final"].choices = [("", _("no final")), *((m.tournament.slug, m.tournament.name) for m in members)]
        if not self.is_bound:
            self.initial["table_text"] = " ".join(number(v) for v in series.table or ())
            breaks = list(series.tie_breaks or ())
            for i in range(3):
                self.initial[f"tie_break_{i + 1}"] = breaks[i] if i < len(breaks) else NO_TIE_BREAK
            self.initial["final"] = next((m.tournament.slug for m in members if m.is_final), "")
        self.order_fields([field for setting in SETTING_FIELDS for field in FORM_FIELDS_OF.get(setting, [setting])])

    def clean_table_text(self) -> list[int | float]:
        return parse_table(self.cleaned_data.get("table_text") or "")

    def changes(self) -> tuple[dict[str, Any], Tournament | None]:
        """What the service takes: the settings, and the final (an event) or None."""
        data = dict(self.cleaned_data)
        data["table"] = data.pop("table_text")
        data["tie_breaks"] = [b for b in (data.pop(f"tie_break_{i}") for i in (1, 2, 3)) if b]
        slug = data.pop("final")
        final = Tournament.objects.filter(slug=slug).first() if slug else None
        return data, final


class AddEventForm(forms.Form):
    event = forms.ChoiceField(label=capfirst(_("event")))
    weight = forms.DecimalField(
        label=capfirst(_("weight")),
        initial=1,
        min_value=Decimal("0.001"),
        max_value=1000,
        decimal_places=3,
        localize=True,
    )
    always_counts = forms.BooleanField(label=capfirst(_("always counts (a final, Masters)")), required=False)

    def __init__(self, events: list[Tournament], *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("prefix", "add")
        super().__init__(*args, **kwargs)
        self.fields["event"].choices = [(e.slug, e.name) for e in events]


class MemberForm(forms.Form):
    """A member event's row: its weight and flag saved, moved up or down, or removed (``action``)."""

    ACTIONS = ("save", "up", "down", "remove")
    weight = forms.DecimalField(
        label=capfirst(_("weight")),
        min_value=Decimal("0.001"),
        max_value=1000,
        decimal_places=3,
        localize=True,
        required=False,
    )
    always_counts = forms.BooleanField(label=capfirst(_("always counts")), required=False)
    action = forms.ChoiceField(choices=[(a, a) for a in ACTIONS], initial="save")


class DeclineForm(forms.Form):
    player = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    reason = forms.CharField(label=capfirst(_("reason")), max_length=500, required=False)
