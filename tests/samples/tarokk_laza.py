"""Random valid Laza tarokk hands, for property tests and benchmarks.

Laza hands can only be scored with an organizer's point table (tarokk-laza.md
§4). ``TEST_CONFIG`` below is such a table made up for testing: **ILLUSTRATIVE
— NOT FROM THE RULES.** Its made/failed values are those of the spec's §5.5
example table where that has the row, invented otherwise; it also makes Kismadár
a second trophy, gives some rows silent values, lets Pikoló name a suit and adds
one organizer row, so that every code path is exercised. Score sample hands with
``VARIANT.score(hand, state, TEST_CONFIG)`` (``random_hand`` returns no config).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import Any

from scoring.variants.tarokk_laza.rules import (
    KEY,
    RULE_QUALIFIER,
    SUITS,
    TABLE_SEATS,
    entries_of,
    evaluate_pair,
    point_table,
)
from tests.samples.sequence import Turn, hand_sequence, turn_at


def _row(bid: str, made: int, failed: int, silent: int | None = None, **extra: Any) -> dict[str, Any]:
    return {"bid": bid, "made": made, "failed": failed, "silent": silent, **extra}


# ILLUSTRATIVE — NOT FROM THE RULES. For tests and benchmarks only.
TEST_ROWS: list[dict[str, Any]] = [
    _row("honor", 10, 5, 5),
    _row("kopf", 20, 10),
    _row("trul", 30, 10, 15),
    _row("gem", 20, 10, 10),
    _row("kassza", 30, 10),
    _row("bridzs", 40, 15),
    _row("oktav", 60, 20),
    _row("mizer", 80, 30),
    _row("volat", 120, 40, 60),
    _row("banda", 20, 10, 10),
    _row("piros_fekete", 30, 10, 15),
    _row("flotta", 40, 15),
    _row("armada", 60, 20),
    _row("legio", 90, 30),
    _row("amazon", 20, 10),
    _row("spadill", 25, 10),
    _row("manille", 30, 10),
    _row("dzsinn", 40, 15),
    _row("mariage", 50, 20, 25),
    _row("surrano", 60, 20),
    _row("fonix", 80, 25),
    _row("ulti", 40, 20, 20, cards=["pagat", "sas", "kakadu", "kanari"]),
    _row("uhu", 50, 20, cards=["pagat", "sas", "kakadu", "kanari"]),
    _row("lamour", 30, 10),
    _row("angelo", 30, 10),
    _row("pikolo", 30, 10, qualifier="suit"),
    _row("city", 30, 10),
    _row("centrum", 30, 10),
    _row("kismadar", 40, 15, trophy_rank=1),
    _row("nagymadar", 50, 20),
    _row("skala", 180, 20, trophy_rank=2),
    _row("test_extra", 15, 5, 5, name="Test extra (organizer row)", only_one=[["elfogok", 3]]),
]
TEST_CONFIG: dict[str, Any] = {"point_table": {"version": "TEST-not-from-the-rules-1", "rows": TEST_ROWS}}

_QUALIFIER = {r["bid"]: r.get("qualifier") or RULE_QUALIFIER.get(r["bid"], "none") for r in TEST_ROWS}
_CARDS = {r["bid"]: r["cards"] for r in TEST_ROWS if "cards" in r}
_SILENT = [r["bid"] for r in TEST_ROWS if r["silent"] is not None]
_BIDS = [r["bid"] for r in TEST_ROWS]


def _qualifier(rng: random.Random, bid: str) -> str | None:
    kind = _QUALIFIER[bid]
    if kind == "suit":
        return rng.choice(list(SUITS))
    if kind == "card":
        return rng.choice(_CARDS[bid])
    return None


def _entries(rng: random.Random, side_bids: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """A pair's bids (``side_bids is None``) or its silent entries (not repeating ``side_bids``)."""
    silent = side_bids is not None
    pool = _SILENT if silent else _BIDS
    taken = {(e["bid"], e.get("qualifier")) for e in side_bids or ()}
    made_cards: set[tuple[str, str | None]] = {
        (e["bid"], e.get("qualifier")) for e in side_bids or () if e.get("made", True)
    }
    out: list[dict[str, Any]] = []
    for _ in range(rng.choice((0, 1, 2, 3, 4, 6, 9)) if not silent else rng.choice((0, 0, 1, 2))):
        bid = rng.choice(pool)
        q = _qualifier(rng, bid)
        if (bid, q) in taken:
            continue
        entry: dict[str, Any] = {"bid": bid}
        if q is not None:
            entry["qualifier"] = q
        made = True if silent else rng.random() < 0.65
        if made and bid in ("ulti", "uhu") and ("uhu" if bid == "ulti" else "ulti", q) in made_cards:
            # Pagát ulti and Pagát uhu exclude each other (§5.2.6): at most one is made.
            if silent:
                continue
            made = False
        if not silent:
            entry["made"] = made
            kontra = rng.choice((0, 0, 0, 0, 1, 1, 2, None))
            if kontra is not None:
                entry["kontra"] = kontra
        taken.add((bid, q))
        if made:
            made_cards.add((bid, q))
        out.append(entry)
    return out


