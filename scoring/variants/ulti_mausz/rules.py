"""Ulti under the MAUSZ championship rules (Budapest, 14 October 2017).

Spec: ``/work/shared/rules/ulti-mausz.md`` (the law for scoring), envelope:
``hand-format.md``. Section numbers in comments (§2.3, §5.4, A14, ...) point into
that spec; "4.§(D)(3)" style references point into the Hungarian original.

The engine receives the final bid and a few facts read off the table (tricks,
card points, marriages, who took the four aces, the trump seven in the last
trick) and derives every verdict itself (§5.2 "facts, not verdicts").

Settlement is money-style (§3.1, A12): every amount is a payment between two
active players, so every deal is zero-sum. Internally a deal becomes a list of
``_Item``s, each one breakdown line plus the payments it stands for; points are
the sum of the payments.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, NamedTuple

from scoring import common
from scoring.common import (
    MISSING,
    Errors,
    after_dealer,
    check_empty,
    envelope,
    kontra_name,
    next_seat,
    path,
    present,
    seats_ok,
    signed,
    table_from,
)
from scoring.text import _, join
from scoring.types import Code, HandError, HandScore

KEY = "ulti-mausz"
UNKNOWN_BID = "unknown_bid"  # §5.4 names this code for `bid` and `penalty_bid.bid`

# Ulti tables have three or four seats (§1.1); a hand never names E..G.
ULTI_SEATS = ("A", "B", "C", "D")
_ULTI_SET = frozenset(ULTI_SEATS)

SUITS = ("makk", "tok", "zold", "piros")
SUIT_NAME = {"makk": "makk", "tok": "tök", "zold": "zöld", "piros": "piros"}

HAND_FIELDS = (
    "variant",
    "seats",
    "dealer",
    "declarer",
    "bid",
    "trump",
    "kontra",
    "gave_up",
    "play",
    "silent_claims",
    "results",
    "renonsz",
    "note",  # the referee's remark, ignored by scoring (common.check_note)
)
PLAY_FIELDS = ("declarer_tricks", "declarer_card_points", "marriages", "four_aces", "trump7_last_trick")
RENONSZ_FIELDS = ("case", "offender", "penalty_bid", "jury_points")
GAVE_UP = ("before_first_card", "after_first_card")
KONTRA_LEVELS = (1, 2, 4)  # §3.5: kontra doubles, rekontra quadruples, nothing beyond (7.§(7))


# --- §2.3 the bid table ------------------------------------------------------------------


class BidRow(NamedTuple):
    """One row of the licittábla: serial number, grade ("Rang-sor"), components with
    their unit values (red doubling and the automatic parti already applied), total."""

    row: int
    grade: int
    components: dict[str, int]
    total: int


# (key, red) -> row. Colourless keys are never red (§2.1 notes). Values are the §2.3
# "components" column; a test checks totals, red doubling and 54 rows / 41 grades.
# Grade only matters to an auction checker (§2.3 "Engine constant"); inside grade 23
# row 29 is the stronger one (A3).
BID_TABLE: dict[tuple[str, bool], BidRow] = {
    ("parti", False): BidRow(1, 1, {"parti": 1}, 1),
    ("parti", True): BidRow(2, 2, {"parti": 2}, 2),
    ("40-100", False): BidRow(3, 3, {"40-100": 4}, 4),
    ("4asz", False): BidRow(4, 4, {"4asz": 4, "parti": 1}, 5),
    ("ulti", False): BidRow(5, 5, {"ulti": 4, "parti": 1}, 5),
    ("betli", False): BidRow(6, 6, {"betli": 5}, 5),
    ("durchmars", False): BidRow(7, 7, {"durchmars": 6}, 6),
    ("szintelen_durchmars", False): BidRow(8, 7, {"szintelen_durchmars": 6}, 6),
    ("40-100+4asz", False): BidRow(9, 8, {"40-100": 4, "4asz": 4}, 8),
    ("40-100+ulti", False): BidRow(10, 9, {"40-100": 4, "ulti": 4}, 8),
    ("20-100", False): BidRow(11, 10, {"20-100": 8}, 8),
    ("40-100", True): BidRow(12, 10, {"40-100": 8}, 8),
    ("ulti+4asz", False): BidRow(13, 11, {"ulti": 4, "4asz": 4, "parti": 1}, 9),
    ("4asz", True): BidRow(14, 12, {"4asz": 8, "parti": 2}, 10),
    ("ulti", True): BidRow(15, 13, {"ulti": 8, "parti": 2}, 10),
    ("40-100+durchmars", False): BidRow(16, 14, {"40-100": 4, "durchmars": 6}, 10),
    ("ulti+durchmars", False): BidRow(17, 14, {"ulti": 4, "durchmars": 6}, 10),
    ("rebetli", False): BidRow(18, 15, {"rebetli": 10}, 10),
    ("40-100+ulti+4asz", False): BidRow(19, 16, {"40-100": 4, "ulti": 4, "4asz": 4}, 12),
    ("20-100+4asz", False): BidRow(20, 17, {"20-100": 8, "4asz": 4}, 12),
    ("20-100+ulti", False): BidRow(21, 18, {"20-100": 8, "ulti": 4}, 12),
    ("teritett_durchmars", False): BidRow(22, 19, {"teritett_durchmars": 12}, 12),
    ("redurchmars", False): BidRow(23, 19, {"redurchmars": 12}, 12),
    ("durchmars", True): BidRow(24, 19, {"durchmars": 12}, 12),
    ("40-100+ulti+durchmars", False): BidRow(25, 20, {"40-100": 4, "ulti": 4, "durchmars": 6}, 14),
    ("20-100+durchmars", False): BidRow(26, 21, {"20-100": 8, "durchmars": 6}, 14),
    ("20-100+ulti+4asz", False): BidRow(27, 22, {"20-100": 8, "ulti": 4, "4asz": 4}, 16),
    ("40-100+4asz", True): BidRow(28, 23, {"40-100": 8, "4asz": 8}, 16),
    ("40-100+ulti", True): BidRow(29, 23, {"40-100": 8, "ulti": 8}, 16),
    ("40-100+teritett_durchmars", False): BidRow(30, 23, {"40-100": 4, "teritett_durchmars": 12}, 16),
    ("ulti+teritett_durchmars", False): BidRow(31, 23, {"ulti": 4, "teritett_durchmars": 12}, 16),
    ("20-100", True): BidRow(32, 24, {"20-100": 16}, 16),
    ("20-100+ulti+durchmars", False): BidRow(33, 25, {"20-100": 8, "ulti": 4, "durchmars": 6}, 18),
    ("ulti+4asz", True): BidRow(34, 26, {"ulti": 8, "4asz": 8, "parti": 2}, 18),
    ("40-100+ulti+teritett_durchmars", False): BidRow(35, 27, {"40-100": 4, "ulti": 4, "teritett_durchmars": 12}, 20),
    ("20-100+teritett_durchmars", False): BidRow(36, 28, {"20-100": 8, "teritett_durchmars": 12}, 20),
    ("40-100+durchmars", True): BidRow(37, 28, {"40-100": 8, "durchmars": 12}, 20),
    ("ulti+durchmars", True): BidRow(38, 28, {"ulti": 8, "durchmars": 12}, 20),
    ("teritett_betli", False): BidRow(39, 29, {"teritett_betli": 20}, 20),
    ("20-100+ulti+teritett_durchmars", False): BidRow(40, 30, {"20-100": 8, "ulti": 4, "teritett_durchmars": 12}, 24),
    ("40-100+ulti+4asz", True): BidRow(41, 30, {"40-100": 8, "ulti": 8, "4asz": 8}, 24),
    ("20-100+4asz", True): BidRow(42, 31, {"20-100": 16, "4asz": 8}, 24),
    ("20-100+ulti", True): BidRow(43, 32, {"20-100": 16, "ulti": 8}, 24),
    ("teritett_durchmars", True): BidRow(44, 33, {"teritett_durchmars": 24}, 24),
    ("szintelen_teritett_durchmars", False): BidRow(45, 33, {"szintelen_teritett_durchmars": 24}, 24),
    ("40-100+ulti+durchmars", True): BidRow(46, 34, {"40-100": 8, "ulti": 8, "durchmars": 12}, 28),
    ("20-100+durchmars", True): BidRow(47, 35, {"20-100": 16, "durchmars": 12}, 28),
    ("20-100+ulti+4asz", True): BidRow(48, 36, {"20-100": 16, "ulti": 8, "4asz": 8}, 32),
    ("40-100+teritett_durchmars", True): BidRow(49, 37, {"40-100": 8, "teritett_durchmars": 24}, 32),
    ("ulti+teritett_durchmars", True): BidRow(50, 37, {"ulti": 8, "teritett_durchmars": 24}, 32),
    ("20-100+ulti+durchmars", True): BidRow(51, 38, {"20-100": 16, "ulti": 8, "durchmars": 12}, 36),
    ("40-100+ulti+teritett_durchmars", True): BidRow(52, 39, {"40-100": 8, "ulti": 8, "teritett_durchmars": 24}, 40),
    ("20-100+teritett_durchmars", True): BidRow(53, 40, {"20-100": 16, "teritett_durchmars": 24}, 40),
    ("20-100+ulti+teritett_durchmars", True): BidRow(54, 41, {"20-100": 16, "ulti": 8, "teritett_durchmars": 24}, 48),
}

# How each component is won (§3.3); the verdict functions below read this, no branches per key.
COMPONENT_RULE: dict[str, str] = {
    "parti": "parti",
    "40-100": "hundred40",
    "20-100": "hundred20",
    "4asz": "aces",
    "ulti": "ulti",
    "durchmars": "all_tricks",
    "teritett_durchmars": "all_tricks",
    "szintelen_durchmars": "all_tricks",
    "redurchmars": "all_tricks",
    "szintelen_teritett_durchmars": "all_tricks",
    "betli": "no_tricks",
    "rebetli": "no_tricks",
    "teritett_betli": "no_tricks",
}
# The games' names as the MAUSZ rulebook writes them (a Slovenian ulti player says them too).
COMPONENT_NAME: dict[str, str] = {
    "parti": _("parti"),
    "40-100": _("40-100"),
    "20-100": _("20-100"),
    "4asz": _("4 ász"),
    "ulti": _("ulti"),
    "durchmars": _("durchmars"),
    "teritett_durchmars": _("terített durchmars"),
    "betli": _("betli"),
    "rebetli": _("rebetli"),
    "teritett_betli": _("terített betli"),
    "szintelen_durchmars": _("színtelen durchmars"),
    "redurchmars": _("redurchmars"),
    "szintelen_teritett_durchmars": _("színtelen terített durchmars"),
}
BID_KEYS: frozenset[str] = frozenset(key for key, _ in BID_TABLE)
COLOURLESS: frozenset[str] = frozenset(key for key, red in BID_TABLE if not red and (key, True) not in BID_TABLE)
# Components of a key (the non-red row; the red row has the same components).
KEY_COMPONENTS: dict[str, frozenset[str]] = {
    key: frozenset(row.components) for (key, red), row in BID_TABLE.items() if not red
}
# Bids whose facts include card points and marriages (§5.2 "bid has parti, 40-100 or 20-100").
COUNT_KEYS = frozenset(k for k, c in KEY_COMPONENTS.items() if c & {"parti", "40-100", "20-100"})
# The components judged by the count (card points and marriages, §3.3).
COUNTED = frozenset(c for c, rule in COMPONENT_RULE.items() if rule in ("parti", "hundred40", "hundred20"))
# §3.4 item 4: silent four aces only with a parti, 40-100, 20-100 or ulti and no 4 ász / durchmars.
SILENT_4ASZ_KEYS = frozenset({"parti", "ulti", "40-100", "20-100", "40-100+ulti", "20-100+ulti"})
# §3.4 item 4 / 4.§(C)(2): the components a silent four aces is possible with.
FOUR_ACES_KEYS = SILENT_4ASZ_KEYS | frozenset(k for k, c in KEY_COMPONENTS.items() if "4asz" in c)
# 13.3.12 (A29): the point-count components a mixed-up trick pile makes unverifiable.
DISPUTED = ("parti", "40-100", "20-100", "4asz")
# Names a referee might use for a silent item; kontra never applies to them (§3.5).
SILENT_NAMES = frozenset(
    {"100", "silent_100", "csendes_100", "silent_ulti", "csendes_ulti", "silent_4asz", "csendes_4asz", "ulti_penalty"}
)


# --- §4.2 / §4.3 renonsz --------------------------------------------------------------------

VOID = "VOID"
NORMAL = "NORMAL"
PLAY = "PLAY"
PARTIAL = "PARTIAL"
PAY_DOUBLE = "PAY_DOUBLE"
PAY_SINGLE = "PAY_SINGLE"
BID_WON = "BID_WON"
PAY_2V_1V = "PAY_2V_1V"
RULING_PARTI_WON = "RULING_PARTI_WON"
RULING_NO_SILENT = "RULING_NO_SILENT"
JURY = "JURY"

# Types after which nothing of the play is recorded (§5.4 "play, silent_claims, gave_up,
# results must be absent").
NO_PLAY_TYPES = frozenset({PLAY, PAY_DOUBLE, PAY_SINGLE, BID_WON, PAY_2V_1V, VOID, JURY})


class Case(NamedTuple):
    """One §4.3 case: consequence type, who the offender must be, what is recorded."""

    type: str
    offender: str  # "" (not recorded), "any", "declarer", "defender", "not_declarer"
    text: str  # a message (scoring.text): what happened, as the referee reads it
    penalty_bid: bool = False
    null_trump: bool = False  # §5.4 trump exception: a non-red trump may be unnamed


CASES: dict[str, Case] = {
    "13.1.1": Case(VOID, "", _("dealt the packet left on the table first")),
    "13.1.2": Case(VOID, "", _("wrong number of cards dealt")),
    "13.1.3a": Case(VOID, "", _("a card exposed during dealing")),
    "13.1.3b": Case(NORMAL, "any", _("a card exposed while picking up the cards")),
    "13.1.4": Case(VOID, "", _("the 7 cards not dealt first / not dealt in fives")),
    "13.1.5-early": Case(VOID, "", _("wrong player dealt, noticed early")),
    "13.1.5-late": Case(NORMAL, "", _("wrong player dealt, noticed late")),
    "13.1.6-early": Case(VOID, "", _("players not in the game sheet's order, noticed early")),
    "13.1.6-late": Case(NORMAL, "", _("players not in the game sheet's order, noticed late")),
    "13.2.1": Case(PAY_DOUBLE, "declarer", _("trump suit revealed during bidding"), null_trump=True),
    "13.2.1-outbid": Case(NORMAL, "not_declarer", _("trump revealed during bidding, then outbid")),
    "13.2.2": Case(NORMAL, "any", _("passed before his turn")),
    "13.2.3a": Case(NORMAL, "any", _("wrong talon count, noticed before the talon was looked at")),
    "13.2.3b": Case(
        PAY_DOUBLE, "declarer", _("wrong talon count, noticed after the talon was looked at"), null_trump=True
    ),
    "13.2.3c": Case(PAY_DOUBLE, "any", _("wrong card count after inserting the talon"), True, True),
    "13.2.3d": Case(NORMAL, "any", _("wrong talon count, nobody else bids")),
    "13.2.4a": Case(PAY_DOUBLE, "any", _("bid not higher than the valid one, not corrected"), True, True),
    "13.2.4b": Case(NORMAL, "", _("bid not higher than the valid one, found during play")),
    "13.2.5": Case(PAY_DOUBLE, "any", _("took the talon out of turn and did not keep to the lowest bid"), True, True),
    "13.2.5-corrected": Case(NORMAL, "any", _("took the talon out of turn, then bid the lowest next bid")),
    "13.2.6a": Case(NORMAL, "not_declarer", _("opened without being entitled; an innocent player raised")),
    "13.2.6b": Case(PAY_DOUBLE, "declarer", _("opened without being entitled; nobody continued"), null_trump=True),
    "13.2.7a": Case(PAY_2V_1V, "not_declarer", _("the 12-card player was skipped"), null_trump=True),
    "13.2.7b": Case(PAY_SINGLE, "", _("the 12-card player was skipped; second bidder's cards wrong"), null_trump=True),
    "13.3.1": Case(PAY_DOUBLE, "declarer", _("trump not named before the first card"), null_trump=True),
    "13.3.2": Case(PAY_DOUBLE, "declarer", _("red called and led without waiting for the passes")),
    "13.3.3": Case(PLAY, "any", _("forbidden marriage announcement")),
    "13.3.4": Case(PLAY, "any", _("revoke or failing to overtake")),
    "13.3.5": Case(PLAY, "any", _("took someone else's trick and led")),
    "13.3.6": Case(PLAY, "any", _("led more than one card")),
    "13.3.7": Case(PLAY, "any", _("looked at the talon or at others' tricks")),
    "13.3.8a": Case(PLAY, "defender", _("a defender dropped cards face up")),
    "13.3.8b": Case(NORMAL, "", _("the declarer dropped cards face up (not a renonsz)")),
    "13.3.9a": Case(PLAY, "declarer", _("the declarer holds a wrong number of cards")),
    "13.3.9b": Case(BID_WON, "", _("both defenders hold wrong numbers of cards")),
    "13.3.9c": Case(PLAY, "defender", _("one defender holds too few cards")),
    "13.3.10": Case(RULING_PARTI_WON, "", _("cards thrown in, parti disputed")),
    "13.3.11": Case(RULING_NO_SILENT, "", _("cards thrown in, silent 100 / four aces disputed")),
    "13.3.12": Case(PARTIAL, "any", _("cards gathered and mixed before the check")),
    "10.3.e": Case(PLAY, "any", _("serious renonsz during play")),
    "10.3.g": Case(PLAY, "any", _("false renonsz call")),
    "10.3.d": Case(JURY, "", _("event not covered by the rules, jury decision")),
}


# Where the rulebook writes each case, as a referee finds it there ("13. § (2) 3. a)"). The ids are
# the spec's (stored with hands, never renamed) and their paragraph is read off the id: 13.3.9b and
# 13.3.9c are 9. b) and 9. c) (ulti-mausz.md §4.3), never two cases labelled alike.
_CASE_ID = re.compile(r"(\d+)\.(\d+)\.(?:(\d+)([a-z]?)|([a-z]))(?:-\w+)?")


def paragraph(case_id: str) -> str:
    """The rulebook's paragraph of a §4.3 case: ``"13.2.3a"`` -> ``"13. § (2) 3. a)"``,
    ``"10.3.e"`` -> ``"10. § (3) e)"``, ``"13.1.5-early"`` -> ``"13. § (1) 5."``."""
    m = _CASE_ID.fullmatch(case_id)
    if m is None:
        return case_id
    section, sub, point, letter, general = m.groups()
    where = f"{section}. § ({sub})"
    if general:
        return f"{where} {general})"
    return f"{where} {point}." + (f" {letter})" if letter else "")


# --- small helpers ----------------------------------------------------------------------------

# "x1", "x2 (kontra)", "x4 (rekontra)" as written in the breakdown (§5.3); levels are multipliers.
_KONTRA_TEXT = {level: f"x{level} ({kontra_name(level)})" if level > 1 else f"x{level}" for level in KONTRA_LEVELS}


def _kontra_text(level: int) -> str:
    return _KONTRA_TEXT[level]


def _pays(flows: list[tuple[str, str, int]]) -> str:
    """ "A pays B 4; C pays B 4" (§5.3 breakdown style; only ulti settles in payments)."""
    return join("; ", [_pay(p, q, n) for p, q, n in flows])


# The caches below hold messages made from plain values (seat letters, bid and trump keys, whole
# numbers), each call's whole input as the key: a message is never changed once made, so hands can
# share one, and every hand makes a dozen of them. ``typed``: True is not taken for 1.
@lru_cache(maxsize=1024, typed=True)
def _pay(payer: str, payee: str, amount: int) -> str:
    """ "A pays B 4"."""
    return _("%(payer)s pays %(payee)s %(amount)s", payer=payer, payee=payee, amount=amount)


def _line(head: str, flows: list[tuple[str, str, int]]) -> str:
    """ "<head>: A pays B 4; C pays B 4", one breakdown line."""
    return join(": ", [head, _pays(flows)])


def _row(key: str, trump: Any) -> BidRow:
    return BID_TABLE[(key, trump == "piros" and key not in COLOURLESS)]


def _bid_name(key: str, trump: Any) -> str:
    """ "40-100 + ulti (zöld)"; the automatic parti is not part of the name. ``trump`` "non-red":
    a penalty bid whose trump was never named but is not red."""
    name = join(" + ", [COMPONENT_NAME[c] for c in key.split("+")])
    if key in COLOURLESS:
        return name
    return _with_suit(name, _("non-red") if trump == "non-red" else _suit_name(trump))


def _suit_name(trump: Any) -> str:
    """The trump's Hungarian name (the same in every language), or "trump not named"."""
    return SUIT_NAME.get(trump) or _("trump not named")


