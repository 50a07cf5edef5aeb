"""Vadász tarokk (``tarokk-vadasz``): validation and settlement of one hand.

The law is ``rules/tarokk-vadasz.md`` (cited below as "§1.9", "§3.2 rule 7", ...)
on top of the common envelope of ``rules/hand-format.md``. Section numbers such
as "IV.1" refer to the original Hungarian document the spec translates.

Shape: ``validate`` reports every error at once and never raises on any JSON;
``settle`` trusts a validated hand and turns it into the signed items of §2.1,
the per-seat points of §2.2 and the next table state of §3.4.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from scoring import common
from scoring.common import (
    ALL_SEATS,
    Errors,
    check_empty,
    envelope,
    is_seat_list,
    next_seat,
    opt,
    path,
    round_toward_zero,
    signed,
)
from scoring.families.hungarian_tarokk import rules as tarokk
from scoring.text import _, join
from scoring.types import Code, HandError, HandScore

KEY = "tarokk-vadasz"
RULES_VERSION = "tarokk-vadasz/2025-07-23"  # the original dates itself 23 July 2025

# --- the record (§3.1) --------------------------------------------------------

# "Hand-result fields" that a thrown-in or redealt hand must not carry (§3.2 rule 2).
RESULT_FIELDS = (
    "bid",
    "declarer",
    "partner",
    "solo",
    "declarer_talon_taken",
    "declarer_card_points",
    "count_result",
    "declarer_tricks",
    "game_kontra",
    "figures",
    "lengetes_ulti",
    "renonsz",
)
HAND_FIELDS = (
    "variant",
    "seats",
    "dealer",
    "participants",
    "talon_arranger",
    "outcome",
    "start_double_round",
    "thrower",
    "throw_in_reason",
    "note",  # the referee's remark, ignored by scoring (common.check_note)
    *RESULT_FIELDS,
)
FIGURE_FIELDS = ("figure", "side", "announced", "announcer", "with_volat", "kontra", "result", "unplayable")
STATE_FIELDS = ("double_round_remaining",)
FIGURE_FIELD_SET = frozenset(FIGURE_FIELDS)
_HAND_FIELD_SET = frozenset(HAND_FIELDS)
# A validated figure entry: (figure, side, announced, announcer, with_volat, result);
# each part None where it was invalid.
Parsed = tuple[Any, Any, Any, Any, bool, Any]

OUTCOMES = ("played", "thrown_in", "redeal", "renonsz")
THROW_IN_REASONS = (
    "no_tarokk",
    "only_xxi",
    "four_kings",
    "partner_obligatory",
    "declarer_obligatory",
    "second_round_no_honour",
    "other",
)
SOLO_CASES = ("forced", "open_self_call", "hidden_self_call")
SIDES = tarokk.SIDES
FIGURES = ("tuletroa", "negy_kiraly", "pagat_ulti", "xxi_fogas", "dupla", "volat")
RESULTS = {
    "tuletroa": ("made", "failed"),
    "negy_kiraly": ("made", "failed"),
    "xxi_fogas": ("made", "failed"),
    "pagat_ulti": ("made", "lost_last_trick", "lost_early"),
}
# §1.10: the flat amount an objectively unplayable announcement costs (kontra ignored).
UNPLAYABLE = {
    "xxi_fogas": {"xxi_not_catchable": 21, "skiz_took_partners_xxi": 10},
    "pagat_ulti": {"opponent_9_tarokk": 5, "starting_opponent_8_tarokk": 5},
}
WITH_VOLAT_FIGURES = ("tuletroa", "negy_kiraly", "dupla")  # §1.6 overlap rule
LENGETES_MODES = ("obligatory", "optional")
RENONSZ_KINDS = ("discard", "play", "other")

# §1.3 / §2.1: the card points P of the declaring side (of 94) decide only through the game at 48 (47-47
# goes to the opponents) and a dupla at 71 (the opponents': P <= 23); the sheet's verdict may stand in for
# P (``count_result``, a band of P: COUNT_RESULTS, ``count_band``). Shared with Illusztrált:
# scoring/families/hungarian_tarokk/rules.py.
WIN_POINTS, DUPLA_POINTS, TOTAL_POINTS = tarokk.WIN_POINTS, tarokk.DUPLA_POINTS, tarokk.TOTAL_POINTS
COUNT_RESULTS, COUNT_RESULT_LABEL, count_band = tarokk.COUNT_RESULTS, tarokk.COUNT_RESULT_LABEL, tarokk.count_band

# §1.2 / §3.2 rule 4: the declarer's share of the talon for each bid.
BID_SHARE = {"harmas": 3, "kettes": 2, "egyes": 1, "szolo": 0}
BIDS = tuple(BID_SHARE)
# §1.4: base game value G by the talon cards the declarer actually took.
GAME_VALUE = (4, 3, 2, 1)  # index = cards taken
# §1.5: announced / silent values (dupla and volát are multiples of G, see _figure_result).
ANNOUNCED_VALUE = {"tuletroa": 2, "negy_kiraly": 4, "pagat_ulti": 10, "xxi_fogas": 42}
SILENT_VALUE = {"tuletroa": 1, "negy_kiraly": 2, "pagat_ulti": 5, "xxi_fogas": 21}
# §1.7: szubkontra only signals a partnership, the value stays x4 (not common.KONTRA_FACTORS' x8).
MULTIPLIER = (1, 2, 4, 4)
# " x 2 (kontra)": a kontra level as the lines write it after a value (names as common.KONTRA_NAMES).
KONTRA_TEXT = (
    "",
    join("", [" x 2 (", _("kontra"), ")"]),
    join("", [" x 4 (", _("rekontra"), ")"]),
    join("", [" x 4 (", _("szubkontra"), ")"]),
)
# §1.9: the factor applied to S for a lone declarer who wins.
SOLO_WIN_FACTOR = {"forced": 3, "open_self_call": 2, "hidden_self_call": 1}
# The words a line or a message shows are scoring.text messages; the game's Hungarian terms
# (figures, kontra levels, lengetés) are the same in every language.
SOLO_NAME = {
    "forced": _("forced alone"),
    "open_self_call": _("open self-call"),
    "hidden_self_call": _("hidden self-call"),
}
FIGURE_NAME = {
    "tuletroa": _("tulétroá"),
    "negy_kiraly": _("négy király"),
    "pagat_ulti": _("pagát ulti"),
    "xxi_fogas": _("XXI-fogás"),
    "dupla": _("dupla"),
    "volat": _("volát"),
}
SIDE_NAME = tarokk.SIDE_NAME


# --- seats (§1.1) -------------------------------------------------------------

# Offsets from the dealer, per number of participants (the §1.1 table).
_PLAY_OFFSETS = {4: (1, 2, 3, 4), 5: (1, 2, 3, 4), 6: (1, 2, 4, 5), 7: (1, 2, 5, 6)}
_ARRANGER_OFFSETS: dict[int, tuple[int, ...]] = {4: (), 5: (0,), 6: (3,), 7: (3, 4)}


def play_order(participants: Sequence[str], dealer: str) -> list[str]:
    """The four players of a hand in playing order (§1.1 table): at 4 the dealer
    plays last; at 5-7 the two after and the two before the dealer play."""
    n = len(participants)
    d = participants.index(dealer)
    return [participants[(d + k) % n] for k in _PLAY_OFFSETS[n]]


def talon_arrangers(participants: Sequence[str], dealer: str) -> list[str]:
    """Who may arrange the talon (§1.1): none at 4, the dealer at 5, the one
    opposite (d+3) at 6, either of the two opposite (d+3, d+4) at 7."""
    n = len(participants)
    d = participants.index(dealer)
    return [participants[(d + k) % n] for k in _ARRANGER_OFFSETS[n]]


def table_fields(table_seats: list[str], dealer: str) -> dict[str, Any]:
    """What the table fixes of a hand (§1.1): everyone at it participates; the talon arranger where
    the dealer decides who it is (the dealer at 5, the one opposite at 6; at 7 the dealer picks one of
    two, so the hand names him)."""
    fields: dict[str, Any] = {"participants": list(table_seats)}
    if 4 <= len(table_seats) <= 7 and dealer in table_seats:
        arrangers = talon_arrangers(table_seats, dealer)
        if len(arrangers) == 1:
            fields["talon_arranger"] = arrangers[0]
    return fields


def playing_seats(table_seats: list[str], dealer: str, state: Mapping[str, Any]) -> list[str]:
    """Seats that play the next hand, in playing order (§1.1). The double round
    (the only state) does not change who plays."""
    if not 4 <= len(table_seats) <= 7 or dealer not in table_seats:
        raise ValueError(f"a Vadász table has 4 to 7 seats including the dealer, got {table_seats}/{dealer}")
    return play_order(table_seats, dealer)


def next_dealer(table_seats: list[str], dealer: str) -> str:
    """The player right after the dealer deals next (§1.1). After a throw-in the
    thrower may take the deal himself (§1.8); the record's ``dealer`` says so."""
    return next_seat(table_seats, dealer)


