"""Hand-entry form for Laza tarokk: one line per bid, like a score sheet (tarokk-laza.md §5).

Each pair has numbered lines; a line is two choices: the bid (with its suit or card,
e.g. "kőr Banda", "pagát Ulti") from the event's point table (``self.config``, §4.2),
and the result, which includes the kontra level (made / failed, plain, kontra ×2 or
rekontra ×4) or "silent" for a task achieved without a bid. The first fieldset holds
four lines per pair; more lines fold away. The pairs' roles (attack/defence) come from
the table's ``seats`` (§1.5), so the referee never types them.

Without a usable point table the bid lists fall back to the rules' template rows and the
engine's "no point table" error shows at the top of the form.

``normalised(hand)`` states what the form writes differently from other valid hands of
the same meaning (no score changes): ``kontra: 0`` is left out, and ``silent`` is left
out when both pairs have no silent entry (``null``, ``{}`` or two empty lists).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.choices import BaseChoiceIterator
from django.utils.translation import gettext_lazy as _

from scoring.variants.tarokk_laza import rules

from .base import HandForm

LINES = 12  # lines per pair (a pair rarely has more than a handful of entries)
OPEN_LINES = 4  # of them in the first, open fieldset
SIDES = ("attack", "defence")
# result value -> (made, kontra); "silent" is a silent achievement (§5.1)
RESULTS: dict[str, tuple[bool, int]] = {
    "made": (True, 0),
    "failed": (False, 0),
    "made_k": (True, 1),
    "failed_k": (False, 1),
    "made_rk": (True, 2),
    "failed_rk": (False, 2),
}
RESULT_CHOICES = [
    ("", "—"),
    ("made", _("made")),
    ("failed", _("failed")),
    ("made_k", _("made, kontra ×2")),
    ("failed_k", _("failed, kontra ×2")),
    ("made_rk", _("made, rekontra ×4")),
    ("failed_rk", _("failed, rekontra ×4")),
    ("silent", _("achieved silently (not bid)")),
]
_PATH = re.compile(r"(bids|silent)\.(attack|defence)\[(\d+)\](?:\.(\w+))?\Z")


class FixedChoices(BaseChoiceIterator):
    """A ready choice list that Django takes as it is: normalising ~50 options for each of
    the 48 selects would cost more than the rest of the form."""

    def __init__(self, choices: list[tuple[str, Any]]):
        self.choices = choices

    def __iter__(self):
        return iter(self.choices)


def _template_rows() -> list[rules.Row]:
    """The rules' own rows (no values), for a form whose event has no usable table."""
    return [
        rules.Row(
            bid, name, None, None, None, rules.RULE_QUALIFIER.get(bid, "none"), None, 0, (), None, rules.DEFAULT_CARDS
        )
        for bid, name in rules.TEMPLATE_NAMES.items()
    ]


def bid_choices(rows: list[rules.Row]) -> list[tuple[str, str]]:
    """One choice per (bid, qualifier): "kassza", "banda:kor", "ulti:pagat"."""
    out = [("", "—")]
    for row in rows:
        if row.qualifier == "suit":
            out += [(f"{row.bid}:{q}", f"{name} {row.name}") for q, name in rules.SUITS.items()]
        elif row.qualifier == "card":
            cards = [c for c in rules.CARDS if c in row.cards] + sorted(row.cards - set(rules.CARDS))
            out += [(f"{row.bid}:{q}", f"{rules.CARDS.get(q, q)} {row.name}") for q in cards]
        else:
            out.append((row.bid, row.name))
    return out


def _value(entry: Mapping[str, Any]) -> str:
    q = entry.get("qualifier")
    return f"{entry['bid']}:{q}" if q is not None else str(entry["bid"])


def _result(entry: Mapping[str, Any]) -> str:
    kontra = entry.get("kontra") or 0
    return ("made" if entry.get("made") else "failed") + ("", "_k", "_rk")[kontra if kontra in (0, 1, 2) else 0]


