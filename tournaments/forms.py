"""Forms of the organizer pages. Actions in ``services`` do the saving."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from .draw_methods import DRAW_METHODS, RANDOM
from .forms_pointtable import PointTableDefault
from .forms_readings import ReadingsFields
from .models import MAX_INTEGER, Tournament


class TournamentForm(ReadingsFields, PointTableDefault, forms.ModelForm):
    class Meta:
        model = Tournament
        fields = [
            "name",
            "slug",
            "variant",
            "rounds",
            "hands_per_round",
            "round_minutes",
            "table_size",
            "is_public",
            "language",
            "draw_seed",
            "date",
            "venue",
        ]
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}
        help_texts = {
            "hands_per_round": _("Leave the variant's default unless the organizer decided otherwise."),
            "draw_seed": _("Any text; the same seed reproduces the same round-1 draw. Empty: chosen at random."),
        }


class RefereeForm(forms.Form):
    username = forms.CharField(label=_("user name"), max_length=150)
    tables = forms.CharField(
        label=_("limited to tables"),
        required=False,
        help_text=_("Table numbers separated by commas; empty for every table."),
    )

    def clean_tables(self) -> list[int]:
        raw = self.cleaned_data["tables"].replace(" ", "")
        if not raw:
            return []
        try:
            numbers = [int(x) for x in raw.split(",") if x]
        except ValueError:
            raise forms.ValidationError(_("Use whole numbers separated by commas, e.g. 1, 2, 5.")) from None
        if any(n < 1 for n in numbers):
            raise forms.ValidationError(_("Table numbers start at 1."))
        return numbers


class OrganizerForm(forms.Form):
    username = forms.CharField(label=_("user name"), max_length=150)


class PlayerForm(forms.Form):
    name = forms.CharField(label=_("name"), max_length=120)
    club = forms.CharField(label=_("club"), max_length=120, required=False)
    federation_id = forms.CharField(label=_("federation id"), max_length=40, required=False)
    strength = forms.IntegerField(label=_("strength number"), min_value=1, max_value=MAX_INTEGER, required=False)
    team = forms.CharField(
        label=_("team"),
        max_length=120,
        required=False,
        help_text=_("Fixed pairs (Laza tarokk): both partners get the same team name."),
    )


class ImportForm(forms.Form):
    file = forms.FileField(
        label=_("CSV or XLSX file"),
        help_text=_("First row: column names. Required: name. Optional: club, federation id, strength, team."),
    )

    def clean_file(self):
        f = self.cleaned_data["file"]
        if f.size > 2 * 1024 * 1024:
            raise forms.ValidationError(_("The file is larger than 2 MB."))
        if not f.name.lower().endswith((".csv", ".txt", ".xlsx")):
            raise forms.ValidationError(_("Upload a .csv or .xlsx file."))
        return f


class DrawForm(forms.Form):
    method = forms.ChoiceField(
        label=_("draw method"), choices=list(DRAW_METHODS.items()), initial=RANDOM, required=False
    )
    seed = forms.CharField(
        label=_("seed"), max_length=64, required=False, help_text=_("Empty: the event's seed, or a new random one.")
    )
    confirm_redraw = forms.BooleanField(label=_("yes, replace the published draw"), required=False)