# --- validation (§3.2) --------------------------------------------------------


def _check_state(e: Errors, state: Any) -> int | None:
    """§3.4: ``{}`` or ``{"double_round_remaining": n}``; None when unusable."""
    if state is None or (type(state) is dict and not state):
        return 0
    if not isinstance(state, Mapping):
        e.add("state", Code.INVALID_VALUE, _("%(field)s must be a JSON object", field="state"))
        return None
    for key in state:
        if key not in STATE_FIELDS:
            e.add(
                path("state", key if isinstance(key, str | int) else str(key)),
                Code.UNKNOWN_FIELD,
                _("unknown state field %(key)s", key=repr(key)),
            )
    return e.optional_int(state, "double_round_remaining", 0, 7, "state", default=0)


def _check_table(e: Errors, obj: Mapping[str, Any], seats_valid: bool) -> list[str] | None:
    """§3.2 rule 1: participants, dealer, seats and talon arranger."""
    participants = obj.get("participants")
    if participants is None:
        e.add("participants", Code.MISSING_FIELD, _("participants is required (everyone at the table)"))
        return None
    if not is_seat_list(participants):
        e.add("participants", Code.INVALID_VALUE, _("participants must be a list of distinct seats A to G"))
        return None
    if not 4 <= len(participants) <= 7:
        e.add("participants", Code.OUT_OF_RANGE, _("a Vadász table has 4 to 7 participants"))
        return None
    dealer = obj.get("dealer")
    if not (isinstance(dealer, str) and dealer in ALL_SEATS):
        return participants  # the envelope has reported it
    if dealer not in participants:
        e.add("dealer", Code.INCONSISTENT, _("the dealer %(seat)s is not among the participants", seat=dealer))
        return participants
    expected = play_order(participants, dealer)
    if seats_valid and obj.get("seats") != expected:
        e.add(
            "seats",
            Code.INCONSISTENT,
            _(
                "with %(n)s participants and dealer %(dealer)s the players are %(seats)s in that order",
                n=len(participants),
                dealer=dealer,
                seats=", ".join(expected),
            ),
        )
    arranger = obj.get("talon_arranger")
    allowed = talon_arrangers(participants, dealer)
    if not allowed:
        if arranger is not None:
            e.add("talon_arranger", Code.NOT_APPLICABLE, _("there is no talon arranger at a table of 4"))
    elif arranger is None:
        e.add(
            "talon_arranger",
            Code.MISSING_FIELD,
            _("%(field)s is required at a table of 5 to 7", field="talon_arranger"),
        )
    elif not (isinstance(arranger, str) and arranger in participants):
        e.add("talon_arranger", Code.INVALID_VALUE, _("%(field)s must be a participant", field="talon_arranger"))
    elif arranger not in allowed:
        e.add(
            "talon_arranger",
            Code.INCONSISTENT,
            _("with %(n)s participants the talon arranger is %(seat)s", n=len(participants), seat=allowed[0])
            if len(allowed) == 1
            else _(
                "with %(n)s participants the talon arranger is %(first)s or %(second)s",
                n=len(participants),
                first=allowed[0],
                second=allowed[1],
            ),
        )
    return participants


