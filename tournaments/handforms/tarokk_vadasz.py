"""Hand-entry form for Vadász tarokk (tarokk-vadasz.md §3), tables of 4 to 7.

The first fieldset is the typical hand: declarer, partner (or one of the three
ways of playing alone), talon cards the declarer took (this sets ``G``), card
points and tricks of the declaring side, the game's kontra and — at a table of
7 only — the talon arranger. ``participants`` are the table's seats and the
talon arranger at 5 and 6 follows from the dealer (§1.1), so the referee never
types them. Figures are a grid, one line per figure for each side (a figure is
listed at most once per side, §3.2 rule 7), each with how it went, who
announced it, its kontra and, where they apply, the overlap flag (§1.6) and the
"objectively unplayable" case (§1.10).

Deliberate normalisations (the hand means the same, the JSON may differ):

- defaults are left out: ``outcome: "played"``, ``game_kontra: 0``, a figure's
  ``kontra: 0``, ``with_volat: false``, ``start_double_round: false`` and
  empty lists;
- ``figures`` are listed declaring side first, each side in the order
  tulétroá, négy király, pagát ulti, XXI-fogás, dupla, volát;
- a figure's ``result`` is left out in a renonsz hand whatever was picked;
- an announcement of a lone declarer's side without an announcer is his.

Not covered: nothing the sample generator produces. The double round's state is
not shown (the form does not see it); the engine rejects a second start.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.variants.tarokk_vadasz import rules

from .base import BLANK, HandForm, int_or_none

OUTCOMES = [
    ("played", _("played")),
    ("thrown_in", _("thrown in")),
    ("redeal", _("redeal (misdeal, annulled)")),
    ("renonsz", _("renonsz (play stopped)")),
]
TALON = [("3", _("3 cards (G=1)")), ("2", _("2 cards (G=2)")), ("1", _("1 card (G=3)")), ("0", _("none (G=4)"))]
BIDS = [("harmas", _("három (3)")), ("kettes", _("kettő (2)")), ("egyes", _("egy (1)")), ("szolo", _("szóló"))]
KONTRA = [(0, "—"), (1, _("kontra ×2")), (2, _("rekontra ×4")), (3, _("szubkontra ×4"))]
SOLO = {
    "forced": _("alone: forced (called tarokk discarded)"),
    "open_self_call": _("alone: open self-call"),
    "hidden_self_call": _("alone: hidden self-call"),
}
THROW_IN_REASONS = {
    "no_tarokk": _("no tarokk"),
    "only_xxi": _("only the XXI"),
    "four_kings": _("four kings"),
    "partner_obligatory": _("the partner had to throw in"),
    "declarer_obligatory": _("the declarer had to throw in"),
    "second_round_no_honour": _("second round: no honour after the talon"),
    "other": _("other"),
}
RENONSZ_KINDS = [
    ("play", _("broke the card-play rules")),
    ("discard", _("discarded what may not be discarded")),
    ("other", _("other")),
]
LENGETES_MODES = [
    ("obligatory", _("obligatory ulti (waver said kontra and tulétroá)")),
    ("optional", _("optional ulti (no tulétroá by the waver)")),
]
FIGURE_LABELS = {
    "tuletroa": _("tulétroá"),
    "negy_kiraly": _("négy király"),
    "pagat_ulti": _("pagát ulti"),
    "xxi_fogas": _("XXI-fogás"),
    "dupla": _("dupla"),
    "volat": _("volát"),
}
# How a figure went; results are the engine's (``result``), "silent_" marks a figure not announced.
ANNOUNCED_NO_RESULT = ("announced", _("announced (renonsz: no result)"))
HOW = {
    "tuletroa": [
        ("made", _("announced, made")),
        ("failed", _("announced, failed")),
        ANNOUNCED_NO_RESULT,
        ("silent_made", _("silent, made")),
    ],
    "pagat_ulti": [
        ("made", _("announced, made")),
        ("lost_last_trick", _("announced, lost in the last trick")),
        ("lost_early", _("announced, lost early")),
        ANNOUNCED_NO_RESULT,
        ("silent_made", _("silent, made")),
        ("silent_lost_last_trick", _("silent, lost in the last trick")),
        ("silent_lost_early", _("silent, lost early")),
    ],
    "dupla": [("announced", _("announced (made or failed follows from the points)"))],
}
HOW["negy_kiraly"] = HOW["xxi_fogas"] = HOW["tuletroa"]
HOW["volat"] = [("announced", _("announced (made or failed follows from the tricks)"))]
UNPLAYABLE = {
    "xxi_fogas": [
        ("xxi_not_catchable", _("XXI not catchable (−21)")),
        ("skiz_took_partners_xxi", _("Skíz took the partner's XXI (−10)")),
    ],
    "pagat_ulti": [
        ("opponent_9_tarokk", _("an opponent held 9 tarokks (−5)")),
        ("starting_opponent_8_tarokk", _("the leading opponent held 8 tarokks (−5)")),
    ],
}
PREFIX = {"declarer": "decl", "opponents": "opp"}
SIDE_TITLES = {"declarer": _("Declaring side's figures"), "opponents": _("Opponents' figures")}
PLAYED_OR_RENONSZ = {"outcome": ["played", "renonsz"]}


def figure_field(side: str, fig: str) -> str:
    return f"{PREFIX[side]}_{fig}"


class TarokkVadaszHandForm(HandForm):
    variant = rules.KEY

    outcome = forms.ChoiceField(label=_("outcome"), choices=OUTCOMES, initial="played")
    declarer = forms.ChoiceField(label=_("declarer"), required=False)
    partner = forms.ChoiceField(label=_("partner (holder of the called tarokk)"), required=False)
    declarer_talon_taken = forms.TypedChoiceField(
        label=_("talon cards the declarer took"), required=False, choices=BLANK + TALON, coerce=int, empty_value=None
    )
    declarer_card_points = forms.IntegerField(
        label=_("card points of the declaring side (declarer's skart only)"), required=False, min_value=0, max_value=94
    )
    declarer_tricks = forms.TypedChoiceField(
        label=_("tricks of the declaring side"),
        required=False,
        choices=BLANK + [(str(t), str(t)) for t in range(10)],
        coerce=int,
        empty_value=None,
    )
    game_kontra = forms.TypedChoiceField(label=_("kontra on the game"), choices=KONTRA, coerce=int, initial=0)
    bid = forms.ChoiceField(label=_("bid (optional: checks the talon cards)"), required=False, choices=BLANK + BIDS)
    lengetes_waver = forms.ChoiceField(label=_("lengetés: the waver"), required=False)
    lengetes_mode = forms.ChoiceField(
        label=_("lengetés: the Pagát declarer's ulti"), required=False, choices=BLANK + LENGETES_MODES
    )
    thrower = forms.ChoiceField(label=_("thrown in by"), required=False)
    throw_in_reason = forms.ChoiceField(label=_("why"), required=False, choices=BLANK + list(THROW_IN_REASONS.items()))
    start_double_round = forms.BooleanField(label=_("the thrower deals and starts a double round"), required=False)
    renonsz_offender = forms.ChoiceField(label=_("renonsz by"), required=False)
    renonsz_kind = forms.ChoiceField(label=_("what happened"), required=False, choices=BLANK + RENONSZ_KINDS)

    @property
    def participants(self) -> list[str]:
        return list(self.table_positions)

    def setup(self) -> None:
        self.fields["declarer"].choices = self.seat_choices()
        self.fields["partner"].choices = [
            ("", "—"),
            *self.seat_choices(blank=None),
            *((f"alone:{k}", v) for k, v in SOLO.items()),
        ]
        for name in ("lengetes_waver", "thrower", "renonsz_offender"):
            self.fields[name].choices = self.seat_choices()
        first = [
            "outcome",
            "declarer",
            "partner",
            "declarer_talon_taken",
            "declarer_card_points",
            "declarer_tricks",
            "game_kontra",
        ]
        arrangers = self._arrangers()
        if len(arrangers) > 1:  # at 7 the dealer picks one of the two opposite him (§1.1)
            self.fields["talon_arranger"] = forms.ChoiceField(
                label=_("talon arranger"), required=False, choices=self.seat_choices(arrangers)
            )
            first.append("talon_arranger")
        grids = []
        for side in rules.SIDES:
            names = []
            for fig in rules.FIGURES:
                name = figure_field(side, fig)
                self.fields[name] = forms.ChoiceField(
                    label=FIGURE_LABELS[fig], required=False, choices=BLANK + HOW[fig]
                )
                self.fields[f"{name}_by"] = forms.ChoiceField(
                    label=_("announced by"), required=False, choices=self.seat_choices()
                )
                self.fields[f"{name}_kontra"] = forms.TypedChoiceField(
                    label=_("kontra"), required=False, choices=KONTRA, coerce=int, initial=0
                )
                names += [name, f"{name}_by", f"{name}_kontra"]
                if fig in rules.WITH_VOLAT_FIGURES:
                    self.fields[f"{name}_volat"] = forms.BooleanField(
                        label=_("announced together with the same player's volát (counts 0)"), required=False
                    )
                    names.append(f"{name}_volat")
                if fig in UNPLAYABLE:
                    self.fields[f"{name}_unplayable"] = forms.ChoiceField(
                        label=_("objectively unplayable"), required=False, choices=BLANK + UNPLAYABLE[fig]
                    )
                    names.append(f"{name}_unplayable")
            grids.append((SIDE_TITLES[side], names, PLAYED_OR_RENONSZ))
        self.fieldsets = [
            (_("Game"), first, {}),
            *grids,
            (_("Bid and lengetés"), ["bid", "lengetes_waver", "lengetes_mode"], PLAYED_OR_RENONSZ),
            (_("Throw-in"), ["thrower", "throw_in_reason", "start_double_round"], {"outcome": ["thrown_in"]}),
            (_("Renonsz"), ["renonsz_offender", "renonsz_kind"], {"outcome": ["renonsz"]}),
        ]

    def _arrangers(self) -> list[str]:
        participants, dealer = self.participants, self.envelope.get("dealer")
        if not 4 <= len(participants) <= 7 or dealer not in participants:
            return []
        return rules.talon_arrangers(participants, dealer)

    # --- form -> hand ---------------------------------------------------------

    def to_hand(self) -> dict[str, Any]:
        d = self.cleaned_data
        outcome = d.get("outcome") or "played"
        renonsz = outcome == "renonsz"
        hand: dict[str, Any] = {"participants": self.participants}
        arrangers = self._arrangers()
        if len(arrangers) == 1:
            hand["talon_arranger"] = arrangers[0]
        elif d.get("talon_arranger"):
            hand["talon_arranger"] = d["talon_arranger"]
        if outcome != "played":
            hand["outcome"] = outcome
        if d.get("start_double_round"):
            hand["start_double_round"] = True
        for key in ("thrower", "throw_in_reason", "bid", "declarer"):
            if d.get(key):
                hand[key] = d[key]
        partner = d.get("partner") or ""
        self._alone = partner.startswith("alone:")
        if self._alone:
            hand["solo"] = partner.split(":", 1)[1]
        elif partner:
            hand["partner"] = partner
        for key in ("declarer_talon_taken", "declarer_card_points", "declarer_tricks"):
            if d.get(key) is not None:
                hand[key] = d[key]
        if d.get("game_kontra"):
            hand["game_kontra"] = d["game_kontra"]

        self._figure_fields: list[str] = []
        figures = []
        for side in rules.SIDES:
            for fig in rules.FIGURES:
                name = figure_field(side, fig)
                how = d.get(name)
                if not how:
                    continue
                announced = not how.startswith("silent_")
                entry: dict[str, Any] = {"figure": fig, "side": side, "announced": announced}
                by = d.get(f"{name}_by")
                if not by and announced and side == "declarer" and self._alone and d.get("declarer"):
                    by = d["declarer"]  # a lone declarer's side is himself
                if by:
                    entry["announcer"] = by
                if d.get(f"{name}_volat"):
                    entry["with_volat"] = True
                if d.get(f"{name}_kontra"):
                    entry["kontra"] = d[f"{name}_kontra"]
                result = how.removeprefix("silent_")
                if result != "announced" and not renonsz:
                    entry["result"] = result
                if d.get(f"{name}_unplayable"):
                    entry["unplayable"] = d[f"{name}_unplayable"]
                figures.append(entry)
                self._figure_fields.append(name)
        hand["figures"] = figures

        if d.get("lengetes_waver") or d.get("lengetes_mode"):
            hand["lengetes_ulti"] = {k: d[f"lengetes_{k}"] for k in ("waver", "mode") if d.get(f"lengetes_{k}")}
        if d.get("renonsz_offender") or d.get("renonsz_kind"):
            hand["renonsz"] = {k: d[f"renonsz_{k}"] for k in ("offender", "kind") if d.get(f"renonsz_{k}")}
        return hand

    def hand(self) -> dict[str, Any]:
        """``partner: null`` (playing alone) must be in the hand even when ``to_hand`` left it out."""
        hand = super().hand()
        if self._alone:
            hand["partner"] = None
        return hand

    # --- hand -> form ---------------------------------------------------------

    @classmethod
    def initial_from(cls, hand: Mapping[str, Any]) -> dict[str, Any]:
        data: dict[str, Any] = {
            k: hand.get(k)
            for k in (
                "declarer",
                "declarer_talon_taken",
                "declarer_card_points",
                "declarer_tricks",
                "bid",
                "talon_arranger",
                "thrower",
                "throw_in_reason",
            )
        }
        data["outcome"] = hand.get("outcome") or "played"
        data["game_kontra"] = hand.get("game_kontra") or 0
        data["start_double_round"] = bool(hand.get("start_double_round"))
        data["note"] = hand.get("note", "")
        if "partner" in hand and hand["partner"] is None:
            data["partner"] = f"alone:{hand['solo']}" if hand.get("solo") else ""
        else:
            data["partner"] = hand.get("partner")
        for f in hand.get("figures") or []:
            name = figure_field(f["side"], f["figure"])
            result = f.get("result") or "announced"
            data[name] = result if f.get("announced") else f"silent_{f.get('result') or 'made'}"
            data[f"{name}_by"] = f.get("announcer")
            data[f"{name}_kontra"] = f.get("kontra") or 0
            data[f"{name}_volat"] = bool(f.get("with_volat"))
            data[f"{name}_unplayable"] = f.get("unplayable")
        lengetes = hand.get("lengetes_ulti") or {}
        data["lengetes_waver"] = lengetes.get("waver")
        data["lengetes_mode"] = lengetes.get("mode")
        renonsz = hand.get("renonsz") or {}
        data["renonsz_offender"] = renonsz.get("offender")
        data["renonsz_kind"] = renonsz.get("kind")
        return {k: v for k, v in data.items() if v is not None}

    # --- engine errors -> fields ----------------------------------------------

    def field_for(self, path: str) -> str | None:
        head, _sep, rest = path.partition(".")
        name, _br, index = head.partition("[")
        if name == "figures":
            i = int_or_none(index.rstrip("]")) if index else None
            names = getattr(self, "_figure_fields", [])
            if i is None or i >= len(names):
                return None
            suffix = {"announcer": "_by", "kontra": "_kontra", "with_volat": "_volat", "unplayable": "_unplayable"}.get(
                rest, ""
            )
            return names[i] + suffix if names[i] + suffix in self.fields else names[i]
        if name == "lengetes_ulti":
            return "lengetes_waver" if rest == "waver" else "lengetes_mode"
        if name == "renonsz":
            return "renonsz_kind" if rest == "kind" else "renonsz_offender"
        if name == "solo":
            return "partner"
        return super().field_for(path)
