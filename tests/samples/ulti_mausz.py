"""Random valid ulti-mausz deals for property tests and the benchmark.

The play facts are drawn from a small physical model (who holds how many of the
eight aces and tens, who took the last trick), so they satisfy every consistency
rule of spec §5.4 by construction; the property tests check that they do.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import Any

from scoring.variants.ulti_mausz.rules import (
    BID_TABLE,
    CASES,
    COLOURLESS,
    COUNT_KEYS,
    DISPUTED,
    FOUR_ACES_KEYS,
    HAND_FIELDS,
    JURY,
    KEY,
    KEY_COMPONENTS,
    NO_PLAY_TYPES,
    NORMAL,
    PARTIAL,
    PLAY_FIELDS,
    RENONSZ_FIELDS,
    RULING_NO_SILENT,
    RULING_PARTI_WON,
    SILENT_4ASZ_KEYS,
    SUITS,
    VOID,
    _items,
    _verdicts,
    validate,
)
from tests.samples.sequence import Turn, hand_sequence, turn_at

Hand = dict[str, Any]
TABLES = (["A", "B", "C"], ["A", "B", "C", "D"])
ROWS = sorted(BID_TABLE, key=lambda k: BID_TABLE[k].row)
CASE_IDS = sorted(CASES)
PARTI_KEYS = [k for k in ROWS if "parti" in KEY_COMPONENTS[k[0]]]
DISPUTED_KEYS = [k for k in ROWS if KEY_COMPONENTS[k[0]] & set(DISPUTED)]
COLOURED_RED = [k for k in ROWS if k[1]]
COLOURED_PLAIN = [k for k in ROWS if not k[1] and k[0] not in COLOURLESS]


def random_hand(rng: random.Random) -> tuple[Hand, dict[str, Any]]:
    """One valid deal at a random three- or four-seat table, and its (empty) state."""
    table = rng.choice(TABLES)
    return deal(rng, turn_at(KEY, table, rng.choice(table))), {}


def random_hand_sequence(
    rng: random.Random, n: int, table: Sequence[str] | None = None, dealer: str | None = None
) -> list[Hand]:
    """``n`` consecutive deals of one table (three or four seats unless given): the deal rotates
    (2.§(3)); a void deal is dealt again by the same dealer (§6.2)."""
    table = table or rng.choice(TABLES)
    return hand_sequence(KEY, deal, rng, n, table, dealer or rng.choice(table))


def deal(rng: random.Random, turn: Turn) -> Hand:
    """A random valid deal for ``turn`` (ulti keeps no state)."""
    seats, dealer = turn.seats, turn.dealer
    declarer = rng.choice(seats)
    defenders = [s for s in seats if s != declarer]
    case_id = rng.choice(CASE_IDS) if rng.random() < 0.25 else None
    case = CASES[case_id] if case_id else None
    ctype = case.type if case else None

    key, red = _bid_for(rng, case_id)
    hand: Hand = {"variant": KEY, "seats": seats, "dealer": dealer, "declarer": declarer, "bid": key}
    if key not in COLOURLESS:
        hand["trump"] = "piros" if red else rng.choice(SUITS[:3])
        if case is not None and case.null_trump and not red and rng.random() < 0.5:
            del hand["trump"]  # §5.4: never validly named
    elif rng.random() < 0.2:
        hand["trump"] = None
    kontra = _kontra(rng, key, defenders)
    if kontra:
        hand["kontra"] = kontra

    if case is not None:
        renonsz: dict[str, Any] = {"case": case_id}
        if case.offender == "any":
            renonsz["offender"] = rng.choice(seats)
        elif case.offender == "declarer":
            renonsz["offender"] = declarer
        elif case.offender:
            renonsz["offender"] = rng.choice(defenders)
        if case.penalty_bid:
            p_key, p_red = rng.choice(ROWS)
            renonsz["penalty_bid"] = {"bid": p_key}
            if p_red:
                renonsz["penalty_bid"]["trump"] = "piros"
        if ctype == JURY:
            a, b = rng.randint(-30, 30), rng.randint(-30, 30)
            renonsz["jury_points"] = dict(zip(seats, (a, b, -a - b), strict=True))
        hand["renonsz"] = renonsz
        if ctype in (VOID, JURY) and rng.random() < 0.5:
            for member in ("declarer", "bid", "trump", "kontra"):
                hand.pop(member, None)
        if ctype in NO_PLAY_TYPES:
            return hand

    if ctype in (None, NORMAL) and rng.random() < 0.08:
        hand["gave_up"] = rng.choice(("before_first_card", "after_first_card"))
        if hand["gave_up"] == "before_first_card":
            hand.pop("kontra", None)  # §3.7: no kontra before the first card
        return hand
    if rng.random() < 0.1:
        hand["gave_up"] = False
    _play(rng, hand, key, hand.get("trump"), declarer, seats, ctype)
    return hand


def _bid_for(rng: random.Random, case_id: str | None) -> tuple[str, bool]:
    """A bid row the case makes sense for (§5.4 case-specific rules)."""
    if case_id == "13.3.10":
        return rng.choice(PARTI_KEYS)
    if case_id == "13.3.12":
        return rng.choice(DISPUTED_KEYS)
    if case_id == "13.3.2":
        return rng.choice(COLOURED_RED)
    if case_id in ("13.2.1", "13.3.1"):
        return rng.choice(COLOURED_PLAIN)
    return rng.choice(ROWS)


def _kontra(rng: random.Random, key: str, defenders: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for comp in KEY_COMPONENTS[key]:
        if rng.random() < 0.6:
            continue
        if key in COLOURLESS and rng.random() < 0.6:
            # §3.6: a level per defender; a missing defender is at 1.
            out[comp] = {d: rng.choice((1, 2, 4)) for d in defenders if rng.random() < 0.7}
        else:
            out[comp] = rng.choice((1, 2, 2, 4))
    return out


def _play(
    rng: random.Random,
    hand: Hand,
    key: str,
    trump: str | None,
    declarer: str,
    seats: list[str],
    ctype: str | None,
) -> None:
    comps = KEY_COMPONENTS[key]
    defenders = [s for s in seats if s != declarer]
    if comps & {"betli", "rebetli", "teritett_betli"}:
        tricks = 0 if rng.random() < 0.7 else rng.randint(1, 4)
    elif any("durchmars" in c for c in comps):
        tricks = 10 if rng.random() < 0.7 else rng.randint(6, 9)
    else:
        tricks = rng.randint(0, 10)
    play: dict[str, Any] = {"declarer_tricks": tricks}
    hand["play"] = play
    if key in COLOURLESS:
        return

    # The eight aces and tens: some may lie in the talon (the defenders' points, 6.§(8)).
    talon = rng.choice((0, 0, 1, 2))
    lo, hi = max(0, 8 - talon - 3 * (10 - tricks)), min(8 - talon, 3 * tricks)
    counters = rng.randint(lo, hi)
    # The last trick follows the trick count: always his with 10, never with 0.
    last_declarer = tricks == 10 if tricks in (0, 10) else rng.random() < tricks / 10
    card_points = 10 * counters + (10 if last_declarer else 0)
    last_winner = declarer if last_declarer else rng.choice(defenders)

    relaxed = ctype in (RULING_PARTI_WON, PARTIAL) and rng.random() < 0.5
    if key in COUNT_KEYS and not relaxed:
        play["declarer_card_points"] = card_points
        play["marriages"] = _marriages(rng, key, trump, declarer, seats)

    # Who took all four aces, if one player did (4.§(C)).
    holders = [None]
    if counters >= 4 and tricks >= 2:
        holders.append(declarer)
    if 8 - talon - counters >= 4 and tricks <= 8:
        holders.extend(defenders)
    four_aces = rng.choice(holders)
    if ("4asz" in comps and ctype != PARTIAL) or (key in FOUR_ACES_KEYS and rng.random() < 0.5):
        play["four_aces"] = four_aces

    # The trump seven in the last trick, consistent with who took that trick.
    options: list[Any] = [None]
    if last_declarer:
        options += [{"seat": declarer, "won": True}] * 2 + [{"seat": d, "won": False} for d in defenders]
    else:
        options += [{"seat": declarer, "won": False}, {"seat": last_winner, "won": True}]
        options += [{"seat": d, "won": False} for d in defenders if d != last_winner]
    play["trump7_last_trick"] = rng.choice(options)

    claims = []
    if ctype not in (RULING_NO_SILENT, PARTIAL):
        if "parti" in comps and ctype != RULING_PARTI_WON and "marriages" in play:
            t_d, t_x = _totals(trump, declarer, tricks, card_points, play["marriages"])
            if (t_d >= 100 or t_x >= 100) and rng.random() < 0.8:
                claims.append("100")
        if key in SILENT_4ASZ_KEYS and play.get("four_aces") and rng.random() < 0.8:
            claims.append("4asz")
    rng.shuffle(claims)
    if claims or rng.random() < 0.1:
        hand["silent_claims"] = claims
    if rng.random() < 0.2:
        hand["results"] = {comp: "made" if made else "failed" for comp, made in _verdicts(hand, comps, ctype).items()}


def _marriages(
    rng: random.Random, key: str, trump: str | None, declarer: str, seats: list[str]
) -> list[dict[str, str]]:
    comps = KEY_COMPONENTS[key]
    if "40-100" in comps:
        return [{"seat": declarer, "suit": trump}] if rng.random() < 0.85 else []
    if "20-100" in comps:
        suit = rng.choice([s for s in SUITS if s != trump])
        return [{"seat": declarer, "suit": suit}] if rng.random() < 0.85 else []
    return [{"seat": rng.choice(seats), "suit": s} for s in SUITS if rng.random() < 0.3]


def _totals(
    trump: str | None, declarer: str, tricks: int, card_points: int, marriages: list[dict[str, str]]
) -> tuple[int, int]:
    """T_D and T_X of spec §3.3, written out again so the samples do not lean on the engine."""
    mine = sum(40 if m["suit"] == trump else 20 for m in marriages if m["seat"] == declarer)
    theirs = sum(40 if m["suit"] == trump else 20 for m in marriages if m["seat"] != declarer)
    return card_points + (mine if tricks else 0), 90 - card_points + (theirs if tricks < 10 else 0)


# --- what the variant contract (tests/scoring/test_variant_contract.py) needs besides samples ----------

# Member names and values near valid ones: arbitrary JSON built of them reaches the deeper checks.
FUZZ_KEYS = sorted({*HAND_FIELDS, *PLAY_FIELDS, *RENONSZ_FIELDS, "seat", "suit", "won"})
FUZZ_WORDS = [None, 0, 1, 2, 3, 4, 10, 11, -1, 90, "A", "B", "C", "D", "E", "makk", "piros", "ulti", "betli",
              "100", "4asz", True, False, [], {}, "before_first_card", "13.3.4", "10.3.d", {"seat": "A", "won": True},
              {"A": 2}, ["100"], [{"seat": "B", "suit": "tok"}]]  # fmt: skip


def kontra_raises(hand: Hand, state: Any, config: Any) -> list[tuple[str, Hand, bool]]:
    """Each component of the bid whose kontra can go up one step (§3.6; an individual kontra: one
    defender's), named as in ``kontra_amounts``, with the hand so raised; a raise the rules refuse
    (a give-up before the first card takes no kontra) is left out, and none doubles exactly."""
    if not hand.get("bid"):
        return []
    out = []
    defenders = [s for s in hand["seats"] if s != hand["declarer"]]
    for component in sorted(KEY_COMPONENTS[hand["bid"]]):
        level = (hand.get("kontra") or {}).get(component, 1)
        if isinstance(level, dict):
            steps = [{**level, seat: level.get(seat, 1) * 2} for seat in defenders if level.get(seat, 1) < 4]
        else:
            steps = [level * 2] if level < 4 else []
        for raised_level in steps:
            raised = copy.deepcopy(hand)
            raised.setdefault("kontra", {})[component] = raised_level
            if not validate(raised, state, config):
                out.append((component, raised, False))
    return out


def kontra_amounts(hand: Hand, state: Any, config: Any) -> dict[str, int]:
    """By component of the bid: the total of the payments that carry it (or the whole bid)."""
    items = _items(hand) if hand.get("bid") else []
    return {
        component: sum(amount for item in items if item.component in (component, "*") for _, _, amount in item.flows)
        for component in KEY_COMPONENTS.get(hand.get("bid"), ())
    }