def _hand(rng: random.Random, seats: list[str], dealer: str) -> dict[str, Any]:
    attack_bids, defence_bids = _entries(rng), _entries(rng)
    hand: dict[str, Any] = {
        "variant": KEY,
        "seats": seats,
        "dealer": dealer,
        "attack": {"indito": seats[0], "elfogo": seats[3]},
        "defence": {"elfogo": seats[1], "indito": seats[2]},
        "bids": {"attack": attack_bids, "defence": defence_bids},
    }
    roll = rng.random()
    if roll < 0.6:
        hand["silent"] = {"attack": _entries(rng, attack_bids), "defence": _entries(rng, defence_bids)}
    elif roll < 0.7:
        hand["silent"] = None
    return hand


def deal(rng: random.Random, turn: Turn) -> dict[str, Any]:
    """A random valid deal for ``turn``: its seats are the pairs and the attack its state gives."""
    return _hand(rng, turn.seats, turn.dealer)


def random_hand(rng: random.Random) -> tuple[dict[str, Any], dict[str, Any]]:
    """A random valid (hand, state) pair under ``TEST_CONFIG``: a first deal from ``{}``
    (any seating: the first deal sets the pairs) or a later deal of a match in progress."""
    order = list(TABLE_SEATS)
    rng.shuffle(order)
    dealer = rng.choice(TABLE_SEATS)
    if rng.random() < 0.3:
        return _hand(rng, order, dealer), {}
    pairs = [[order[0], order[3]], [order[2], order[1]]]
    last = rng.randrange(2)
    state = {"pairs": pairs, "deals_played": rng.randrange(0, 12), "last_attack": last}
    return deal(rng, turn_at(KEY, TABLE_SEATS, dealer, state)), state


def random_hand_sequence(
    rng: random.Random, n: int, table: Sequence[str] = TABLE_SEATS, dealer: str | None = None
) -> list[dict[str, Any]]:
    """``n`` consecutive valid deals of one table (a match) under ``TEST_CONFIG``, from state ``{}``:
    the pairs sit as the seat draw seats them (§1.2) and the attack alternates (§5.3)."""
    return hand_sequence(KEY, deal, rng, n, table, dealer or rng.choice(table), TEST_CONFIG)


# --- what the variant contract (tests/scoring/test_variant_contract.py) needs besides samples ----------

# Member names and values near valid ones: arbitrary JSON built of them reaches the deeper checks.
FUZZ_KEYS = ["variant", "seats", "dealer", "attack", "defence", "bids", "silent", "bid", "made", "kontra",
             "qualifier", "indito", "elfogo", "pairs", "deals_played", "last_attack", "point_table", "rows",
             "version", "failed", "ladder", "ladder_rank", "only_one", "trophy_rank", "cards", "name"]  # fmt: skip
FUZZ_WORDS = ["A", "B", "C", "D", "E", KEY, "kassza", "gem", "banda", "ulti", "uhu", "skala", "kor", "pagat",
              "none", "suit", "card", "elfogok", "game_group"]  # fmt: skip


def kontra_raises(hand: dict[str, Any], state: Any, config: Any) -> list[tuple[tuple[str, int], dict[str, Any], bool]]:
    """Each bid whose kontra can go up one step (§3.2: kontra, rekontra), named by its side and place in
    ``kontra_amounts``, with the hand so raised."""
    out: list[tuple[tuple[str, int], dict[str, Any], bool]] = []
    for side in ("attack", "defence"):
        for i, item in enumerate(hand["bids"][side]):
            if (item.get("kontra") or 0) < 2:
                raised = copy.deepcopy(hand)
                raised["bids"][side][i]["kontra"] = (item.get("kontra") or 0) + 1
                out.append(((side, i), raised, False))
    return out


def kontra_amounts(hand: dict[str, Any], state: Any, config: Any) -> dict[tuple[str, int], int]:
    """Each entry's amount in its pair's total, by side and place (bids first, then silent ones)."""
    table = point_table(config)[0]
    return {
        (side, i): amount
        for side in ("attack", "defence")
        for i, amount in enumerate(evaluate_pair(entries_of(hand, side, table))[1])
    }