def _with_suit(name: str, suit: str | None) -> str:
    """ "ulti (makk)": a game's name and its trump; the name alone when colourless (``suit`` None)."""
    return name if suit is None else _("%(game)s (%(suit)s)", game=name, suit=suit)


def _table(hand: Mapping[str, Any]) -> list[str]:
    return table_from(hand["seats"], hand["dealer"])


# --- validation (§5.4) ------------------------------------------------------------------------


def validate_config(config: Mapping[str, Any] | None) -> list[HandError]:
    """Ulti has no event configuration: ``None`` or ``{}`` only."""
    errors = Errors()
    check_empty(errors, config, "config")
    return errors.items


# Objects inside a deal are read with ``check_object(..., text_keys=False)``: every lookup below
# rejects a non-text key anyway (it is no known member, component or seat).


class _Ctx:
    """What the later checks need to know about the earlier ones."""

    __slots__ = (
        "bid",
        "case",
        "claims",
        "coloured",
        "comps",
        "ctype",
        "declarer",
        "defenders",
        "gave_up",
        "seats",
        "trump",
    )

    def __init__(self) -> None:
        self.seats: list[str] | None = None
        self.declarer: str | None = None
        self.defenders: list[str] = []
        self.bid: str | None = None  # a valid key
        self.comps: frozenset[str] = frozenset()
        self.coloured = False
        self.trump: str | None = None  # a valid suit
        self.case: Case | None = None
        self.ctype: str | None = None  # None: no renonsz; "?" when the case is unusable
        self.gave_up: str | None = None  # "?" when gave_up itself is invalid
        self.claims: list[str] = []


