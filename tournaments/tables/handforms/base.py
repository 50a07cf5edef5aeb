"""The referee's hand-entry form: one Django form for every variant, built from the variant's
entry declaration (``VARIANTS[key].entry``, a ``scoring.entry.EntryForm``).

The declaration gives the sections (the first is the "typical hand", shown open; the rest fold
away), the fields and the JSON path each one writes. The form turns them into Django fields,
builds the hand with ``scoring.entry.hand_from``, fills itself from a stored hand with
``values_from`` (a correction), and shows each engine error under the field that wrote its path
(``field_for``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, ClassVar

from django import forms
from django.utils.choices import BaseChoiceIterator
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring import entry as spec
from scoring.common import NOTE_MAX_LENGTH
from scoring.registry import VARIANTS
from scoring.types import HandError
from tournaments.nul import NUMBER_LIMIT
from tournaments.tables import lines
from tournaments.tables.handforms.render import HandFormRenderer


def hand_labels(hand: Mapping[str, Any], config: Mapping[str, Any] | None = None) -> lines.Labels | None:
    """Labels of the fields of ``hand``'s form, by JSON path (the API's error messages name fields as
    the form does); None where the hand is not one a form can show (no known variant, bad shape)."""

    variant = VARIANTS.get(hand.get("variant")) if isinstance(hand, Mapping) else None
    entry = variant.entry if variant is not None else None
    if entry is None:
        return None
    try:
        ctx = spec.Context.of_hand(hand, config)
        values = spec.values_from(entry, hand, ctx)
        declared = {f.name: f.label for f in spec.fields(entry, ctx)}
    except (TypeError, ValueError, KeyError, AttributeError, IndexError):  # a hand the engine rejects as malformed
        return None

    def label(path: str) -> str | None:
        name = spec.field_for(entry, path, values, ctx)
        return str(say(declared[name], {})) if name in declared else None

    return label


class FixedChoices(BaseChoiceIterator):
    """A ready choice list that Django takes as it is: normalising ~50 options for each of the 48
    selects of a Laza form would cost more than the rest of the form."""

    def __init__(self, choices: list[tuple[Any, str]]):
        self.choices = choices

    def __iter__(self):
        return iter(self.choices)


STEP_MESSAGE = _("Enter a multiple of %(limit_value)s: %(offset)s, %(valid_value1)s, %(valid_value2)s and so on.")


# Up to this many choices a field shows as chips (seats, games, kontras, an Illusztrált figure);
# longer lists (ulti bids, a Laza point table's rows, renonsz cases) stay selects.
CHIPS_MAX = 24


class Chips(forms.RadioSelect):
    """Radio buttons drawn as a row of big tap targets (templates/scoring/_hand_fields.html); the
    ``common`` choices of a long list first, the others folded under "more"."""

    chips = True

    def __init__(self, common: tuple[str, ...] = (), grid: dict[str, str] | None = None):
        super().__init__()
        self.common = frozenset(common)
        self.grid = grid or {}  # column value -> short label: the chips laid out as a table (spec.Field.grid)


def say(label: Any, names: Mapping[str, str]) -> Any:
    """A declared label in the reader's language; a seat with its player's name."""
    if isinstance(label, spec.SeatName):
        name = names.get(label.seat)
        return f"{label.seat} · {name}" if name else label.seat
    if isinstance(label, spec.Text):
        text = label.msgid if isinstance(label.msgid, spec.Raw) else gettext(label.msgid)
        return text % {k: v if isinstance(v, int) else say(v, names) for k, v in label.params.items()}
    if isinstance(label, spec.Raw):
        return str(label)
    if isinstance(label, str):
        return gettext(label) if label else label
    return label


class HandForm(forms.Form):
    """The hand form of the variant whose declaration is ``entry`` (see ``form_class``)."""

    variant: ClassVar[str] = "*"
    entry: ClassVar[spec.EntryForm | None] = None
    default_renderer = HandFormRenderer()

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
        usual = self.envelope.get("dealer")
        # Other envelopes the hand may have when the deal need not rotate (a void deal is
        # dealt again, a Vadász thrower takes the deal): the referee picks the dealer.
        self.alternatives = [dict(e) for e in alternatives or [envelope]]
        self.config = config  # the event's variant configuration (Laza: the point table)
        self.names = dict(names)
        self.table_positions = list(table_positions)
        super().__init__(data, initial=initial, prefix=prefix)
        if self.is_bound and len(self.alternatives) > 1:
            chosen = self.data.get(self.add_prefix("dealer"))
            self.envelope = next((e for e in self.alternatives if e["dealer"] == chosen), self.envelope)
        # (title, field names, data-show-when): ``show`` is field -> values for which the section
        # applies. The page script hides and clears the others; the form ignores what they hold.
        self.fieldsets: list[tuple[Any, list[str], Mapping[str, Any]]] = []
        self.unfolded: set[int] = set()  # indexes of fieldsets open from the start besides the first
        self.setup()
        if len(self.alternatives) > 1:
            self.fields["dealer"] = forms.ChoiceField(
                label=_("dealer"),
                initial=usual,
                choices=[(e["dealer"], self.seat_label(e["dealer"])) for e in self.alternatives],
            )
            if self.fieldsets:
                title, first, show = self.fieldsets[0]
                self.fieldsets = [(title, ["dealer", *first], show), *self.fieldsets[1:]]
        if self.is_bound:
            self._drop_hidden()

    # --- the declaration made Django fields --------------------------------------------------

    @property
    def context(self) -> spec.Context:
        """The table as the declaration sees it."""
        given = {k.removeprefix(f"{self.prefix}-") if self.prefix else k for k in (self.data or {})}
        options = dict.fromkeys(s for e in [self.envelope, *self.alternatives] for s in e["seats"])
        return spec.Context(
            seats=tuple(self.envelope["seats"]),
            positions=tuple(self.table_positions),
            dealer=self.envelope.get("dealer", ""),
            seat_options=tuple(options),
            config=self.config,
            given=frozenset(given | set(self.initial)),
        )

    def setup(self) -> None:
        self.ctx = self.context
        self._choices: dict[int, FixedChoices] = {}
        for section in self.entry.layout(self.ctx):
            if section.open:
                self.unfolded.add(len(self.fieldsets))
            names = []
            for declared in section.fields():
                self.fields[declared.name] = self._field(declared)
                names.append(declared.name)
            self.fieldsets.append((say(section.title, self.names), names, dict(section.show)))

    def _field(self, f: spec.Field) -> forms.Field:
        field = self._django_field(f)
        if f.preset is not None:  # read by static/js/handform.js
            preset = {"when": {self.add_prefix(k): list(v) for k, v in f.preset.when.items()}}
            if f.preset.copy:
                preset["copy"] = self.add_prefix(f.preset.copy)
            else:
                preset["value"] = f.preset.value
            if f.preset.hide:
                preset["hide"] = True
            if f.preset.unless:
                preset["unless"] = [{self.add_prefix(k): list(v) for k, v in c.items()} for c in f.preset.unless]
            if f.preset.rest:
                preset["rest"] = {"total": f.preset.rest.total, "of": [self.add_prefix(n) for n in f.preset.rest.of]}
            field.preset = json.dumps(preset)
        if f.waits_for:  # read by static/js/handform.js
            field.waits_for = self.add_prefix(f.waits_for)
            field.waits_values = " ".join(f.waits_values)
        if f.offered_from:  # read by static/js/handform.js
            field.offered_by = self.add_prefix(f.offered_from)
            field.offered_for = {v: " ".join(held) for v, held in f.offered_for}
        return field

    def _django_field(self, f: spec.Field) -> forms.Field:
        label = say(f.label, self.names)
        if f.kind == spec.BOOL:
            return forms.BooleanField(label=label, required=False, initial=f.initial)
        if f.kind == spec.INT:
            widget = forms.NumberInput(attrs={"inputmode": "numeric"}) if f.numeric else None
            # The variant's bounds, else the server's (a hand's numbers stay within NUMBER_LIMIT): the
            # page's min and max are what the server keeps.
            return forms.IntegerField(
                label=label,
                required=f.required,
                initial=f.initial,
                min_value=-NUMBER_LIMIT if f.min_value is None else f.min_value,
                max_value=NUMBER_LIMIT if f.max_value is None else f.max_value,
                step_size=f.step,
                widget=widget,
                # Django's own wording of this error has no Slovenian or Hungarian translation.
                error_messages={"step_size": STEP_MESSAGE},
            )
        choices = self._choices.get(id(f.choices))
        if choices is None:  # a list shared by many fields is translated once
            choices = FixedChoices([(value, say(label, self.names)) for value, label in f.choices])
            self._choices[id(f.choices)] = choices
        # A short list is a row of tap targets (radio buttons styled as chips: real inputs, so the
        # form posts the same names without JavaScript); a long one (a bid list) stays a select.
        grid = {value: say(label, self.names) for value, label in f.grid}
        widget = Chips(grid=grid) if len(f.choices) <= CHIPS_MAX else Chips(f.common, grid) if f.common else None
        if f.kind == spec.INT_CHOICE:
            return forms.TypedChoiceField(
                label=label,
                choices=choices,
                coerce=int,
                empty_value=None,
                required=f.required,
                initial=f.initial,
                widget=widget,
            )
        return forms.ChoiceField(label=label, choices=choices, required=f.required, initial=f.initial, widget=widget)

    def seat_label(self, seat: str) -> str:
        return say(spec.SeatName(seat), self.names)

    # --- hidden sections -----------------------------------------------------------------------

    def hidden_fields(self) -> set[str]:
        """The fields of the sections that do not apply to the posted game/outcome/bid (the ones
        the page hides)."""
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
        """Forget what the hidden sections hold: a bonus left from a tri once the game is a berač,
        say, is not part of the hand and must not block saving it (issue 11 item 8)."""
        hidden = {self.add_prefix(n) for n in self.hidden_fields()}
        if hidden & set(self.data):
            data = self.data.copy()  # a QueryDict's copy is mutable
            for key in hidden:
                data.pop(key, None)
            self.data = data

    # --- the one mapping, three ways ------------------------------------------------------------

    def clean(self) -> dict[str, Any]:
        d = super().clean()
        if self.entry is not None and self.entry.checks is not None:
            for check in self.entry.checks(d, self.ctx):
                if check.field not in self.errors:
                    self.add_error(check.field, say(check.message, self.names))
        return d

    def to_hand(self) -> dict[str, Any]:
        """The variant fields of the hand (call after ``is_valid``)."""
        return spec.hand_from(self.entry, self.cleaned_data, self.ctx)

    @classmethod
    def initial_from(cls, hand: Mapping[str, Any]) -> dict[str, Any]:
        """Form values that reproduce ``hand`` (for a correction)."""
        return spec.values_from(cls.entry, hand)

    def field_for(self, path: str) -> str | None:
        """The form field that shows an engine error at ``path`` (``None``: the form as a whole)."""
        if path in ("dealer", "seats"):
            return "dealer" if "dealer" in self.fields else None
        return spec.field_for(self.entry, path, getattr(self, "cleaned_data", {}), self.ctx)

    @property
    def limits_misdeals(self) -> bool:
        """Does the variant narrow the misdeal choice by the dealer's history (``limit_misdeal``)?"""
        return self.entry is not None and self.entry.misdeals is not None

    def limit_misdeal(self, earlier: int) -> None:
        """Offer only the misdeal the dealer's history allows (the variant's ``misdeals``; Taruk §5.4).
        ``earlier``: how many misdeals the dealer's player already has (tournaments.tables.misdeals)."""
        if not self.limits_misdeals:
            return
        limit = self.entry.misdeals(earlier)
        field = self.fields[limit.field]
        field.choices = [(value, label) for value, label in field.choices if value in limit.allowed]
        field.error_messages["invalid_choice"] = say(limit.message, self.names)

    # --- used by the views ----------------------------------------------------------------------

    def hand(self) -> dict[str, Any]:
        """Envelope, variant fields and the note."""
        body = {k: v for k, v in self.to_hand().items() if not (v == "" or v == [] or v == {})}  # the JSON form's too
        note = self.cleaned_data.get("note")
        if note:
            body["note"] = note
        return {**self.envelope, **body}

    def label_of(self, path: str) -> str | None:
        """The label of the field that shows an engine error at ``path`` (None: no field does)."""
        name = self.field_for(path)
        return str(self.fields[name].label) if name in self.fields else None

    def add_engine_errors(self, errors: list[HandError]) -> None:
        for error in errors:
            field = self.field_for(error.field)
            text = lines.message(error, self.label_of)  # in the page's language, fields by their labels
            # An error no field shows goes on top: named by the label of the field nearest to its path
            # (never the JSON key: the referee does not know it).
            label = self.label_of(error.field) if field is None and error.field else None
            self.add_error(field, f"{label}: {text}" if label and label not in text else text)

    def error_items(self) -> list[tuple[str, str]]:
        """Every error with the label of the field it stands under ("" for the form as a whole, or
        where the sentence names the field already): the preview lists them as "label: sentence"."""
        out = []
        for name, errors in self.errors.items():
            label = str(self.fields[name].label) if name in self.fields else ""
            out += [(label if label.lower() not in e.lower() else "", e) for e in errors]
        return out

    def grouped(self) -> list[dict[str, Any]]:
        """Sections with bound fields, for the template."""
        out = []
        for i, (title, names, show) in enumerate(self.fieldsets):
            fields = [self[n] for n in names if n in self.fields]
            opened = i == 0 or i in self.unfolded or _opens(fields)
            out.append({"title": title, "fields": fields, "open": opened, "show": show})
        used = {n for _, names, _ in self.fieldsets for n in names}
        rest = [self[n] for n in self.fields if n not in used]
        if rest:
            out.append({"title": _("Other"), "fields": rest, "open": _opens(rest), "show": {}})
        return out


def _opens(fields: list[forms.BoundField]) -> bool:
    """A folded section opens when it holds an error (the referee must see what blocks) or a value
    other than its field's default (a correction shows what the hand holds; a form shown again
    shows what was typed)."""
    return any(f.errors or _shown(f.value()) != _shown(f.field.initial) for f in fields)


def _shown(value: Any) -> str:
    return "" if value in (None, "", False, [], ()) else str(value)
