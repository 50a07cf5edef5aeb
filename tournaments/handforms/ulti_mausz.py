"""Hand-entry form for Ulti (MAUSZ 2017), laid out like the game sheet line (ulti-mausz.md §6.2).

The referee records the final bid and the facts read off the table (§5.2 "facts, not
verdicts"); the engine derives every verdict. The first fieldset is the usual deal:
bid (preset to the plain parti), trump, declarer, tricks, card points, who announced
which marriage, the trump seven in the last trick and, for a 4 ász bid, who took the
four aces. Kontras, silent claims, a give-up, the sheet's verdicts (a cross-check) and
renonsz fold away.

Kontra is entered per component *family* (parti / 100 / 4 ász / ulti / the durchmars or
betli part of the bid): a bid has at most one component of each family, so the form
writes the component of the chosen bid (§2.1). Individual kontras of colourless bids
(§3.6) are entered per defender.

``normalised(hand)`` states what the form writes differently from other valid hands of
the same meaning (the round-trip tests compare against it); none of it changes a score:

* ``trump: null``, ``gave_up: false`` and ``silent_claims: []`` are left out;
* kontra level 1 (also inside a per-seat kontra) is left out, and so is a kontra left empty;
* ``silent_claims`` are written in the order "100", "4asz", marriages in suit order
  makk, tök, zöld, piros;
* a ``renonsz.penalty_bid.trump`` other than ``piros`` is left out (only red changes the row).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.variants.ulti_mausz import rules

from .base import BLANK, HandForm, int_or_none

# A bid has at most one component of each family, so kontras and sheet verdicts are entered
# per family and written under the bid's own component.
FAMILIES = ("parti", "hundred", "aces", "ulti", "main")
FAMILY_OF = {
    c: (
        "parti"
        if c == "parti"
        else "hundred"
        if c in ("40-100", "20-100")
        else "aces"
        if c == "4asz"
        else "ulti"
        if c == "ulti"
        else "main"
    )
    for c in rules.COMPONENT_RULE
}
FAMILY_DEFAULT = {"parti": "parti", "hundred": "40-100", "aces": "4asz", "ulti": "ulti", "main": "durchmars"}
FAMILY_LABELS = {
    "parti": _("parti (game)"),
    "hundred": _("40-100 / 20-100"),
    "aces": _("4 ász"),
    "ulti": _("ulti"),
    "main": _("durchmars / betli"),
}

KONTRA = [(1, "—"), (2, _("kontra ×2")), (4, _("rekontra ×4"))]
VERDICTS = [("", "—"), ("made", _("made")), ("failed", _("failed"))]
SUIT_LABELS = {"makk": _("makk"), "tok": _("tök"), "zold": _("zöld"), "piros": _("piros")}
TRUMPS = BLANK + [(s, SUIT_LABELS[s]) for s in rules.SUITS[:3]] + [("piros", _("piros (red: ×2)"))]
GAVE_UP = [
    ("", "—"),
    ("before_first_card", _("before the first card (pays with kontra)")),
    ("after_first_card", _("after the first card, with consent")),
]
# The cases whose consequence (§4.2) relaxes what is recorded of the play (§5.4).
RELAXED = frozenset({rules.RULING_PARTI_WON, rules.PARTIAL})


def _bid_label(key: str) -> str:
    name = " + ".join(rules.COMPONENT_NAME[c] for c in key.split("+"))
    if key == "rebetli":
        name += " (piros betli)"
    plain = rules.BID_TABLE[(key, False)].total
    red = rules.BID_TABLE.get((key, True))
    return f"{name} · {plain}" + (f" (piros {red.total})" if red else "")


BID_KEYS = sorted({k for k, _red in rules.BID_TABLE}, key=lambda k: rules.BID_TABLE[(k, False)].row)
BIDS = [("", _("— (none: void deal or jury)"))] + [(k, _bid_label(k)) for k in BID_KEYS]
CASES = [("", "—")] + [(c, f"{c} · {case.text}") for c, case in rules.CASES.items()]


def component(bid: str | None, family: str) -> str:
    """The component of ``bid`` in ``family``; the family's usual one when the bid has none
    (the engine then says the kontra or verdict does not apply to this bid)."""
    for comp in rules.KEY_COMPONENTS.get(bid or "", ()):
        if FAMILY_OF[comp] == family:
            return comp
    return FAMILY_DEFAULT[family]


class UltiMauszHandForm(HandForm):
    variant = "ulti-mausz"

    bid = forms.ChoiceField(label=_("bid"), choices=BIDS, required=False, initial="parti")
    trump = forms.ChoiceField(label=_("trump (not for betli / colourless)"), choices=TRUMPS, required=False)
    declarer = forms.ChoiceField(label=_("declarer"), required=False)
    declarer_tricks = forms.IntegerField(
        label=_("declarer's tricks"),
        required=False,
        min_value=0,
        max_value=10,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    declarer_card_points = forms.IntegerField(
        label=_("declarer's card points (aces, tens, last trick)"),
        required=False,
        min_value=0,
        max_value=90,
        step_size=10,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    trump7 = forms.ChoiceField(label=_("trump seven in the last trick"), required=False)
    four_aces = forms.ChoiceField(label=_("all four aces taken by"), required=False)
    gave_up = forms.ChoiceField(label=_("declarer gave up"), choices=GAVE_UP, required=False)
    silent_100 = forms.BooleanField(label=_("silent 100 claimed before the throw-in"), required=False)
    silent_4asz = forms.BooleanField(label=_("silent four aces claimed before the throw-in"), required=False)
    renonsz_case = forms.ChoiceField(label=_("renonsz case (§13)"), choices=CASES, required=False)
    renonsz_offender = forms.ChoiceField(label=_("offender"), required=False)
    penalty_bid = forms.ChoiceField(
        label=_("penalty bid (13.2.3c, 13.2.4a, 13.2.5)"), choices=BLANK + BIDS[1:], required=False
    )
    penalty_red = forms.BooleanField(label=_("penalty bid is red (piros)"), required=False)

    def setup(self) -> None:
        # The seats that may play this deal: after a void deal the referee may pick another
        # dealer (``alternatives``), and at a four-seat table that changes who plays.
        envelopes = getattr(self, "alternatives", None) or [self.envelope]
        self.seat_options = seats = list(dict.fromkeys(s for e in [self.envelope, *envelopes] for s in e["seats"]))
        self.fields["declarer"].choices = self.seat_choices(seats)
        self.fields["renonsz_offender"].choices = self.seat_choices(seats)
        self.fields["trump7"].choices = [("", _("not played to the last trick"))] + [
            (f"{s}:{r}", label % {"seat": self.seat_label(s)})
            for s in seats
            for r, label in (("won", _("%(seat)s played it, won")), ("lost", _("%(seat)s played it, lost")))
        ]
        self.fields["four_aces"].choices = [
            ("", _("— (not recorded)")),
            ("none", _("nobody (split, or one in the talon)")),
            *self.seat_choices(seats, blank=None),
        ]
        for suit in rules.SUITS:
            self.fields[f"m_{suit}"] = forms.ChoiceField(
                label=_("20/40 in %(suit)s announced by") % {"suit": SUIT_LABELS[suit]},
                required=False,
                choices=self.seat_choices(seats),
            )
        for fam in FAMILIES:
            self.fields[f"k_{fam}"] = forms.TypedChoiceField(
                label=_("kontra on %(what)s") % {"what": FAMILY_LABELS[fam]},
                choices=KONTRA,
                coerce=int,
                initial=1,
                required=False,
            )
        for s in seats:
            self.fields[f"k_seat_{s}"] = forms.TypedChoiceField(
                label=_("kontra of %(seat)s") % {"seat": self.seat_label(s)},
                choices=KONTRA,
                coerce=int,
                initial=1,
                required=False,
            )
        for fam in FAMILIES:
            self.fields[f"r_{fam}"] = forms.ChoiceField(
                label=_("sheet says %(what)s") % {"what": FAMILY_LABELS[fam]}, choices=VERDICTS, required=False
            )
        for s in seats:
            self.fields[f"jury_{s}"] = forms.IntegerField(label=self.seat_label(s), required=False)
        self.fieldsets = [
            (
                _("Deal"),
                [
                    "bid",
                    "trump",
                    "declarer",
                    "declarer_tricks",
                    "declarer_card_points",
                    *(f"m_{s}" for s in rules.SUITS),
                    "trump7",
                    "four_aces",
                ],
                {},
            ),
            (_("Kontra and rekontra"), [f"k_{f}" for f in FAMILIES], {}),
            (
                _("Individual kontra (betli, colourless durchmars): the defenders' levels"),
                [f"k_seat_{s}" for s in seats],
                {"bid": sorted(rules.COLOURLESS)},
            ),
            (_("Silent claims and give-up"), ["silent_100", "silent_4asz", "gave_up"], {}),
            (_("Verdicts on the paper sheet (optional cross-check)"), [f"r_{f}" for f in FAMILIES], {}),
            (_("Renonsz"), ["renonsz_case", "renonsz_offender", "penalty_bid", "penalty_red"], {}),
            (_("Jury points (10.3.d), zero-sum"), [f"jury_{s}" for s in seats], {"renonsz_case": ["10.3.d"]}),
        ]

    def clean(self) -> dict[str, Any]:
        d = super().clean()
        # Individual kontras of another bid are dropped with their hidden fieldset (_drop_hidden).
        individual = [s for s in self.seat_options if (d.get(f"k_seat_{s}") or 1) != 1]
        if individual and (d.get("k_main") or 1) != 1:
            self.add_error("k_main", _("Give this kontra either for both defenders or per defender, not both."))
        if not d.get("renonsz_case"):
            extra = ["renonsz_offender", "penalty_bid", "penalty_red", *(f"jury_{s}" for s in self.seat_options)]
            for name in extra:
                value = d.get(name)
                if value is not None and value != "" and value is not False:
                    self.add_error(name, _("Choose the renonsz case first."))
        elif d.get("penalty_red") and not d.get("penalty_bid"):
            self.add_error("penalty_bid", _("Choose the penalty bid."))
        return d

    def to_hand(self) -> dict[str, Any]:
        d = self.cleaned_data
        bid = d.get("bid") or None
        hand: dict[str, Any] = {}
        for name in ("declarer", "bid", "trump", "gave_up"):
            if d.get(name):
                hand[name] = d[name]
        # kontra: per family under the bid's component; individual levels for colourless bids
        self._kontra_fields: dict[str, str] = {}
        kontra: dict[str, Any] = {}
        for fam in FAMILIES:
            level = d.get(f"k_{fam}") or 1
            if level != 1:
                comp = component(bid, fam)
                kontra[comp] = level
                self._kontra_fields[comp] = f"k_{fam}"
        individual = {s: d[f"k_seat_{s}"] for s in self.seat_options if (d.get(f"k_seat_{s}") or 1) != 1}
        if individual:
            comp = component(bid, "main")
            kontra[comp] = individual
            self._kontra_fields[comp] = f"k_seat_{next(iter(individual))}"
        hand["kontra"] = kontra
        # play: the facts read off the table (§5.2)
        case = rules.CASES.get(d.get("renonsz_case") or "")
        play: dict[str, Any] = {}
        if d.get("declarer_tricks") is not None:
            play["declarer_tricks"] = d["declarer_tricks"]
        if d.get("declarer_card_points") is not None:
            play["declarer_card_points"] = d["declarer_card_points"]
        self._marriage_fields = [f"m_{s}" for s in rules.SUITS if d.get(f"m_{s}")]
        marriages = [{"seat": d[f"m_{s}"], "suit": s} for s in rules.SUITS if d.get(f"m_{s}")]
        relaxed = case is not None and case.type in RELAXED and "declarer_card_points" not in play
        if marriages or (bid in rules.COUNT_KEYS and not relaxed):
            play["marriages"] = marriages
        if d.get("four_aces"):
            play["four_aces"] = None if d["four_aces"] == "none" else d["four_aces"]
        if d.get("trump7"):
            seat, _sep, result = d["trump7"].partition(":")
            play["trump7_last_trick"] = {"seat": seat, "won": result == "won"}
        has_play = (
            d.get("declarer_tricks") is not None
            or any(k in play for k in ("declarer_card_points", "four_aces", "trump7_last_trick"))
            or bool(marriages)
        )
        if has_play:
            if bid not in rules.COLOURLESS and "trump7_last_trick" not in play:
                play["trump7_last_trick"] = None  # "not played to the last trick" (§5.2)
            hand["play"] = play
        self._claim_fields = [f for f in ("silent_100", "silent_4asz") if d.get(f)]
        hand["silent_claims"] = [f.removeprefix("silent_") for f in self._claim_fields]
        hand["results"] = {component(bid, fam): d[f"r_{fam}"] for fam in FAMILIES if d.get(f"r_{fam}")}
        if case is not None:
            renonsz: dict[str, Any] = {"case": d["renonsz_case"]}
            if d.get("renonsz_offender"):
                renonsz["offender"] = d["renonsz_offender"]
            if d.get("penalty_bid"):
                renonsz["penalty_bid"] = {
                    "bid": d["penalty_bid"],
                    **({"trump": "piros"} if d.get("penalty_red") else {}),
                }
            jury = {s: d[f"jury_{s}"] for s in self.seat_options if d.get(f"jury_{s}") is not None}
            if jury:
                renonsz["jury_points"] = jury
            hand["renonsz"] = renonsz
        return hand

    @classmethod
    def initial_from(cls, hand: Mapping[str, Any]) -> dict[str, Any]:
        bid = hand.get("bid")
        data: dict[str, Any] = {"bid": bid or "", "note": hand.get("note", "")}
        for name in ("declarer", "trump"):
            data[name] = hand.get(name) or ""
        data["gave_up"] = hand.get("gave_up") or ""
        for comp, level in (hand.get("kontra") or {}).items():
            if isinstance(level, Mapping):
                for seat, lvl in level.items():
                    data[f"k_seat_{seat}"] = lvl
            else:
                data[f"k_{FAMILY_OF.get(comp, 'main')}"] = level
        play = hand.get("play") or {}
        data["declarer_tricks"] = play.get("declarer_tricks")
        data["declarer_card_points"] = play.get("declarer_card_points")
        for m in play.get("marriages") or ():
            data[f"m_{m['suit']}"] = m["seat"]
        if "four_aces" in play:
            data["four_aces"] = play["four_aces"] or "none"
        t7 = play.get("trump7_last_trick")
        if t7:
            data["trump7"] = f"{t7['seat']}:{'won' if t7['won'] else 'lost'}"
        for claim in hand.get("silent_claims") or ():
            data[f"silent_{claim}"] = True
        for comp, verdict in (hand.get("results") or {}).items():
            data[f"r_{FAMILY_OF.get(comp, 'main')}"] = verdict
        renonsz = hand.get("renonsz") or {}
        if renonsz:
            data["renonsz_case"] = renonsz.get("case", "")
            data["renonsz_offender"] = renonsz.get("offender") or ""
            penalty = renonsz.get("penalty_bid") or {}
            data["penalty_bid"] = penalty.get("bid", "")
            data["penalty_red"] = penalty.get("trump") == "piros"
            for seat, points in (renonsz.get("jury_points") or {}).items():
                data[f"jury_{seat}"] = points
        return {k: v for k, v in data.items() if v is not None}

    def field_for(self, path: str) -> str | None:
        if not hasattr(self, "_claim_fields") and hasattr(self, "cleaned_data"):
            self.to_hand()  # a fresh form (hand_edit) still needs to know what went where
        head, _sep, rest = path.partition(".")
        if head.startswith("silent_claims"):
            claims = getattr(self, "_claim_fields", [])
            i = int_or_none(head[14:].split("]")[0]) if "[" in head else 0
            return claims[i] if i is not None and i < len(claims) else None
        if head == "kontra":
            return self._kontra_field(rest)
        if head == "play":
            return self._play_field(rest)
        if head == "results":
            fam = FAMILY_OF.get(rest)
            if fam is None:
                return next((f"r_{f}" for f in FAMILIES if self.cleaned_data.get(f"r_{f}")), None)
            return f"r_{fam}"
        if head == "renonsz":
            member, _sep, sub = rest.partition(".")
            if member == "jury_points":
                if f"jury_{sub}" in self.fields:
                    return f"jury_{sub}"
                return f"jury_{self.seat_options[0]}"
            return {
                "": "renonsz_case",
                "case": "renonsz_case",
                "offender": "renonsz_offender",
                "penalty_bid": "penalty_red" if sub == "trump" else "penalty_bid",
            }.get(member)
        return super().field_for(path)

    def _kontra_field(self, rest: str) -> str | None:
        fields = getattr(self, "_kontra_fields", {})
        comp, _sep, seat = rest.partition(".")
        if seat:
            return f"k_seat_{seat}" if f"k_seat_{seat}" in self.fields else fields.get(comp)
        if comp:
            return fields.get(comp) or f"k_{FAMILY_OF.get(comp, 'main')}"
        return next(iter(fields.values()), None)  # "no kontra before the first card"

    def _play_field(self, rest: str) -> str | None:
        member = rest.split(".", 1)[0]
        if member.startswith("marriages"):
            marriages = getattr(self, "_marriage_fields", [])
            i = int_or_none(member[10:].split("]")[0]) if "[" in member else 0
            if i is not None and i < len(marriages):
                return marriages[i]
            return "m_makk" if "[" not in member else None
        return {
            "": "declarer_tricks",
            "declarer_tricks": "declarer_tricks",
            "declarer_card_points": "declarer_card_points",
            "four_aces": "four_aces",
            "trump7_last_trick": "trump7",
        }.get(member)


def normalised(hand: Mapping[str, Any]) -> dict[str, Any]:
    """``hand`` as the form writes it (see the module docstring); the same score."""
    out = dict(hand)
    for key, empty in (("trump", None), ("gave_up", False), ("silent_claims", [])):
        if key in out and out[key] == empty:
            del out[key]
    if "kontra" in out:
        kontra = {}
        for comp, level in out["kontra"].items():
            if isinstance(level, Mapping):
                level = {s: lvl for s, lvl in level.items() if lvl != 1}
                if level:
                    kontra[comp] = level
            elif level != 1:
                kontra[comp] = level
        out["kontra"] = kontra
        if not kontra:
            del out["kontra"]
    if out.get("silent_claims"):
        out["silent_claims"] = sorted(out["silent_claims"], key=("100", "4asz").index)
    if isinstance(out.get("play"), Mapping) and out["play"].get("marriages"):
        out["play"] = {
            **out["play"],
            "marriages": sorted(out["play"]["marriages"], key=lambda m: rules.SUITS.index(m["suit"])),
        }
    penalty = (out.get("renonsz") or {}).get("penalty_bid")
    if penalty and penalty.get("trump") not in (None, "piros"):
        out["renonsz"] = {**out["renonsz"], "penalty_bid": {"bid": penalty["bid"]}}
    return out