NO_RESULTS_IN_RENONSZ = _("a renonsz hand records no figure results")


def _check_figure(
    e: Errors,
    raw: Any,
    base: str,
    seats: list[str] | None,
    side_of: dict[str, str] | None,
    renonsz: bool,
) -> Parsed | None:
    """One ``figures`` entry (§3.2 rules 6 and 7, the per-entry part). Returns the
    entry's valid parts for the cross-entry checks (None for an invalid part), or None. Field paths are
    only built when an error is recorded: this runs for every figure of every hand."""
    f = e.check_object(raw, base, text_keys=False)
    if f is None:
        return None
    e.unknown_keys(f, FIGURE_FIELD_SET, base)
    figure = e.required_choice(f, "figure", FIGURES, base)
    side = e.required_choice(f, "side", SIDES, base)
    announced = e.required_bool(f, "announced", base)

    announcer = f.get("announcer")
    if announced is True:
        if announcer is None:
            e.add(path(base, "announcer"), Code.MISSING_FIELD, _("an announced figure needs its announcer"))
        elif seats is not None:
            if not (type(announcer) is str and announcer in seats):
                announcer = e.check_seat(announcer, path(base, "announcer"), seats, "player")
            if announcer is not None and side is not None and side_of is not None and side_of[announcer] != side:
                e.add(
                    path(base, "announcer"),
                    Code.INCONSISTENT,
                    _("%(seat)s does not play on the declaring side", seat=announcer)
                    if side == "declarer"
                    else _("%(seat)s does not play on the opponents", seat=announcer),
                )
        else:
            announcer = None
    else:
        if announced is False and announcer is not None:
            e.add(path(base, "announcer"), Code.NOT_APPLICABLE, _("a silent figure has no announcer"))
        announcer = None
        if announced is False and figure in ("dupla", "volat"):
            e.add(
                path(base, "announced"),
                Code.NOT_APPLICABLE,
                _("a silent dupla or volát is derived from the card points and tricks; do not list it"),
            )

    kontra = e.optional_int(f, "kontra", 0, 3, base)
    if kontra and announced is False:
        e.add(path(base, "kontra"), Code.NOT_APPLICABLE, _("a silent figure cannot be kontra'd"))

    with_volat = f.get("with_volat")
    if with_volat is not None:
        if with_volat is not True and with_volat is not False:
            with_volat = e.check_bool(with_volat, path(base, "with_volat"))
        if with_volat and (announced is False or (figure is not None and figure not in WITH_VOLAT_FIGURES)):
            e.add(
                path(base, "with_volat"),
                Code.NOT_APPLICABLE,
                _("only an announced tulétroá, négy király or dupla can be overlapped by a volát"),
            )

    result = f.get("result")
    if renonsz:
        if result is not None:
            e.add(path(base, "result"), Code.NOT_APPLICABLE, NO_RESULTS_IN_RENONSZ)
        result = None
    elif figure == "dupla" or figure == "volat":
        if result is not None:
            e.add(
                path(base, "result"),
                Code.NOT_APPLICABLE,
                _("the result of a dupla or volát is derived from the card points and tricks"),
            )
        result = None
    elif figure is not None:
        result = e.required_choice(f, "result", RESULTS[figure], base)
        if result == "failed" and announced is False:
            e.add(path(base, "result"), Code.INCONSISTENT, _("a silent figure that failed is simply not listed"))
    elif result is None:
        e.add(path(base, "result"), Code.MISSING_FIELD, _("%(field)s is required", field="result"))
    else:
        result = None

    unplayable = f.get("unplayable")
    if unplayable is not None:
        ufield = path(base, "unplayable")
        if renonsz:
            e.add(ufield, Code.NOT_APPLICABLE, NO_RESULTS_IN_RENONSZ)
            unplayable = None
        elif figure is not None and figure not in UNPLAYABLE:
            e.add(ufield, Code.NOT_APPLICABLE, _("only a XXI-fogás or a pagát ulti can be objectively unplayable"))
            unplayable = None
        elif figure is not None:
            unplayable = e.check_choice(unplayable, ufield, UNPLAYABLE[figure])
            if announced is False or result == "made":
                e.add(ufield, Code.NOT_APPLICABLE, _("only a failed announcement can be objectively unplayable"))
            elif (
                unplayable == "starting_opponent_8_tarokk"
                and side is not None
                and seats is not None
                and side_of is not None
                and side_of[seats[0]] == side
            ):
                e.add(
                    ufield,
                    Code.INCONSISTENT,
                    _("the first player %(seat)s is on the announcers' side, not an opponent", seat=seats[0]),
                )
        else:
            unplayable = None
    return (figure, side, announced, announcer, with_volat is True, result)


