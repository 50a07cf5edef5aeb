"""Random valid Vadász tarokk hands (``tarokk-vadasz``) for property tests and benchmarks.

The hands are built valid by construction (they are *not* filtered through
``validate``), so a property test that validates them really checks the two
against each other. They cover tables of 4 to 7, every outcome, every solo
case, all figures announced and silent, kontra levels, unplayable
announcements, the overlap rule, lengetés and the double round.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import Any

from scoring.common import ALL_SEATS
from scoring.variants.tarokk_vadasz.rules import (
    BID_SHARE,
    FIGURE_FIELDS,
    FIGURES,
    HAND_FIELDS,
    KEY,
    RENONSZ_KINDS,
    RESULT_FIELDS,
    RESULTS,
    SOLO_CASES,
    STATE_FIELDS,
    THROW_IN_REASONS,
    UNPLAYABLE,
    count_band,
    score_items,
    talon_arrangers,
)
from tests.samples.sequence import Turn, hand_sequence, turn_at

Hand = dict[str, Any]


def _points_range(tricks: int) -> tuple[int, int]:
    """The card points that ``tricks`` tricks can hold (§3.2 rule 5)."""
    lo = 4 * tricks
    hi = min(94, 58 + 4 * tricks)
    if tricks == 9:
        lo = max(lo, 72)
    if tricks == 0:
        hi = min(hi, 22)
    return lo, hi


def _card_play(rng: random.Random) -> tuple[int, int]:
    """Tricks and card points, with volát / dupla outcomes well represented."""
    tricks = rng.choice((0, 1, 2, 3, 4, 4, 5, 5, 5, 6, 6, 7, 8, 9))
    lo, hi = _points_range(tricks)
    roll = rng.random()
    if roll < 0.15 and hi >= 71:
        lo = max(lo, 71)  # a dupla of the declaring side
    elif roll < 0.25 and lo <= 23:
        hi = min(hi, 23)  # a dupla of the opponents
    elif roll < 0.45 and lo <= 48 <= hi:
        lo, hi = max(lo, 44), min(hi, 52)  # close to the 48 threshold
    return tricks, rng.randint(lo, hi)


def _figures(
    rng: random.Random, seats: list[str], side_of: dict[str, str], tricks: int, with_results: bool
) -> list[Hand]:
    members = {side: [s for s in seats if side_of[s] == side] for side in ("declarer", "opponents")}
    volat_made = {"declarer": tricks == 9, "opponents": tricks == 0}
    entries: list[Hand] = []
    for side in ("declarer", "opponents"):
        other = "opponents" if side == "declarer" else "declarer"
        volat_announcer = None
        for figure in ("volat", "dupla", "tuletroa", "negy_kiraly", "pagat_ulti", "xxi_fogas"):
            if rng.random() > (0.12 if figure in ("volat", "dupla") else 0.3):
                continue
            announced = figure in ("volat", "dupla") or rng.random() < 0.5
            entry: Hand = {"figure": figure, "side": side, "announced": announced}
            if announced:
                entry["announcer"] = rng.choice(members[side])
                if rng.random() < 0.4:
                    entry["kontra"] = rng.randint(0, 3)
                if figure == "volat":
                    volat_announcer = entry["announcer"]
                elif (
                    figure in ("dupla", "tuletroa", "negy_kiraly")
                    and volat_announcer == entry["announcer"]
                    and rng.random() < 0.6
                ):
                    entry["with_volat"] = True  # the overlap rule (§1.6)
            elif rng.random() < 0.1:
                entry["kontra"] = 0
            if with_results and figure not in ("volat", "dupla"):
                # A silent figure is listed only when made, except the pagát ulti (§2.1).
                results = RESULTS[figure] if announced or figure == "pagat_ulti" else ("made",)
                result = rng.choice(results)
                # The other side's volát leaves no honour or king to this side (§3.2 rule 7).
                if figure in ("tuletroa", "negy_kiraly") and volat_made[other] and result == "made":
                    if not announced:
                        continue
                    result = "failed"
                entry["result"] = result
                if announced and result != "made" and figure in UNPLAYABLE and rng.random() < 0.3:
                    # §1.10: "the opponent who led the first trick" must be an opponent.
                    choices = [
                        u
                        for u in UNPLAYABLE[figure]
                        if not (u == "starting_opponent_8_tarokk" and side_of[seats[0]] == side)
                    ]
                    entry["unplayable"] = rng.choice(choices)
            entries.append(entry)
    # No figure made by both sides (§3.2 rule 7): the second maker fails or goes.
    made: set[str] = set()
    kept = []
    for entry in entries:
        if entry.get("result") == "made":
            if entry["figure"] in made:
                if not entry["announced"]:
                    continue
                entry["result"] = "failed" if entry["figure"] != "pagat_ulti" else "lost_last_trick"
            else:
                made.add(entry["figure"])
        kept.append(entry)
    rng.shuffle(kept)
    return kept


def _played(rng: random.Random, hand: Hand, seats: list[str], renonsz: bool) -> None:
    declarer = rng.choice(seats)
    hand["declarer"] = declarer
    partner = None
    if rng.random() < 0.75:
        partner = rng.choice([s for s in seats if s != declarer])
        hand["partner"] = partner
    elif not renonsz or rng.random() < 0.5:
        hand["partner"] = None
        hand["solo"] = rng.choice(SOLO_CASES)
    side_of = {s: "declarer" if s in (declarer, partner) else "opponents" for s in seats}
    if rng.random() < 0.5:
        bid = rng.choice(tuple(BID_SHARE))
        hand["bid"] = bid
        hand["declarer_talon_taken"] = rng.randint(0, BID_SHARE[bid])
    else:
        hand["declarer_talon_taken"] = rng.randint(0, 3)
    tricks = 5
    if not renonsz:
        tricks, points = _card_play(rng)
        hand["declarer_tricks"] = tricks
        hand["declarer_card_points"] = points
        if rng.random() < 0.15:  # the sheet's count instead of the card points (issue 16)
            hand["count_result"] = count_band(hand)
            del hand["declarer_card_points"]
    if rng.random() < 0.35:
        hand["game_kontra"] = rng.randint(0, 3)
    figures = _figures(rng, seats, side_of, tricks, with_results=not renonsz)
    opponents = [s for s in seats if side_of[s] == "opponents"]
    if not renonsz and rng.random() < 0.15:
        _lengetes(rng, hand, figures, declarer, opponents, tricks)
    if figures or rng.random() < 0.2:
        hand["figures"] = figures


def _lengetes(
    rng: random.Random, hand: Hand, figures: list[Hand], declarer: str, opponents: list[str], tricks: int
) -> None:
    """Make the hand a lengetés one (§1.11, §3.2 rule 8), adjusting what it needs. It always has a
    declaring side's pagát ulti, the figure a lengetés settles (the form shows the waver under it)."""
    waver = rng.choice(opponents)
    has_ulti = any(f["figure"] == "pagat_ulti" and f["side"] == "declarer" for f in figures)
    if tricks == 9 and not has_ulti:
        return  # a volát by the declaring side: no pagát ulti of theirs to add
    if rng.random() < 0.5 and tricks != 9:
        # Obligatory: the waver's kontra on the game and his announced tulétroá.
        hand["game_kontra"] = max(1, hand.get("game_kontra", 0))
        figures[:] = [f for f in figures if not (f["figure"] == "tuletroa" and f["side"] == "opponents")]
        figures.append(
            {"figure": "tuletroa", "side": "opponents", "announced": True, "announcer": waver,
             "result": rng.choice(("made", "failed"))}
        )  # fmt: skip
        if figures[-1]["result"] == "made":
            for f in figures:  # nobody else made the tulétroá
                if f["figure"] == "tuletroa" and f["side"] == "declarer" and f.get("result") == "made":
                    f["result"] = "failed" if f["announced"] else None
            figures[:] = [f for f in figures if "result" not in f or f["result"] is not None]
        hand["lengetes_ulti"] = {"waver": waver, "mode": "obligatory"}
    else:
        figures[:] = [f for f in figures if not (f["figure"] == "tuletroa" and f.get("announcer") == waver)]
        hand["lengetes_ulti"] = {"waver": waver, "mode": "optional"}
    if not has_ulti:
        figures.append(
            {"figure": "pagat_ulti", "side": "declarer", "announced": False,
             "result": rng.choice(RESULTS["pagat_ulti"])}
        )  # fmt: skip
        if figures[-1]["result"] == "made":
            for f in figures:
                if f["figure"] == "pagat_ulti" and f["side"] == "opponents" and f["result"] == "made":
                    f["result"] = "lost_last_trick"


