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
from typing import Any

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
from scoring.types import (
    FORBIDDEN_COMBINATION,
    INCONSISTENT,
    INVALID_VALUE,
    MISSING_FIELD,
    NOT_APPLICABLE,
    OUT_OF_RANGE,
    UNKNOWN_FIELD,
    HandError,
    HandScore,
    Variant,
)

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
GAME_LABEL = {
    "klop": "klop",
    "tri": "tri",
    "dve": "dve",
    "ena": "ena",
    "solo_tri": "solo tri",
    "solo_dve": "solo dve",
    "solo_ena": "solo ena",
    "berac": "berač",
    "solo_brez": "solo brez",
    "valat": "valat (bid)",
    "none": "none",
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
SIDES = ("declarer", "opponents")
SUITS = ("hearts", "diamonds", "spades", "clubs")
KONTRA_LEVELS = (1, 2, 4)  # §2.3 (P22): kontra x2, re x4, nothing higher
KONTRA_WORD = {2: "kontra x2", 4: "re x4"}  # Slovenian "re", not common.KONTRA_NAMES' "rekontra"

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


def _half_text(x: int, literal: bool = False) -> str:
    """How the partner's half was computed, as the referee would write it."""
    if x % 10 == 0:
        return f"half of {x} = {x // 2}"
    if x > 0:
        return f"half of {x} = ({x} + 5) / 2 = {half_share(x)}"
    if literal:
        return f"half of {x} = ({x} + 5) / 2 = {half_share_literal(x)} (P15 read literally, §4.5)"
    return f"half of {x} = -({-x} + 5) / 2 = {half_share(x)}"


def _kontra_text(k: int) -> str:
    return f", {KONTRA_WORD[k]}" if k > 1 else ""


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


def _seat_in(errors: Errors, value: Any, field: str, seats: Sequence[str] | None, where: str) -> str | None:
    """A seat letter that must belong to ``seats`` (rule 6 of §5.6). ``seats`` is
    None when the envelope itself is broken: then only the letter is checked, so
    one broken ``seats`` field does not cascade into errors everywhere."""
    if not isinstance(value, str) or value not in ALL_SEATS:
        errors.add(field, INVALID_VALUE, f"{field} must be a seat letter")
        return None
    if seats is not None and value not in seats:
        errors.add(field, INVALID_VALUE, f"seat {value} {where}")
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
            errors.add(key, NOT_APPLICABLE, f"{key} is not allowed in {game}")
        return None
    if not_given:
        if status == "required":
            errors.add(key, MISSING_FIELD, f"{key} is required for {game}")
        return None
    return value


def _check_kontra(errors: Errors, value: Any, field: str) -> int | None:
    """A kontra level of §2.3, the message prefixed as the spec's error list words it."""
    return errors.check_kontra(value, field, KONTRA_LEVELS, prefix="invalid kontra level: ")


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
        errors.add("config", INVALID_VALUE, "config must be a JSON object")
        return errors.items
    for key, value in config.items():
        values = OPTION_VALUES.get(key)
        if values is None:
            errors.add(
                f"config.{key}",
                UNKNOWN_FIELD,
                f"unknown field {key!r}: the taruk2012 options are {', '.join(OPTION_VALUES)}",
            )
        elif value is not None and (type(value) is not str or value not in values):
            errors.add(f"config.{key}", INVALID_VALUE, f"{key} must be one of {', '.join(values)}")
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
        errors.add("seats", INVALID_VALUE, "need four distinct seats")
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
            INCONSISTENT,
            "dealer/seats do not form a valid table (A-D with the dealer "
            "among the seats, or A-E with the dealer sitting out)",
        )
        return None, None
    expected = PLAYING_ORDER[table, dealer]
    if seats != expected:
        errors.add(
            "seats",
            INCONSISTENT,
            f"seats must start with the seat after the dealer and go clockwise (expected {', '.join(expected)})",
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
        errors.add("game", MISSING_FIELD, "game is required")
    elif not isinstance(game, str) or game not in GAMES:
        errors.add("game", INVALID_VALUE, f"unknown game (one of {', '.join(GAMES)})")
        game = None

    # Bonuses first: whether card_points is required depends on them (§5.5 footnote).
    bonus_raw = h.get("bonuses")
    if game is not None and game not in POINT_GAMES:
        if not _no_list(bonus_raw):
            errors.add("bonuses", NOT_APPLICABLE, f"no bonuses in {game}")  # rule 13
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
        decl = _seat_in(errors, decl, "declarer", seats, "does not play this hand")
        if decl is not None and game == "tri" and forehand is not None and decl != forehand:
            # P5/P6: only the forehand's obligatory "tri" can end as the game tri (§1.5).
            errors.add("declarer", FORBIDDEN_COMBINATION, "tri can only be played by the forehand")

    # called_king and partner: tri/dve/ena only (§5.5); the partner key is required there.
    king_status = "required" if game in KING_GAMES else "no"
    king = _applicable(errors, h, "called_king", game, king_status)
    if king is not None and (not isinstance(king, str) or king not in SUITS):
        errors.add("called_king", INVALID_VALUE, f"called_king must be one of {', '.join(SUITS)}")
    if game in KING_GAMES and "partner" not in h:
        errors.add("partner", MISSING_FIELD, f"partner is required for {game} (null when the declarer plays alone)")
    partner = _applicable(errors, h, "partner", game, "optional" if game in KING_GAMES else "no")
    if partner is not None:
        partner = _seat_in(errors, partner, "partner", seats, "does not play this hand")
        if partner is not None and partner == decl:
            errors.add("partner", INCONSISTENT, "the partner cannot be the declarer")  # rule 10

    # Rule 11: card points.
    cp_status = ("optional" if valat_made or bv_present else "required") if game in POINT_GAMES else "no"
    cp = _applicable(errors, h, "card_points", game, cp_status)
    if cp is not None:
        if not is_int(cp):
            errors.add("card_points", INVALID_VALUE, "card_points must be an integer from 0 to 70")
            cp = None
        elif not 0 <= cp <= 70:
            errors.add("card_points", OUT_OF_RANGE, "card_points must be an integer from 0 to 70")
            cp = None

    # Rule 19: a made valat must agree with the card points when both are given.
    if cp is not None:
        for b in bonuses:
            if (b["type"] == "valat" and b["made"]) and (
                (b["side"] == "declarer" and cp < 36) or (b["side"] == "opponents" and cp > 35)
            ):
                errors.add("card_points", INCONSISTENT, "card points contradict the valat")

    won = _applicable(errors, h, "won", game, "required" if game in WON_GAMES else "no")
    if won is not None:
        errors.check_bool(won, "won")

    # Rule 12 and 18: game kontra.
    gk = h.get("game_kontra")
    if gk is not None:
        gk = _check_kontra(errors, gk, "game_kontra")
        if gk is not None and gk != 1:
            if game in NO_DECLARER:
                errors.add("game_kontra", INVALID_VALUE, f"invalid kontra level: only 1 in {game}")
            elif bv_present:
                errors.add("game_kontra", FORBIDDEN_COMBINATION, "record the kontra on the barvni_valat entry")

    # Rules 20, 21: klop.
    kk_raw = _applicable(errors, h, "klop_kontra", game, "optional" if game == "klop" else "no")
    kp_status = ("optional" if not _no_list(h.get("klop_kontra")) else "required") if game == "klop" else "no"
    kp_raw = _applicable(errors, h, "klop_points", game, kp_status)
    klop_points = _check_klop_points(errors, kp_raw, seats)
    _check_klop_kontra(errors, kk_raw, seats, klop_points)

    # Rule 6: mondfang (any game, §5.5).
    mondfang = h.get("mondfang")
    if mondfang is not None:
        _seat_in(errors, mondfang, "mondfang", seats, "does not play this hand")

    # Rule 22: mond in the talon. ``false`` is the default and harmless in every game.
    mit = h.get("mond_in_talon")
    if mit is not None and errors.check_bool(mit, "mond_in_talon") and game is not None and game not in TALON_GAMES:
        errors.add("mond_in_talon", NOT_APPLICABLE, f"no talon exchange in {game}")

    # Rules 23, 24: penalties.
    renons = _check_penalties(errors, h.get("penalties"), table, h.get("dealer"))
    if game == "none" and not renons:
        errors.add("penalties", MISSING_FIELD, "a stopped hand needs a renons")
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
    for i, entry in enumerate(entries):
        f = f"bonuses[{i}]"
        b = errors.check_object(entry, f)
        if b is None:
            continue
        errors.unknown_keys(b, BONUS_KEYS, f)
        t = errors.required_choice(b, "type", BONUS_TYPES, f, quote=False)
        side = errors.required_choice(b, "side", SIDES, f, quote=False)
        announced = errors.required_bool(b, "announced", f)
        made = errors.required_bool(b, "made", f)
        k = b.get("kontra")
        k = 1 if k is None else _check_kontra(errors, k, f + ".kontra")

        if t is not None:
            if t in seen:
                errors.add(f + ".type", INCONSISTENT, "only one entry per bonus type")
            seen.add(t)
        if announced is False:
            if made is False:
                errors.add(f + ".made", FORBIDDEN_COMBINATION, "a silent bonus is recorded only when achieved")
            if k is not None and k != 1:
                errors.add(f + ".kontra", FORBIDDEN_COMBINATION, "a silent bonus cannot be kontra'd")
                k = None
        if side == "opponents" and k == 4:
            # P24: only the declarer answers with re, so the opponents' items stop at kontra.
            errors.add(f + ".kontra", FORBIDDEN_COMBINATION, "only the declarer can say re")
        if t == "kralj_ultimo":
            msg = "kralj ultimo belongs to the declaring side of tri/dve/ena"
            if side == "opponents":
                errors.add(f + ".side", FORBIDDEN_COMBINATION, msg)
            if game is not None and game not in KING_GAMES:
                errors.add(f + ".type", FORBIDDEN_COMBINATION, msg)
        if t == "barvni_valat":
            bv_index = i
            msg = "barvni valat must be announced by the declaring side"
            if announced is False:
                errors.add(f + ".announced", FORBIDDEN_COMBINATION, msg)
            elif side == "opponents":
                errors.add(f + ".side", FORBIDDEN_COMBINATION, msg)
        if t is not None and side is not None and announced is not None and made is not None:
            good.append({"type": t, "side": side, "announced": announced, "made": made, "kontra": k or 1})
    if bv_index is not None and len(entries) > 1:
        errors.add(f"bonuses[{bv_index}]", FORBIDDEN_COMBINATION, "barvni valat replaces all other bonuses")
    return good


def _check_klop_points(errors: Errors, raw: Any, seats: list[str] | None) -> dict[str, int] | None:
    """Rule 20; returns the points when they are complete and valid."""
    if raw is None:
        return None
    if not is_object(raw):
        errors.add("klop_points", INVALID_VALUE, "klop_points must be an object: seat -> card points")
        return None
    ok = True
    for k, v in raw.items():
        f = path("klop_points", str(k))
        if not isinstance(k, str) or k not in ALL_SEATS or (seats is not None and k not in seats):
            errors.add(f, INVALID_VALUE, f"klop card points do not add up: seat {k} does not play this hand")
            ok = False
        if not is_int(v):
            errors.add(f, INVALID_VALUE, "klop card points must be integers from 0 to 70")
            ok = False
        elif not 0 <= v <= 70:
            errors.add(f, OUT_OF_RANGE, "klop card points must be integers from 0 to 70")
            ok = False
    if not ok or seats is None:
        return None
    if len(raw) != 4:
        missing = ", ".join(s for s in seats if s not in raw)
        errors.add("klop_points", INCONSISTENT, f"klop card points do not add up: missing {missing}")
        return None
    total = sum(raw.values())
    # A35: four separately counted piles give 68, 70 or 72 under the Taruk convention.
    if not 68 <= total <= 72:
        errors.add("klop_points", INCONSISTENT, f"klop card points do not add up (sum {total}, expected 68 to 72)")
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
    for i, entry in enumerate(entries):
        f = f"klop_kontra[{i}]"
        e = errors.check_object(entry, f)
        if e is None:
            continue
        errors.unknown_keys(e, KLOP_KONTRA_KEYS, f)
        seat = errors.require(e, "seat", f)
        if seat is not None:
            seat = _seat_in(errors, seat, f + ".seat", seats, "does not play this hand")
        no_trick = errors.required_bool(e, "no_trick", f)
        if seat is None:
            continue
        if seat in seen:
            errors.add(f + ".seat", INCONSISTENT, f"seat {seat} declared klop-kontra twice")
            continue
        seen.add(seat)
        # Any trick is worth at least one point, so "no trick" <=> 0 points (§5.3).
        if no_trick is not None and klop_points is not None and no_trick != (klop_points[seat] == 0):
            errors.add(f + ".no_trick", INCONSISTENT, "klop kontra result contradicts the card points")


def _check_penalties(errors: Errors, raw: Any, table: tuple[str, ...] | None, dealer: Any) -> bool:
    """Rule 23 (§5.4). Returns whether a valid-looking renons entry is present."""
    if _no_list(raw):
        return False
    entries = errors.check_list(raw, "penalties")
    if entries is None:
        return False
    renons = False
    misdeals = 0
    for i, entry in enumerate(entries):
        f = f"penalties[{i}]"
        p = errors.check_object(entry, f)
        if p is None:
            continue
        kind = errors.required_choice(p, "type", PENALTY_TYPES, f, quote=False)
        errors.unknown_keys(p, PENALTY_KEYS[kind] if kind else ANY_PENALTY_KEYS, f)
        seat = errors.require(p, "seat", f)
        if seat is not None:
            seat = _seat_in(errors, seat, f + ".seat", table, "is not at this table")
        if kind == "renons":
            renons = True
            pts = p.get("points")
            if pts is not None and (not is_int(pts) or pts >= 0):
                errors.add(f + ".points", INVALID_VALUE, "renons points must be negative")
        elif kind == "misdeal":
            if seat is not None and isinstance(dealer, str) and seat != dealer:
                errors.add(f + ".seat", FORBIDDEN_COMBINATION, "only the dealer can misdeal")
            # §5.4: only a player's first misdeal is a warning, so a redeal misdealt again in
            # the same hand never is (whatever the earlier hands say: misdeal_history_errors).
            if errors.required_bool(p, "warning", f) is True and misdeals:
                errors.add(
                    f + ".warning",
                    INCONSISTENT,
                    "only the first misdeal is a warning; the dealer misdealt earlier in this hand (§5.4)",
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
                INCONSISTENT,
                "this player already has a misdeal in the tournament: this one costs -20 (§5.4)",
            )
        elif not p["warning"] and not count:
            errors.add(
                f"penalties[{i}].warning",
                INCONSISTENT,
                "this is the player's first misdeal in the tournament: only a warning (§5.4)",
            )
        count += 1
    return errors.items


def _check_state(errors: Errors, state: Any, table: tuple[str, ...] | None, piles: bool = False) -> None:
    """Rule 25 and §4.4: ``{"radelci": {seat: 0|1}}``, nothing else; with ``piles``
    (``radelc: "holder_plays"``, §4.5 rule 6) any non-negative count."""
    if state is None:
        return
    if not is_object(state):
        errors.add("state", INVALID_VALUE, "state must be a JSON object")
        return
    for k in state:
        if k != "radelci":
            errors.add(f"state.{k}", UNKNOWN_FIELD, f"unknown field {k!r} in state")
    if "radelci" not in state:
        return
    radelci = state["radelci"]
    if not is_object(radelci):
        errors.add("state.radelci", INVALID_VALUE, "invalid radelc state: radelci must be an object")
        return
    allowed = table or SEATS_5
    for seat, v in radelci.items():
        f = f"state.radelci.{seat}"
        if not isinstance(seat, str) or seat not in allowed:
            errors.add(f, INVALID_VALUE, f"invalid radelc state: seat {seat} is not at this table")
        if piles:
            if type(v) is not int or v < 0:
                errors.add(f, INVALID_VALUE, "invalid radelc state: the value must be a count, 0 or more")
        elif type(v) is not int or v not in (0, 1):
            errors.add(f, INVALID_VALUE, "invalid radelc state: the value must be 0 or 1")


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

    def holds(self, seat: str) -> str:
        """'holds a radelc' in the breakdown, with the count when counts pile up."""
        n = self.held.get(seat, 0)
        if not self.piles:
            return "holds a radelc"
        return "holds a radelc (1)" if n == 1 else f"holds {n} radelci, doubling once"

    def used(self) -> str:
        """The end of a doubled item's line: under holder_plays doubling uses one up."""
        return "; one radelc used (§4.5)" if self.piles else ""


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
        lines.append("hand stopped (game none): no game score, only penalties count (A13)")
    else:
        _settle_contract(hand, game, radelci, opts.partner_share == "literal", pts, lines, items)

    # §3.10: penalties are never doubled and never shared, added last.
    mondfang = hand.get("mondfang")
    if mondfang is not None:
        pts[mondfang] += MONDFANG_POINTS
        lines.append(f"mondfang: {mondfang} lost the mond to the škis: {MONDFANG_POINTS} to {mondfang} (P28)")
    for p in hand.get("penalties") or ():
        seat = p["seat"]
        if p["type"] == "renons":
            amount = p.get("points")
            if amount is None or amount == RENONS_DEFAULT:
                amount = RENONS_DEFAULT
                lines.append(f"renons by {seat}: {amount} (R3)")
            else:
                lines.append(f"renons by {seat}: {amount} (judge's decision, R4)")
            pts[seat] += amount
        elif p["warning"]:
            lines.append(f"misdeal by dealer {seat}: first offence, warning only: 0 (R5)")
        else:
            pts[seat] += MISDEAL_POINTS
            lines.append(f"misdeal by dealer {seat}: {MISDEAL_POINTS} (R5)")

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
        shown = _counts_text(status) if radelci.piles else (_seat_list([s for s in table if status[s]]) or "none")
        lines.append(f"radelci after this hand: unchanged, the hand was not played (A13): {shown}")
        return status
    v = 1 if _radelc_trigger(hand, game) else 0
    if not radelci.piles:
        if v:
            lines.append(f"radelci after this hand: {_seat_list(table)} ({_trigger_name(hand, game)}, P27)")
        else:
            lines.append("radelci after this hand: none")
        return dict.fromkeys(table, v)
    status = {s: held.get(s, 0) - (s in radelci.doubled) + v for s in table}
    gained = f" (every seat gains one: {_trigger_name(hand, game)}, P27; §4.5)" if v else " (§4.5)"
    lines.append(f"radelci after this hand: {_counts_text(status)}{gained}")
    return status


def _counts_text(status: Mapping[str, int]) -> str:
    return ", ".join(f"{s} {n}" for s, n in status.items())


def _radelc_trigger(hand: Mapping[str, Any], game: str) -> bool:
    """§4.1 / A12: klop, berač, solo brez, the valat game, or any valat entry (not barvni valat)."""
    if game in RADELC_GAMES:
        return True
    return any(b["type"] == "valat" for b in hand.get("bonuses") or ())


def _trigger_name(hand: Mapping[str, Any], game: str) -> str:
    return f"{GAME_LABEL[game]} gives radelci" if game in RADELC_GAMES else "a valat gives radelci"


def _settle_klop(hand: Mapping[str, Any], radelci: _Radelci, pts: dict[str, int], lines: list[str]) -> None:
    """§3.9 (K1-K4, A14-A16); §4.5 rule 3 under holder_plays."""
    kontra = hand.get("klop_kontra") or ()
    if kontra:
        # A14: klop-kontra is a personal pledge to take no trick; nobody else scores.
        for e in kontra:
            seat = e["seat"]
            base = 70 if e["no_trick"] else -70
            result = "took no trick" if e["no_trick"] else "took a trick"
            if seat in radelci.doubled:
                pts[seat] += 2 * base
                lines.append(
                    f"klop-kontra by {seat}: {result}: {signed(base)}; {seat} {radelci.holds(seat)} -> x2 -> "
                    f"{seat} scores {signed(2 * base)} (K2){radelci.used()}"
                )
            else:
                pts[seat] += base
                lines.append(f"klop-kontra by {seat}: {result}: {signed(base)} (K2)")
        lines.append("klop-kontra declared: the other players score 0 (K2)")
        return
    kp = hand["klop_points"]
    order = hand["seats"]
    full = [s for s in order if kp[s] >= 35]
    if full:
        # K3: "at least 35" -> -70 for each such player, the others write nothing (A2, A15).
        for s in full:
            pts[s] += -70
            lines.append(f"klop: {s} has {kp[s]} card points (35 or more): -70 (K3)")
        lines.append("klop: everyone else scores 0 (K3)")
    else:
        for s in order:
            r = round5(kp[s])
            pts[s] += -r
            lines.append(f"klop: {s} card points {kp[s]} -> {r} -> {signed(-r)}")
    if any(radelci.held.get(s, 0) >= 1 for s in order):
        lines.append("radelci are not used in a normal klop (K3)")


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

    header = f"{GAME_LABEL[game]}, declarer {decl}"
    if game in KING_GAMES:
        header += f", called king {hand['called_king']}, " + (
            f"partner {partner}" if partner else "no partner (declarer plays alone)"
        )

    same = False  # partner scores the same as the declarer (valat P15, barvni valat BV6)
    opp_amount = 0
    opp_lines: list[str] = []  # opponents' bonuses: listed after the partner share (§3.12, E12)
    if bv is not None:
        # §3.6: replaces game, difference and all other bonuses.
        k = bv.get("kontra") or 1
        s_amount = (125 if bv["made"] else -125) * k
        items["barvni_valat"] = s_amount
        lines.append(header)
        shown = f"{125 if bv['made'] else -125} x {k} = " if k > 1 else ""
        lines.append(
            f"barvni valat announced by declaring side{_kontra_text(k)}, "
            f"{'made' if bv['made'] else 'failed'}: {shown}{signed(s_amount)} "
            "(replaces game, difference and all other bonuses, BV6)"
        )
        same = True
    elif game == "valat":
        # A20: the valat bid is played alone, +-500 x game kontra x radelc.
        s_amount = (500 if hand["won"] else -500) * gk
        items["game"] = s_amount
        lines.append(f"{header}: {'won (+500)' if hand['won'] else 'lost (-500)'}")
        if gk > 1:
            lines.append(f"{KONTRA_WORD[gk]} on the game: {s_amount // gk} -> {s_amount}")
    elif va is not None:
        # §3.5: a made valat replaces the whole normal score (P13, A17, A19).
        lines.append(header)
        k = va.get("kontra") or 1
        if va["side"] == "declarer":
            if va["announced"]:
                s_amount = 500 * k
                lines.append(f"valat announced by declaring side{_kontra_text(k)}, made: {signed(s_amount)}")
            else:
                s_amount = 250 * gk
                lines.append(
                    "valat silent, achieved by declaring side: +250"
                    + (f" x game {KONTRA_WORD[gk]} = {signed(s_amount)}" if gk > 1 else "")
                    + " (P13)"
                )
        else:
            if va["announced"]:
                s_amount = -500 * k
                opp_amount = 500 * k
                lines.append(
                    f"valat announced by opponents{_kontra_text(k)}, made: declaring side {s_amount}, "
                    f"{signed(opp_amount)} to each of {_seat_list(opps)} (A19)"
                )
            else:
                s_amount = -250 * gk
                opp_amount = 250
                lines.append(
                    "valat silent, achieved by opponents: declaring side -250"
                    + (f" x game {KONTRA_WORD[gk]} = {s_amount}" if gk > 1 else "")
                    + f", +250 to each of {_seat_list(opps)} (A19)"
                )
        items["valat"] = s_amount
        same = True
        if va["announced"] and gk > 1:
            lines.append(f"{KONTRA_WORD[gk]} on the game not used: the announced valat has its own kontra (A17)")
    else:
        s_amount, opp_amount = _normal_case(hand, game, gk, header, bonuses, opps, lines, opp_lines, items)
        if len(opp_lines) > 1:
            opp_lines.append(f"opponents' bonuses: {signed(opp_amount)} to each of {_seat_list(opps)}")

    # Items a made valat or barvni valat replaced (§3.5, §3.6): accepted, not scored.
    if bv is not None or va is not None:
        for b in bonuses:
            if b is not bv and b is not va:
                lines.append(f"{b['type'].replace('_', ' ')} ignored: the valat replaces all other bonuses")
        if game in POINT_GAMES and (hand.get("card_points") is not None):
            lines.append(f"card points {hand['card_points']} not used: no game value or difference in a valat")

    # §3.7: the declarer's radelc doubles the declaring side's amount (§4.5 rule 2: once, using one).
    if decl in radelci.doubled:
        final = 2 * s_amount
        lines.append(
            f"declaring side total: {s_amount}; declarer {decl} {radelci.holds(decl)} -> x2 -> "
            f"{decl} scores {final}{radelci.used()}"
        )
    else:
        final = s_amount
        lines.append(f"declaring side total: {s_amount}; declarer {decl} holds no radelc -> {decl} scores {final}")
    pts[decl] += final
    if radelci.piles:
        others = [s for s in radelci.held if s != decl and radelci.held[s] >= 1]
        if others:
            lines.append(f"radelci of {_seat_list(sorted(others))} not used: only the declarer uses his (§4.5)")

    # §3.8 (P15, A4): the partner gets half of the declarer's final score.
    if partner is not None:
        if same:
            share = final
            why = "barvni valat, BV6" if bv is not None else "valat, P15"
            lines.append(f"partner {partner}: the same as the declarer ({why}) = {share}")
        else:
            share = half_share_literal(final) if literal_share else half_share(final)
            lines.append(f"partner {partner}: {_half_text(final, literal_share)}")
        pts[partner] += share

    lines.extend(opp_lines)
    if opp_amount:
        for o in opps:
            if o in radelci.doubled:
                pts[o] += 2 * opp_amount
                lines.append(f"opponent {o} holds a radelc -> x2 -> {o} scores {signed(2 * opp_amount)}")
            else:
                pts[o] += opp_amount

    if hand.get("mond_in_talon"):
        pts[decl] += MOND_IN_TALON_POINTS
        lines.append(f"mond left in the talon: {MOND_IN_TALON_POINTS} to declarer {decl} (P31)")


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
        lines.append(f"{header}: {'won' if hand['won'] else 'lost'} ({signed(g)})")
    else:
        cp = hand["card_points"]
        won = cp >= 36  # P16: "35 and one card" is 36 and wins
        base = value if won else -value
        diff = difference(cp)
        g = base + diff
        lines.append(f"{header}: {'won' if won else 'lost'} ({signed(base)})")
        lines.append(f"difference: card points {cp} -> {round5(cp)} -> {signed(diff)}; game = {g}")
    s_amount = g * gk
    items["game"] = s_amount
    if gk > 1:
        lines.append(f"{KONTRA_WORD[gk]} on the game: {g} -> {s_amount}")

    opp_amount = 0
    for b in bonuses:
        t = b["type"]
        label = t.replace("_", " ")
        k = b.get("kontra") or 1
        who = "declaring side" if b["side"] == "declarer" else "opponents"
        if b["announced"]:
            val = BONUS_FULL[t]
            how = f"announced by {who}{_kontra_text(k)}, {'made' if b['made'] else 'failed'}"
        else:
            val = BONUS_HALF[t]
            how = f"silent, achieved by {who}"
        amount = val * k
        shown = f"{val} x {k} = " if k > 1 else ""
        if b["side"] == "declarer":
            signed_amount = amount if b["made"] else -amount
            s_amount += signed_amount
            items[f"bonus:{t}"] = signed_amount
            lines.append(f"{label} {how}: {shown}{signed(signed_amount)}")
        elif b["made"]:
            # P21, A6: every opponent receives the full amount; the declaring side is not charged.
            opp_amount += amount
            items[f"bonus:{t}"] = amount
            opp_lines.append(f"{label} {how}: {shown}{signed(amount)} to each of {_seat_list(opps)}")
        else:
            # A7: a failed opponents' announcement is credited to the declaring side.
            s_amount += amount
            items[f"bonus:{t}"] = amount
            lines.append(f"{label} {how}: {shown}{signed(amount)} to the declaring side (A7)")
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


VARIANT = Variant(
    key=KEY,
    name="Taruk 2012 (Slovenian competitive tarok)",
    rules_version="taruk2012/1",
    validate=validate,
    settle=settle,
    playing_seats=playing_seats,
    next_dealer=next_dealer,
    validate_config=validate_config,
    misdeal_history=misdeal_history_errors,
)
