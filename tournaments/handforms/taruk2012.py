"""Hand-entry form for Taruk 2012, laid out like the zapisnik (taruk2012.md §5)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.variants.taruk2012 import rules

from .base import BLANK, HandForm, int_or_none

BONUS_LABELS = {
    "kralji": _("kings (kralji)"),
    "trula": _("trula"),
    "kralj_ultimo": _("king ultimo"),
    "pagat_ultimo": _("pagat ultimo"),
    "valat": _("valat (announced or silent)"),
    "barvni_valat": _("colour valat"),
}
BONUS_STATES = [
    ("", "—"),
    ("made", _("announced, made")),
    ("failed", _("announced, failed")),
    ("silent", _("silent, made")),
]
KONTRA = [(1, "—"), (2, _("kontra x2")), (4, _("re x4"))]
SUIT_LABELS = [
    ("hearts", _("hearts ♥")),
    ("diamonds", _("diamonds ♦")),
    ("spades", _("spades ♠")),
    ("clubs", _("clubs ♣")),
]
POINT_AND_KING = list(rules.POINT_GAMES)


class Taruk2012HandForm(HandForm):
    variant = "taruk2012"

    game = forms.ChoiceField(label=_("game"), choices=[(g, rules.GAME_LABEL[g]) for g in rules.GAMES])
    declarer = forms.ChoiceField(label=_("declarer"), required=False)
    called_king = forms.ChoiceField(label=_("called king"), required=False, choices=BLANK + SUIT_LABELS)
    partner = forms.ChoiceField(label=_("partner"), required=False)
    card_points = forms.IntegerField(
        label=_("card points of the declaring side"), required=False, min_value=0, max_value=70
    )
    won = forms.ChoiceField(
        label=_("won (berač: no trick; valat: every trick)"),
        required=False,
        choices=[("", "—"), ("yes", _("yes")), ("no", _("no"))],
    )
    game_kontra = forms.TypedChoiceField(label=_("kontra on the game"), choices=KONTRA, coerce=int, initial=1)
    mondfang = forms.ChoiceField(label=_("mondfang: whose mond was caught"), required=False)
    mond_in_talon = forms.BooleanField(label=_("mond in the talon (declarer -20)"), required=False)
    renons_seat = forms.ChoiceField(label=_("renons by"), required=False)
    renons_points = forms.IntegerField(
        label=_("renons points (judge's decision; empty = -70)"), required=False, max_value=-1
    )
    misdeal = forms.ChoiceField(
        label=_("misdeal by the dealer"),
        required=False,
        choices=[("", "—"), ("warning", _("first: warning")), ("penalty", _("again: -20"))],
    )

    def limit_misdeal(self, earlier: int) -> None:
        """Offer only the misdeal the dealer's history allows (§5.4): a warning for the player's first
        misdeal in the tournament, -20 once there was one (``earlier``: scoring.misdeals.earlier_misdeals)."""
        allowed = "penalty" if earlier else "warning"
        field = self.fields["misdeal"]
        field.choices = [(value, label) for value, label in field.choices if value in ("", allowed)]
        field.error_messages["invalid_choice"] = (
            _("The dealer already has a misdeal in this tournament: this one costs -20 (§5.4).")
            if earlier
            else _("This is the dealer's first misdeal in this tournament: only a warning (§5.4).")
        )

    def setup(self) -> None:
        seats = self.seats
        self.fields["declarer"].choices = self.seat_choices()
        self.fields["partner"].choices = [
            ("", "—"),
            ("alone", _("alone (king in talon or own king)")),
            *self.seat_choices(blank=None),
        ]
        self.fields["mondfang"].choices = self.seat_choices()
        self.fields["renons_seat"].choices = self.seat_choices(self.table_positions)
        for t in rules.BONUS_TYPES:
            self.fields[f"b_{t}"] = forms.ChoiceField(label=BONUS_LABELS[t], required=False, choices=BONUS_STATES)
            self.fields[f"b_{t}_side"] = forms.ChoiceField(
                label=_("side"),
                required=False,
                initial="declarer",
                choices=[("declarer", _("declaring side")), ("opponents", _("opponents"))],
            )
            self.fields[f"b_{t}_kontra"] = forms.TypedChoiceField(
                label=_("kontra"), choices=KONTRA, coerce=int, initial=1, required=False
            )
        for s in seats:
            self.fields[f"klop_{s}"] = forms.IntegerField(
                label=self.seat_label(s), required=False, min_value=0, max_value=70
            )
            self.fields[f"klop_kontra_{s}"] = forms.ChoiceField(
                label=_("klop kontra: %(seat)s") % {"seat": s},
                required=False,
                choices=[("", "—"), ("clean", _("declared, no trick")), ("dirty", _("declared, took a trick"))],
            )
        self.fieldsets = [
            (_("Game"), ["game", "declarer", "called_king", "partner", "card_points", "won", "game_kontra"], {}),
            (
                _("Bonuses"),
                [f for t in rules.BONUS_TYPES for f in (f"b_{t}", f"b_{t}_side", f"b_{t}_kontra")],
                {"game": POINT_AND_KING},
            ),
            (
                _("Klop: card points of each player"),
                [f"klop_{s}" for s in seats] + [f"klop_kontra_{s}" for s in seats],
                {"game": ["klop"]},
            ),
            (_("Penalties and mond"), ["mondfang", "mond_in_talon", "renons_seat", "renons_points", "misdeal"], {}),
        ]

    def to_hand(self) -> dict[str, Any]:
        d = self.cleaned_data
        game = d["game"]
        hand: dict[str, Any] = {"game": game}
        if d.get("declarer"):
            hand["declarer"] = d["declarer"]
        if d.get("called_king"):
            hand["called_king"] = d["called_king"]
        if game in rules.KING_GAMES:
            hand["partner"] = None if d.get("partner") in ("", "alone") else d["partner"]
        elif d.get("partner") not in ("", None):
            hand["partner"] = d["partner"]  # the engine says it does not apply
        if d.get("card_points") is not None:
            hand["card_points"] = d["card_points"]
        if d.get("won"):
            hand["won"] = d["won"] == "yes"
        if d.get("game_kontra", 1) != 1:
            hand["game_kontra"] = d["game_kontra"]
        self._bonus_order: list[str] = []
        bonuses = []
        for t in rules.BONUS_TYPES:
            state = d.get(f"b_{t}")
            if not state:
                continue
            self._bonus_order.append(t)
            entry = {
                "type": t,
                "side": d.get(f"b_{t}_side") or "declarer",
                "announced": state != "silent",
                "made": state != "failed",
            }
            if (d.get(f"b_{t}_kontra") or 1) != 1:
                entry["kontra"] = d[f"b_{t}_kontra"]
            bonuses.append(entry)
        hand["bonuses"] = bonuses
        klop = {s: d.get(f"klop_{s}") for s in self.seats if d.get(f"klop_{s}") is not None}
        if klop:
            hand["klop_points"] = klop
        self._klop_kontra_order = [s for s in self.seats if d.get(f"klop_kontra_{s}")]
        hand["klop_kontra"] = [
            {"seat": s, "no_trick": d[f"klop_kontra_{s}"] == "clean"} for s in self._klop_kontra_order
        ]
        if d.get("mondfang"):
            hand["mondfang"] = d["mondfang"]
        if d.get("mond_in_talon"):
            hand["mond_in_talon"] = True
        penalties = []
        self._penalty_fields: list[str] = []
        if d.get("renons_seat"):
            entry = {"type": "renons", "seat": d["renons_seat"]}
            if d.get("renons_points") is not None:
                entry["points"] = d["renons_points"]
            penalties.append(entry)
            self._penalty_fields.append("renons_seat")
        if d.get("misdeal"):
            penalties.append({"type": "misdeal", "seat": self.envelope["dealer"], "warning": d["misdeal"] == "warning"})
            self._penalty_fields.append("misdeal")
        hand["penalties"] = penalties
        return hand

    @classmethod
    def initial_from(cls, hand: Mapping[str, Any]) -> dict[str, Any]:
        data: dict[str, Any] = {k: hand.get(k) for k in ("game", "declarer", "called_king", "card_points", "mondfang")}
        data["partner"] = hand.get("partner") or ("alone" if hand.get("game") in rules.KING_GAMES else "")
        data["won"] = {True: "yes", False: "no"}.get(hand.get("won"), "")
        data["game_kontra"] = hand.get("game_kontra", 1)
        data["mond_in_talon"] = bool(hand.get("mond_in_talon"))
        data["note"] = hand.get("note", "")
        for b in hand.get("bonuses") or []:
            t = b["type"]
            data[f"b_{t}"] = "silent" if not b.get("announced") else ("made" if b.get("made") else "failed")
            data[f"b_{t}_side"] = b.get("side", "declarer")
            data[f"b_{t}_kontra"] = b.get("kontra", 1)
        for s, v in (hand.get("klop_points") or {}).items():
            data[f"klop_{s}"] = v
        for k in hand.get("klop_kontra") or []:
            data[f"klop_kontra_{k['seat']}"] = "clean" if k.get("no_trick") else "dirty"
        for p in hand.get("penalties") or []:
            if p.get("type") == "renons":
                data["renons_seat"] = p.get("seat")
                data["renons_points"] = p.get("points")
            elif p.get("type") == "misdeal":
                data["misdeal"] = "warning" if p.get("warning") else "penalty"
        return {k: v for k, v in data.items() if v is not None}

    def field_for(self, path: str) -> str | None:
        head, _, rest = path.partition(".")
        if head.startswith("bonuses["):
            i = int_or_none(head[8:].split("]")[0])
            order = getattr(self, "_bonus_order", [])
            if i is not None and i < len(order):
                t = order[i]
                return f"b_{t}_kontra" if rest == "kontra" else f"b_{t}_side" if rest == "side" else f"b_{t}"
            return None
        if head == "klop_points" and rest and f"klop_{rest}" in self.fields:
            return f"klop_{rest}"
        if head.startswith("klop_kontra["):
            i = int_or_none(head[12:].split("]")[0])
            order = getattr(self, "_klop_kontra_order", [])
            return f"klop_kontra_{order[i]}" if i is not None and i < len(order) else None
        if head.startswith("penalties["):
            i = int_or_none(head[10:].split("]")[0])
            order = getattr(self, "_penalty_fields", [])
            if i is not None and i < len(order):
                return "renons_points" if order[i] == "renons_seat" and rest == "points" else order[i]
            return None
        if head in ("klop_points", "klop_kontra"):
            return None
        return super().field_for(path)