class TarokkLazaHandForm(HandForm):
    variant = "tarokk-laza"

    def setup(self) -> None:
        table, _errors = rules.point_table(self.config)
        rows = list(table.rows.values()) if table is not None else _template_rows()
        choices, results = FixedChoices(bid_choices(rows)), FixedChoices(RESULT_CHOICES)
        seats = self.seats
        pairs = {"attack": (seats[0], seats[3]), "defence": (seats[2], seats[1])}
        self.pair_names = {side: " / ".join(self.seat_label(s) for s in pair) for side, pair in pairs.items()}
        self.lines = {side: self._line_count(side) for side in SIDES}
        titles = {"attack": _("attack"), "defence": _("defence")}
        for side in SIDES:
            for n in range(1, self.lines[side] + 1):
                self.fields[f"{side}_{n}"] = forms.ChoiceField(
                    label=_("%(side)s %(pair)s · bid %(n)d")
                    % {"side": titles[side], "pair": "/".join(pairs[side]), "n": n},
                    choices=choices,
                    required=False,
                )
                self.fields[f"{side}_{n}_result"] = forms.ChoiceField(
                    label=_("result"), choices=results, required=False
                )

        def lines(side: str, first: int, last: int) -> list[str]:
            return [f for n in range(first, last + 1) for f in (f"{side}_{n}", f"{side}_{n}_result")]

        self.fieldsets = [
            (
                _("Bids: attack %(a)s, defence %(d)s")
                % {"a": self.pair_names["attack"], "d": self.pair_names["defence"]},
                lines("attack", 1, OPEN_LINES) + lines("defence", 1, OPEN_LINES),
                {},
            ),
            (
                _("More lines: attack %(a)s") % {"a": self.pair_names["attack"]},
                lines("attack", OPEN_LINES + 1, self.lines["attack"]),
                {},
            ),
            (
                _("More lines: defence %(d)s") % {"d": self.pair_names["defence"]},
                lines("defence", OPEN_LINES + 1, self.lines["defence"]),
                {},
            ),
        ]

    def _line_count(self, side: str) -> int:
        """``LINES``, or more when the data or initial data (a correction) has more entries."""
        n = LINES
        while (self.data and self.add_prefix(f"{side}_{n + 1}") in self.data) or f"{side}_{n + 1}" in self.initial:
            n += 1
        return n

    def clean(self) -> dict[str, Any]:
        d = super().clean()
        for side in SIDES:
            for n in range(1, self.lines[side] + 1):
                bid, result = f"{side}_{n}", f"{side}_{n}_result"
                if d.get(bid) and not d.get(result) and result not in self.errors:
                    self.add_error(result, _("Give the result of this bid."))
                elif d.get(result) and not d.get(bid) and bid not in self.errors:
                    self.add_error(bid, _("Choose the bid this result belongs to."))
        return d

    def to_hand(self) -> dict[str, Any]:
        d = self.cleaned_data
        seats = self.seats
        bids: dict[str, list[dict[str, Any]]] = {"attack": [], "defence": []}
        silent: dict[str, list[dict[str, Any]]] = {"attack": [], "defence": []}
        self._line_of: dict[tuple[str, str, int], int] = {}
        for side in SIDES:
            for n in range(1, self.lines[side] + 1):
                value, result = d.get(f"{side}_{n}"), d.get(f"{side}_{n}_result")
                if not value or not result:
                    continue
                bid, _sep, qualifier = value.partition(":")
                entry: dict[str, Any] = {"bid": bid}
                if qualifier:
                    entry["qualifier"] = qualifier
                if result == "silent":
                    target, kind = silent[side], "silent"
                else:
                    made, kontra = RESULTS[result]
                    entry["made"] = made
                    if kontra:
                        entry["kontra"] = kontra
                    target, kind = bids[side], "bids"
                self._line_of[(kind, side, len(target))] = n
                target.append(entry)
        hand: dict[str, Any] = {
            "attack": {"indito": seats[0], "elfogo": seats[3]},
            "defence": {"elfogo": seats[1], "indito": seats[2]},
            "bids": bids,
        }
        if silent["attack"] or silent["defence"]:
            hand["silent"] = silent
        return hand

    @classmethod
    def initial_from(cls, hand: Mapping[str, Any]) -> dict[str, Any]:
        data: dict[str, Any] = {"note": hand.get("note", "")}
        bids = hand.get("bids") or {}
        silent = hand.get("silent") or {}
        for side in SIDES:
            n = 0
            for entry in bids.get(side) or ():
                n += 1
                data[f"{side}_{n}"] = _value(entry)
                data[f"{side}_{n}_result"] = _result(entry)
            for entry in silent.get(side) or ():
                n += 1
                data[f"{side}_{n}"] = _value(entry)
                data[f"{side}_{n}_result"] = "silent"
        return data

    def field_for(self, path: str) -> str | None:
        if not hasattr(self, "_line_of") and hasattr(self, "cleaned_data"):
            self.to_hand()  # a fresh form (hand_edit) still needs to know which line is which entry
        m = _PATH.match(path)
        if m is None:
            return None  # seats, roles, the state and the point table are not typed here
        kind, side, j, member = m.groups()
        n = getattr(self, "_line_of", {}).get((kind, side, int(j)))
        if n is None:
            return None
        return f"{side}_{n}_result" if member in ("made", "kontra") else f"{side}_{n}"


def normalised(hand: Mapping[str, Any]) -> dict[str, Any]:
    """``hand`` as the form writes it (see the module docstring); the same score."""
    out = dict(hand)

    def entries(items: Any) -> list[dict[str, Any]]:
        return [{k: v for k, v in e.items() if not (k == "kontra" and v == 0)} for e in items or ()]

    out["bids"] = {side: entries(items) for side, items in (hand.get("bids") or {}).items()}
    silent = hand.get("silent") or {}
    if any(silent.get(side) for side in SIDES):
        out["silent"] = {side: entries(silent.get(side)) for side in SIDES}
    else:
        out.pop("silent", None)
    return out
