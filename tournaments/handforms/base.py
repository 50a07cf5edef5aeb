"""The referee's hand-entry form: a Django form per variant that mirrors the
paper protocol and builds the hand JSON the engine takes.

A variant's form declares its fields and ``fieldsets`` (the first is the
"typical hand", shown open; the rest fold away), and implements ``to_hand``
(cleaned data → hand JSON, without the envelope) and ``initial_from``
(hand JSON → initial data, for corrections). Engine errors come back with a
field path (``bonuses[1].kontra``); ``field_for`` maps a path to the form field
that shows it, so the error appears next to what the referee typed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.common import NOTE_MAX_LENGTH
from scoring.types import HandError
from tournaments import lines

BLANK = [("", "—")]


class HandForm(forms.Form):
    variant: ClassVar[str]
    # (title, field names, data-show-when) — ``show`` is a dict field -> values for which the
    # fieldset is relevant. The page script hides and clears the others; the form ignores
    # what they hold (``_drop_hidden``), so a value left there never blocks a save.
    fieldsets: ClassVar[list[tuple[str, list[str], dict[str, list[str]]]]] = []

    note = forms.CharField(label=_("note"), required=False, max_length=NOTE_MAX_LENGTH)

    def __init__(
        self,
        data: Any = None,
        *,
        envelope: Mapping[str, Any],
        names: Mapping[str, str],
        table_positions: list[str],
        config: Mapping[str, Any] | None = None,
        alternatives: list[Mapping[str, Any]] | None = None,
        initial: Mapping[str, Any] | None = None,
        prefix: str | None = None,
    ):
        self.envelope = dict(envelope)
        # Other envelopes the hand may have when the deal need not rotate (a void deal is
        # dealt again, a Vadász thrower takes the deal): the referee picks the dealer.
        self.alternatives = [dict(e) for e in alternatives or [envelope]]
        self.config = config  # the event's variant configuration (Laza: the point table)
        self.names = dict(names)
        self.table_positions = list(table_positions)
        super().__init__(data, initial=initial, prefix=prefix)
        self.setup()
        if len(self.alternatives) > 1:
            self.fields["dealer"] = forms.ChoiceField(
                label=_("dealer"),
                initial=self.envelope["dealer"],
                choices=[(e["dealer"], self.seat_label(e["dealer"])) for e in self.alternatives],
            )
            if self.fieldsets:
                title, names, show = self.fieldsets[0]
                self.fieldsets = [(title, ["dealer", *names], show), *self.fieldsets[1:]]
            if self.is_bound:
                chosen = self.data.get(self.add_prefix("dealer"))
                self.envelope = next((e for e in self.alternatives if e["dealer"] == chosen), self.envelope)
        if self.is_bound:
            self._drop_hidden()

    def setup(self) -> None:
        """Fill choices that depend on the table (seats and names)."""

    def hidden_fields(self) -> set[str]:
        """The fields of the fieldsets that do not apply to the posted game/outcome/bid (the
        ones the page hides)."""
        hidden: set[str] = set()
        for _title, names, show in self.fieldsets:
            for field, values in show.items():
                raw = self.data.get(self.add_prefix(field)) if self.is_bound else None
                if raw is None and field in self.fields:
                    raw = self.get_initial_for_field(self.fields[field], field)
                if str(raw if raw is not None else "") not in {str(v) for v in values}:
                    hidden.update(names)
        return hidden

    def _drop_hidden(self) -> None:
        """Forget what the hidden fieldsets hold: a bonus left from a tri once the game is a
        berač, say, is not part of the hand and must not block saving it (issue 11 item 8)."""
        hidden = {self.add_prefix(n) for n in self.hidden_fields()}
        if hidden & set(self.data):
            data = self.data.copy()  # a QueryDict's copy is mutable
            for key in hidden:
                data.pop(key, None)
            self.data = data

    # --- helpers for subclasses ---------------------------------------------

    @property
    def seats(self) -> list[str]:
        """The seats that play this hand, in playing order."""
        return list(self.envelope["seats"])

    def seat_label(self, seat: str) -> str:
        name = self.names.get(seat)
        return f"{seat} · {name}" if name else seat

    def seat_choices(self, seats: list[str] | None = None, blank: str | None = "—") -> list[tuple[str, str]]:
        seats = self.seats if seats is None else seats
        choices = [(s, self.seat_label(s)) for s in seats]
        return ([("", blank)] if blank is not None else []) + choices

    # --- the contract -------------------------------------------------------

    def to_hand(self) -> dict[str, Any]:
        """The variant fields of the hand (call after ``is_valid``)."""
        raise NotImplementedError

    @classmethod
    def initial_from(cls, hand: Mapping[str, Any]) -> dict[str, Any]:
        """Form data that reproduces ``hand`` (for a correction)."""
        raise NotImplementedError

    def field_for(self, path: str) -> str | None:
        """The form field that shows an engine error at ``path`` (``None``: the form as a whole)."""
        head = path.split(".", 1)[0].split("[", 1)[0]
        return head if head in self.fields else None

    def field_for_error(self, path: str) -> str | None:
        """``field_for``, except that the envelope's own fields go to the dealer choice if there is one."""
        if path in ("dealer", "seats") and "dealer" in self.fields:
            return "dealer"
        return self.field_for(path)

    # --- used by the views --------------------------------------------------

    def hand(self) -> dict[str, Any]:
        """Envelope plus variant fields; empty text and empty lists are left out. ``None`` stays:
        ``to_hand`` returns it only where the spec wants an explicit null (a declarer alone)."""
        body = {k: v for k, v in self.to_hand().items() if not (v == "" or v == [] or v == {})}
        note = self.cleaned_data.get("note")
        if note:
            body["note"] = note
        return {**self.envelope, **body}

    def add_engine_errors(self, errors: list[HandError]) -> None:
        for error in errors:
            field = self.field_for_error(error.field)
            text = lines.message(error)  # in the page's language
            message = text if field else f"{error.field}: {text}" if error.field else text
            self.add_error(field, message)

    def grouped(self) -> list[dict[str, Any]]:
        """Fieldsets with bound fields, for the template."""
        out = []
        for i, (title, names, show) in enumerate(self.fieldsets):
            fields = [self[n] for n in names if n in self.fields]
            # A folded fieldset opens when it holds an error: the referee must see what blocks.
            out.append(
                {"title": title, "fields": fields, "open": i == 0 or any(f.errors for f in fields), "show": show}
            )
        used = {n for _, names, _ in self.fieldsets for n in names}
        rest = [self[n] for n in self.fields if n not in used]
        if rest:
            out.append({"title": _("Other"), "fields": rest, "open": any(f.errors for f in rest), "show": {}})
        return out


def int_or_none(value: Any) -> int | None:
    return None if value in (None, "") else int(value)