def _check_figures(
    e: Errors,
    raw: Any,
    seats: list[str] | None,
    side_of: dict[str, str] | None,
    renonsz: bool,
    tricks: int | None,
) -> list[Parsed]:
    """§3.2 rules 6 and 7: each entry, then the checks across entries."""
    if raw is None:
        return []
    if type(raw) is not list:
        e.check_list(raw, "figures")
        return []
    parsed: list[Parsed] = []
    indices: list[int] = []
    for i, raw_f in enumerate(raw):
        f = _check_figure(e, raw_f, f"figures[{i}]", seats, side_of, renonsz)
        if f is not None and f[0] is not None and f[1] is not None:
            parsed.append(f)
            indices.append(i)
    if len(parsed) < 2 and tricks not in (0, 9) and not (parsed and parsed[0][4]):
        return parsed  # nothing to compare (the common case, kept fast)
    seen: set[tuple[str, str]] = set()
    made_by: dict[str, str] = {}  # figure -> the side that made it
    overlap = False
    for i, (fig, side, _announced, _who, with_volat, result) in zip(indices, parsed, strict=True):
        if (fig, side) in seen:
            if side == "declarer":
                message = _("%(figure)s of the declaring side is listed twice", figure=FIGURE_NAME[fig])
            else:
                message = _("%(figure)s of the opponents is listed twice", figure=FIGURE_NAME[fig])
            e.add(f"figures[{i}]", Code.INCONSISTENT, message)
        seen.add((fig, side))
        overlap = overlap or with_volat
        if result == "made" and made_by.setdefault(fig, side) != side:
            e.add(
                f"figures[{i}].result",
                Code.INCONSISTENT,
                _("%(figure)s cannot be made by both sides", figure=FIGURE_NAME[fig]),
            )
    if overlap:  # §1.6: an overlapped announcement needs the same player's volát
        volat_by = {(side, who) for fig, side, announced, who, _w, _r in parsed if fig == "volat" and announced}
        for i, (fig, side, announced, who, with_volat, _result) in zip(indices, parsed, strict=True):
            if with_volat and announced and who and fig in WITH_VOLAT_FIGURES and (side, who) not in volat_by:
                e.add(
                    f"figures[{i}].with_volat",
                    Code.INCONSISTENT,
                    _("no volát announced by %(seat)s for the declaring side", seat=who)
                    if side == "declarer"
                    else _("no volát announced by %(seat)s for the opponents", seat=who),
                )
    if tricks in (0, 9):  # one side took every trick: the other holds no honour or king
        volat_side = "declarer" if tricks == 9 else "opponents"
        for i, (fig, side, _announced, _who, _with, result) in zip(indices, parsed, strict=True):
            if result == "made" and side != volat_side and fig in ("tuletroa", "negy_kiraly"):
                e.add(
                    f"figures[{i}].result",
                    Code.INCONSISTENT,
                    # side != volat_side: the one side took every trick, the other made the figure
                    _(
                        "the declaring side took every trick, so the opponents cannot have made %(figure)s",
                        figure=FIGURE_NAME[fig],
                    )
                    if volat_side == "declarer"
                    else _(
                        "the opponents took every trick, so the declaring side cannot have made %(figure)s",
                        figure=FIGURE_NAME[fig],
                    ),
                )
    return parsed


EXCEPT_THROWN_IN = _("except to a thrown-in hand")


def validate(
    hand: Mapping[str, Any], state: Mapping[str, Any] | None, config: Mapping[str, Any] | None = None
) -> list[HandError]:
    """Every reason the hand (and the incoming state) is invalid (§3.2, §3.4)."""
    e = Errors()
    remaining = _check_state(e, state)
    obj = envelope(e, hand, KEY, _HAND_FIELD_SET)
    if obj is None:
        return e.items
    seats_valid = not e.has("seats")
    participants = _check_table(e, obj, seats_valid)
    if participants is not None and remaining and remaining > len(participants):
        e.add(
            "state.double_round_remaining",
            Code.INCONSISTENT,
            _("a double round at a table of %(n)s lasts at most %(n)s hands", n=len(participants)),
        )
    seats: list[str] | None = obj.get("seats") if seats_valid else None

    outcome = obj.get("outcome")
    if outcome is None:
        outcome = "played"
    else:
        outcome = e.check_choice(outcome, "outcome", OUTCOMES)
        if outcome is None:
            return e.items  # every later rule depends on the outcome

    start = obj.get("start_double_round")
    if start is not None and e.check_bool(start, "start_double_round") is True:
        if outcome != "thrown_in":
            e.add("start_double_round", Code.NOT_APPLICABLE, _("only a thrown-in hand can start a double round"))
        elif remaining:
            e.add(
                "start_double_round",
                Code.FORBIDDEN_COMBINATION,
                _("a double round is already running; no new one can start"),  # §1.8
            )

    if outcome in ("thrown_in", "redeal"):
        for key in RESULT_FIELDS:
            if key == "game_kontra" and obj.get(key) == 0 and obj.get(key) is not False:
                continue  # 0 is the documented default ("no kontra"), not a result
            e.forbid(obj, key, why=_("to a thrown-in hand") if outcome == "thrown_in" else _("to a redeal hand"))
        if outcome == "thrown_in":
            thrower = obj.get("thrower")
            if thrower is not None and seats is not None:
                e.check_seat(thrower, "thrower", seats, "player")
            elif thrower is None and start is True:
                # II.3 b: only the thrower who takes the deal himself declares a double round;
                # without his name the table cannot know who must deal the next hand.
                e.add(
                    "thrower",
                    Code.MISSING_FIELD,
                    _("a double round is declared by the player who threw in and then deals: name him"),  # §1.8
                )
            reason = obj.get("throw_in_reason")
            if reason is not None:
                e.check_choice(reason, "throw_in_reason", THROW_IN_REASONS)
        else:
            e.forbid(obj, "thrower", why=EXCEPT_THROWN_IN)
            e.forbid(obj, "throw_in_reason", why=EXCEPT_THROWN_IN)
        return e.items

    # played or renonsz
    is_renonsz = outcome == "renonsz"
    if obj.get("thrower") is not None or obj.get("throw_in_reason") is not None:
        e.forbid(obj, "thrower", why=EXCEPT_THROWN_IN)
        e.forbid(obj, "throw_in_reason", why=EXCEPT_THROWN_IN)

    # §3.2 rule 3: declarer, partner, solo.
    declarer = e.required_seat(obj, "declarer", seats, what="player")
    if "partner" not in obj and not is_renonsz:
        e.add("partner", Code.MISSING_FIELD, _("partner is required (null when the declarer plays alone)"))
    partner_raw = obj.get("partner")
    partner = None
    if partner_raw is not None and seats is not None:
        if type(partner_raw) is str and partner_raw in seats:
            partner = partner_raw
        else:
            partner = e.check_seat(partner_raw, "partner", seats, "player")
        if partner is not None and partner == declarer:
            e.add("partner", Code.INCONSISTENT, _("the partner cannot be the declarer"))
            partner = None
    solo = obj.get("solo")
    if partner_raw is None:
        if solo is None:
            # §3.2 rule 3 for every outcome: a renonsz hand need not name the partner, but
            # "partner": null says the declarer played alone, and then solo says how.
            if "partner" in obj:
                e.add("solo", Code.MISSING_FIELD, _("solo is required when the declarer plays alone"))  # §1.9
        else:
            e.check_choice(solo, "solo", SOLO_CASES)
    elif solo is not None:
        e.add("solo", Code.NOT_APPLICABLE, _("solo applies only when the declarer has no partner"))
    side_of: dict[str, str] | None = None
    partner_ok = partner_raw is None or partner is not None
    if declarer is not None and seats is not None and partner_ok and ("partner" in obj or is_renonsz):
        side_of = {s: ("declarer" if s in (declarer, partner) else "opponents") for s in seats}

    # §3.2 rule 4: talon.
    bid = obj.get("bid")
    if bid is not None:
        bid = e.check_choice(bid, "bid", BIDS)
    taken = e.required_int(obj, "declarer_talon_taken", 0, 3)
    if taken is not None and bid is not None and taken > BID_SHARE[bid]:
        e.add(
            "declarer_talon_taken",
            Code.INCONSISTENT,
            _("after the bid %(bid)s the declarer is due at most %(n)s talon cards", bid=bid, n=BID_SHARE[bid]),
        )

    # §3.2 rule 5: card points (or the sheet's verdict of the count) and tricks.
    tricks = None
    if is_renonsz:
        e.forbid(obj, "declarer_card_points", why=TO_A_RENONSZ_HAND)
        e.forbid(obj, "count_result", why=TO_A_RENONSZ_HAND)
        e.forbid(obj, "declarer_tricks", why=TO_A_RENONSZ_HAND)
    else:
        tricks = _check_card_points(e, obj)
    # §3.2 rule 6: game kontra.
    game_kontra = e.optional_int(obj, "game_kontra", 0, 3)

    # §3.2 rule 7: figures.
    figures = _check_figures(e, obj.get("figures"), seats, side_of, is_renonsz, tricks)

    # §3.2 rule 8: lengetés.
    lengetes = obj.get("lengetes_ulti")
    if lengetes is not None:
        _check_lengetes(e, lengetes, seats, declarer, side_of, game_kontra, figures)

    # §3.2 rule 9: renonsz.
    renonsz = obj.get("renonsz")
    if not is_renonsz:
        if renonsz is not None:
            e.forbid(obj, "renonsz", why=_("unless the outcome is renonsz"))
    elif renonsz is None:
        e.add("renonsz", Code.MISSING_FIELD, _("renonsz is required for a renonsz hand"))
    else:
        r = e.check_object(renonsz, "renonsz")
        if r is not None:
            e.unknown_keys(r, ("offender", "kind"), "renonsz")
            e.required_seat(r, "offender", seats, "renonsz", "player")
            e.required_choice(r, "kind", RENONSZ_KINDS, "renonsz")
    return e.items


