"""A plain JSON form: the variant fields of the hand typed as one JSON object.

Used by organizers for anything the variant's form does not cover (a correction opened with
``?json=1``); errors still name the field of the hand.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.tables.handforms.base import HandForm

ENVELOPE = ("variant", "seats", "dealer")


class JsonHandForm(HandForm):
    def setup(self) -> None:
        self.fields["body"] = forms.CharField(
            label=_("hand fields (JSON)"),
            widget=forms.Textarea(attrs={"rows": 8}),
            help_text=_("Everything but variant, seats and dealer, as the rules spec defines it."),
        )
        self.fieldsets = [(_("Hand"), ["body"], {})]

    def clean_body(self) -> dict[str, Any]:
        try:
            value = json.loads(self.cleaned_data["body"])
        except ValueError as exc:
            raise forms.ValidationError(_("Not valid JSON: %(e)s") % {"e": exc}) from None
        if not isinstance(value, dict):
            raise forms.ValidationError(_("Give one JSON object."))
        return value

    def to_hand(self) -> dict[str, Any]:
        return {k: v for k, v in self.cleaned_data["body"].items() if k not in ENVELOPE}

    @classmethod
    def initial_from(cls, hand: Mapping[str, Any]) -> dict[str, Any]:
        body = {k: v for k, v in hand.items() if k not in ENVELOPE and k != "note"}
        return {"body": json.dumps(body, ensure_ascii=False, indent=1), "note": hand.get("note", "")}

    def field_for(self, path: str) -> str | None:
        return "body" if path not in ENVELOPE else None