def validate(hand: Mapping[str, Any], state: Mapping[str, Any], config: Mapping[str, Any] | None) -> list[HandError]:
    """Every reason to reject the deal (§5.4), all at once; never raises."""
    errors = Errors()
    # §5.3: "ulti has no state carried between deals; the input state is ignored and {} is
    # returned" -- whatever it holds (that it is an object at all, the engine checks for every variant).
    check_empty(errors, config, "config")
    obj = envelope(errors, hand, KEY, _HAND_FIELD_SET)
    if obj is None:
        return errors.items
    ctx = _Ctx()
    _check_seats(errors, obj, ctx)
    _check_case(errors, obj, ctx)
    _check_bid(errors, obj, ctx)
    _check_trump(errors, obj, ctx)
    kontra = _check_kontra(errors, obj, ctx)
    _check_gave_up(errors, obj, ctx, kontra)
    _parse_claims(errors, obj, ctx)
    play = _check_play(errors, obj, ctx)
    _check_claims(errors, obj, ctx, play)
    _check_renonsz(errors, obj, ctx)
    _check_results(errors, obj, ctx, play)
    return errors.items


_HAND_FIELD_SET = frozenset(HAND_FIELDS)


def _check_seats(errors: Errors, obj: Mapping[str, Any], ctx: _Ctx) -> None:
    if errors.items and not seats_ok(errors):
        return
    seats, dealer = obj["seats"], obj["dealer"]
    ok = True
    if len(seats) != 3 or not _ULTI_SET.issuperset(seats):
        errors.add("seats", Code.INVALID_VALUE, _("seats must be the three active players, seats A to D"))  # §1.1
        ok = False
    if dealer not in ULTI_SEATS:
        errors.add("dealer", Code.INCONSISTENT, _("dealer must be a seat A to D"))  # §5.4 row code
        ok = False
    elif ok and dealer in seats and seats[2] != dealer:
        # §5.1: seats start with the forehand, the dealer's right-hand neighbour, so a
        # playing dealer comes last.
        errors.inconsistent("dealer", _("a dealer who plays must be the last of seats"))  # §5.1
        ok = False
    if not ok:
        return
    ctx.seats = seats
    declarer = obj.get("declarer")
    if declarer is not None and errors.check_seat(declarer, "declarer", seats, "player") is not None:
        ctx.declarer = declarer
        ctx.defenders = [s for s in seats if s != declarer]


def _check_case(errors: Errors, obj: Mapping[str, Any], ctx: _Ctx) -> None:
    renonsz = obj.get("renonsz")
    if renonsz is None:
        return
    ctx.ctype = "?"
    renonsz = errors.check_object(renonsz, "renonsz", text_keys=False)
    if renonsz is None:
        return
    case_id = errors.require(renonsz, "case", "renonsz")
    if case_id is None:
        return
    if not isinstance(case_id, str) or case_id not in CASES:
        errors.add(
            "renonsz.case", Code.INVALID_VALUE, _("renonsz.case must be one of the listed case ids (13.§)")
        )  # §4.3
        return
    ctx.case = CASES[case_id]
    ctx.ctype = ctx.case.type


def _bid_problem(errors: Errors, value: Any, field: str) -> str | None:
    """The key when ``value`` is a valid bid key; else records unknown_bid or
    forbidden_combination (§5.4) and returns None."""
    if not isinstance(value, str):
        errors.add(field, Code.INVALID_VALUE, _("%(field)s must be one of the bid keys", field=field))  # §2.3
        return None
    if value in BID_KEYS:
        return value
    parts = value.split("+")
    if len(parts) > 1 and all(p in COMPONENT_RULE for p in parts):
        same = [k for k in BID_KEYS if sorted(k.split("+")) == sorted(parts)]
        if same and len(set(parts)) == len(parts):
            message = _("%(value)s is not a bid key; write it as %(key)s", value=repr(value), key=repr(same[0]))  # §2.3
            errors.add(field, UNKNOWN_BID, message)
        else:
            errors.add(field, Code.FORBIDDEN_COMBINATION, _("combination forbidden by 5.§"))
        return None
    errors.add(field, UNKNOWN_BID, _("%(value)s is not one of the 30 bid keys", value=repr(value)))  # §2.3
    return None


def _check_bid(errors: Errors, obj: Mapping[str, Any], ctx: _Ctx) -> None:
    # §5.1: declarer and bid may be left out only for VOID and JURY deals.
    optional = ctx.ctype in (VOID, JURY, "?")
    if obj.get("declarer") is None and not optional:
        errors.add("declarer", Code.MISSING_FIELD, _("%(field)s is required", field="declarer"))
    value = obj.get("bid")
    if value is None:
        if not optional:
            errors.add("bid", Code.MISSING_FIELD, _("%(field)s is required", field="bid"))
        return
    key = _bid_problem(errors, value, "bid")
    if key is not None:
        ctx.bid = key
        ctx.comps = KEY_COMPONENTS[key]
        ctx.coloured = key not in COLOURLESS


def _check_trump(errors: Errors, obj: Mapping[str, Any], ctx: _Ctx) -> None:
    trump = obj.get("trump")
    if trump is not None and (not isinstance(trump, str) or trump not in SUITS):
        errors.add("trump", Code.INVALID_VALUE, _("trump must be makk, tok, zold or piros"))
        return
    if ctx.bid is None:
        ctx.trump = trump
        return
    if not ctx.coloured:
        if trump is not None:
            if ctx.bid == "betli" and trump == "piros":
                errors.add("trump", Code.INVALID_VALUE, _("a colourless bid has no trump (use `rebetli`)"))
            else:
                errors.add("trump", Code.INVALID_VALUE, _("a colourless bid has no trump"))
        return
    if trump is None:
        # §5.4 exception: in the bidding-phase cases and 13.3.1 a non-red trump was never
        # validly named. A void or jury deal scores nothing from the trump either.
        unnamed_ok = (ctx.case is not None and ctx.case.null_trump) or ctx.ctype in (VOID, JURY, "?")
        if not unnamed_ok:
            errors.add("trump", Code.INVALID_VALUE, _("a coloured bid needs its trump: makk, tok, zold or piros"))
        return
    ctx.trump = trump