TO_A_RENONSZ_HAND = _("to a renonsz hand")


def _check_card_points(e: Errors, obj: Mapping[str, Any]) -> int | None:
    """§3.2 rule 5: the card points P or the sheet's verdict instead (exactly one); every card is worth
    at least 1 point, a side that took every trick (or none) holds at least 72 (at most 22); with the
    verdict the same bounds on its band. Returns the trick count (None when invalid)."""
    band = tarokk.check_count(e, obj)
    verdict = obj.get("count_result")
    if tarokk.tricks_left_out(obj):  # the sheet's count without tricks: no volát was made
        return None
    why = tarokk.TRICKS_FOR_A_VOLAT if verdict is not None else ""
    tricks = e.required_int(obj, "declarer_tricks", 0, 9, why=why)
    if band is None or tricks is None:
        return tricks
    if verdict is not None:
        tarokk.verdict_holds_tricks(e, verdict, band, tricks)
        return tricks
    points = band[0]
    if not tarokk.card_points_hold_tricks(e, points, tricks):
        return tricks
    if tricks == 9 and points < 72:
        e.add(
            "declarer_card_points", Code.INCONSISTENT, _("a side that took every trick holds at least 72 card points")
        )
    elif tricks == 0 and points > 22:
        e.add(
            "declarer_card_points",
            Code.INCONSISTENT,
            _("a side without a trick holds at most 22 card points (6 skart cards)"),
        )
    return tricks


def _check_lengetes(
    e: Errors,
    raw: Any,
    seats: list[str] | None,
    declarer: str | None,
    side_of: dict[str, str] | None,
    game_kontra: int | None,
    figures: list[Parsed],
) -> None:
    """§3.2 rule 8 (§1.11)."""
    lg = e.check_object(raw, "lengetes_ulti")
    if lg is None:
        return
    e.unknown_keys(lg, ("waver", "mode"), "lengetes_ulti")
    waver = e.required_seat(lg, "waver", seats, "lengetes_ulti", "player")
    if waver is not None and waver == declarer:
        e.add("lengetes_ulti.waver", Code.INCONSISTENT, _("the waver cannot be the (Pagát-holding) declarer"))
        waver = None
    mode = e.required_choice(lg, "mode", LENGETES_MODES, "lengetes_ulti")
    waver_tuletroa = any(f[0] == "tuletroa" and f[2] and f[3] == waver for f in figures)
    if mode == "obligatory":
        if waver is not None and side_of is not None and side_of[waver] != "opponents":
            e.add("lengetes_ulti.waver", Code.INCONSISTENT, _("for an obligatory ulti the waver is an opponent"))
        if game_kontra is None or game_kontra < 1:
            e.add(
                "lengetes_ulti.mode",
                Code.INCONSISTENT,
                _("an obligatory ulti needs the waver's kontra on the game (game_kontra ≥ 1)"),
            )
        if waver is not None and not any(
            f[0] == "tuletroa" and f[1] == "opponents" and f[2] and f[3] == waver for f in figures
        ):
            e.add(
                "lengetes_ulti.mode",
                Code.INCONSISTENT,
                _("an obligatory ulti needs a tulétroá announced by the waver %(seat)s for the opponents", seat=waver),
            )
        if not any(f[0] == "pagat_ulti" and f[1] == "declarer" for f in figures):
            e.add(
                "lengetes_ulti.mode",
                Code.INCONSISTENT,
                _("an obligatory ulti needs a pagát ulti entry of the declaring side"),
            )
    elif mode == "optional" and waver is not None and waver_tuletroa:
        e.add(
            "lengetes_ulti.mode",
            Code.INCONSISTENT,
            _("the waver announced tulétroá, so the ulti is obligatory, not optional"),
        )