def deal(rng: random.Random, turn: Turn) -> Hand:
    """A random valid hand for ``turn``; no second double round starts while one runs (§3.4)."""
    participants, dealer, seats = turn.table, turn.dealer, turn.seats
    remaining = turn.state.get("double_round_remaining", 0)
    hand: Hand = {"variant": KEY, "participants": list(participants), "seats": seats, "dealer": dealer}
    arrangers = talon_arrangers(participants, dealer)
    if arrangers:
        hand["talon_arranger"] = rng.choice(arrangers)
    roll = rng.random()
    if roll < 0.1:
        hand["outcome"] = "thrown_in"
        if rng.random() < 0.7:
            hand["thrower"] = rng.choice(seats)
            hand["throw_in_reason"] = rng.choice(THROW_IN_REASONS)
        if remaining == 0 and rng.random() < 0.5:
            hand["start_double_round"] = True  # §1.8: declared by the thrower, who deals next
            hand.setdefault("thrower", rng.choice(seats))
            hand.setdefault("throw_in_reason", rng.choice(THROW_IN_REASONS))
    elif roll < 0.14:
        hand["outcome"] = "redeal"
    elif roll < 0.22:
        hand["outcome"] = "renonsz"
        _played(rng, hand, seats, renonsz=True)
        hand["renonsz"] = {"offender": rng.choice(seats), "kind": rng.choice(RENONSZ_KINDS)}
    else:
        if rng.random() < 0.2:
            hand["outcome"] = "played"
        _played(rng, hand, seats, renonsz=False)
    return hand