def _check_kontra(errors: Errors, obj: Mapping[str, Any], ctx: _Ctx) -> Mapping[str, Any]:
    value = obj.get("kontra")
    if value is None:
        return {}
    kontra = errors.check_object(value, "kontra", text_keys=False)
    if kontra is None:
        return {}
    for comp, level in kontra.items():
        field = path("kontra", comp)
        if ctx.bid is not None and comp not in ctx.comps:
            if comp in COMPONENT_RULE or comp in SILENT_NAMES:
                errors.add(
                    field,
                    Code.NOT_APPLICABLE,
                    _(
                        # §3.5
                        "%(key)s is not a component of this bid; silent items and the ulti penalty are never doubled",
                        key=repr(comp),
                    ),
                )
            else:
                message = _("%(key)s is not a component of the bid table", key=repr(comp))  # §2.1
                errors.add(field, Code.INVALID_VALUE, message)
            continue
        if isinstance(level, Mapping):
            if ctx.bid is not None and ctx.coloured:
                # 7.§(4): in coloured bids a kontra counts for both defenders.
                errors.add(field, Code.NOT_APPLICABLE, _("individual kontras exist only in colourless bids"))  # §3.6
                continue
            if errors.check_object(level, field, text_keys=False) is None:
                continue
            for seat, lvl in level.items():
                sub = path(field, seat)
                if ctx.declarer is not None and seat not in ctx.defenders:
                    message = _(
                        "per-seat kontra keys must be the defenders (%(seats)s)", seats=", ".join(ctx.defenders)
                    )
                    errors.add(sub, Code.INVALID_VALUE, message)
                    continue
                errors.check_kontra(lvl, sub, KONTRA_LEVELS)
        else:
            errors.check_kontra(level, field, KONTRA_LEVELS)
    return kontra


def _kontra_levels(kontra: Mapping[str, Any]) -> list[Any]:
    out: list[Any] = []
    for level in kontra.values():
        out.extend(level.values() if isinstance(level, Mapping) else (level,))
    return out


def _check_gave_up(errors: Errors, obj: Mapping[str, Any], ctx: _Ctx, kontra: Mapping[str, Any]) -> None:
    value = obj.get("gave_up", False)
    if value is None or value is False:
        return
    if not isinstance(value, str) or value not in GAVE_UP:
        errors.add(
            "gave_up",
            Code.INCONSISTENT,  # §5.4 row code
            _("gave_up must be false, 'before_first_card' or 'after_first_card'"),
        )
        ctx.gave_up = "?"  # unknown: neither require nor forbid the play
        return
    if ctx.ctype not in (None, NORMAL, "?"):
        errors.add("gave_up", Code.NOT_APPLICABLE, _("a give-up does not go with this renonsz case"))  # §5.4
        return
    ctx.gave_up = value
    if value == "before_first_card" and any(lvl != 1 for lvl in _kontra_levels(kontra)):
        # 6.§(9): kontras are said with the first cards, so none can exist yet.
        errors.inconsistent("kontra", _("no kontra can exist before the first card"))  # §3.7
    for member in ("play", "silent_claims"):
        if present(obj.get(member)):
            errors.inconsistent(member, _("%(field)s does not go with a give-up", field=member))  # §3.7


def _parse_claims(errors: Errors, obj: Mapping[str, Any], ctx: _Ctx) -> None:
    claims = errors.optional_list(obj, "silent_claims")
    if claims is None:
        return
    seen: set[str] = set()
    for i, claim in enumerate(claims):
        field = path("silent_claims", i)
        if claim in ("ulti", "durchmars"):  # compared only with strings: safe for any JSON
            why = (
                # §3.4 item 5
                _("a silent ulti needs no claim (9.§(10))") if claim == "ulti" else _("MAUSZ knows no silent durchmars")
            )
            errors.add(field, Code.NOT_APPLICABLE, why)
        elif not isinstance(claim, str) or claim not in ("100", "4asz"):
            errors.add(field, Code.NOT_APPLICABLE, _("a silent claim is '100' or '4asz'"))  # §5.4 row codes
        elif claim in seen:
            errors.add(field, Code.INCONSISTENT, _("%(claim)s is claimed twice", claim=repr(claim)))
        else:
            seen.add(claim)
            ctx.claims.append(claim)


class _Play(NamedTuple):
    """The play facts that passed their checks (None: absent or rejected)."""

    tricks: int | None
    card_points: int | None
    marriages: list[tuple[str, str]] | None
    four_aces: Any  # a seat, None, or MISSING
    trump7: Any  # (seat, won), None, or MISSING
    clean: bool  # no error inside play


def _check_play(errors: Errors, obj: Mapping[str, Any], ctx: _Ctx) -> _Play | None:
    value = obj.get("play")
    if ctx.ctype in NO_PLAY_TYPES:
        if present(value):
            errors.add("play", Code.NOT_APPLICABLE, _("play is not recorded with this renonsz case"))  # §5.4
        return None
    if ctx.gave_up not in (None, "?"):
        return None  # reported by _check_gave_up
    if value is None:
        if ctx.ctype != "?" and ctx.gave_up is None:
            errors.add("play", Code.MISSING_FIELD, _("%(field)s is required for a played deal", field="play"))  # §5.2
        return None
    play = errors.check_object(value, "play", text_keys=False)
    if play is None:
        return None
    before = len(errors)
    errors.unknown_keys(play, PLAY_FIELDS, "play")
    tricks = errors.required_int(play, "declarer_tricks", 0, 10, "play")
    bid = ctx.bid
    relaxed = ctx.ctype in (RULING_PARTI_WON, PARTIAL)  # §5.4: count facts may be omitted
    needs_count = bid in COUNT_KEYS
    # The sheet's verdicts may stand in for the count (see by_sheet); a silent 100 still needs it.
    required = needs_count and not relaxed and not (by_sheet(obj, ctx.comps) and "100" not in ctx.claims)
    cp = _check_card_points(errors, play, required, bid is not None and not needs_count, tricks, "100" in ctx.claims)
    marriages = _check_marriages(errors, play, ctx, required, bid is not None and not needs_count)
    four_aces = _check_four_aces(errors, play, ctx, tricks, cp)
    trump7 = _check_trump7(errors, play, ctx, tricks, cp)
    return _Play(tricks, cp, marriages, four_aces, trump7, len(errors) == before)


def by_sheet(hand: Mapping[str, Any], comps: Any) -> bool:
    """Does the hand give the sheet's verdict (``results``, made or failed) of every counted
    component of its bid? Then those verdicts stand in for the card points and marriages.

    Reading (issue 16; the spec's §5.2 asks for the facts and keeps ``results`` as a cross-check):
    the paper sheet records each component made or failed, and the rules judge the parti and the
    100s by the count alone, so a referee who did not count may give the sheet's verdicts instead.
    Given both, the facts decide and the verdicts are checked against them, as before."""
    results = hand.get("results")
    counted = COUNTED & set(comps)
    return bool(counted) and isinstance(results, Mapping) and all(results.get(c) in ("made", "failed") for c in counted)


def _check_card_points(
    errors: Errors, play: Mapping[str, Any], required: bool, forbidden: bool, tricks: int | None, silent_100: bool
) -> int | None:
    field = "play.declarer_card_points"
    value = play.get("declarer_card_points")
    if value is None:
        if required and silent_100:
            errors.add(field, Code.MISSING_FIELD, _("a silent 100 is judged by the card points: record them"))  # §3.4
        elif required:
            errors.add(
                field,
                Code.MISSING_FIELD,
                _(
                    "%(field)s is required for this bid, or the sheet's verdict (made or failed) of each "
                    "component judged by the count",  # §5.2
                    field="declarer_card_points",
                ),
            )
        return None
    if forbidden:
        errors.add(field, Code.NOT_APPLICABLE, _("card points are recorded only for parti, 40-100 and 20-100 bids"))
        return None
    cp = value if type(value) is int else None
    if cp is None or cp % 10 or not 0 <= cp <= 90:  # §5.4 row: out_of_range for any value off the scale
        errors.add(
            field, Code.OUT_OF_RANGE, _("%(field)s must be a multiple of 10 from 0 to 90", field="declarer_card_points")
        )
        return None
    if tricks == 0 and cp != 0:
        errors.inconsistent(field, _("a declarer without a trick has 0 card points"))
        return None
    if tricks == 10 and cp < 10:
        errors.inconsistent(field, _("a declarer with all ten tricks has at least the 10 of the last trick"))
        return None
    return cp


def _check_marriages(
    errors: Errors, play: Mapping[str, Any], ctx: _Ctx, required: bool, forbidden: bool
) -> list[tuple[str, str]] | None:
    field = "play.marriages"
    value = play.get("marriages")
    if value is None:
        if required:
            # §5.2
            errors.add(
                field, Code.MISSING_FIELD, _("%(field)s is required for this bid (may be [])", field="marriages")
            )
        return None
    if forbidden:
        if present(value):
            errors.add(field, Code.NOT_APPLICABLE, _("marriages count only in parti, 40-100 and 20-100 bids"))
        return None
    entries = errors.check_list(value, field)
    if entries is None:
        return None
    before = len(errors)
    out: list[tuple[str, str]] = []
    comps, trump, declarer = ctx.comps, ctx.trump, ctx.declarer
    suits_seen: set[str] = set()
    seats = ctx.seats or ()
    for i, entry in enumerate(entries):
        sub = f"{field}[{i}]"
        if (
            type(entry) is dict
            and len(entry) == 2
            and (seat := entry.get("seat")) in seats
            and (suit := entry.get("suit")) in SUITS
            and suit not in suits_seen
        ):
            suits_seen.add(suit)  # the usual, well-formed entry
        else:
            seat, suit = _check_marriage(errors, entry, sub, ctx, suits_seen)
            if seat is None or suit is None:
                continue
        # §5.4 / 13.3.3 (A19, A20): what may be announced in a 40-100 or 20-100 bid.
        if declarer is None or trump is None:
            pass
        elif "40-100" in comps and (seat != declarer or suit != trump):
            errors.add(sub, Code.NOT_APPLICABLE, _("in a 40-100 bid only the declarer's trump 40 is announced"))
        elif "20-100" in comps and (seat != declarer or suit == trump or out):
            errors.add(
                sub, Code.NOT_APPLICABLE, _("in a 20-100 bid only the declarer's single non-trump 20 is announced")
            )
        out.append((seat, suit))
    return out if len(errors) == before else None