def validate_config(config: Mapping[str, Any] | None) -> list[HandError]:
    """Vadász has no event-level configuration: only ``None`` or ``{}``."""
    if config is None:
        return []
    e = Errors()
    check_empty(e, config, "config")
    return e.items


# --- settlement (§2) ----------------------------------------------------------

# A line's parts are joined by punctuation (the same in every language).
ARROW = " → "
KONTRA_IGNORED = join(" ", ["", _("(kontra ignored: forced alone)")])
MADE = _("made")
# A failed announcement's result as the line says it (§2.1: both pagát ulti losses are failures).
FAILED = {"failed": _("failed"), "lost_last_trick": _("lost in the last trick"), "lost_early": _("lost early")}
# §1.10: why an announcement was objectively unplayable (the record's key, in words in translations).
UNPLAYABLE_TEXT = {
    "xxi_not_catchable": _("objectively unplayable (xxi_not_catchable)"),
    "skiz_took_partners_xxi": _("objectively unplayable (skiz_took_partners_xxi)"),
    "opponent_9_tarokk": _("objectively unplayable (opponent_9_tarokk)"),
    "starting_opponent_8_tarokk": _("objectively unplayable (starting_opponent_8_tarokk)"),
}


def _times(value: Any, k: int) -> Any:
    """ "2 x 2 (kontra)": a value and its kontra level (the value alone without kontra)."""
    return join("", [str(value), KONTRA_TEXT[k]]) if k else value


def _result(word: str, value: Any, amount: int) -> str:
    """ "made, 2 x 2 (kontra) → +4": the result, the value and the signed amount."""
    return join(", ", [word, join(ARROW, [value, signed(amount)])])


def _items(hand: Mapping[str, Any], g: int, reduced: bool) -> list[tuple[str, int]]:
    """The signed items of §2.1 from the declaring side's view, each with its
    breakdown line. ``reduced`` applies the forced-alone-loss changes of §1.9
    (S'): the opponents' made announcements at silent value unless the declarer
    kontra'd them, and the opponents' kontra on the game ignored unless rekontra'd."""
    p = hand.get("declarer_card_points")  # None: the sheet's verdict stands in (count_result)
    band = count_band(hand)
    t = hand.get("declarer_tricks")  # None: the sheet's count without tricks, no volát
    gk = hand.get("game_kontra") or 0
    figures = hand.get("figures") or ()
    lengetes = hand.get("lengetes_ulti")
    lmode = lengetes["mode"] if lengetes else None
    dupla = {"declarer": band == "dupla", "opponents": band == "opponents_dupla"}  # P >= 71, P <= 23
    volat = {"declarer": t == 9, "opponents": t == 0}
    sign = {"declarer": 1, "opponents": -1}
    announced = {(f["figure"], f["side"]) for f in figures if f["announced"]}
    items: list[tuple[str, int]] = []

    # Game (§1.6 "game superseded"; §2.1).
    if dupla["declarer"] or dupla["opponents"] or t == 9 or t == 0:
        items.append((_("game: not paid (a dupla or volát was made)"), 0))
    else:
        won = band == "won"  # P >= 48
        m = MULTIPLIER[gk]
        note = KONTRA_TEXT[gk]
        # §1.9 S' rule 2, read as its heading says ("changes which favour the unlucky declarer"): the
        # opponents' kontra on a game he lost is ignored; on a game he won it stands (ignoring it would
        # lower his win).
        if reduced and gk == 1 and not won:
            m, note = 1, KONTRA_IGNORED
        amount = g * m if won else -g * m
        args = {"g": g, "kontra": note, "amount": signed(amount)}
        if p is None and won:
            line = _("game won (the sheet's count): G %(g)s%(kontra)s = %(amount)s", **args)
        elif p is None:
            line = _("game lost (the sheet's count): G %(g)s%(kontra)s = %(amount)s", **args)
        elif won:
            line = _("game won (%(points)s card points): G %(g)s%(kontra)s = %(amount)s", points=p, **args)
        else:
            line = _("game lost (%(points)s card points): G %(g)s%(kontra)s = %(amount)s", points=p, **args)
        items.append((line, amount))

    # Automatic silent dupla / volát, never listed (§2.1); §1.6 reading: a volát absorbs the dupla.
    for side in SIDES:
        who = SIDE_NAME[side]
        if volat[side] and ("volat", side) not in announced:
            amount = sign[side] * 3 * g
            line = _(
                "silent volát (%(side)s): 3G = %(value)s → %(amount)s", side=who, value=3 * g, amount=signed(amount)
            )
            items.append((line, amount))
        if dupla[side] and ("dupla", side) not in announced:
            if volat[side]:
                items.append((_("silent dupla (%(side)s): 0 (absorbed by the volát)", side=who), 0))
            else:
                amount = sign[side] * 2 * g
                line = _(
                    "silent dupla (%(side)s): 2G = %(value)s → %(amount)s", side=who, value=2 * g, amount=signed(amount)
                )
                items.append((line, amount))

    for f in figures:
        line, amount = _figure_result(f, g, dupla, volat, lmode, reduced)
        announced = f["announced"]
        head = _figure_head(f["figure"], f["side"], announced, f["announcer"] if announced else None)
        items.append((join(": ", [head, line]), amount))
    return items


