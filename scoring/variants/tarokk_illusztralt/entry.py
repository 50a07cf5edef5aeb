"""tarokk-illusztralt: the hand form (tarokk-illusztralt.md §3), each field bound once to the path of
the hand it writes (scoring.entry).

The first section is the typical hand: bid, declarer, partner (or one of the two ways of playing
alone), card points (or, instead, the sheet's verdict of the count: ``count_result``; then the tricks
only for a volát) and tricks of the declaring side, and the game's kontra. Figures are rows in the
order they were announced (the order matters: §3.3.6 forbids a side's tulétroá, négy király or dupla
after its own volát); tarokk counts are one choice per player; renonsz has its own section.

Deliberate normalisations (the hand means the same, the JSON may differ):

- defaults are left out: ``outcome: "played"``, ``game_kontra: 0``, a figure's ``kontra: 0``,
  ``called_tarokk_discarded: false`` and empty lists;
- ``tarokk_counts`` are listed in playing order;
- "alone: called tarokk in a skart" writes ``partner: null`` (also in a renonsz hand, where the
  partner may be left out) and raises ``game_kontra`` to at least 1 (the official kontra, §2.4);
- a figure's ``result`` is left out where the engine derives it (dupla, volát) and in a renonsz
  hand, whatever the referee picked.

Not covered (use the JSON form): more than ``FIGURE_ROWS`` figures in one hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring import entry as e
from scoring.families.hungarian_tarokk import entry as tarokk
from scoring.text import _

from . import rules

FIGURE_ROWS = 6  # the sample generator lists at most 5 figures; a real hand rarely more than 3

BIDS = (
    ("harmas", _("Hármas (three, G=1)")),
    ("kettes", _("Kettes (two, G=2)")),
    ("egyes", _("Egyes (one, G=3)")),
    ("szolo", _("Szóló (solo, G=4)")),
)
OUTCOMES = (
    ("played", _("played")),
    ("redeal", _("redeal (all passed, talon refused, no tarokk)")),
    ("renonsz", _("renonsz (play stopped)")),
)
KONTRA = (
    (0, e.DASH),
    (1, _("kontra ×2")),
    (2, _("rekontra ×4")),
    (3, _("szubkontra ×8")),
    (4, _("hirskontra ×16")),
    (5, _("mordkontra ×32")),
)
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
_TWO = e.Raw("%(a)s %(b)s")


def _figure_choices() -> tuple[tuple[str, Any], ...]:
    """One choice per figure, the king figures once per suit (``kiraly_ultimo:kor``)."""
    out: list[tuple[str, Any]] = []
    for fig in rules.FIGURES:
        if fig in rules.KING_FIGURES:
            out += [(f"{fig}:{s}", e.Text.of(_TWO, a=FIGURE_LABELS[fig], b=label)) for s, label in SUIT_LABELS.items()]
        else:
            out.append((fig, FIGURE_LABELS[fig]))
    return tuple(out)


FIGURES = (*e.BLANK, *_figure_choices())
# How a figure went (in a renonsz hand an announced one has no result: made and failed both say
# "announced", §3.3.8).
HOW = (
    ("made", _("announced, made")),
    ("failed", _("announced, failed")),
    ("announced", _("announced (the points and tricks decide)")),
    ("silent", _("silent, made")),
    ("silent_failed", _("silent pagát ultimó lost in the 9th trick")),
)
ANNOUNCED = ("made", "failed", "announced")  # the marks of an announced figure: only these take a kontra


def _offered_for() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Which figures each "how" is offered for, as the hand's check reads them: dupla and volát are only
    "announced" (§2.1: made or failed follows from the points and tricks), the others made or failed;
    silent only the figures §3.2 lists silent, lost silently only the pagát ultimó (§5.3)."""
    every = [str(v) for v, _label in FIGURES if v]
    scored = tuple(f for f in every if f not in rules.G_FIGURES)
    return (
        ("made", scored),
        ("failed", scored),
        ("announced", tuple(rules.G_FIGURES)),
        ("silent", tuple(f for f in every if f in rules.SILENT_FIGURES)),
        ("silent_failed", ("pagat_ultimo",)),
    )


HOW_FOR = _offered_for()
TAROKK_COUNTS = (
    ("", e.DASH),
    ("8_early", _("8 tarokks, declared early")),
    ("9_early", _("9 tarokks, declared early")),
    ("8_end", _("8 tarokks, shown at the end")),
    ("9_end", _("9 tarokks, shown at the end")),
)
RENONSZ_KINDS = (
    ("play", _("broke the card-play rules")),
    ("discard", _("discarded a king or an honour")),
    ("invite_discard", _("discarded the tarokk shown by an accepted invite")),
    ("no_honour", _("bid Hármas without an honour, got none from the talon")),
    ("timeout", _("ran out of thinking time")),
)
PLAYED_OR_RENONSZ = tarokk.PLAYED_OR_RENONSZ
PLAYED_TO_THE_END = tuple(v for v, _label in OUTCOMES if v != "renonsz")


def _partner(value: str, values: Any) -> dict[str, Any]:
    if value == ALONE_SKART:
        return {"partner": None, "called_tarokk_discarded": True}
    return {"partner": None if value == ALONE_SELF else value}


def _partner_read(hand: Any) -> Any:
    if hand.get("called_tarokk_discarded"):
        return ALONE_SKART
    if "partner" in hand and hand["partner"] is None:
        return ALONE_SELF
    return hand.get("partner")