def _check_marriage(errors: Errors, value: Any, sub: str, ctx: _Ctx, suits_seen: set[str]) -> tuple[Any, Any]:
    """One marriage entry, every error reported; (seat, suit), None where invalid."""
    entry = errors.check_object(value, sub)
    if entry is None:
        return None, None
    errors.unknown_keys(entry, ("seat", "suit"), sub)
    seat = errors.require(entry, "seat", sub)
    suit = errors.require(entry, "suit", sub)
    if seat is not None and ctx.seats is not None:
        seat = errors.check_seat(seat, path(sub, "seat"), ctx.seats, "player")
    if suit is not None:
        suit = errors.check_choice(suit, path(sub, "suit"), SUITS)
        if suit is not None and suit in suits_seen:
            errors.add(path(sub, "suit"), Code.INVALID_VALUE, _("each suit has one marriage only"))
            suit = None
        elif suit is not None:
            suits_seen.add(suit)
    return seat, suit


def _check_four_aces(errors: Errors, play: Mapping[str, Any], ctx: _Ctx, tricks: int | None, cp: int | None) -> Any:
    field = "play.four_aces"
    value = play.get("four_aces", MISSING)
    needed = "4asz" in ctx.comps or "4asz" in ctx.claims
    if value is MISSING:
        if needed and ctx.ctype != PARTIAL:
            # §5.2
            errors.add(field, Code.MISSING_FIELD, _("%(field)s (a seat or null) is required here", field="four_aces"))
        return MISSING
    if value is None:
        return None
    if ctx.bid is not None and ctx.bid not in FOUR_ACES_KEYS:
        errors.add(field, Code.NOT_APPLICABLE, _("four aces count only with a 4 ász bid or a silent four aces"))
        return MISSING
    if ctx.seats is None:
        return MISSING
    seat = errors.check_seat(value, field, ctx.seats, "player", Code.INCONSISTENT)  # §5.4 row code
    if seat is None or ctx.declarer is None:
        return MISSING
    # §5.4: four aces need at least two tricks and are 40 card points.
    if seat == ctx.declarer:
        if (cp is not None and cp < 40) or (tricks is not None and tricks < 2):
            errors.inconsistent(field, _("a declarer with all four aces has >= 40 card points and >= 2 tricks"))
            return MISSING
    elif (cp is not None and cp > 50) or (tricks is not None and tricks > 8):
        errors.inconsistent(
            field, _("a defender with all four aces leaves the declarer <= 50 card points and <= 8 tricks")
        )
        return MISSING
    return seat


def _check_trump7(errors: Errors, play: Mapping[str, Any], ctx: _Ctx, tricks: int | None, cp: int | None) -> Any:
    field = "play.trump7_last_trick"
    value = play.get("trump7_last_trick", MISSING)
    if ctx.bid is not None and not ctx.coloured:
        if value is not MISSING and value is not None:
            errors.add(field, Code.NOT_APPLICABLE, _("a colourless bid has no trump seven"))
        return MISSING
    if value is MISSING:
        if ctx.bid is not None:
            # §5.2
            errors.add(
                field, Code.MISSING_FIELD, _("trump7_last_trick (an object or null) is required in a coloured bid")
            )
        return MISSING
    if value is None:
        return None
    if (
        type(value) is dict
        and len(value) == 2
        and (seat := value.get("seat")) in (ctx.seats or ())
        and type(won := value.get("won")) is bool
    ):
        pass  # the usual, well-formed entry
    else:
        obj = errors.check_object(value, field)
        if obj is None:
            return MISSING
        errors.unknown_keys(obj, ("seat", "won"), field)
        seat = errors.require(obj, "seat", field)
        won = errors.require(obj, "won", field)
        if seat is not None and ctx.seats is not None:
            seat = errors.check_seat(seat, path(field, "seat"), ctx.seats, "player")
        if won is not None:
            won = errors.check_bool(won, path(field, "won"))
    if seat is None or won is None or ctx.declarer is None:
        return MISSING
    by_declarer = seat == ctx.declarer
    problem = None
    if by_declarer and won:
        if tricks == 0:
            problem = _("a declarer without a trick cannot have won the last trick")
        elif cp is not None and cp < 10:
            problem = _("a declarer who won the last trick has at least its 10 card points")
    else:
        if tricks == 10 and by_declarer:
            problem = _("with all ten tricks the declarer's trump seven won the last trick")
        elif tricks == 10 and won:
            problem = _("with all ten tricks to the declarer a defender's seven cannot win")
        elif (by_declarer or won) and (  # a defender took the last trick
            (tricks is not None and tricks > 9) or (cp is not None and cp > 80)
        ):
            problem = _("a defender took the last trick: the declarer has at most 9 tricks and 80 card points")
    if problem:
        errors.inconsistent(field, problem)
        return MISSING
    return (seat, won)


def _totals(
    trump: str | None, declarer: str, tricks: int, cp: int, marriages: list[tuple[str, str]]
) -> tuple[int, int]:
    """(T_D, T_X) of §3.3: card points plus the marriages that count (1.4: a side's
    marriages count only if it took a trick)."""
    mine = theirs = 0
    for seat, suit in marriages:
        value = 40 if suit == trump else 20
        if seat == declarer:
            mine += value
        else:
            theirs += value
    t_d = cp + (mine if tricks >= 1 else 0)
    t_x = 90 - cp + (theirs if tricks <= 9 else 0)
    return t_d, t_x


def _check_claims(errors: Errors, obj: Mapping[str, Any], ctx: _Ctx, play: _Play | None) -> None:
    claims = obj.get("silent_claims")
    if not isinstance(claims, list) or not claims:
        return
    if ctx.ctype in NO_PLAY_TYPES:
        errors.add("silent_claims", Code.NOT_APPLICABLE, _("no silent claims with this renonsz case"))  # §5.4
        return
    if ctx.gave_up not in (None, "?"):
        return  # reported by _check_gave_up
    if ctx.ctype in (RULING_NO_SILENT, PARTIAL):
        errors.add("silent_claims", Code.NOT_APPLICABLE, _("the silent claims are void in this ruling"))  # §5.4
        return
    done: set[str] = set()
    for i, claim in enumerate(claims):
        if ctx.bid is None or not isinstance(claim, str) or claim not in ctx.claims or claim in done:
            continue
        done.add(claim)
        field = path("silent_claims", i)
        if claim == "100":
            if "parti" not in ctx.comps:
                errors.add(field, Code.NOT_APPLICABLE, _("a silent 100 counts only in bids with a parti"))  # §3.4
            elif ctx.ctype == RULING_PARTI_WON:
                errors.add(field, Code.NOT_APPLICABLE, _("no silent 100 when the parti is decided by ruling 13.3.10"))
            elif (
                play is not None
                and play.tricks is not None
                and play.card_points is not None
                and play.marriages is not None
                and ctx.declarer is not None
            ):
                t_d, t_x = _totals(ctx.trump, ctx.declarer, play.tricks, play.card_points, play.marriages)
                if t_d < 100 and t_x < 100:
                    message = _(
                        "neither side has 100 (declarer %(declarer)s, defenders %(defenders)s)",
                        declarer=t_d,
                        defenders=t_x,
                    )
                    errors.inconsistent(field, message)
        else:
            if ctx.bid not in SILENT_4ASZ_KEYS:
                errors.add(
                    field,
                    Code.NOT_APPLICABLE,
                    # §3.4
                    _("a silent four aces is possible only in parti, ulti, 40-100, 20-100 and their ulti combinations"),
                )
            elif play is not None and play.four_aces is None:
                errors.inconsistent(field, _("nobody took all four aces"))


def _verdicts(hand: Mapping[str, Any], comps: Any, ctype: str | None) -> dict[str, bool]:
    """made/failed per component from the play facts (§3.3), with the rulings of
    13.3.10 (parti made) and 13.3.12 (disputed components against the offender)."""
    play = hand["play"]
    declarer = hand["declarer"]
    trump = hand.get("trump")
    tricks = play["declarer_tricks"]
    out: dict[str, bool] = {}
    totals: tuple[int, int] | None = None
    for comp in comps:
        rule = COMPONENT_RULE[comp]
        if ctype == PARTIAL and comp in DISPUTED:
            out[comp] = hand["renonsz"]["offender"] != declarer
            continue
        if rule == "all_tricks":
            out[comp] = tricks == 10
        elif rule == "no_tricks":
            out[comp] = tricks == 0
        elif rule == "ulti":
            t7 = play.get("trump7_last_trick")
            out[comp] = bool(t7) and t7["seat"] == declarer and t7["won"]
        elif rule == "aces":
            out[comp] = play.get("four_aces") == declarer
        elif rule == "parti" and ctype == RULING_PARTI_WON:
            out[comp] = True
        elif play.get("declarer_card_points") is None:  # not counted: the sheet's verdict (by_sheet)
            out[comp] = (hand.get("results") or {}).get(comp) == "made"
        else:
            if totals is None:
                marriages = [(m["seat"], m["suit"]) for m in play.get("marriages") or ()]
                totals = _totals(trump, declarer, tricks, play["declarer_card_points"], marriages)
            t_d, t_x = totals
            if rule == "parti":
                out[comp] = t_d > t_x  # A24: strictly more
            else:
                marriages = play.get("marriages") or ()
                if rule == "hundred40":
                    announced = any(m["seat"] == declarer and m["suit"] == trump for m in marriages)
                else:  # hundred20 (A20): exactly one non-trump 20 by the declarer
                    announced = (
                        len(marriages) == 1 and marriages[0]["seat"] == declarer and marriages[0]["suit"] != trump
                    )
                out[comp] = announced and t_d >= 100
    return out


