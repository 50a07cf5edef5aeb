"""Taruk 2012 — Slovenian competitive tarok (spec: ``shared/rules/taruk2012.md``).

Section numbers in comments (§3.4, A14 ...) point into that spec; P/K/B/R/BV
labels point into the Slovenian original it restates. Pure Python, no Django.

Shape: ``validate`` collects every error of a hand at once (§5.6) and never
raises, whatever JSON it is given; ``settle`` scores a hand that ``validate``
accepted (§3) and returns the next radelc state (§4.4). The organizer's readings
of P27 and P15 arrive as ``config`` (§4.5, ``Options``); the defaults are §3/§4.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from scoring import common
from scoring.common import (
    ALL_SEATS,
    Errors,
    after_dealer,
    envelope,
    is_int,
    is_object,
    next_seat,
    path,
    seats_ok,
    signed,
)
from scoring.text import _, join
from scoring.types import Code, HandError, HandScore

KEY = "taruk2012"

# §1.1 / §7.6: A-D clockwise; a fifth seat E only at our 5-seat tables (extension).
SEATS_4 = ("A", "B", "C", "D")
SEATS_5 = ("A", "B", "C", "D", "E")

# §2.1 (P17): game values.
GAME_VALUE = {
    "tri": 10,
    "dve": 20,
    "ena": 30,
    "solo_tri": 40,
    "solo_dve": 50,
    "solo_ena": 60,
    "berac": 70,
    "solo_brez": 80,
    "valat": 500,
}
GAMES = ("klop", *GAME_VALUE, "none")
# The games' Slovenian names (P17), kept in every language: a Hungarian player says "klop" too.
GAME_LABEL = {
    "klop": _("klop"),
    "tri": _("tri"),
    "dve": _("dve"),
    "ena": _("ena"),
    "solo_tri": _("solo tri"),
    "solo_dve": _("solo dve"),
    "solo_ena": _("solo ena"),
    "berac": _("berač"),
    "solo_brez": _("solo brez"),
    "valat": _("valat (bid)"),
    "none": _("stopped hand"),  # game "none": play stopped (A13), only penalties count
}
POINT_GAMES = frozenset({"tri", "dve", "ena", "solo_tri", "solo_dve", "solo_ena", "solo_brez"})
KING_GAMES = frozenset({"tri", "dve", "ena"})  # a king is called, possibly a partner
TALON_GAMES = KING_GAMES | {"solo_tri", "solo_dve", "solo_ena"}  # talon exchange (§1.5)
NO_DECLARER = frozenset({"klop", "none"})
WON_GAMES = frozenset({"berac", "valat"})
RADELC_GAMES = frozenset({"klop", "berac", "solo_brez", "valat"})  # §4.1 (P27)

# §2.2 (P18): announced value; silent = half. Barvni valat has no silent form.
BONUS_FULL = {
    "kralji": 20,
    "trula": 20,
    "kralj_ultimo": 20,
    "pagat_ultimo": 50,
    "valat": 500,
    "barvni_valat": 125,
}
BONUS_HALF = {t: v // 2 for t, v in BONUS_FULL.items() if t != "barvni_valat"}
BONUS_TYPES = tuple(BONUS_FULL)
# The bonuses' Slovenian names (P18), in the breakdown's lines.
BONUS_LABEL = {
    "kralji": _("kralji"),
    "trula": _("trula"),
    "kralj_ultimo": _("kralj ultimo"),
    "pagat_ultimo": _("pagat ultimo"),
    "valat": _("valat"),
    "barvni_valat": _("barvni valat"),
}
SIDES = ("declarer", "opponents")
SUITS = ("hearts", "diamonds", "spades", "clubs")
# The called king's suit in the breakdown, in the reader's language.
SUIT_LABEL = {"hearts": _("hearts"), "diamonds": _("diamonds"), "spades": _("spades"), "clubs": _("clubs")}
KONTRA_LEVELS = (1, 2, 4)  # §2.3 (P22): kontra x2, re x4, nothing higher
KONTRA_WORD = {2: _("kontra x2"), 4: _("re x4")}  # Slovenian "re", not common.KONTRA_NAMES' "rekontra"

RENONS_DEFAULT = -70  # §3.10 (R3)
MISDEAL_POINTS = -20  # §3.10 (R5)
MONDFANG_POINTS = -20  # §3.10 (P28)
MOND_IN_TALON_POINTS = -20  # §3.10 (P31)

HAND_KEYS = frozenset(
    {
        "variant",
        "seats",
        "dealer",
        "game",
        "declarer",
        "called_king",
        "partner",
        "card_points",
        "won",
        "game_kontra",
        "bonuses",
        "klop_points",
        "klop_kontra",
        "mondfang",
        "mond_in_talon",
        "penalties",
        "note",
    }
)
BONUS_KEYS = frozenset({"type", "side", "announced", "made", "kontra"})
KLOP_KONTRA_KEYS = frozenset({"seat", "no_trick"})
PENALTY_KEYS = {
    "renons": frozenset({"type", "seat", "points"}),
    "misdeal": frozenset({"type", "seat", "warning"}),
}
PENALTY_TYPES = ("renons", "misdeal")
ANY_PENALTY_KEYS = PENALTY_KEYS["renons"] | PENALTY_KEYS["misdeal"]


def _playing_order(table: tuple[str, ...], dealer: str) -> list[str]:
    """Clockwise from the seat after the dealer; at 5 seats the dealer sits out (§7.6)."""
    order = after_dealer(table, dealer)
    return order if len(table) == 4 else order[:-1]


# Only 9 (table, dealer) pairs exist: validation looks the order up instead of computing it (speed).
PLAYING_ORDER = {(t, d): _playing_order(t, d) for t in (SEATS_4, SEATS_5) for d in t}


# --- arithmetic (§3.1) --------------------------------------------------------


def round5(n: int) -> int:
    """Round recorded card points to a multiple of 5: remainder 0-2 down, 3-4 up (§3.1, P14)."""
    # = common.round_half_up(n, 5) for whole numbers, without its Decimal cost (runs for every hand).
    return 5 * ((n + 2) // 5)


def difference(card_points: int) -> int:
    """The game difference, -35 .. +35 (§3.1)."""
    return round5(card_points) - 35


def half_share(x: int) -> int:
    """The partner's half of a multiple of 5 (§3.1, P15): an odd multiple of 5 first
    moves 5 away from zero (115 -> 120 -> 60); for negatives this is our reading A3."""
    if x % 10 == 0:
        return x // 2
    return (x + 5) // 2 if x > 0 else -((5 - x) // 2)


def half_share_literal(x: int) -> int:
    """The partner's half under ``partner_share: "literal"`` (§4.5): P15's "add 5, then
    divide by 2" applied to the signed value (-115 -> -55). Equal to ``half_share`` for x >= 0."""
    return x // 2 if x % 10 == 0 else (x + 5) // 2


