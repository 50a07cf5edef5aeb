"""Forms of the organizer's pages for people: referee accounts, entry edits, the seat lookup.
Actions in ``services`` do the saving."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.events.forms import PlayerForm, RefereeForm
from tournaments.models import MAX_INTEGER


class RefereeAccountForm(RefereeForm):
    """A new account for a referee: the organizer picks the user name and a first password."""

    password = forms.CharField(
        label=_("password"),
        widget=forms.PasswordInput(render_value=False),
        help_text=_("Give it to the referee; at least 8 characters, not only digits."),
    )
    field_order = ["username", "password", "tables"]


class RefereeTablesForm(forms.Form):
    tables = RefereeForm.base_fields["tables"]
    clean_tables = RefereeForm.clean_tables


class EntryEditForm(forms.Form):
    name = forms.CharField(label=_("name"), max_length=120)
    club = forms.CharField(label=_("club"), max_length=120, required=False)
    start_number = forms.IntegerField(label=_("start number"), min_value=1, max_value=MAX_INTEGER)
    reason = forms.CharField(label=_("reason"), max_length=500, required=False)


class LateAddForm(PlayerForm):
    reason = forms.CharField(
        label=_("reason"),
        max_length=500,
        required=False,
        help_text=_("Why the player joins late (kept in the audit log)."),
    )


class LookupForm(forms.Form):
    q = forms.CharField(label=_("Name or start number"), max_length=120, required=False)
