"""taruk2012: the hand form, laid out like the zapisnik (taruk2012.md §5): each field bound once
to the path of the hand it writes (scoring.entry)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from scoring.entry import (
    BLANK,
    BOOL,
    DASH,
    INT,
    INT_CHOICE,
    OMIT,
    Binding,
    Context,
    EntryForm,
    Field,
    Item,
    MisdealLimit,
    Raw,
    SeatName,
    Section,
    Text,
    as_bool,
    or_default,
    seat_choices,
    true_or_omit,
    unless,
)
from scoring.text import _

from . import rules

BONUS_LABELS = {
    "kralji": _("kings (kralji)"),
    "trula": _("trula"),
    "kralj_ultimo": _("king ultimo"),
    "pagat_ultimo": _("pagat ultimo"),
    "valat": _("valat (announced or silent)"),
    "barvni_valat": _("colour valat"),
}
BONUS_STATES = (
    ("", DASH),
    ("made", _("announced, made")),
    ("failed", _("announced, failed")),
    ("silent", _("silent, made")),
)
KONTRA = ((1, DASH), (2, _("kontra x2")), (4, _("re x4")))
SUITS = (
    ("hearts", _("hearts ♥")),
    ("diamonds", _("diamonds ♦")),
    ("spades", _("spades ♠")),
    ("clubs", _("clubs ♣")),
)
SIDES = (("declarer", _("declaring side")), ("opponents", _("opponents")))
GAMES = tuple((g, Raw(rules.GAME_LABEL[g])) for g in rules.GAMES)
YES_NO = (("", DASH), ("yes", _("yes")), ("no", _("no")))
KLOP_KONTRA = (("", DASH), ("clean", _("declared, no trick")), ("dirty", _("declared, took a trick")))
MISDEALS = (("", DASH), ("warning", _("first: warning")), ("penalty", _("again: -20")))
ALONE = "alone"


def _partner(value: Any, values: Any) -> Any:
    """In a king game the partner is a seat or ``null`` (alone); elsewhere only what was chosen
    (the engine says it does not apply)."""
    if values.get("game") in rules.KING_GAMES:
        return None if value in ("", None, ALONE) else value
    return OMIT if value in ("", None) else value


def _bonus_state(value: str, values: Any) -> dict[str, bool]:
    return {"announced": value != "silent", "made": value != "failed"}


def _bonus_read(bonus: Any, hand: Any) -> str:
    return "silent" if not bonus.get("announced") else ("made" if bonus.get("made") else "failed")


def _bonus(t: str) -> Item:
    return Item(
        "bonuses",
        (
            Binding(
                Field(f"b_{t}", BONUS_LABELS[t], choices=BONUS_STATES),
                "",
                put=_bonus_state,
                get=_bonus_read,
                claims=("announced", "made"),
            ),
            Binding(
                Field(f"b_{t}_side", _("side"), choices=SIDES, initial="declarer"),
                "side",
                put=lambda v, values: v or "declarer",
                blank=(),
            ),
            Binding(
                Field(f"b_{t}_kontra", _("kontra"), INT_CHOICE, KONTRA, initial=1),
                "kontra",
                put=unless(1),
                get=or_default(1),
            ),
        ),
        const={"type": t},
        matches=lambda bonus: bonus.get("type") == t,
    )


def _klop_kontra(s: str) -> Item:
    return Item(
        "klop_kontra",
        (
            Binding(
                Field(f"klop_kontra_{s}", Text.of(_("klop kontra: %(seat)s"), seat=Raw(s)), choices=KLOP_KONTRA),
                "no_trick",
                put=lambda v, values: v == "clean",
                get=lambda found, hand: "clean" if found else "dirty",
            ),
        ),
        const={"seat": s},
        matches=lambda k: k.get("seat") == s,
    )


def layout(ctx: Context) -> list[Section]:
    seats = seat_choices(ctx.seats)
    partner = (("", DASH), (ALONE, _("alone (king in talon or own king)")), *seat_choices(ctx.seats, None))
    return [
        Section(
            _("Game"),
            (
                Binding(Field("game", _("game"), choices=GAMES, required=True), "game"),
                Binding(Field("declarer", _("declarer"), choices=seats), "declarer"),
                Binding(Field("called_king", _("called king"), choices=(*BLANK, *SUITS)), "called_king"),
                Binding(
                    Field("partner", _("partner"), choices=partner),
                    "partner",
                    put=_partner,
                    get=lambda found, hand: found or (ALONE if hand.get("game") in rules.KING_GAMES else ""),
                    blank=(),
                ),
                Binding(
                    Field("card_points", _("card points of the declaring side"), INT, min_value=0, max_value=70),
                    "card_points",
                ),
                Binding(
                    Field("won", _("won (berač: no trick; valat: every trick)"), choices=YES_NO),
                    "won",
                    put=lambda v, values: v == "yes",
                    get=lambda found, hand: {True: "yes", False: "no"}.get(found, ""),
                ),
                Binding(
                    Field("game_kontra", _("kontra on the game"), INT_CHOICE, KONTRA, initial=1, required=True),
                    "game_kontra",
                    put=unless(1),
                    get=or_default(1),
                ),
            ),
        ),
        Section(
            _("Bonuses"),
            tuple(_bonus(t) for t in rules.BONUS_TYPES),
            {"game": [g for g in rules.GAMES if g in rules.POINT_GAMES]},
        ),
        Section(
            _("Klop: card points of each player"),
            (
                *(
                    Binding(Field(f"klop_{s}", SeatName(s), INT, min_value=0, max_value=70), f"klop_points.{s}")
                    for s in ctx.seats
                ),
                *(_klop_kontra(s) for s in ctx.seats),
            ),
            {"game": ["klop"]},
        ),
        Section(
            _("Penalties and mond"),
            (
                Binding(Field("mondfang", _("mondfang: whose mond was caught"), choices=seats), "mondfang"),
                Binding(
                    Field("mond_in_talon", _("mond in the talon (declarer -20)"), BOOL),
                    "mond_in_talon",
                    put=true_or_omit,
                    get=as_bool,
                ),
                Item(
                    "penalties",
                    (
                        Binding(Field("renons_seat", _("renons by"), choices=seat_choices(ctx.positions)), "seat"),
                        Binding(
                            Field(
                                "renons_points", _("renons points (judge's decision; empty = -70)"), INT, max_value=-1
                            ),
                            "points",
                        ),
                    ),
                    const={"type": "renons"},
                    matches=lambda p: p.get("type") == "renons",
                ),
                Item(
                    "penalties",
                    (
                        Binding(
                            Field("misdeal", _("misdeal by the dealer"), choices=MISDEALS),
                            "warning",
                            put=lambda v, values: v == "warning",
                            get=lambda found, hand: "warning" if found else "penalty",
                        ),
                    ),
                    const={"type": "misdeal"},
                    matches=lambda p: p.get("type") == "misdeal",
                ),
            ),
        ),
    ]


def finish(hand: dict[str, Any], values: Any, ctx: Context) -> None:
    """A misdeal is the dealer's (§5.4): the table says who, not a field."""
    for penalty in hand.get("penalties") or ():
        if penalty["type"] == "misdeal":
            penalty["seat"] = ctx.dealer


