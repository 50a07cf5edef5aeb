"""Hand-entry form for Illusztrált tarokk (tarokk-illusztralt.md §3).

The first fieldset is the typical hand: bid, declarer, partner (or one of the
two ways of playing alone), card points and tricks of the declaring side, and
the game's kontra. Figures are rows in the order they were announced (the order
matters: §3.3.6 forbids a side's tulétroá, négy király or dupla after its own
volát); tarokk counts are one choice per player; renonsz has its own fieldset.

Deliberate normalisations (the hand means the same, the JSON may differ):

- defaults are left out: ``outcome: "played"``, ``game_kontra: 0``, a figure's
  ``kontra: 0``, ``called_tarokk_discarded: false`` and empty lists;
- ``tarokk_counts`` are listed in playing order;
- "alone: called tarokk in a skart" writes ``partner: null`` (also in a
  renonsz hand, where the partner may be left out) and raises ``game_kontra``
  to at least 1 (the official kontra, §2.4);
- a figure's ``result`` is left out where the engine derives it (dupla, volát)
  and in a renonsz hand, whatever the referee picked.

Not covered (use the JSON form): more than ``FIGURE_ROWS`` figures in one hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from scoring.variants.tarokk_illusztralt import rules

from .base import BLANK, HandForm, int_or_none

FIGURE_ROWS = 6  # the sample generator lists at most 5 figures; a real hand rarely more than 3
FIRST_ROWS = 3  # rows 1-3 in the "Figures" fieldset, the rest in "More figures"

BIDS = [
    ("harmas", _("Hármas (three, G=1)")),
    ("kettes", _("Kettes (two, G=2)")),
    ("egyes", _("Egyes (one, G=3)")),
    ("szolo", _("Szóló (solo, G=4)")),
]
OUTCOMES = [
    ("played", _("played")),
    ("redeal", _("redeal (all passed, talon refused, no tarokk)")),
    ("renonsz", _("renonsz (play stopped)")),
]
KONTRA = [
    (0, "—"),
    (1, _("kontra ×2")),
    (2, _("rekontra ×4")),
    (3, _("szubkontra ×8")),
    (4, _("hirskontra ×16")),
    (5, _("mordkontra ×32")),
]
ALONE_SELF = "alone"
ALONE_SKART = "alone_skart"
SUIT_LABELS = {"kor": _("kőr"), "karo": _("káró"), "treff": _("treff"), "pikk": _("pikk")}
FIGURE_LABELS = {
    "dupla": _("dupla"),
    "volat": _("volát"),
    "tuletroa": _("tulétroá (trull)"),
    "negy_kiraly": _("négy király"),
    "xxi_fogas": _("XXI-fogás"),
    "pagat_ultimo": _("pagát ultimó"),
    "kiraly_ultimo": _("király ultimó"),
    "pagat_uhu": _("pagát uhu"),
    "kiraly_uhu": _("király uhu"),
    "centrum": _("centrum"),
    "kismadar": _("kismadár"),
    "nagymadar": _("nagymadár"),
}


def _figure_choices() -> list[tuple[str, Any]]:
    """One choice per figure, the king figures once per suit (``kiraly_ultimo:kor``)."""
    out: list[tuple[str, Any]] = []
    for fig in rules.FIGURES:
        if fig in rules.KING_FIGURES:
            out += [(f"{fig}:{s}", format_lazy("{} {}", FIGURE_LABELS[fig], label)) for s, label in SUIT_LABELS.items()]
        else:
            out.append((fig, FIGURE_LABELS[fig]))
    return out


FIGURE_CHOICES = _figure_choices()
SIDES = [("declarer", _("declaring side")), ("opponents", _("opponents"))]
# How a figure went. Dupla and volát: made or failed follows from points and tricks; renonsz: no result.
HOW = [
    ("made", _("announced, made")),
    ("failed", _("announced, failed")),
    ("announced", _("announced (dupla, volát, renonsz: no result)")),
    ("silent", _("silent, made")),
    ("silent_failed", _("silent pagát ultimó lost in the 9th trick")),
]
TAROKK_COUNTS = [
    ("", "—"),
    ("8_early", _("8 tarokks, declared early")),
    ("9_early", _("9 tarokks, declared early")),
    ("8_end", _("8 tarokks, shown at the end")),
    ("9_end", _("9 tarokks, shown at the end")),
]
RENONSZ_KINDS = [
    ("play", _("broke the card-play rules")),
    ("discard", _("discarded a king or an honour")),
    ("invite_discard", _("discarded the tarokk shown by an accepted invite")),
    ("no_honour", _("bid Hármas without an honour, got none from the talon")),
    ("timeout", _("ran out of thinking time")),
]
PLAYED_OR_RENONSZ = {"outcome": ["played", "renonsz"]}


class TarokkIllusztraltHandForm(HandForm):
    variant = rules.KEY

    outcome = forms.ChoiceField(label=_("outcome"), choices=OUTCOMES, initial="played")
    bid = forms.ChoiceField(label=_("bid"), required=False, choices=BLANK + BIDS)
    declarer = forms.ChoiceField(label=_("declarer"), required=False)
    partner = forms.ChoiceField(label=_("partner (holder of the called tarokk)"), required=False)
    declarer_card_points = forms.IntegerField(
        label=_("card points of the declaring side (tricks + skarts)"),
        required=False,
        min_value=0,
        max_value=rules.TOTAL_POINTS,
    )
    declarer_tricks = forms.TypedChoiceField(
        label=_("tricks of the declaring side"),
        required=False,
        choices=BLANK + [(str(t), str(t)) for t in range(10)],
        coerce=int,
        empty_value=None,
    )
    game_kontra = forms.TypedChoiceField(label=_("kontra on the game"), choices=KONTRA, coerce=int, initial=0)
    renonsz_offender = forms.ChoiceField(label=_("renonsz by"), required=False)
    renonsz_kind = forms.ChoiceField(label=_("what happened"), required=False, choices=BLANK + RENONSZ_KINDS)

    def setup(self) -> None:
        seats = self.seats
        self.fields["declarer"].choices = self.seat_choices()
        self.fields["partner"].choices = [
            ("", "—"),
            *self.seat_choices(blank=None),
            (ALONE_SELF, _("alone: self-call")),
            (ALONE_SKART, _("alone: called tarokk in a skart (official kontra)")),
        ]
        self.fields["renonsz_offender"].choices = self.seat_choices()
        for i in range(1, FIGURE_ROWS + 1):
            self.fields[f"fig{i}"] = forms.ChoiceField(
                label=_("figure %(n)d") % {"n": i}, required=False, choices=BLANK + FIGURE_CHOICES
            )
            self.fields[f"fig{i}_side"] = forms.ChoiceField(
                label=_("side"), required=False, choices=SIDES, initial="declarer"
            )
            self.fields[f"fig{i}_how"] = forms.ChoiceField(label=_("how"), required=False, choices=HOW, initial="made")
            self.fields[f"fig{i}_kontra"] = forms.TypedChoiceField(
                label=_("kontra"), required=False, choices=KONTRA, coerce=int, initial=0
            )
        for s in seats:
            self.fields[f"tarokk_{s}"] = forms.ChoiceField(
                label=self.seat_label(s), required=False, choices=TAROKK_COUNTS
            )

        def rows(a: int, b: int) -> list[str]:
            return [f"fig{i}{suffix}" for i in range(a, b + 1) for suffix in ("", "_side", "_how", "_kontra")]

        self.fieldsets = [
            (
                _("Game"),
                ["outcome", "bid", "declarer", "partner", "declarer_card_points", "declarer_tricks", "game_kontra"],
                {},
            ),
            (_("Figures, in the order announced"), rows(1, FIRST_ROWS), PLAYED_OR_RENONSZ),
            (_("More figures"), rows(FIRST_ROWS + 1, FIGURE_ROWS), PLAYED_OR_RENONSZ),
            (_("8 or 9 tarokks"), [f"tarokk_{s}" for s in seats], PLAYED_OR_RENONSZ),
            (_("Renonsz"), ["renonsz_offender", "renonsz_kind"], {"outcome": ["renonsz"]}),
        ]

    # --- form -> hand ---------------------------------------------------------

    def to_hand(self) -> dict[str, Any]:
        d = self.cleaned_data
        outcome = d.get("outcome") or "played"
        renonsz = outcome == "renonsz"
        hand: dict[str, Any] = {}
        if outcome != "played":
            hand["outcome"] = outcome
        for key in ("bid", "declarer"):
            if d.get(key):
                hand[key] = d[key]
        partner = d.get("partner") or ""
        self._alone = partner in (ALONE_SELF, ALONE_SKART)
        game_kontra = d.get("game_kontra") or 0
        if partner == ALONE_SKART:
            hand["called_tarokk_discarded"] = True
            game_kontra = max(game_kontra, 1)  # §2.4: official kontra
        elif partner and not self._alone:
            hand["partner"] = partner
        if d.get("declarer_card_points") is not None:
            hand["declarer_card_points"] = d["declarer_card_points"]
        if d.get("declarer_tricks") is not None:
            hand["declarer_tricks"] = d["declarer_tricks"]
        if game_kontra:
            hand["game_kontra"] = game_kontra

        self._figure_rows: list[int] = []
        figures = []
        for i in range(1, FIGURE_ROWS + 1):
            choice = d.get(f"fig{i}")
            if not choice:
                continue
            fig, _sep, suit = choice.partition(":")
            how = d.get(f"fig{i}_how") or "made"
            announced = how in ("made", "failed", "announced")
            entry: dict[str, Any] = {"figure": fig, "side": d.get(f"fig{i}_side") or "declarer", "announced": announced}
            if suit:
                entry["suit"] = suit
            kontra = d.get(f"fig{i}_kontra") or 0
            if kontra:
                entry["kontra"] = kontra
            if how != "announced" and not renonsz and fig not in rules.G_FIGURES:
                entry["result"] = "failed" if how in ("failed", "silent_failed") else "made"
            figures.append(entry)
            self._figure_rows.append(i)
        hand["figures"] = figures

        self._count_seats = [s for s in self.seats if d.get(f"tarokk_{s}")]
        hand["tarokk_counts"] = [
            {"seat": s, "count": int(d[f"tarokk_{s}"][0]), "when": d[f"tarokk_{s}"].split("_")[1]}
            for s in self._count_seats
        ]

        if d.get("renonsz_offender") or d.get("renonsz_kind"):
            r = {}
            if d.get("renonsz_offender"):
                r["offender"] = d["renonsz_offender"]
            if d.get("renonsz_kind"):
                r["kind"] = d["renonsz_kind"]
            hand["renonsz"] = r
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
            "outcome": hand.get("outcome") or "played",
            "bid": hand.get("bid"),
            "declarer": hand.get("declarer"),
            "declarer_card_points": hand.get("declarer_card_points"),
            "declarer_tricks": hand.get("declarer_tricks"),
            "game_kontra": hand.get("game_kontra") or 0,
            "note": hand.get("note", ""),
        }
        if hand.get("called_tarokk_discarded"):
            data["partner"] = ALONE_SKART
        elif "partner" in hand and hand["partner"] is None:
            data["partner"] = ALONE_SELF
        else:
            data["partner"] = hand.get("partner")
        for i, f in enumerate(hand.get("figures") or [], start=1):
            data[f"fig{i}"] = f"{f['figure']}:{f['suit']}" if f.get("suit") else f["figure"]
            data[f"fig{i}_side"] = f.get("side")
            result = f.get("result")
            if f.get("announced"):
                data[f"fig{i}_how"] = result or "announced"
            else:
                data[f"fig{i}_how"] = "silent_failed" if result == "failed" else "silent"
            data[f"fig{i}_kontra"] = f.get("kontra") or 0
        for tc in hand.get("tarokk_counts") or []:
            data[f"tarokk_{tc['seat']}"] = f"{tc['count']}_{tc['when']}"
        r = hand.get("renonsz") or {}
        data["renonsz_offender"] = r.get("offender")
        data["renonsz_kind"] = r.get("kind")
        return {k: v for k, v in data.items() if v is not None}

    # --- engine errors -> fields ----------------------------------------------

    def field_for(self, path: str) -> str | None:
        head, _sep, rest = path.partition(".")
        name, _br, index = head.partition("[")
        i = int_or_none(index.rstrip("]")) if index else None
        if name == "figures":
            rows = getattr(self, "_figure_rows", [])
            if i is None or i >= len(rows):
                return None
            row = rows[i]
            sub = {"side": "_side", "announced": "_how", "result": "_how", "kontra": "_kontra"}.get(rest, "")
            return f"fig{row}{sub}"
        if name == "tarokk_counts":
            seats = getattr(self, "_count_seats", [])
            return f"tarokk_{seats[i]}" if i is not None and i < len(seats) else None
        if name == "renonsz":
            return "renonsz_kind" if rest == "kind" else "renonsz_offender"
        if name == "called_tarokk_discarded":
            return "partner"
        return super().field_for(path)
