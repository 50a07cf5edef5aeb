"""Forms of the judge's desk; ``tournaments.incidents.services`` does the saving.

Players are chosen by their seat at the incident's table (the referee sees A, B, C, D) or, away
from a table, by start number."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import MAX_HAND_NUMBER, Entry, Incident, Sanction

REFEREE = ""  # the caller choice "the referee"


def _player_choices(entries: list[tuple[str, Entry]]) -> list[tuple[str, str]]:
    return [(str(e.pk), f"{label} · {e.player.name}") for label, e in entries]


class _Players(forms.Form):
    """A form that names players: ``entries`` is a list of (label, entry), the label a seat or a number."""

    def __init__(self, *args: Any, entries: list[tuple[str, Entry]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.entries = {str(e.pk): e for _label, e in entries}
        self.choices = _player_choices(entries)

    def entry(self, value: str) -> Entry | None:
        return self.entries.get(value)


class OpenIncidentForm(_Players):
    kind = forms.ChoiceField(label=_("kind"), initial=Incident.Kind.RENONSZ, widget=forms.RadioSelect)
    caller = forms.ChoiceField(label=_("called by"), required=False)
    involved = forms.MultipleChoiceField(
        label=_("players involved"), required=False, widget=forms.CheckboxSelectMultiple
    )
    hand_number = forms.IntegerField(label=_("hand number"), min_value=1, max_value=MAX_HAND_NUMBER, required=False)
    finding = forms.CharField(
        label=_("the caller's finding"),
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("What the caller says happened, in his words."),
    )

    def __init__(self, *args: Any, kinds: list[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = kinds  # what the event's variant declares (incidents.kinds)
        self.fields["caller"].choices = [(REFEREE, _("the referee")), *self.choices]
        self.fields["involved"].choices = self.choices

    def action_kwargs(self) -> dict[str, Any]:
        d = self.cleaned_data
        return {
            "kind": d["kind"],
            "finding": d["finding"],
            "hand_number": d.get("hand_number"),
            "caller": self.entry(d.get("caller") or ""),
            "involved": [self.entries[v] for v in d.get("involved") or []],
        }


class RuleForm(forms.Form):
    outcome = forms.ChoiceField(
        label=_("outcome"),
        required=False,
        choices=[
            c for c in Incident.Outcome.choices if c[0] not in (Incident.Outcome.UPHELD, Incident.Outcome.REJECTED)
        ],
    )
    ruling = forms.CharField(label=_("ruling"), max_length=2000, widget=forms.Textarea(attrs={"rows": 2}))


class ProtestForm(_Players):
    by = forms.ChoiceField(label=_("protest by"))
    grounds = forms.CharField(label=_("grounds"), max_length=2000, widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["by"].choices = self.choices


class DecideForm(forms.Form):
    upheld = forms.TypedChoiceField(
        label=_("the jury's decision"),
        choices=[("0", _("protest rejected: the ruling stands")), ("1", _("protest upheld: the ruling is set aside"))],
        coerce=lambda v: v == "1",
        widget=forms.RadioSelect,
        initial="0",
    )
    decision = forms.CharField(label=_("decision in words"), max_length=2000, widget=forms.Textarea(attrs={"rows": 2}))


class SanctionForm(_Players):
    entry_id = forms.ChoiceField(label=_("player"))
    kind = forms.ChoiceField(label=_("sanction"), choices=Sanction.Kind.choices)
    reason = forms.CharField(label=_("reason"), max_length=500, required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["entry_id"].choices = self.choices
