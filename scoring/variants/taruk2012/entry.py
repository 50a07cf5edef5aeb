"""taruk2012: the hand form, laid out like the zapisnik (taruk2012.md §5): each field bound once
to the path of the hand it writes (scoring.entry)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from scoring import entry as e
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
    ("", e.DASH),
    ("made", _("announced, made")),
    ("failed", _("announced, failed")),
    ("silent", _("silent, made")),
)
ANNOUNCED = ("made", "failed")  # the marks of an announced bonus: only these take a kontra
KONTRA = ((1, e.DASH), (2, _("kontra x2")), (4, _("re x4")))
SUITS = (
    ("hearts", _("hearts ♥")),
    ("diamonds", _("diamonds ♦")),
    ("spades", _("spades ♠")),
    ("clubs", _("clubs ♣")),
)
GAMES = tuple((g, rules.GAME_LABEL[g]) for g in rules.GAMES)  # "none" and "valat (bid)" translated
YES_NO = (("", e.DASH), ("yes", _("yes")), ("no", _("no")))
KLOP_KONTRA = (("", e.DASH), ("clean", _("declared, no trick")), ("dirty", _("declared, took a trick")))
MISDEALS = (("", e.DASH), ("warning", _("first: warning")), ("penalty", _("again: -20")))
ALONE = "alone"


def _partner(value: Any, values: Any) -> Any:
    """In a king game the partner is a seat or ``null`` (alone); elsewhere only what was chosen
    (the engine says it does not apply)."""
    if values.get("game") in rules.KING_GAMES:
        return None if value in ("", None, ALONE) else value
    return e.OMIT if value in ("", None) else value


def _bonus_state(value: str, values: Any) -> dict[str, bool]:
    return {"announced": value != "silent", "made": value != "failed"}


def _bonus_read(bonus: Any, hand: Any) -> str:
    return "silent" if not bonus.get("announced") else ("made" if bonus.get("made") else "failed")


# The declaring side's own bonuses (§8): the king ultimo of the called king (tri, dve, ena only), and
# the colour valat, always announced (no "silent"). Neither asks for a side.
DECLARERS_ONLY = frozenset({"kralj_ultimo", "barvni_valat"})


def _bonus(t: str) -> e.Item:
    own = t in DECLARERS_ONLY
    states = tuple(c for c in BONUS_STATES if t != "barvni_valat" or c[0] != "silent")
    kontra = e.mark_kontra(f"b_{t}_kontra", KONTRA, 1, f"b_{t}", ANNOUNCED)
    if not own:  # P24: only the declarer answers with re, so the opponents' bonus stops at kontra
        kontra = replace(kontra, offered_for=(("4", ("declarer",)),), offered_by=f"b_{t}_side")
    return e.Item(
        "bonuses",
        (
            e.Binding(
                e.Field(
                    f"b_{t}",
                    BONUS_LABELS[t],
                    choices=states,
                    waits_for="game" if t == "kralj_ultimo" else None,
                    waits_values=tuple(sorted(rules.KING_GAMES)) if t == "kralj_ultimo" else (),
                ),
                "",
                put=_bonus_state,
                get=_bonus_read,
                claims=("announced", "made"),
            ),
            # Side and kontra show once the bonus is marked: the open section stays six rows. The kontra
            # waits for an announced mark: a silent bonus has none (§8, kontra "must be 1 when silent").
            *(() if own else (e.side(f"b_{t}_side", waits_for=f"b_{t}"),)),
            e.Binding(kontra, "kontra", put=e.unless(1), get=e.or_default(1)),
        ),
        const={"type": t, "side": "declarer"} if own else {"type": t},
        matches=lambda bonus: bonus.get("type") == t,
    )


def _klop_kontra(s: str) -> e.Item:
    return e.Item(
        "klop_kontra",
        (
            e.Binding(
                e.Field(f"klop_kontra_{s}", e.Text.of(_("klop kontra: %(seat)s"), seat=e.Raw(s)), choices=KLOP_KONTRA),
                "no_trick",
                put=lambda v, values: v == "clean",
                get=lambda found, hand: "clean" if found else "dirty",
            ),
        ),
        const={"seat": s},
        matches=lambda k: k.get("seat") == s,
    )


def layout(ctx: e.Context) -> list[e.Section]:
    seats = e.seat_choices(ctx.seats)
    partner = (("", e.DASH), (ALONE, _("alone (king in talon or own king)")), *e.seat_choices(ctx.seats, None))
    klop = tuple(f"klop_{s}" for s in ctx.seats)
    return [
        e.Section(
            _("Game"),
            (
                e.Binding(e.Field("game", _("game"), choices=GAMES, required=True), "game"),
                # The forehand (seats start with him) is the usual declarer, and the only one of a
                # tri (P5/P6): preset, so a tri takes no tap for it; a klop writes no declarer.
                e.Binding(
                    e.Field("declarer", _("declarer"), choices=seats, initial=ctx.forehand),
                    "declarer",
                    put=lambda v, values: e.OMIT if values.get("game") in rules.NO_DECLARER else v,
                ),
                e.Binding(e.Field("called_king", _("called king"), choices=(*e.BLANK, *SUITS)), "called_king"),
                e.Binding(
                    e.Field("partner", _("partner"), choices=partner),
                    "partner",
                    put=_partner,
                    get=lambda found, hand: found or (ALONE if hand.get("game") in rules.KING_GAMES else ""),
                    blank=(),
                ),
                e.Binding(
                    e.Field("card_points", _("card points of the declaring side"), e.INT, min_value=0, max_value=70),
                    "card_points",
                ),
                e.Binding(
                    e.Field("won", _("won (berač: no trick; valat: every trick)"), choices=YES_NO),
                    "won",
                    put=lambda v, values: v == "yes",
                    get=lambda found, hand: {True: "yes", False: "no"}.get(found, ""),
                ),
                e.Binding(
                    e.Field("game_kontra", _("kontra on the game"), e.INT_CHOICE, KONTRA, initial=1, required=True),
                    "game_kontra",
                    put=e.unless(1),
                    get=e.or_default(1),
                ),
            ),
        ),
        # The zapisnik has a column for each bonus: the section is open, a bonus one tap.
        e.Section(
            _("Bonuses"),
            tuple(_bonus(t) for t in rules.BONUS_TYPES),
            {"game": [g for g in rules.GAMES if g in rules.POINT_GAMES]},
            open=True,
        ),
        e.Section(
            _("Klop: card points of each player"),
            (
                # The four piles usually make 70 (A35: 68 to 72): the last one is shown as the rest
                # as soon as three are typed; the referee types over it where the sheet differs.
                *(
                    e.Binding(
                        e.Field(
                            f"klop_{s}",
                            e.SeatName(s),
                            e.INT,
                            min_value=0,
                            max_value=70,
                            preset=e.Preset({"game": ["klop"]}, rest=e.Rest(70, klop)),
                        ),
                        f"klop_points.{s}",
                    )
                    for s in ctx.seats
                ),
                *(_klop_kontra(s) for s in ctx.seats),
            ),
            {"game": ["klop"]},
        ),
        # A mond caught or left in the talon is a mark of the sheet (-20), made in one tap: open. A
        # renons and a misdeal are the judge's rarer business: folded.
        e.Section(
            _("Mond"),
            (
                e.Binding(e.Field("mondfang", _("mondfang: whose mond was caught"), choices=seats), "mondfang"),
                e.Binding(
                    e.Field("mond_in_talon", _("mond in the talon (declarer -20)"), e.BOOL),
                    "mond_in_talon",
                    put=e.true_or_omit,
                    get=e.as_bool,
                ),
            ),
            open=True,
        ),
        e.Section(
            _("Penalties"),
            (
                e.Item(
                    "penalties",
                    (
                        e.Binding(
                            e.Field("renons_seat", _("renons by"), choices=e.seat_choices(ctx.positions)), "seat"
                        ),
                        e.Binding(
                            e.Field(
                                "renons_points", _("renons points (judge's decision; empty = -70)"), e.INT, max_value=-1
                            ),
                            "points",
                        ),
                    ),
                    const={"type": "renons"},
                    matches=lambda p: p.get("type") == "renons",
                ),
                e.Item(
                    "penalties",
                    (
                        e.Binding(
                            e.Field("misdeal", _("misdeal by the dealer"), choices=MISDEALS),
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


def finish(hand: dict[str, Any], values: Any, ctx: e.Context) -> None:
    """A misdeal is the dealer's (§5.4): the table says who, not a field."""
    for penalty in hand.get("penalties") or ():
        if penalty["type"] == "misdeal":
            penalty["seat"] = ctx.dealer


def misdeals(earlier: int) -> e.MisdealLimit:
    """§5.4: a warning for the player's first misdeal in the tournament, -20 once there was one."""
    if earlier:
        return e.MisdealLimit(
            "misdeal",
            ("", "penalty"),
            _("The dealer already has a misdeal in this tournament: this one costs -20."),  # §5.4
        )
    return e.MisdealLimit(
        "misdeal",
        ("", "warning"),
        _("This is the dealer's first misdeal in this tournament: only a warning."),  # §5.4
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


ENTRY = e.EntryForm(layout=layout, finish=finish, misdeals=misdeals, normalised=normalised)