def _check_results(errors: Errors, obj: Mapping[str, Any], ctx: _Ctx, play: _Play | None) -> None:
    value = obj.get("results")
    if value is None:
        return
    if ctx.ctype in NO_PLAY_TYPES:
        if present(value):
            errors.add("results", Code.NOT_APPLICABLE, _("results are not recorded with this renonsz case"))  # §5.4
        return
    results = errors.check_object(value, "results", text_keys=False)
    if results is None:
        return
    clean = True
    for comp, verdict in results.items():
        field = path("results", comp)
        if ctx.bid is not None and comp not in ctx.comps:
            code = Code.NOT_APPLICABLE if comp in COMPONENT_RULE else Code.INVALID_VALUE
            errors.add(field, code, _("%(key)s is not a component of this bid", key=repr(comp)))
            clean = False
        elif not isinstance(verdict, str) or verdict not in ("made", "failed"):
            errors.add(field, Code.INVALID_VALUE, _("a result is 'made' or 'failed'"))
            clean = False
    if not clean or ctx.bid is None or ctx.declarer is None or ctx.ctype == "?" or errors.has("renonsz"):
        return
    if ctx.gave_up == "?":
        return
    if ctx.gave_up is not None:
        derived = dict.fromkeys(ctx.comps, False)  # §3.7: a give-up fails every component
    elif play is None or not play.clean or errors.has("trump"):
        return
    else:
        derived = _verdicts(obj, ctx.comps, ctx.ctype)
        if play.card_points is None and ctx.ctype in (None, NORMAL):  # a ruling may decide without a count
            _check_sheet(errors, results, ctx, play)
    for comp, verdict in results.items():
        if derived[comp] != (verdict == "made"):
            message = _(
                "the sheet says %(sheet)s but the recorded play gives %(engine)s",
                sheet=_VERDICT[verdict == "made"],
                engine=_VERDICT[derived[comp]],
            )
            errors.inconsistent(path("results", comp), message)


_VERDICT = {True: _("made"), False: _("failed")}


def _check_sheet(errors: Errors, results: Mapping[str, Any], ctx: _Ctx, play: _Play) -> None:
    """Verdicts given instead of the count (by_sheet) must fit the facts still recorded (§3.3):
    without a trick the declarer has no point (his marriages do not count), with all ten the
    defenders have none; a 100 is made only with the declarer's marriage of its kind announced
    (where the marriages are recorded)."""
    for comp in sorted(COUNTED & ctx.comps):
        field, made = path("results", comp), results.get(comp) == "made"
        if play.tricks == 0 and made:
            errors.inconsistent(field, _("a declarer without a trick has no points: it cannot be made"))
        elif play.tricks == 10 and comp == "parti" and not made:
            errors.inconsistent(field, _("a declarer with all ten tricks has made the parti"))
        elif made and play.marriages is not None and ctx.declarer is not None and ctx.trump is not None:
            mine = [suit for seat, suit in play.marriages if seat == ctx.declarer]
            if comp == "40-100" and ctx.trump not in mine:
                errors.inconsistent(field, _("a made 40-100 needs the declarer's trump 40 announced"))
            elif comp == "20-100" and len(mine) != 1:
                errors.inconsistent(field, _("a made 20-100 needs the declarer's 20 announced"))


def _check_renonsz(errors: Errors, obj: Mapping[str, Any], ctx: _Ctx) -> None:
    renonsz = obj.get("renonsz")
    if ctx.case is None or not isinstance(renonsz, Mapping):
        if isinstance(renonsz, Mapping) and ctx.ctype == "?":
            errors.unknown_keys(renonsz, RENONSZ_FIELDS, "renonsz")
        return
    case = ctx.case
    errors.unknown_keys(renonsz, RENONSZ_FIELDS, "renonsz")
    # offender (§5.4: required where §4.3 says so, seat rules for some cases)
    offender = renonsz.get("offender")
    if not case.offender:
        if offender is not None:
            errors.add("renonsz.offender", Code.NOT_APPLICABLE, _("this case records no offender"))  # §4.3
    elif offender is None:
        errors.add("renonsz.offender", Code.MISSING_FIELD, _("this case needs the offender"))  # §4.3
    elif (
        ctx.seats is not None
        and errors.check_seat(offender, "renonsz.offender", ctx.seats, "player", Code.INCONSISTENT)  # §5.4 row code
        and ctx.declarer is not None
    ):
        is_declarer = offender == ctx.declarer
        if case.offender == "declarer" and not is_declarer:
            errors.inconsistent("renonsz.offender", _("in this case the offender is the declarer"))  # §4.3
        elif case.offender in ("defender", "not_declarer") and is_declarer:
            errors.inconsistent("renonsz.offender", _("in this case the offender is not the declarer"))  # §4.3
    # penalty_bid (13.2.3c, 13.2.4a, 13.2.5)
    penalty = renonsz.get("penalty_bid")
    if not case.penalty_bid:
        if penalty is not None:
            errors.add(
                "renonsz.penalty_bid", Code.NOT_APPLICABLE, _("only 13.2.3c, 13.2.4a and 13.2.5 take a penalty bid")
            )
    elif penalty is None:
        errors.add("renonsz.penalty_bid", Code.MISSING_FIELD, _("this case needs the penalty bid"))  # §4.3
    else:
        _check_penalty_bid(errors, penalty)
    # jury_points (10.3.d)
    jury = renonsz.get("jury_points")
    if case.type != JURY:
        if jury is not None:
            errors.add(
                "renonsz.jury_points", Code.INVALID_VALUE, _("jury points only for case 10.3.d")
            )  # §5.4: invalid_value
    elif jury is None:
        errors.add("renonsz.jury_points", Code.MISSING_FIELD, _("case 10.3.d needs the jury's points"))
    else:
        _check_jury_points(errors, jury, ctx)
    # What a case says about the bid itself.
    case_id = renonsz["case"]
    if ctx.bid is not None:
        if case_id == "13.3.10" and "parti" not in ctx.comps:
            errors.add("renonsz.case", Code.NOT_APPLICABLE, _("13.3.10 needs a bid with a parti"))  # §5.4
        elif case_id == "13.3.12" and not ctx.comps & set(DISPUTED):
            errors.add(
                "renonsz.case",
                Code.NOT_APPLICABLE,
                _("13.3.12 needs a bid with a parti, 40-100, 20-100 or 4 ász component"),
            )
        elif case_id in ("13.2.1", "13.3.1", "13.3.2"):
            if not ctx.coloured:
                errors.add("renonsz.case", Code.NOT_APPLICABLE, _("%(case)s concerns a coloured bid", case=case_id))
            elif case_id == "13.3.2" and ctx.trump != "piros" and not errors.has("trump"):
                errors.inconsistent("trump", _("13.3.2 is paid as the red bid: trump must be piros"))
            elif case_id != "13.3.2" and ctx.trump == "piros":
                errors.inconsistent("trump", _("%(case)s concerns a non-red trump", case=case_id))


def _check_penalty_bid(errors: Errors, value: Any) -> None:
    field = "renonsz.penalty_bid"
    penalty = errors.check_object(value, field, text_keys=False)
    if penalty is None:
        return
    errors.unknown_keys(penalty, ("bid", "trump"), field)
    bid = errors.require(penalty, "bid", field)
    key = _bid_problem(errors, bid, path(field, "bid")) if bid is not None else None
    trump = penalty.get("trump")
    if trump is None:
        return
    if not isinstance(trump, str) or trump not in SUITS:
        errors.add(path(field, "trump"), Code.INVALID_VALUE, _("trump must be makk, tok, zold or piros"))
    elif key in COLOURLESS:
        errors.add(path(field, "trump"), Code.INVALID_VALUE, _("a colourless bid has no trump"))


def _check_jury_points(errors: Errors, value: Any, ctx: _Ctx) -> None:
    field = "renonsz.jury_points"
    points = errors.check_object(value, field, text_keys=False)
    if points is None or ctx.seats is None:
        return
    ok = True
    for seat, pts in points.items():
        if seat not in ctx.seats:
            errors.add(path(field, seat), Code.INVALID_VALUE, _("jury points are for the three active seats"))
            ok = False
        elif errors.check_int(pts, path(field, seat)) is None:
            ok = False
    if not ok:
        return
    if set(points) != set(ctx.seats):
        errors.add(field, Code.INVALID_VALUE, _("jury points must name exactly the three active seats"))
    elif sum(points.values()) != 0:
        errors.add(field, Code.INVALID_VALUE, _("jury points must add up to 0"))


# --- settlement (§3, §4) ----------------------------------------------------------------------


class _Item(NamedTuple):
    """One breakdown line and the payments it stands for. ``component`` names the
    bid component the amount belongs to ("*" for a whole-bid amount, "" for extras)."""

    component: str
    text: str
    flows: list[tuple[str, str, int]]


# Every settlement is between the declarer and the two defenders x, y (§3.1); amounts and
# kontra levels are kept as (x, y) pairs.


def _levels(kontra: Mapping[str, Any], comp: str, x: str, y: str) -> tuple[int, int]:
    """k(c, d) of §3.2 for both defenders (§3.6: individual in colourless bids)."""
    level = kontra.get(comp, 1)
    if isinstance(level, int):
        return level, level
    return level.get(x, 1), level.get(y, 1)