@lru_cache(maxsize=256, typed=True)
def _figure_head(figure: str, side: str, announced: bool, announcer: str | None) -> str:
    """ "tulétroá (declaring side, announced by A)": a listed figure as its line names it.

    Cached, the call's whole input (plain values) as the key: a few hundred heads exist, every figure
    of every hand names one, and a message is never changed once made, so hands share them. (A cache
    of whole figure lines, thousands, was slower over the bench's 20,000 hands.)"""
    name = FIGURE_NAME[figure]
    if announced:
        return _("%(figure)s (%(side)s, announced by %(seat)s)", figure=name, side=SIDE_NAME[side], seat=announcer)
    return _("%(figure)s (%(side)s, silent)", figure=name, side=SIDE_NAME[side])


def _figure_result(
    f: Mapping[str, Any], g: int, dupla: Mapping[str, bool], volat: Mapping[str, bool], lmode: str | None, reduced: bool
) -> tuple[str, int]:
    """A listed figure's result, value and signed amount (§2.1 "Each listed figure"): the line after its name."""
    if f.get("with_volat"):
        return _("0 (overlapped by the volát announced with it)"), 0
    fig = f["figure"]
    side = f["side"]
    s = 1 if side == "declarer" else -1
    k = f.get("kontra") or 0
    is_announced = f["announced"]
    result = f.get("result")
    # §1.9 S' rule 1: a made announcement of the opponents counts as silent unless kontra'd.
    halve = reduced and side == "opponents" and is_announced and not k
    if fig in ("dupla", "volat"):
        made = (dupla if fig == "dupla" else volat)[side]
        mult = 4 if fig == "dupla" else 6
        if made and halve:
            mult //= 2
            value = mult * g
            at_silent = _(
                "at silent value %(value)s (forced alone) → %(amount)s",
                value=f"{mult}G = {value}",
                amount=signed(s * value),
            )
            return join(", ", [MADE, at_silent]), s * value
        value = mult * g * MULTIPLIER[k]
        amount = s * value if made else -s * value
        return _result(MADE if made else FAILED["failed"], _times(f"{mult}G = {mult * g}", k), amount), amount

    # §1.11 lengetés: fixed values for the declaring side's pagát ulti.
    if fig == "pagat_ulti" and side == "declarer" and lmode is not None:
        unplayable = f.get("unplayable")
        if lmode == "obligatory" and not unplayable:  # §5.7: the unplayable rule wins
            if result == "lost_early":
                return _("Pagát forced out early, lengetés fixed -5 (kontra ignored) → -5"), -5
            amount = 10 * MULTIPLIER[k] if result == "made" else -10 * MULTIPLIER[k]
            word = MADE if result == "made" else FAILED["lost_last_trick"]
            fixed = _("lengetés fixed %(value)s → %(amount)s", value=_times(10, k), amount=signed(amount))
            return join(", ", [word, fixed]), amount
        if lmode == "optional" and not is_announced and result == "made":
            return join(", ", [MADE, _("lengetés (optional) pays the announced 10 → +10")]), 10

    if is_announced:
        if result == "made":
            if halve:
                value = SILENT_VALUE[fig]
                at_silent = _(
                    "at silent value %(value)s (forced alone) → %(amount)s", value=value, amount=signed(s * value)
                )
                return join(", ", [MADE, at_silent]), s * value
            value = ANNOUNCED_VALUE[fig] * MULTIPLIER[k]
            return _result(MADE, _times(ANNOUNCED_VALUE[fig], k), s * value), s * value
        unplayable = f.get("unplayable")
        word = FAILED[result]
        if unplayable:  # §1.10: flat silent value, kontra ignored
            value = UNPLAYABLE[fig][unplayable]
            flat = _("flat %(value)s (kontra ignored) → %(amount)s", value=value, amount=signed(-s * value))
            return join(", ", [word, UNPLAYABLE_TEXT[unplayable], flat]), -s * value
        value = ANNOUNCED_VALUE[fig] * MULTIPLIER[k]
        return _result(word, _times(ANNOUNCED_VALUE[fig], k), -s * value), -s * value

    # Silent figures (§1.5 half value; §2.1).
    if fig == "pagat_ulti":
        if result == "made":
            return _result(MADE, "5", s * 5), s * 5
        if result == "lost_last_trick":  # §5.8: a silent ulti lost in the last trick costs 5
            return _result(FAILED["lost_last_trick"], "5", -s * 5), -s * 5
        return join(", ", [FAILED["lost_early"], "0"]), 0
    if fig in ("tuletroa", "negy_kiraly") and volat[side]:  # §1.6 / §5.6: absorbed by the volát
        return _("0 (absorbed by the volát)"), 0
    value = SILENT_VALUE[fig]
    return _result(MADE, str(value), s * value), s * value


def renonsz_amount(hand: Mapping[str, Any], g: int) -> tuple[int, str]:
    """§1.13: R = G x m(game kontra) + Σ announced figures x their multipliers
    (overlapped announcements count 0)."""
    gk = opt(hand, "game_kontra", 0)
    total = g * MULTIPLIER[gk]
    parts = [_times(f"G {g}", gk)]
    for f in opt(hand, "figures", []):
        if not f["announced"] or f.get("with_volat"):
            continue
        fig = f["figure"]
        k = opt(f, "kontra", 0)
        base = {"dupla": 4 * g, "volat": 6 * g}.get(fig) or ANNOUNCED_VALUE[fig]
        total += base * MULTIPLIER[k]
        parts.append(_times(join(" ", [FIGURE_NAME[fig], str(base)]), k))
    return total, join(" + ", parts)


def score_items(hand: Mapping[str, Any]) -> list[tuple[str, int]]:
    """The §2.1 items of a validated ``played`` hand (for tests and referees)."""
    return _items(hand, GAME_VALUE[hand["declarer_talon_taken"]], reduced=False)


def _renonsz_line(kind: str, offender: str, expr: str, total: int) -> str:
    """ "renonsz by D (play): R = G 2 + tulétroá 2 = 4" (each kind its own sentence: its id is English)."""
    args = {"offender": offender, "expr": expr, "total": total}
    if kind == "discard":
        return _("renonsz by %(offender)s (discard): R = %(expr)s = %(total)s", **args)
    if kind == "play":
        return _("renonsz by %(offender)s (play): R = %(expr)s = %(total)s", **args)
    return _("renonsz by %(offender)s (other): R = %(expr)s = %(total)s", **args)