def misdeals(earlier: int) -> MisdealLimit:
    """§5.4: a warning for the player's first misdeal in the tournament, -20 once there was one."""
    if earlier:
        return MisdealLimit(
            "misdeal",
            ("", "penalty"),
            _("The dealer already has a misdeal in this tournament: this one costs -20 (§5.4)."),
        )
    return MisdealLimit(
        "misdeal", ("", "warning"), _("This is the dealer's first misdeal in this tournament: only a warning (§5.4).")
    )


def normalised(hand: Mapping[str, Any]) -> dict[str, Any]:
    """The hand as the form writes it; the same score: kontra 1 (the game's and a bonus's) and
    ``mond_in_talon: false`` are left out, so are empty lists; bonuses are listed in the form's
    order, klop kontras in playing order, a renons before the misdeal."""
    h = copy.deepcopy(dict(hand))
    if h.get("game_kontra") == 1:
        del h["game_kontra"]
    if h.get("mond_in_talon") is False:
        del h["mond_in_talon"]
    for bonus in h.get("bonuses") or ():
        if bonus.get("kontra") == 1:
            del bonus["kontra"]
    order = {
        "bonuses": lambda b: rules.BONUS_TYPES.index(b["type"]),
        "klop_kontra": lambda k: list(h["seats"]).index(k["seat"]),
        "penalties": lambda p: ("renons", "misdeal").index(p["type"]),
    }
    for key, position in order.items():
        if key in h:
            h[key] = sorted(h[key], key=position)
            if not h[key]:
                del h[key]
    return h


ENTRY = EntryForm(layout=layout, finish=finish, misdeals=misdeals, normalised=normalised)