def random_hand(rng: random.Random) -> tuple[Hand, Hand]:
    """A random valid (hand, incoming state) pair at a table of 4 to 7."""
    participants = _table(rng)
    dealer = rng.choice(participants)
    remaining = rng.choice((0, 0, 0, rng.randint(1, len(participants))))
    state = {"double_round_remaining": remaining} if remaining else {}
    return deal(rng, turn_at(KEY, participants, dealer, state)), state


def random_hand_sequence(
    rng: random.Random, n: int, table: Sequence[str] | None = None, dealer: str | None = None
) -> list[Hand]:
    """``n`` consecutive hands of one table (4 to 7 seats unless given), starting from state
    ``{}``. The deal rotates (§1.1); after a throw-in that starts a double round the thrower
    has taken the deal (§1.8); a redeal is dealt again by the same dealer."""
    participants = list(table or _table(rng))
    return hand_sequence(KEY, deal, rng, n, participants, dealer or rng.choice(participants))


def _table(rng: random.Random) -> list[str]:
    return list(ALL_SEATS[: rng.randint(4, 7)])


# --- what the variant contract (tests/scoring/test_variant_contract.py) needs besides samples ----------

# Member names and values near valid ones: arbitrary JSON built of them reaches the deeper checks.
FUZZ_KEYS = sorted({*HAND_FIELDS, *FIGURE_FIELDS, *RESULT_FIELDS, *STATE_FIELDS, "offender", "kind", "waver", "mode"})
FUZZ_WORDS = [*ALL_SEATS, "", None, *FIGURES, *RESULTS, *SOLO_CASES, "declarer", "opponents", "played", "thrown_in"]


def kontra_raises(hand: Hand, state: Any, config: Any) -> list[tuple[int, Hand, bool]]:
    """The game and each announced figure whose kontra can go up one step (§1.7: kontra x2, rekontra
    x4, szubkontra x4), named by their place in ``kontra_amounts``, with the hand so raised."""
    if hand.get("outcome", "played") != "played":
        return []
    out: list[tuple[int, Hand, bool]] = []
    if hand.get("game_kontra", 0) < 3:
        out.append((0, {**copy.deepcopy(hand), "game_kontra": hand.get("game_kontra", 0) + 1}, False))  # the game first
    figures = hand.get("figures", [])
    offset = len(kontra_amounts(hand, state, config)) - len(figures)  # the figures come last, in order
    for i, figure in enumerate(figures):
        if figure["announced"] and figure.get("kontra", 0) < 3:
            raised = copy.deepcopy(hand)
            raised["figures"][i]["kontra"] = figure.get("kontra", 0) + 1
            out.append((offset + i, raised, False))
    return out


def kontra_amounts(hand: Hand, state: Any, config: Any) -> dict[int, int]:
    """The amount of each scored item of a played hand (the game first, the figures last), by its place."""
    if hand.get("outcome", "played") != "played":
        return {}
    return {i: amount for i, (_name, amount) in enumerate(score_items(hand))}