def _levels_text(x: str, y: str, kx: int, ky: int) -> str:
    if kx == ky:
        return _kontra_text(kx)
    return f"{x} {_kontra_text(kx)}, {y} {_kontra_text(ky)}"


def _item(component: str, head: str, declarer: str, x: str, y: str, sx: int, sy: int) -> _Item:
    """Payments between the declarer and each defender; ``s = S_d`` of §3.1 (positive:
    the defender pays the declarer)."""
    # Written out for speed: this runs for every line of every deal. No amount is ever 0
    # (every unit value and kontra level is at least 1).
    fx = (x, declarer, sx) if sx > 0 else (declarer, x, -sx)
    fy = (y, declarer, sy) if sy > 0 else (declarer, y, -sy)
    flows = [fx, fy]
    return _Item(component, _line(head, flows), flows)


def _parties(hand: Mapping[str, Any]) -> tuple[str, str, str]:
    declarer = hand["declarer"]
    x, y = (s for s in hand["seats"] if s != declarer)
    return declarer, x, y


def _suit(key: str, trump: Any) -> str | None:
    """The trump's name in a coloured bid's lines; None in a colourless bid."""
    if key in COLOURLESS:
        return None
    return _suit_name(trump)


# How a played component's line says its verdict (``_verdict_head``).
_MADE, _FAILED, _SHEET_MADE, _SHEET_FAILED, _RULING = range(5)


@lru_cache(maxsize=512, typed=True)
def _verdict_head(comp: str, coloured: bool, trump: str | None, verdict: int) -> str:
    """ "ulti (makk) made", "parti (tök) failed (the sheet's verdict)" (cached: see ``_pay``)."""
    game = _with_suit(COMPONENT_NAME[comp], _suit_name(trump) if coloured else None)
    if verdict == _RULING:
        return _("%(game)s made (ruling 13.3.10)", game=game)
    if verdict == _SHEET_MADE:
        return _("%(game)s made (the sheet's verdict)", game=game)
    if verdict == _SHEET_FAILED:
        return _("%(game)s failed (the sheet's verdict)", game=game)
    if verdict == _MADE:
        return _("%(game)s made", game=game)
    return _("%(game)s failed", game=game)


@lru_cache(maxsize=2048, typed=True)
def _levelled_head(comp: str, coloured: bool, trump: str | None, verdict: int, levels: str) -> str:
    """ "ulti (makk) made, x2 (kontra)" (cached: see ``_pay``)."""
    return join(", ", [_verdict_head(comp, coloured, trump, verdict), levels])


def _played_items(hand: Mapping[str, Any], ctype: str | None) -> list[_Item]:
    """A deal played to the end (§3.8 "else" branch), with the ruling changes of
    13.3.10 / 13.3.11 / 13.3.12."""
    declarer, x, y = _parties(hand)
    key, trump = hand["bid"], hand.get("trump")
    coloured = key not in COLOURLESS
    r = 2 if trump == "piros" and coloured else 1  # R of §2.1
    suit = _suit(key, trump)
    kontra = hand.get("kontra") or {}
    play = hand["play"]
    claims = hand.get("silent_claims") or ()
    items: list[_Item] = []
    partial_offender = hand["renonsz"]["offender"] if ctype == PARTIAL else None
    comps = _row(key, trump).components
    verdicts = _verdicts(hand, comps, ctype)
    disputed: dict[str, tuple[int, tuple[int, int]]] = {}
    # §3.4 item 2: validation made sure one side has its 100; the parti says which.
    silent_100 = "parti" in comps and "100" in claims and ctype in (None, NORMAL)
    for comp, value in comps.items():
        kx, ky = _levels(kontra, comp, x, y) if kontra else (1, 1)
        if partial_offender is not None and comp in DISPUTED:
            disputed[comp] = (value, (kx, ky))
            continue
        made = verdicts[comp]
        if comp == "parti" and ctype == RULING_PARTI_WON:
            verdict = _RULING  # the ruling gives the parti
        elif comp in COUNTED and play.get("declarer_card_points") is None:  # by_sheet: not counted
            verdict = _SHEET_MADE if made else _SHEET_FAILED
        else:
            verdict = _MADE if made else _FAILED
        if comp == "parti" and silent_100:
            head = _verdict_head(comp, coloured, trump, verdict)
            # §3.4 item 2 (A5): k=1 doubles; kontra/rekontra add the silent-100 value 2b.
            ax = value * kx + (value if kx == 1 else 2 * value)
            ay = value * ky + (value if ky == 1 else 2 * value)
            sums = {"value": value, "k": kx, "extra": ax - value * kx, "total": ax}
            if made:
                silent = _("silent 100 (declarer): %(value)sx%(k)s + %(extra)s = %(total)s", **sums)
            else:
                silent = _("silent 100 (defenders): %(value)sx%(k)s + %(extra)s = %(total)s", **sums)
            head = join(", ", [head, _levels_text(x, y, kx, ky), silent])
        else:
            ax, ay = value * kx, value * ky
            head = _levelled_head(comp, coloured, trump, verdict, _levels_text(x, y, kx, ky))
        items.append(_item(comp, head, declarer, x, y, ax, ay) if made else _item(comp, head, declarer, x, y, -ax, -ay))
        if comp == "ulti" and not made:
            # §3.4 item 1: the ulti penalty, never doubled.
            items.append(_item("", _("ulti failure penalty (not doubled)"), declarer, x, y, -4 * r, -4 * r))
    if disputed:
        what = _("disputed components (13.3.12) against the offender")
        items.append(_offence_item(declarer, x, y, partial_offender, disputed, what, suit))
    # §3.4 item 3: silent ulti, coloured bids without an announced ulti; needs no claim and
    # survives the 13.3.11 / 13.3.12 rulings ("kivéve az ultit").
    t7 = play.get("trump7_last_trick")
    if coloured and t7 and "ulti" not in comps:
        seat, won = t7["seat"], t7["won"]
        if seat == declarer:
            if won:
                head = _("silent ulti (%(suit)s) made by %(seat)s (declarer)", suit=suit, seat=declarer)
                items.append(_item("", head, declarer, x, y, 2 * r, 2 * r))
            else:
                head = _(
                    "silent ulti (%(suit)s) of %(seat)s (declarer) caught: %(value)s + penalty %(penalty)s",
                    suit=suit,
                    seat=declarer,
                    value=2 * r,
                    penalty=2 * r,
                )
                items.append(_item("", head, declarer, x, y, -4 * r, -4 * r))
        elif won:
            # A7: the honour is shared, both defenders receive 2 (red 4).
            head = _(
                "silent ulti (%(suit)s) made by %(seat)s (defender), shared with the partner", suit=suit, seat=seat
            )
            items.append(_item("", head, declarer, x, y, -2 * r, -2 * r))
    # §3.4 item 4: silent four aces, claimed, only in the six keys; void in 13.3.11/13.3.12.
    if "4asz" in claims and key in SILENT_4ASZ_KEYS:
        seat = play.get("four_aces")
        if seat == declarer:
            head = _("silent four aces (%(suit)s) by %(seat)s (declarer)", suit=suit, seat=seat)
            items.append(_item("", head, declarer, x, y, 2 * r, 2 * r))
        elif seat is not None:
            # A10: both defenders are paid.
            head = _("silent four aces (%(suit)s) by %(seat)s (defender)", suit=suit, seat=seat)
            items.append(_item("", head, declarer, x, y, -2 * r, -2 * r))
    return items


def _offence_item(
    declarer: str,
    x: str,
    y: str,
    offender: str,
    shares: dict[str, tuple[int, tuple[int, int]]],
    what: str,
    suit: str | None,
) -> _Item:
    """The general rule of §4.1 (10.§(3)e-f) over ``shares[comp] = (v_c, (k_x, k_y))``:
    V_d = sum of v_c x k(c, d). A declarer offender pays each defender V_d; a defender
    offender pays the declarer his own and his partner's share and the partner his share."""
    vx = sum(value * ks[0] for value, ks in shares.values())
    vy = sum(value * ks[1] for value, ks in shares.values())
    head = _(
        "%(what)s: %(shares)s, V = %(v)s",
        what=what,
        shares=_shares_text(shares, suit, x, y),
        v=_pair_text(x, y, vx, vy),
    )
    if offender == declarer:
        flows = [(declarer, x, vx), (declarer, y, vy)]
        rule = _("%(offender)s (declarer) pays each defender his V", offender=offender)
    else:
        v_own, (partner, v_partner) = (vx, (y, vy)) if offender == x else (vy, (x, vx))
        flows = [(offender, declarer, v_own + v_partner), (offender, partner, v_partner)]
        rule = _(
            "%(offender)s (defender) pays %(declarer)s %(own)s + %(share)s (his and %(partner)s's share) "
            "and pays %(partner)s %(share)s",
            offender=offender,
            declarer=declarer,
            own=v_own,
            share=v_partner,
            partner=partner,
        )
    return _Item("*", _line(join("; ", [head, rule]), flows), flows)


def _shares_text(shares: dict[str, tuple[int, tuple[int, int]]], suit: str | None, x: str, y: str) -> str:
    """ "ulti (makk) 4x2 + parti (makk) 1x1"; individual levels as "5x(B 2, C 1)"."""
    out = []
    for comp, (value, (kx, ky)) in shares.items():
        times = str(kx) if kx == ky else f"({x} {kx}, {y} {ky})"
        out.append(join(" ", [_with_suit(COMPONENT_NAME[comp], suit), f"{value}x{times}"]))
    return join(" + ", out)


def _pair_text(x: str, y: str, vx: int, vy: int) -> str:
    return _("%(v)s per defender", v=vx) if vx == vy else f"{x} {vx}, {y} {vy}"