def settle(
    hand: Mapping[str, Any], state: Mapping[str, Any] | None, config: Mapping[str, Any] | None = None
) -> HandScore:
    """Points for every participant, the next state and the breakdown (§2.2, §2.3)."""
    participants = hand["participants"]
    seats = hand["seats"]
    remaining = (state.get("double_round_remaining") if state else None) or 0
    points = dict.fromkeys(participants, 0)
    lines: list[str] = []
    outcome = opt(hand, "outcome", "played")

    if outcome in ("thrown_in", "redeal"):
        lines.append(_("thrown in: no score") if outcome == "thrown_in" else _("redeal: no score"))
        if hand.get("start_double_round"):
            remaining = len(participants)
            lines.append(_("double round declared: the next %(n)s played hands count double", n=remaining))
        return HandScore(points, {"double_round_remaining": remaining} if remaining else {}, lines)

    g = GAME_VALUE[hand["declarer_talon_taken"]]
    declarer = hand["declarer"]
    if outcome == "renonsz":
        offender = hand["renonsz"]["offender"]
        r, expr = renonsz_amount(hand, g)
        lines.append(_renonsz_line(hand["renonsz"]["kind"], offender, expr, r))
        for seat in seats:
            points[seat] = -3 * r if seat == offender else r
        lines.append(
            _(
                "%(offender)s pays %(r)s to each of the other three: %(amount)s",
                offender=offender,
                r=r,
                amount=signed(-3 * r),
            )
        )
    else:
        s = 0
        for line, amount in _items(hand, g, reduced=False):
            lines.append(line)
            s += amount
        partner = hand.get("partner")
        if partner is not None:
            lines.append(
                _(
                    "S = %(s)s: declarer %(declarer)s and partner %(partner)s %(each)s each, opponents %(other)s each",
                    s=s,
                    declarer=declarer,
                    partner=partner,
                    each=signed(s),
                    other=signed(-s),
                )
            )
            for seat in seats:
                points[seat] = s if seat in (declarer, partner) else -s
        else:
            d = _solo_result(hand, g, s, lines)
            for seat in seats:
                points[seat] = d if seat == declarer else -d // 3

    if remaining:
        for seat in points:
            points[seat] *= 2
        remaining -= 1
        lines.append(_("double round: every score x 2 (%(n)s doubled hands left)", n=remaining))
    return HandScore(points, {"double_round_remaining": remaining} if remaining else {}, lines)


def _solo_result(hand: Mapping[str, Any], g: int, s: int, lines: list[str]) -> int:
    """D of a declarer without a partner (§1.9), with its breakdown line."""
    solo = hand["solo"]
    name = SOLO_NAME[solo]
    if s > 0:
        raw = SOLO_WIN_FACTOR[solo] * s
        d = round_toward_zero(raw, 3)
        lines.append(
            _(
                "S = %(s)s; %(solo)s win x%(factor)s = %(raw)s; rounded toward 0 → %(d)s; each opponent %(each)s",
                s=s,
                solo=name,
                factor=SOLO_WIN_FACTOR[solo],
                raw=raw,
                d=d,
                each=signed(-d // 3),
            )
        )
        return d
    if s == 0:
        lines.append(_("S = 0; %(solo)s: nothing to pay", solo=name))
        return 0
    if solo != "forced":
        raw = 2 * s
        d = round_toward_zero(raw, 3)
        lines.append(
            _(
                "S = %(s)s; %(solo)s loss x2 = %(raw)s; rounded toward 0 → %(d)s; each opponent %(each)s",
                s=s,
                solo=name,
                raw=raw,
                d=d,
                each=signed(-d // 3),
            )
        )
        return d
    normal = _items(hand, g, reduced=False)
    reduced = _items(hand, g, reduced=True)
    for (_line, before), (line, after) in zip(normal, reduced, strict=True):
        if before != after:
            lines.append(_("forced alone loss, reduced: %(line)s", line=line))
    s2 = sum(amount for _line, amount in reduced)
    d = round_toward_zero(min(s2, 0), 3)  # a loss cannot turn into a gain
    args = {"s": s, "s2": s2, "d": d, "each": signed(-d // 3)}
    if s2 >= 0:
        line = _(
            "S = %(s)s; forced alone loss: S' = %(s2)s (≥ 0: no loss); rounded toward 0 → %(d)s; "
            "each opponent %(each)s",
            **args,
        )
    else:
        line = _("S = %(s)s; forced alone loss: S' = %(s2)s; rounded toward 0 → %(d)s; each opponent %(each)s", **args)
    lines.append(line)
    return d


dealers_reads = ("outcome", "thrower", "start_double_round")  # what dealers_after reads of the hand


def dealers_after(table_seats: list[str], hand: Mapping[str, Any]) -> list[str]:
    """§1.8 (original II.3): after a throw-in the next player deals (a). If that is the
    thrower, he may pass the deal on to the player after him (a); any other thrower may take
    the deal himself (b). A double round is declared by the thrower who takes the deal, so
    after one only the thrower deals (b) -- otherwise it would double hands he never dealt.
    A redeal (misdeal, annulled hand) is dealt again by the same dealer (our reading)."""
    usual = next_dealer(table_seats, hand["dealer"])
    outcome = hand.get("outcome", "played")
    thrower = hand.get("thrower")
    if outcome == "thrown_in" and thrower in table_seats:
        if hand.get("start_double_round"):
            return [thrower]
        if thrower == usual:
            return [usual, next_dealer(table_seats, usual)]
        return [usual, thrower]
    if outcome == "redeal":
        return [hand["dealer"], usual]
    return [usual]


def counts_as_played(hand: Mapping[str, Any]) -> bool:
    """Thrown-in hands and redeals are not played hands (§1.8, §3.1)."""
    return hand.get("outcome", "played") not in ("thrown_in", "redeal")


VARIANT = common.variant_of(globals(), key=KEY, name="Vadász tarokk", rules_version=RULES_VERSION)