def _game_kontra(value: int, values: Any) -> Any:
    if values.get("partner") == ALONE_SKART:
        value = max(value or 0, 1)  # §2.4: official kontra
    return value or e.OMIT


def _how(value: str, values: Any, row: int) -> dict[str, Any]:
    fig = str(values.get(f"fig{row}")).partition(":")[0]
    out: dict[str, Any] = {"announced": value in ("made", "failed", "announced")}
    if value != "announced" and values.get("outcome") != "renonsz" and fig not in rules.G_FIGURES:
        out["result"] = "failed" if value in ("failed", "silent_failed") else "made"
    return out


def _how_read(figure: Any, hand: Any) -> str:
    result = figure.get("result")
    if figure.get("announced"):
        return result or "announced"
    return "silent_failed" if result == "failed" else "silent"


def _figure(i: int) -> e.Item:
    return e.Item(
        "figures",
        (
            # A row shows once the row before it holds a figure (the sheet's next line), its side, how
            # and kontra once it holds its own: the open section stays short.
            e.Binding(
                e.Field(
                    f"fig{i}",
                    e.Text.of(_("figure %(n)d"), n=i),
                    choices=FIGURES,
                    waits_for=f"fig{i - 1}" if i > 1 else None,
                ),
                "",
                put=e.joined("figure", "suit"),
                get=e.split("figure", "suit"),
                claims=("figure", "suit"),
            ),
            e.side(f"fig{i}_side", waits_for=f"fig{i}"),
            e.Binding(
                e.Field(f"fig{i}_how", _("how"), choices=HOW, initial="made", waits_for=f"fig{i}", offered_for=HOW_FOR),
                "",
                put=lambda v, values: _how(v or "made", values, i),
                get=_how_read,
                blank=(),
                claims=("announced", "result"),
            ),
            # The kontra waits for an announced "how": a silent figure takes none (§1.4).
            e.Binding(
                e.mark_kontra(f"fig{i}_kontra", KONTRA, 0, f"fig{i}_how", ANNOUNCED),
                "kontra",
                put=lambda v, values: v or e.OMIT,
                get=lambda found, hand: found or 0,
            ),
        ),
    )


def _tarokk_count(s: str) -> e.Item:
    return e.Item(
        "tarokk_counts",
        (
            e.Binding(
                e.Field(
                    f"tarokk_{s}",
                    e.SeatName(s),
                    choices=TAROKK_COUNTS,
                    # Shown at the end only where play reached it (§3.3 rule 7: not in a renonsz hand).
                    offered_for=tuple((c, PLAYED_TO_THE_END) for c in ("8_end", "9_end")),
                    offered_by="outcome",
                ),
                "",
                put=lambda v, values: {"count": int(v[0]), "when": v.split("_")[1]},
                get=lambda tc, hand: f"{tc['count']}_{tc['when']}",
                claims=("count", "when"),
            ),
        ),
        const={"seat": s},
        matches=lambda tc: tc.get("seat") == s,
    )


def layout(ctx: e.Context) -> list[e.Section]:
    seats = e.seat_choices(ctx.seats)
    partner = (
        ("", e.DASH),
        *e.seat_choices(ctx.seats, None),
        (ALONE_SELF, _("alone: self-call")),
        (ALONE_SKART, _("alone: called tarokk in a skart (official kontra)")),
    )
    return [
        e.Section(
            _("Game"),
            (
                e.outcome(OUTCOMES),
                e.Binding(e.Field("bid", _("bid"), choices=(*e.BLANK, *BIDS)), "bid"),
                *tarokk.declarer_and_partner(
                    ctx,
                    partner,
                    put=_partner,
                    read=_partner_read,
                    claims=("partner", "called_tarokk_discarded"),
                ),
                tarokk.card_points(_("card points of the declaring side (tricks + skarts)")),
                tarokk.count_result("bid"),
                tarokk.declarer_tricks(),
                e.Binding(
                    e.Field("game_kontra", _("kontra on the game"), e.INT_CHOICE, KONTRA, initial=0, required=True),
                    "game_kontra",
                    put=_game_kontra,
                    get=lambda found, hand: found or 0,
                    blank=(),
                ),
            ),
        ),
        # The sheet's figure lines, one tap a figure: open.
        e.Section(
            _("Figures, in the order announced"),
            tuple(_figure(i) for i in range(1, FIGURE_ROWS + 1)),
            PLAYED_OR_RENONSZ,
            open=True,
        ),
        e.Section(_("8 or 9 tarokks"), tuple(_tarokk_count(s) for s in ctx.seats), PLAYED_OR_RENONSZ),
        e.Section(_("Renonsz"), e.renonsz(seats, RENONSZ_KINDS), {"outcome": ["renonsz"]}),
    ]


def normalised(hand: Mapping[str, Any]) -> dict[str, Any]:
    """The hand as the form writes it (module docstring): defaults left out, tarokk counts in
    playing order, ``partner: null`` with a called tarokk in a skart."""
    h = tarokk.without_defaults(hand)
    if h.get("called_tarokk_discarded") is False:
        del h["called_tarokk_discarded"]
    if h.get("called_tarokk_discarded"):
        h.setdefault("partner", None)
    if "tarokk_counts" in h:
        h["tarokk_counts"].sort(key=lambda tc: h["seats"].index(tc["seat"]))
    for key in ("figures", "tarokk_counts"):
        if not h.get(key, True):
            del h[key]
    return h


ENTRY = e.EntryForm(layout=layout, normalised=normalised)