@lru_cache(maxsize=1024)
def _half_text(x: int, literal: bool = False) -> str:
    """How the partner's half was computed, as the referee would write it."""
    if x % 10 == 0:
        return _("half of %(x)s = %(half)s", x=x, half=x // 2)
    if x > 0:
        return _("half of %(x)s = (%(x)s + 5) / 2 = %(half)s", x=x, half=half_share(x))
    if literal:
        # §4.5
        return _("half of %(x)s = (%(x)s + 5) / 2 = %(half)s (P15 read literally)", x=x, half=half_share_literal(x))
    return _("half of %(x)s = -(%(minus_x)s + 5) / 2 = %(half)s", x=x, minus_x=-x, half=half_share(x))


# The heads and headers below take only values of a validated hand (a few hundred combinations):
# each message is built once and shared (speed; a message is never changed once made).
@cache
def _bonus_head(t: str, side: str, announced: bool, made: bool, k: int) -> str:
    """ "kralji announced by declaring side, kontra x2, made" / "trula silent, achieved by opponents":
    each form its own sentence (a translator orders the words), the kontra a nested term."""
    bonus = BONUS_LABEL[t]
    if not announced:
        if side == "declarer":
            return _("%(bonus)s silent, achieved by declaring side", bonus=bonus)
        return _("%(bonus)s silent, achieved by opponents", bonus=bonus)
    if k > 1:
        kontra = KONTRA_WORD[k]
        if side == "declarer":
            if made:
                return _("%(bonus)s announced by declaring side, %(kontra)s, made", bonus=bonus, kontra=kontra)
            return _("%(bonus)s announced by declaring side, %(kontra)s, failed", bonus=bonus, kontra=kontra)
        if made:
            return _("%(bonus)s announced by opponents, %(kontra)s, made", bonus=bonus, kontra=kontra)
        return _("%(bonus)s announced by opponents, %(kontra)s, failed", bonus=bonus, kontra=kontra)
    if side == "declarer":
        if made:
            return _("%(bonus)s announced by declaring side, made", bonus=bonus)
        return _("%(bonus)s announced by declaring side, failed", bonus=bonus)
    if made:
        return _("%(bonus)s announced by opponents, made", bonus=bonus)
    return _("%(bonus)s announced by opponents, failed", bonus=bonus)


@lru_cache(maxsize=256)
def _won_lost(won: bool, points: int) -> str:
    """ "won (+20)" / "lost (-20)" after a game's header."""
    return _("won (%(points)s)", points=signed(points)) if won else _("lost (%(points)s)", points=signed(points))


def _game_kontra(k: int, before: int, after: int) -> str:
    """ "kontra x2 on the game: 25 -> 50"."""
    return _("%(kontra)s on the game: %(before)s -> %(after)s", kontra=KONTRA_WORD[k], before=before, after=after)


def _times(val: int, k: int, amount: int) -> str:
    """ "20 x 2 = +40" with a kontra, "+20" without (neutral: numbers only)."""
    return f"{val} x {k} = {signed(amount)}" if k > 1 else signed(amount)


def _seat_list(seats: Sequence[str]) -> str:
    return ", ".join(seats)


# --- validation helpers --------------------------------------------------------

# Not given (§5.1): absent or null, "lists: absent or empty". Only the list fields take ``[]``
# as not given; ``{}`` is a value (``klop_points: {}`` in a tri is "not allowed in tri", and
# ``bonuses: {}`` is a wrong type), as is ``[]`` in any other field.
LIST_FIELDS = frozenset({"bonuses", "klop_kontra", "penalties"})


def _no_list(value: Any) -> bool:
    """A list field not given (§5.1): absent, null or empty; ``{}`` is a wrong value, not "empty"."""
    return value is None or value == []


def _seat_in(errors: Errors, value: Any, field: str, seats: Sequence[str] | None, at_table: bool = False) -> str | None:
    """A seat letter that must belong to ``seats`` (rule 6 of §5.6): the playing seats, or
    with ``at_table`` the table's. ``seats`` is None when the envelope itself is broken: then
    only the letter is checked, so one broken ``seats`` field does not cascade into errors."""
    if not isinstance(value, str) or value not in ALL_SEATS:
        errors.add(field, Code.INVALID_VALUE, _("%(field)s must be a seat letter", field=field))
        return None
    if seats is not None and value not in seats:
        if at_table:
            errors.add(field, Code.INVALID_VALUE, _("seat %(seat)s is not at this table", seat=value))
        else:
            errors.add(field, Code.INVALID_VALUE, _("seat %(seat)s does not play this hand", seat=value))
        return None
    return value


def _applicable(errors: Errors, hand: Mapping[str, Any], key: str, game: str | None, status: str) -> Any:
    """Apply table 5.5 to one field: ``status`` is "required", "optional" or "no".

    Returns the value to type-check, or None when it is absent or already rejected.
    With an unknown ``game`` every field is treated as optional (type checks only).
    """
    value = hand.get(key)
    not_given = _no_list(value) if key in LIST_FIELDS else value is None
    if game is None:
        return None if not_given else value
    if status == "no":
        if not not_given:
            errors.add(key, Code.NOT_APPLICABLE, _("%(field)s is not allowed in %(game)s", field=key, game=game))
        return None
    if not_given:
        if status == "required":
            errors.add(key, Code.MISSING_FIELD, _("%(field)s is required for %(game)s", field=key, game=game))
        return None
    return value


def _check_kontra(errors: Errors, value: Any, field: str) -> int | None:
    """A kontra level of §2.3 (1, 2 or 4), the message worded as the spec's error list words it."""
    # type() is int: a bool, or a float such as 2.0, is not a kontra level.
    if type(value) is int and value in KONTRA_LEVELS:
        return value
    errors.add(field, Code.INVALID_VALUE, _("invalid kontra level: %(field)s must be 1, 2 or 4", field=field))
    return None


# --- event options (§4.5) ------------------------------------------------------

# The organizer's reading of each ambiguous sentence; the first value is the default.
RADELC_READINGS = ("next_hand", "holder_plays")  # P27 (A11)
PARTNER_SHARES = ("magnitude", "literal")  # P15 (A3)
OPTION_VALUES = {"radelc": RADELC_READINGS, "partner_share": PARTNER_SHARES}


@dataclass(frozen=True)
class Options:
    """The readings in force at one event (§4.5)."""

    radelc: str = RADELC_READINGS[0]
    partner_share: str = PARTNER_SHARES[0]


DEFAULT_OPTIONS = Options()


def options(config: Mapping[str, Any] | None) -> Options:
    """The readings of a config that ``validate_config`` accepted; a missing key (or null,
    as for hand fields, §5.1) is the first value."""
    if not config:
        return DEFAULT_OPTIONS
    return Options(**{key: config.get(key) or values[0] for key, values in OPTION_VALUES.items()})


def validate_config(config: Mapping[str, Any] | None) -> list[HandError]:
    """§4.5: ``{"radelc": ..., "partner_share": ...}``, every key optional; None is the defaults."""
    if config is None:
        return []
    errors = Errors()
    if not is_object(config):
        errors.add("config", Code.INVALID_VALUE, _("%(field)s must be a JSON object", field="config"))
        return errors.items
    for key, value in config.items():
        values = OPTION_VALUES.get(key)
        if values is None:
            message = _(
                "unknown field %(key)s: the taruk2012 options are %(options)s",
                key=repr(key),
                options=", ".join(OPTION_VALUES),
            )
            errors.add(f"config.{key}", Code.UNKNOWN_FIELD, message)
        elif value is not None and (type(value) is not str or value not in values):
            message = _("%(field)s must be one of %(choices)s", field=key, choices=", ".join(values))
            errors.add(f"config.{key}", Code.INVALID_VALUE, message)
    return errors.items


# --- validation (§5.6) ----------------------------------------------------------


def validate(
    hand: Mapping[str, Any], state: Mapping[str, Any] | None, config: Mapping[str, Any] | None = None
) -> list[HandError]:
    """Every reason to reject ``hand`` (with ``state`` and ``config``), all at once (§5.6)."""
    errors = Errors()
    errors.items.extend(validate_config(config))
    obj = envelope(errors, hand, KEY, HAND_KEYS)
    table = _check_hand(errors, obj) if obj is not None else None
    # Rule 25 allows counts under holder_plays; an invalid reading (already reported) is read
    # leniently too, so one wrong option does not also flag every count of the state.
    reading = config.get("radelc") if config and is_object(config) else None
    _check_state(errors, state, table, piles=reading not in (None, RADELC_READINGS[0]))
    return errors.items


def _check_table(errors: Errors, h: Mapping[str, Any]) -> tuple[list[str] | None, tuple[str, ...] | None]:
    """Rules 3-5 of §5.6. Returns (playing seats, table seats), None where unknown."""
    if not seats_ok(errors):
        return None, None
    seats, dealer = h["seats"], h["dealer"]
    if len(seats) != 4:
        errors.add("seats", Code.INVALID_VALUE, _("need four distinct seats"))
        return None, None
    if dealer in seats:
        table = SEATS_4 if set(seats) == set(SEATS_4) else None
    else:
        table = SEATS_5 if set(seats) | {dealer} == set(SEATS_5) else None
    if table is None:
        # Blame the seats when they hold a letter no Taruk table has (F, G), else the dealer.
        field = "seats" if any(s not in SEATS_5 for s in seats) else "dealer"
        errors.add(
            field,
            Code.INCONSISTENT,
            _(
                "dealer/seats do not form a valid table (A-D with the dealer "
                "among the seats, or A-E with the dealer sitting out)"
            ),
        )
        return None, None
    expected = PLAYING_ORDER[table, dealer]
    if seats != expected:
        errors.add(
            "seats",
            Code.INCONSISTENT,
            _(
                "seats must start with the seat after the dealer and go clockwise (expected %(seats)s)",
                seats=", ".join(expected),
            ),
        )
    # Membership is known even when the order is wrong, so later checks still work.
    return list(seats), table


def _check_hand(errors: Errors, h: Mapping[str, Any]) -> tuple[str, ...] | None:
    """All hand checks after the envelope; returns the table's seats when known."""
    seats, table = _check_table(errors, h)
    forehand = PLAYING_ORDER[table, h["dealer"]][0] if table is not None else None

    # Rule 7: the game.
    game = h.get("game")
    if game is None:
        errors.add("game", Code.MISSING_FIELD, _("%(field)s is required", field="game"))
    elif not isinstance(game, str) or game not in GAMES:
        errors.add("game", Code.INVALID_VALUE, _("unknown game (one of %(games)s)", games=", ".join(GAMES)))
        game = None

    # Bonuses first: whether card_points is required depends on them (§5.5 footnote).
    bonus_raw = h.get("bonuses")
    if game is not None and game not in POINT_GAMES:
        if not _no_list(bonus_raw):
            errors.add("bonuses", Code.NOT_APPLICABLE, _("no bonuses in %(game)s", game=game))  # rule 13
        bonus_raw = None
    bonuses = _check_bonuses(errors, bonus_raw, game)
    bv_present = valat_made = False
    if type(bonus_raw) is list:
        for b in bonus_raw:
            if is_object(b):
                t = b.get("type")
                if t == "barvni_valat":
                    bv_present = True
                elif t == "valat" and b.get("made") is True:
                    valat_made = True

    # Rules 6, 8, 9: declarer.
    decl = _applicable(errors, h, "declarer", game, "no" if game in NO_DECLARER else "required")
    if decl is not None:
        decl = _seat_in(errors, decl, "declarer", seats)
        if decl is not None and game == "tri" and forehand is not None and decl != forehand:
            # P5/P6: only the forehand's obligatory "tri" can end as the game tri (§1.5).
            errors.add("declarer", Code.FORBIDDEN_COMBINATION, _("tri can only be played by the forehand"))

    # called_king and partner: tri/dve/ena only (§5.5); the partner key is required there.
    king_status = "required" if game in KING_GAMES else "no"
    king = _applicable(errors, h, "called_king", game, king_status)
    if king is not None and (not isinstance(king, str) or king not in SUITS):
        message = _("%(field)s must be one of %(choices)s", field="called_king", choices=", ".join(SUITS))
        errors.add("called_king", Code.INVALID_VALUE, message)
    if game in KING_GAMES and "partner" not in h:
        message = _("partner is required for %(game)s (null when the declarer plays alone)", game=game)
        errors.add("partner", Code.MISSING_FIELD, message)
    partner = _applicable(errors, h, "partner", game, "optional" if game in KING_GAMES else "no")
    if partner is not None:
        partner = _seat_in(errors, partner, "partner", seats)
        if partner is not None and partner == decl:
            errors.add("partner", Code.INCONSISTENT, _("the partner cannot be the declarer"))  # rule 10

    # Rule 11: card points.
    cp_status = ("optional" if valat_made or bv_present else "required") if game in POINT_GAMES else "no"
    cp = _applicable(errors, h, "card_points", game, cp_status)
    if cp is not None:
        if not is_int(cp):
            errors.add(
                "card_points", Code.INVALID_VALUE, _("%(field)s must be an integer from 0 to 70", field="card_points")
            )
            cp = None
        elif not 0 <= cp <= 70:
            errors.add(
                "card_points", Code.OUT_OF_RANGE, _("%(field)s must be an integer from 0 to 70", field="card_points")
            )
            cp = None

    # Rule 19: a made valat must agree with the card points when both are given.
    if cp is not None:
        for b in bonuses:
            if (b["type"] == "valat" and b["made"]) and (
                (b["side"] == "declarer" and cp < 36) or (b["side"] == "opponents" and cp > 35)
            ):
                errors.add("card_points", Code.INCONSISTENT, _("card points contradict the valat"))

    won = _applicable(errors, h, "won", game, "required" if game in WON_GAMES else "no")
    if won is not None:
        errors.check_bool(won, "won")

    # Rule 12 and 18: game kontra.
    gk = h.get("game_kontra")
    if gk is not None:
        gk = _check_kontra(errors, gk, "game_kontra")
        if gk is not None and gk != 1:
            if game in NO_DECLARER:
                errors.add("game_kontra", Code.INVALID_VALUE, _("invalid kontra level: only 1 in %(game)s", game=game))
            elif bv_present:
                errors.add("game_kontra", Code.FORBIDDEN_COMBINATION, _("record the kontra on the barvni_valat entry"))

    # Rules 20, 21: klop.
    kk_raw = _applicable(errors, h, "klop_kontra", game, "optional" if game == "klop" else "no")
    kp_status = ("optional" if not _no_list(h.get("klop_kontra")) else "required") if game == "klop" else "no"
    kp_raw = _applicable(errors, h, "klop_points", game, kp_status)
    klop_points = _check_klop_points(errors, kp_raw, seats)
    _check_klop_kontra(errors, kk_raw, seats, klop_points)

    # Rule 6: mondfang (any game, §5.5).
    mondfang = h.get("mondfang")
    if mondfang is not None:
        _seat_in(errors, mondfang, "mondfang", seats)

    # Rule 22: mond in the talon. ``false`` is the default and harmless in every game.
    mit = h.get("mond_in_talon")
    if mit is not None and errors.check_bool(mit, "mond_in_talon") and game is not None and game not in TALON_GAMES:
        errors.add("mond_in_talon", Code.NOT_APPLICABLE, _("no talon exchange in %(game)s", game=game))

    # Rules 23, 24: penalties.
    renons = _check_penalties(errors, h.get("penalties"), table, h.get("dealer"))
    if game == "none" and not renons:
        errors.add("penalties", Code.MISSING_FIELD, _("a stopped hand needs a renons"))
    # ``note`` is checked with the envelope (common.check_note).
    return table


def _check_bonuses(errors: Errors, raw: Any, game: str | None) -> list[dict[str, Any]]:
    """Rules 14-18; returns the entries whose type, side, announced and made are valid."""
    if _no_list(raw):
        return []
    entries = errors.check_list(raw, "bonuses")
    if entries is None:
        return []
    good: list[dict[str, Any]] = []
    seen: set[str] = set()
    bv_index = None
    for i, f, b in errors.objects(entries, "bonuses", BONUS_KEYS):
        t = errors.required_choice(b, "type", BONUS_TYPES, f, quote=False)
        side = errors.required_choice(b, "side", SIDES, f, quote=False)
        announced = errors.required_bool(b, "announced", f)
        made = errors.required_bool(b, "made", f)
        k = b.get("kontra")
        k = 1 if k is None else _check_kontra(errors, k, f + ".kontra")

        if t is not None:
            if t in seen:
                errors.add(f + ".type", Code.INCONSISTENT, _("only one entry per bonus type"))
            seen.add(t)
        if announced is False:
            if made is False:
                errors.add(f + ".made", Code.FORBIDDEN_COMBINATION, _("a silent bonus is recorded only when achieved"))
            if k is not None and k != 1:
                errors.add(f + ".kontra", Code.FORBIDDEN_COMBINATION, _("a silent bonus cannot be kontra'd"))
                k = None
        if side == "opponents" and k == 4:
            # P24: only the declarer answers with re, so the opponents' items stop at kontra.
            errors.add(f + ".kontra", Code.FORBIDDEN_COMBINATION, _("only the declarer can say re"))
        if t == "kralj_ultimo":
            msg = _("kralj ultimo belongs to the declaring side of tri/dve/ena")
            if side == "opponents":
                errors.add(f + ".side", Code.FORBIDDEN_COMBINATION, msg)
            if game is not None and game not in KING_GAMES:
                errors.add(f + ".type", Code.FORBIDDEN_COMBINATION, msg)
        if t == "barvni_valat":
            bv_index = i
            msg = _("barvni valat must be announced by the declaring side")
            if announced is False:
                errors.add(f + ".announced", Code.FORBIDDEN_COMBINATION, msg)
            elif side == "opponents":
                errors.add(f + ".side", Code.FORBIDDEN_COMBINATION, msg)
        if t is not None and side is not None and announced is not None and made is not None:
            good.append({"type": t, "side": side, "announced": announced, "made": made, "kontra": k or 1})
    if bv_index is not None and len(entries) > 1:
        errors.add(f"bonuses[{bv_index}]", Code.FORBIDDEN_COMBINATION, _("barvni valat replaces all other bonuses"))
    return good


def _check_klop_points(errors: Errors, raw: Any, seats: list[str] | None) -> dict[str, int] | None:
    """Rule 20; returns the points when they are complete and valid."""
    if raw is None:
        return None
    if not is_object(raw):
        errors.add("klop_points", Code.INVALID_VALUE, _("klop_points must be an object: seat -> card points"))
        return None
    ok = True
    for k, v in raw.items():
        f = path("klop_points", str(k))
        if not isinstance(k, str) or k not in ALL_SEATS or (seats is not None and k not in seats):
            message = _("klop card points do not add up: seat %(seat)s does not play this hand", seat=str(k))
            errors.add(f, Code.INVALID_VALUE, message)
            ok = False
        if not is_int(v):
            errors.add(f, Code.INVALID_VALUE, _("klop card points must be integers from 0 to 70"))
            ok = False
        elif not 0 <= v <= 70:
            errors.add(f, Code.OUT_OF_RANGE, _("klop card points must be integers from 0 to 70"))
            ok = False
    if not ok or seats is None:
        return None
    if len(raw) != 4:
        missing = ", ".join(s for s in seats if s not in raw)
        errors.add(
            "klop_points", Code.INCONSISTENT, _("klop card points do not add up: missing %(seats)s", seats=missing)
        )
        return None
    total = sum(raw.values())
    # A35: four separately counted piles give 68, 70 or 72 under the Taruk convention.
    if not 68 <= total <= 72:
        message = _("klop card points do not add up (sum %(total)s, expected 68 to 72)", total=total)
        errors.add("klop_points", Code.INCONSISTENT, message)
        return None
    return dict(raw)


def _check_klop_kontra(errors: Errors, raw: Any, seats: list[str] | None, klop_points: dict[str, int] | None) -> None:
    """Rule 21 (and §5.3): distinct playing seats, consistent with the card points."""
    if raw is None:
        return
    entries = errors.check_list(raw, "klop_kontra")
    if entries is None:
        return
    seen: set[str] = set()
    for _i, f, e in errors.objects(entries, "klop_kontra", KLOP_KONTRA_KEYS):
        seat = errors.require(e, "seat", f)
        if seat is not None:
            seat = _seat_in(errors, seat, f + ".seat", seats)
        no_trick = errors.required_bool(e, "no_trick", f)
        if seat is None:
            continue
        if seat in seen:
            errors.add(f + ".seat", Code.INCONSISTENT, _("seat %(seat)s declared klop-kontra twice", seat=seat))
            continue
        seen.add(seat)
        # Any trick is worth at least one point, so "no trick" <=> 0 points (§5.3).
        if no_trick is not None and klop_points is not None and no_trick != (klop_points[seat] == 0):
            errors.add(f + ".no_trick", Code.INCONSISTENT, _("klop kontra result contradicts the card points"))


def _check_penalties(errors: Errors, raw: Any, table: tuple[str, ...] | None, dealer: Any) -> bool:
    """Rule 23 (§5.4). Returns whether a valid-looking renons entry is present."""
    if _no_list(raw):
        return False
    entries = errors.check_list(raw, "penalties")
    if entries is None:
        return False
    renons = False
    misdeals = 0
    for _i, f, p in errors.objects(entries, "penalties"):
        kind = errors.required_choice(p, "type", PENALTY_TYPES, f, quote=False)
        errors.unknown_keys(p, PENALTY_KEYS[kind] if kind else ANY_PENALTY_KEYS, f)
        seat = errors.require(p, "seat", f)
        if seat is not None:
            seat = _seat_in(errors, seat, f + ".seat", table, at_table=True)
        if kind == "renons":
            renons = True
            pts = p.get("points")
            if pts is not None and (not is_int(pts) or pts >= 0):
                errors.add(f + ".points", Code.INVALID_VALUE, _("renons points must be negative"))
        elif kind == "misdeal":
            if seat is not None and isinstance(dealer, str) and seat != dealer:
                errors.add(f + ".seat", Code.FORBIDDEN_COMBINATION, _("only the dealer can misdeal"))
            # §5.4: only a player's first misdeal is a warning, so a redeal misdealt again in
            # the same hand never is (whatever the earlier hands say: misdeal_history_errors).
            if errors.required_bool(p, "warning", f) is True and misdeals:
                errors.add(
                    f + ".warning",
                    Code.INCONSISTENT,
                    _("only the first misdeal is a warning; the dealer misdealt earlier in this hand"),  # §5.4
                )
            misdeals += 1
    return renons


def misdeal_history_errors(hand: Mapping[str, Any], earlier: int) -> list[HandError]:
    """§5.4 extension: a player's first recorded misdeal in the tournament is a warning, every
    later one costs 20. ``earlier`` is how many misdeals the dealer's player already has in the
    tournament before this hand; the tournament layer counts them (the engine cannot see other
    tables). Errors in the spec's shape, on ``penalties[i].warning``."""
    errors = Errors()
    count = earlier
    for i, p in enumerate(hand.get("penalties") or []):
        if not (isinstance(p, Mapping) and p.get("type") == "misdeal" and isinstance(p.get("warning"), bool)):
            continue
        if p["warning"] and count:
            errors.add(
                f"penalties[{i}].warning",
                Code.INCONSISTENT,
                _("this player already has a misdeal in the tournament: this one costs -20"),  # §5.4
            )
        elif not p["warning"] and not count:
            errors.add(
                f"penalties[{i}].warning",
                Code.INCONSISTENT,
                _("this is the player's first misdeal in the tournament: only a warning"),  # §5.4
            )
        count += 1
    return errors.items


def _check_state(errors: Errors, state: Any, table: tuple[str, ...] | None, piles: bool = False) -> None:
    """Rule 25 and §4.4: ``{"radelci": {seat: 0|1}}``, nothing else; with ``piles``
    (``radelc: "holder_plays"``, §4.5 rule 6) any non-negative count."""
    if state is None:
        return
    if not is_object(state):
        errors.add("state", Code.INVALID_VALUE, _("%(field)s must be a JSON object", field="state"))
        return
    for k in state:
        if k != "radelci":
            errors.add(f"state.{k}", Code.UNKNOWN_FIELD, _("unknown field %(key)s in state", key=repr(k)))
    if "radelci" not in state:
        return
    radelci = state["radelci"]
    if not is_object(radelci):
        errors.add("state.radelci", Code.INVALID_VALUE, _("invalid radelc state: radelci must be an object"))
        return
    allowed = table or SEATS_5
    for seat, v in radelci.items():
        f = f"state.radelci.{seat}"
        if not isinstance(seat, str) or seat not in allowed:
            errors.add(
                f, Code.INVALID_VALUE, _("invalid radelc state: seat %(seat)s is not at this table", seat=str(seat))
            )
        if piles:
            if type(v) is not int or v < 0:
                errors.add(f, Code.INVALID_VALUE, _("invalid radelc state: the value must be a count, 0 or more"))
        elif type(v) is not int or v not in (0, 1):
            errors.add(f, Code.INVALID_VALUE, _("invalid radelc state: the value must be 0 or 1"))


# --- settlement (§3) ------------------------------------------------------------


def settle(
    hand: Mapping[str, Any], state: Mapping[str, Any] | None, config: Mapping[str, Any] | None = None
) -> HandScore:
    """Score a hand that ``validate`` accepted (§3.2): points of every seat, next state, breakdown."""
    points, new_state, lines, _ = _settle(hand, state, config)
    return HandScore(points, new_state, lines)


@dataclass(frozen=True)
class _Radelci:
    """The radelci held before a hand, and whose score this hand doubles (§3.7; §4.5 rule 7)."""

    held: Mapping[str, int]  # seat -> count; a missing seat holds none (§4.4)
    piles: bool  # radelc: "holder_plays" (§4.5): counts pile up, only the player of a game uses one
    doubled: frozenset[str]

    def doubles(self, seat: str, who: str, points: Any, rule: str = "") -> str:
        """ "<who> holds a radelc -> x2 -> <seat> scores <points>" (``who``: the seat, or a phrase
        naming it), the count shown when counts pile up, then "; one radelc used" then;
        ``rule`` "K2": the klop-kontra's rule after the score."""
        n = self.held.get(seat, 0)
        if not self.piles:
            holds = _("%(who)s holds a radelc", who=who)
        elif n == 1:
            holds = _("%(who)s holds a radelc (1)", who=who)
        else:
            holds = _("%(who)s holds %(n)s radelci, doubling once", who=who, n=n)
        if rule == "K2":
            scores = _("%(holds)s -> x2 -> %(seat)s scores %(points)s (K2)", holds=holds, seat=seat, points=points)
        else:
            scores = _("%(holds)s -> x2 -> %(seat)s scores %(points)s", holds=holds, seat=seat, points=points)
        return join("; ", [scores, _("one radelc used")]) if self.piles else scores  # §4.5


def _radelci(hand: Mapping[str, Any], held: Mapping[str, int], piles: bool, table: Sequence[str]) -> _Radelci:
    """Whose score the radelci double in ``hand``. next_hand (§3.7): every holder's
    (normal klop aside, K3); holder_plays (§4.5 rules 2, 3): the declarer's, or in
    klop-kontra each pledging player's, once whatever his count."""
    game = hand["game"]
    if not piles:
        doubled = {s for s in table if held.get(s) == 1}
    elif game == "klop":
        doubled = {e["seat"] for e in hand.get("klop_kontra") or () if held.get(e["seat"], 0) >= 1}
    elif game != "none" and held.get(hand["declarer"], 0) >= 1:
        doubled = {hand["declarer"]}
    else:
        doubled = set()
    return _Radelci(held, piles, frozenset(doubled))


def _settle(
    hand: Mapping[str, Any], state: Mapping[str, Any] | None, config: Mapping[str, Any] | None = None
) -> tuple[dict[str, int], dict[str, Any], list[str], dict[str, int]]:
    """``settle`` plus the signed amount of every kontra-able item (before radelc),
    keyed "game", "valat", "barvni_valat" or "bonus:<type>" — for tests of P22."""
    opts = options(config)
    seats: list[str] = hand["seats"]
    dealer: str = hand["dealer"]
    table = SEATS_4 if dealer in seats else SEATS_5
    held = (state or {}).get("radelci") or {}
    radelci = _radelci(hand, held, opts.radelc == "holder_plays", table)
    pts = dict.fromkeys(table, 0)
    lines: list[str] = []
    items: dict[str, int] = {}
    game = hand["game"]

    if game == "klop":
        _settle_klop(hand, radelci, pts, lines)
    elif game == "none":
        lines.append(_("hand stopped (game none): no game score, only penalties count (A13)"))
    else:
        _settle_contract(hand, game, radelci, opts.partner_share == "literal", pts, lines, items)

    # §3.10: penalties are never doubled and never shared, added last.
    mondfang = hand.get("mondfang")
    if mondfang is not None:
        pts[mondfang] += MONDFANG_POINTS
        lines.append(
            _(
                "mondfang: %(seat)s lost the mond to the škis: %(points)s to %(seat)s (P28)",
                seat=mondfang,
                points=MONDFANG_POINTS,
            )
        )
    for p in hand.get("penalties") or ():
        seat = p["seat"]
        if p["type"] == "renons":
            amount = p.get("points")
            if amount is None or amount == RENONS_DEFAULT:
                amount = RENONS_DEFAULT
                lines.append(_("renons by %(seat)s: %(points)s (R3)", seat=seat, points=amount))
            else:
                lines.append(_("renons by %(seat)s: %(points)s (judge's decision, R4)", seat=seat, points=amount))
            pts[seat] += amount
        elif p["warning"]:
            lines.append(_("misdeal by dealer %(seat)s: first offence, warning only: 0 (R5)", seat=seat))
        else:
            pts[seat] += MISDEAL_POINTS
            lines.append(_("misdeal by dealer %(seat)s: %(points)s (R5)", seat=seat, points=MISDEAL_POINTS))

    status = _radelci_after(hand, game, radelci, table, lines)
    return pts, {"radelci": status}, lines, items


def _radelci_after(
    hand: Mapping[str, Any], game: str, radelci: _Radelci, table: Sequence[str], lines: list[str]
) -> dict[str, int]:
    """The next radelc state, every seat of the table, and its breakdown line.

    A stopped hand is not played (A13): radelci unchanged. next_hand (§4.4): all seats lose
    the old radelc and gain a new one exactly when this hand is a trigger (A10, A11).
    holder_plays (§4.5 rules 1, 4, 5): the doubled seats use one, then every seat gains one
    after a trigger, the dealer sitting out included.
    """
    held = radelci.held
    if game == "none":
        status = {s: held.get(s, 0) for s in table}
        shown = _counts_text(status) if radelci.piles else _seat_list([s for s in table if status[s]])
        if shown:
            lines.append(
                _("radelci after this hand: unchanged, the hand was not played (A13): %(radelci)s", radelci=shown)
            )
        else:
            lines.append(_("radelci after this hand: unchanged, the hand was not played (A13): none"))
        return status
    v = 1 if _radelc_trigger(hand, game) else 0
    if not radelci.piles:
        if v:
            lines.append(_radelci_gained(tuple(table), game))
        else:
            lines.append(_("radelci after this hand: none"))
        return dict.fromkeys(table, v)
    status = {s: held.get(s, 0) - (s in radelci.doubled) + v for s in table}
    counts = _counts_text(status)
    if v:
        trigger = _trigger_name(game)
        line = _(
            "radelci after this hand: %(counts)s (every seat gains one: %(trigger)s, P27)",  # §4.5
            counts=counts,
            trigger=trigger,
        )
    else:
        line = _("radelci after this hand: %(counts)s", counts=counts)  # §4.5
    lines.append(line)
    return status


def _counts_text(status: Mapping[str, int]) -> str:
    return ", ".join(f"{s} {n}" for s, n in status.items())


def _radelc_trigger(hand: Mapping[str, Any], game: str) -> bool:
    """§4.1 / A12: klop, berač, solo brez, the valat game, or any valat entry (not barvni valat)."""
    if game in RADELC_GAMES:
        return True
    return any(b["type"] == "valat" for b in hand.get("bonuses") or ())


def _trigger_name(game: str) -> str:
    """Why every seat gains a radelc: the game (§4.1), or else a valat entry (A12)."""
    if game in RADELC_GAMES:
        return _("%(game)s gives radelci", game=GAME_LABEL[game])
    return _("a valat gives radelci")


@cache
def _radelci_gained(table: tuple[str, ...], game: str) -> str:
    """ "radelci after this hand: A, B, C, D (klop gives radelci, P27)" after a trigger hand."""
    reason = _trigger_name(game)
    return _("radelci after this hand: %(seats)s (%(trigger)s, P27)", seats=_seat_list(table), trigger=reason)


@cache
def _header(game: str, decl: str, suit: str | None, partner: str | None) -> str:
    """ "tri, declarer B, called king hearts, partner D" (``suit`` None: a game without a called king)."""
    head = [GAME_LABEL[game], _("declarer %(seat)s", seat=decl)]
    if suit is not None:
        head.append(_("called king %(suit)s", suit=SUIT_LABEL[suit]))
        head.append(_("partner %(seat)s", seat=partner) if partner else _("no partner (declarer plays alone)"))
    return join(", ", head)


def _settle_klop(hand: Mapping[str, Any], radelci: _Radelci, pts: dict[str, int], lines: list[str]) -> None:
    """§3.9 (K1-K4, A14-A16); §4.5 rule 3 under holder_plays."""
    kontra = hand.get("klop_kontra") or ()
    if kontra:
        # A14: klop-kontra is a personal pledge to take no trick; nobody else scores.
        for e in kontra:
            seat = e["seat"]
            base = 70 if e["no_trick"] else -70
            if seat in radelci.doubled:
                pts[seat] += 2 * base
                if e["no_trick"]:
                    pledge = _("klop-kontra by %(seat)s: took no trick: %(points)s", seat=seat, points=signed(base))
                else:
                    pledge = _("klop-kontra by %(seat)s: took a trick: %(points)s", seat=seat, points=signed(base))
                lines.append(join("; ", [pledge, radelci.doubles(seat, seat, signed(2 * base), "K2")]))
            else:
                pts[seat] += base
                if e["no_trick"]:
                    line = _("klop-kontra by %(seat)s: took no trick: %(points)s (K2)", seat=seat, points=signed(base))
                else:
                    line = _("klop-kontra by %(seat)s: took a trick: %(points)s (K2)", seat=seat, points=signed(base))
                lines.append(line)
        lines.append(_("klop-kontra declared: the other players score 0 (K2)"))
        return
    kp = hand["klop_points"]
    order = hand["seats"]
    full = [s for s in order if kp[s] >= 35]
    if full:
        # K3: "at least 35" -> -70 for each such player, the others write nothing (A2, A15).
        for s in full:
            pts[s] += -70
            lines.append(_("klop: %(seat)s has %(points)s card points (35 or more): -70 (K3)", seat=s, points=kp[s]))
        lines.append(_("klop: everyone else scores 0 (K3)"))
    else:
        for s in order:
            r = round5(kp[s])
            pts[s] += -r
            lines.append(
                _(
                    "klop: %(seat)s card points %(points)s -> %(rounded)s -> %(score)s",
                    seat=s,
                    points=kp[s],
                    rounded=r,
                    score=signed(-r),
                )
            )
    if any(radelci.held.get(s, 0) >= 1 for s in order):
        lines.append(_("radelci are not used in a normal klop (K3)"))


def _settle_contract(
    hand: Mapping[str, Any],
    game: str,
    radelci: _Radelci,
    literal_share: bool,
    pts: dict[str, int],
    lines: list[str],
    items: dict[str, int],
) -> None:
    """Every game with a declarer: §3.3-§3.8 (step 4 of §3.2 picks the case); the
    partner's half of a negative odd total by ``partner_share`` (§4.5)."""
    seats: list[str] = hand["seats"]
    decl: str = hand["declarer"]
    partner: str | None = hand.get("partner")
    opps = [s for s in seats if s != decl and s != partner]
    gk: int = hand.get("game_kontra") or 1
    bonuses = hand.get("bonuses") or ()
    bv = va = None
    for b in bonuses:
        if b["type"] == "barvni_valat":
            bv = b
        elif b["type"] == "valat" and b["made"]:
            va = b

    header = _header(game, decl, hand["called_king"] if game in KING_GAMES else None, partner)

    same = False  # partner scores the same as the declarer (valat P15, barvni valat BV6)
    opp_amount = 0
    opp_lines: list[str] = []  # opponents' bonuses: listed after the partner share (§3.12, E12)
    if bv is not None:
        # §3.6: replaces game, difference and all other bonuses.
        k = bv.get("kontra") or 1
        s_amount = (125 if bv["made"] else -125) * k
        items["barvni_valat"] = s_amount
        lines.append(header)
        amount = _times(125 if bv["made"] else -125, k, s_amount)
        replaces = _("%(amount)s (replaces game, difference and all other bonuses, BV6)", amount=amount)
        lines.append(join(": ", [_bonus_head("barvni_valat", "declarer", True, bv["made"], k), replaces]))
        same = True
    elif game == "valat":
        # A20: the valat bid is played alone, +-500 x game kontra x radelc.
        s_amount = (500 if hand["won"] else -500) * gk
        items["game"] = s_amount
        lines.append(join(": ", [header, _("won (+500)") if hand["won"] else _("lost (-500)")]))
        if gk > 1:
            lines.append(_game_kontra(gk, s_amount // gk, s_amount))
    elif va is not None:
        # §3.5: a made valat replaces the whole normal score (P13, A17, A19).
        lines.append(header)
        k = va.get("kontra") or 1
        head = _bonus_head("valat", va["side"], va["announced"], True, k)
        if va["side"] == "declarer":
            if va["announced"]:
                s_amount = 500 * k
                amount = signed(s_amount)
            elif gk > 1:
                s_amount = 250 * gk
                amount = _("+250 x game %(kontra)s = %(points)s (P13)", kontra=KONTRA_WORD[gk], points=signed(s_amount))
            else:
                s_amount = 250
                amount = "+250 (P13)"
        else:
            each = _seat_list(opps)
            if va["announced"]:
                s_amount = -500 * k
                opp_amount = 500 * k
                amount = _(
                    "declaring side %(points)s, %(amount)s to each of %(seats)s (A19)",
                    points=s_amount,
                    amount=signed(opp_amount),
                    seats=each,
                )
            elif gk > 1:
                s_amount = -250 * gk
                opp_amount = 250
                amount = _(
                    "declaring side -250 x game %(kontra)s = %(points)s, +250 to each of %(seats)s (A19)",
                    kontra=KONTRA_WORD[gk],
                    points=s_amount,
                    seats=each,
                )
            else:
                s_amount = -250
                opp_amount = 250
                amount = _("declaring side -250, +250 to each of %(seats)s (A19)", seats=each)
        lines.append(join(": ", [head, amount]))
        items["valat"] = s_amount
        same = True
        if va["announced"] and gk > 1:
            lines.append(
                _(
                    "%(kontra)s on the game not used: the announced valat has its own kontra (A17)",
                    kontra=KONTRA_WORD[gk],
                )
            )
    else:
        s_amount, opp_amount = _normal_case(hand, game, gk, header, bonuses, opps, lines, opp_lines, items)
        if len(opp_lines) > 1:
            opp_lines.append(
                _(
                    "opponents' bonuses: %(points)s to each of %(seats)s",
                    points=signed(opp_amount),
                    seats=_seat_list(opps),
                )
            )

    # Items a made valat or barvni valat replaced (§3.5, §3.6): accepted, not scored.
    if bv is not None or va is not None:
        for b in bonuses:
            if b is not bv and b is not va:
                lines.append(_("%(bonus)s ignored: the valat replaces all other bonuses", bonus=BONUS_LABEL[b["type"]]))
        if game in POINT_GAMES and (hand.get("card_points") is not None):
            lines.append(
                _(
                    "card points %(points)s not used: no game value or difference in a valat",
                    points=hand["card_points"],
                )
            )

    # §3.7: the declarer's radelc doubles the declaring side's amount (§4.5 rule 2: once, using one).
    if decl in radelci.doubled:
        final = 2 * s_amount
        total = _("declaring side total: %(points)s", points=s_amount)
        lines.append(join("; ", [total, radelci.doubles(decl, _("declarer %(seat)s", seat=decl), final)]))
    else:
        final = s_amount
        total = _("declaring side total: %(points)s", points=s_amount)
        alone = _("declarer %(seat)s holds no radelc -> %(seat)s scores %(points)s", seat=decl, points=final)
        lines.append(join("; ", [total, alone]))
    pts[decl] += final
    if radelci.piles:
        others = [s for s in radelci.held if s != decl and radelci.held[s] >= 1]
        if others:
            lines.append(
                _(
                    "radelci of %(seats)s not used: only the declarer uses his",  # §4.5
                    seats=_seat_list(sorted(others)),
                )
            )

    # §3.8 (P15, A4): the partner gets half of the declarer's final score.
    if partner is not None:
        if same:
            share = final
            if bv is not None:
                line = _(
                    "partner %(seat)s: the same as the declarer (barvni valat, BV6) = %(points)s",
                    seat=partner,
                    points=share,
                )
            else:
                line = _(
                    "partner %(seat)s: the same as the declarer (valat, P15) = %(points)s", seat=partner, points=share
                )
            lines.append(line)
        else:
            share = half_share_literal(final) if literal_share else half_share(final)
            lines.append(join(": ", [_("partner %(seat)s", seat=partner), _half_text(final, literal_share)]))
        pts[partner] += share

    lines.extend(opp_lines)
    if opp_amount:
        for o in opps:
            if o in radelci.doubled:
                pts[o] += 2 * opp_amount
                lines.append(
                    _(
                        "opponent %(seat)s holds a radelc -> x2 -> %(seat)s scores %(points)s",
                        seat=o,
                        points=signed(2 * opp_amount),
                    )
                )
            else:
                pts[o] += opp_amount

    if hand.get("mond_in_talon"):
        pts[decl] += MOND_IN_TALON_POINTS
        lines.append(
            _("mond left in the talon: %(points)s to declarer %(seat)s (P31)", points=MOND_IN_TALON_POINTS, seat=decl)
        )


def _normal_case(
    hand: Mapping[str, Any],
    game: str,
    gk: int,
    header: str,
    bonuses: Sequence[Mapping[str, Any]],
    opps: list[str],
    lines: list[str],
    opp_lines: list[str],
    items: dict[str, int],
) -> tuple[int, int]:
    """§3.3 and §3.4: (declaring side S, each opponent O); the opponents' made
    bonuses are described in ``opp_lines``, everything else in ``lines``."""
    value = GAME_VALUE[game]
    if game == "berac":
        g = value if hand["won"] else -value  # no difference in berač (§3.3)
        lines.append(join(": ", [header, _won_lost(hand["won"], g)]))
    else:
        cp = hand["card_points"]
        won = cp >= 36  # P16: "35 and one card" is 36 and wins
        base = value if won else -value
        diff = difference(cp)
        g = base + diff
        lines.append(join(": ", [header, _won_lost(won, base)]))
        lines.append(
            _(
                "difference: card points %(points)s -> %(rounded)s -> %(difference)s; game = %(game)s",
                points=cp,
                rounded=round5(cp),
                difference=signed(diff),
                game=g,
            )
        )
    s_amount = g * gk
    items["game"] = s_amount
    if gk > 1:
        lines.append(_game_kontra(gk, g, s_amount))

    opp_amount = 0
    for b in bonuses:
        t = b["type"]
        k = b.get("kontra") or 1
        val = BONUS_FULL[t] if b["announced"] else BONUS_HALF[t]
        head = _bonus_head(t, b["side"], b["announced"], b["made"], k)
        amount = val * k
        if b["side"] == "declarer":
            signed_amount = amount if b["made"] else -amount
            s_amount += signed_amount
            items[f"bonus:{t}"] = signed_amount
            lines.append(join(": ", [head, _times(val, k, signed_amount)]))
        elif b["made"]:
            # P21, A6: every opponent receives the full amount; the declaring side is not charged.
            opp_amount += amount
            items[f"bonus:{t}"] = amount
            each = _("%(amount)s to each of %(seats)s", amount=_times(val, k, amount), seats=_seat_list(opps))
            opp_lines.append(join(": ", [head, each]))
        else:
            # A7: a failed opponents' announcement is credited to the declaring side.
            s_amount += amount
            items[f"bonus:{t}"] = amount
            credit = _("%(amount)s to the declaring side (A7)", amount=_times(val, k, amount))
            lines.append(join(": ", [head, credit]))
    return s_amount, opp_amount


# --- table and rotation (§1.4, §7.3, §7.6) ---------------------------------------


def _table_of(table_seats: Sequence[str]) -> tuple[str, ...]:
    table = tuple(s for s in ALL_SEATS if s in table_seats)
    if table not in (SEATS_4, SEATS_5) or len(table) != len(table_seats):
        raise ValueError(f"a taruk2012 table has seats A-D or A-E, not {list(table_seats)}")
    return table


def playing_seats(table_seats: list[str], dealer: str, state: Mapping[str, Any] | None = None) -> list[str]:
    """The ``seats`` of the next hand: clockwise from the seat after the dealer; at a
    5-seat table the dealer sits out (§7.6), at a 4-seat table he plays last."""
    table = _table_of(table_seats)
    if dealer not in table:
        raise ValueError(f"dealer {dealer!r} is not at the table")
    return list(PLAYING_ORDER[table, dealer])


def next_dealer(table_seats: list[str], dealer: str) -> str:
    """The deal passes clockwise, A -> B -> C -> D (-> E) -> A (P1, §1.4)."""
    table = _table_of(table_seats)
    if dealer not in table:
        raise ValueError(f"dealer {dealer!r} is not at the table")
    return next_seat(table, dealer)


VARIANT = common.variant_of(
    globals(),
    key=KEY,
    name="Taruk 2012 (Slovenian competitive tarok)",
    rules_version="taruk2012/1",
    misdeal_history=misdeal_history_errors,
)
