"""The merge page's form (season.md §1.3); ``registry.merge_players`` does the saving."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import MAX_INTEGER


class MergeForm(forms.Form):
    other = forms.IntegerField(
        label=_("the other record (player number)"),
        min_value=1,
        max_value=MAX_INTEGER,
        help_text=_("His entries move to this player and his record goes."),
    )
    reason = forms.CharField(label=_("reason"), max_length=500, help_text=_("Kept in the audit log of every event."))