def _shares(hand: Mapping[str, Any], x: str, y: str) -> dict[str, tuple[int, tuple[int, int]]]:
    """(v_c, (k_x, k_y)) for every component, with the kontras said (§4.1)."""
    kontra = hand.get("kontra") or {}
    return {
        comp: (value, _levels(kontra, comp, x, y))
        for comp, value in _row(hand["bid"], hand.get("trump")).components.items()
    }


def _renonsz_items(hand: Mapping[str, Any], case: Case) -> list[_Item]:
    """The payment-only consequence types of §4.2 (no play recorded)."""
    renonsz = hand["renonsz"]
    offender = renonsz.get("offender")
    seats = hand["seats"]
    if case.type in (PLAY, BID_WON):
        declarer, x, y = _parties(hand)
        shares = _shares(hand, x, y)
        suit = _suit(hand["bid"], hand.get("trump"))
        if case.type == PLAY:
            what = _("whole bid at the kontras said before the offence")
            return [_offence_item(declarer, x, y, offender, shares, what, suit)]
        vx = sum(value * ks[0] for value, ks in shares.values())
        vy = sum(value * ks[1] for value, ks in shares.values())
        head = _(
            "bid counts as made with the kontras said: %(shares)s, V = %(v)s",
            shares=_shares_text(shares, suit, x, y),
            v=_pair_text(x, y, vx, vy),
        )
        return [_item("*", head, declarer, x, y, vx, vy)]
    # PAY_DOUBLE / PAY_SINGLE / PAY_2V_1V use the table total; kontras are ignored (§4.2).
    penalty = renonsz.get("penalty_bid")
    key, trump = (penalty["bid"], penalty.get("trump")) if penalty else (hand["bid"], hand.get("trump"))
    total = _row(key, trump).total
    name = _bid_name(key, trump if trump or not penalty else "non-red")
    declarer = hand.get("declarer")
    if case.type == PAY_DOUBLE:
        flows = [(offender, s, 2 * total) for s in seats if s != offender]
        if any(k != 1 for k in _kontra_levels(hand.get("kontra") or {})):
            head = _(
                "%(offender)s pays %(bid)s with kontra (kontras ignored): table total %(total)s x2 to each",
                offender=offender,
                bid=name,
                total=total,
            )
        else:
            head = _(
                "%(offender)s pays %(bid)s with kontra: table total %(total)s x2 to each",
                offender=offender,
                bid=name,
                total=total,
            )
    elif case.type == PAY_SINGLE:
        flows = [(declarer, s, total) for s in seats if s != declarer]
        head = _(
            "%(bid)s failed without kontra: %(declarer)s pays table total %(total)s to each defender",
            bid=name,
            declarer=declarer,
            total=total,
        )
    else:  # PAY_2V_1V
        third = next(s for s in seats if s not in (offender, declarer))
        flows = [(offender, declarer, 2 * total), (offender, third, total)]
        head = _(
            "%(bid)s counts as won: %(offender)s pays %(declarer)s 2 x %(total)s and %(third)s 1 x %(total)s",
            bid=name,
            offender=offender,
            declarer=declarer,
            third=third,
            total=total,
        )
    return [_Item("*", _line(head, flows), flows)]


def _items(hand: Mapping[str, Any]) -> list[_Item]:
    """The whole settlement of a valid hand as breakdown items (§3.8)."""
    renonsz = hand.get("renonsz")
    items: list[_Item] = []
    ctype = None
    if renonsz:
        case_id = renonsz["case"]
        case = CASES[case_id]
        ctype = case.type
        offender = renonsz.get("offender")
        facts = {"case": case_id, "text": case.text, "consequence": _CONSEQUENCE[ctype]}
        if offender:
            head = _("renonsz %(case)s (%(text)s) by %(offender)s: %(consequence)s", offender=offender, **facts)
        else:
            head = _("renonsz %(case)s (%(text)s): %(consequence)s", **facts)
        items.append(_Item("", head, []))
        if ctype == VOID:
            return items
        if ctype == JURY:
            pts = renonsz["jury_points"]
            shown = ", ".join(f"{s} {signed(pts[s])}" for s in hand["seats"])
            items.append(_Item("", _("jury points: %(points)s", points=shown), []))
            return items
        if ctype not in (NORMAL, RULING_PARTI_WON, RULING_NO_SILENT, PARTIAL):
            return items + _renonsz_items(hand, case)
    gave_up = hand.get("gave_up")
    if gave_up == "before_first_card":
        declarer, x, y = _parties(hand)
        key, trump = hand["bid"], hand.get("trump")
        total = _row(key, trump).total
        head = _(
            "%(bid)s given up before the first card: table total %(total)s, paid with kontra x2 = %(paid)s",
            bid=_bid_name(key, trump),
            total=total,
            paid=2 * total,
        )
        items.append(_item("*", head, declarer, x, y, -2 * total, -2 * total))
        return items
    if gave_up == "after_first_card":
        return items + _given_up_after(hand)
    return items + _played_items(hand, ctype)


def _given_up_after(hand: Mapping[str, Any]) -> list[_Item]:
    """§3.7 / A14: every component failed at the kontras said, plus the ulti penalty."""
    declarer, x, y = _parties(hand)
    key, trump = hand["bid"], hand.get("trump")
    suit = _suit(key, trump)
    kontra = hand.get("kontra") or {}
    items = []
    for comp, value in _row(key, trump).components.items():
        kx, ky = _levels(kontra, comp, x, y)
        game = _with_suit(COMPONENT_NAME[comp], suit)
        head = join(", ", [_("%(game)s given up after the first card (failed)", game=game), _levels_text(x, y, kx, ky)])
        items.append(_item(comp, head, declarer, x, y, -value * kx, -value * ky))
    if "ulti" in KEY_COMPONENTS[key]:
        r = 2 if trump == "piros" else 1
        items.append(_item("", _("ulti failure penalty (not doubled)"), declarer, x, y, -4 * r, -4 * r))
    return items


_CONSEQUENCE = {
    VOID: _("void deal, new deal; it does not count as a played deal"),
    NORMAL: _("no score consequence, the deal is scored normally"),
    PLAY: _("the offender pays the whole bid"),
    PARTIAL: _("the disputed components go against the offender, the rest is scored normally"),
    PAY_DOUBLE: _("the bid is paid doubled"),
    PAY_SINGLE: _("the bid counts as failed, without kontra"),
    BID_WON: _("the bid counts as made"),
    PAY_2V_1V: _("the second bidder's bid counts as won"),
    RULING_PARTI_WON: _("the parti is the declarer's; no silent 100"),
    RULING_NO_SILENT: _("silent 100 and silent four aces are not counted"),
    JURY: _("points set by the jury"),
}


def settle(hand: Mapping[str, Any], state: Mapping[str, Any], config: Mapping[str, Any] | None) -> HandScore:
    """Points for every seat of the table for a hand ``validate`` accepted (§3.8)."""
    seats, dealer = hand["seats"], hand["dealer"]
    table = _table(hand)
    points = dict.fromkeys(table, 0)
    items = _items(hand)
    renonsz = hand.get("renonsz")
    if renonsz and CASES[renonsz["case"]].type == JURY:
        points.update(renonsz["jury_points"])
    for item in items:
        for payer, payee, amount in item.flows:
            points[payer] -= amount
            points[payee] += amount
    breakdown = [item.text for item in items]
    if dealer not in seats:
        breakdown.append(_("%(dealer)s dealt and sits out (9.§(11)): 0", dealer=dealer))
    shown = ", ".join([f"{s} {signed(points[s])}" for s in table])
    breakdown.append(_("total: %(points)s", points=shown))
    return HandScore(points, {}, breakdown)


# --- table facts and seat rotation (§1.1, §6) ---------------------------------------------


def _ordered(table_seats: list[str]) -> list[str]:
    if (
        not 3 <= len(table_seats) <= 4
        or len(set(table_seats)) != len(table_seats)
        or any(s not in ULTI_SEATS for s in table_seats)
    ):
        raise ValueError(f"an ulti table has three or four of the seats A-D, not {table_seats!r}")
    return [s for s in ULTI_SEATS if s in table_seats]


def playing_seats(table_seats: list[str], dealer: str, state: Mapping[str, Any]) -> list[str]:
    """The three players of the next deal in playing order, the forehand first (§5.1).

    Seat letters run in the direction of play (the examples of §7: dealer C, seats A, B,
    C); at a four-seat table the dealer sits out (9.§(11)), at three he plays last.
    """
    table = _ordered(table_seats)
    if dealer not in table:
        raise ValueError(f"dealer {dealer!r} is not at the table {table!r}")
    return after_dealer(table, dealer)[:3]


def next_dealer(table_seats: list[str], dealer: str) -> str:
    """The deal passes to the next player in the direction of play (2.§(3)): the forehand."""
    return next_seat(_ordered(table_seats), dealer)


dealers_reads = ("renonsz.case",)  # what dealers_after reads of the hand


def dealers_after(table_seats: list[str], hand: Mapping[str, Any]) -> list[str]:
    """§6.2: a void deal is dealt again by the same dealer (13.1.5-early: by the correct
    dealer, who is the next one), otherwise the deal rotates."""
    renonsz = hand.get("renonsz")
    if renonsz and CASES[renonsz["case"]].type == VOID:
        return [hand["dealer"], next_dealer(table_seats, hand["dealer"])]
    return [next_dealer(table_seats, hand["dealer"])]


def counts_as_played(hand: Mapping[str, Any]) -> bool:
    """§6.2: void deals are logged but do not count as deals of the játszma."""
    renonsz = hand.get("renonsz")
    return not (renonsz and CASES[renonsz["case"]].type == VOID)


VARIANT = common.variant_of(
    globals(), key=KEY, name="Ulti (MAUSZ championship rules, 2017)", rules_version="ulti-mausz/2017-10-14"
)
