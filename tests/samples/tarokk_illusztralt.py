"""Random valid Illusztrált tarokk hands, for property tests and the benchmark.

Covers every bid, 2 v 2 and 1 v 3 (self-call and called tarokk in a skart), all
figures silent and announced with every kontra level, tarokk counts, renonsz
of every kind and redeals. Impossible combinations (§3.3.6) are weeded out with
the variant's own validator, so every hand returned validates.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import Any

from scoring.variants.tarokk_illusztralt.rules import (
    BIDS,
    FIGURE_KEYS,
    FIGURES,
    HAND_KEYS,
    KEY,
    KING_FIGURES,
    RENONSZ_KEYS,
    RENONSZ_KINDS,
    SEATS,
    SILENT_FIGURES,
    SILENT_MADE_ONLY,
    SUITS,
    TAROKK_COUNT_KEYS,
    _ledger,
    count_band,
    validate,
)
from tests.samples.sequence import Turn, hand_sequence, turn_at

_BIDS = list(BIDS)
_FIGURES = list(FIGURES)
_SILENT = sorted(SILENT_FIGURES)
_SUITS = list(SUITS)
_KINDS = list(RENONSZ_KINDS)


def _kontra(rng: random.Random) -> int:
    """Mostly none, sometimes kontra, rarely up to mordkontra."""
    r = rng.random()
    if r < 0.6:
        return 0
    if r < 0.85:
        return 1
    return rng.randint(2, 5)


def _figure(rng: random.Random, with_result: bool) -> dict[str, Any]:
    silent = rng.random() < 0.35
    fig = rng.choice(_SILENT) if silent else rng.choice(_FIGURES)
    entry: dict[str, Any] = {
        "figure": fig,
        "side": rng.choice(("declarer", "opponents")),
        "announced": not silent,
    }
    if fig in KING_FIGURES:
        entry["suit"] = rng.choice(_SUITS)
    if not silent:
        k = _kontra(rng)
        if k or rng.random() < 0.2:  # an explicit 0 now and then
            entry["kontra"] = k
    if with_result and fig not in ("dupla", "volat"):
        made_only = silent and fig in SILENT_MADE_ONLY
        entry["result"] = "made" if made_only or rng.random() < 0.6 else "failed"
    return entry


def _card_points(rng: random.Random) -> tuple[int, int]:
    """(P, T) inside the bounds of §3.3.5, with duplas and voláts now and then."""
    r = rng.random()
    if r < 0.06:
        t = 9
    elif r < 0.1:
        t = 0
    else:
        t = rng.randint(1, 8)
    lo = max(4 * t, 72 if t == 9 else 0)
    hi = min(58 + 4 * t, 22 if t == 0 else 94)
    return rng.randint(lo, hi), t


def _tarokk_counts(rng: random.Random, seats: list[str], end_allowed: bool) -> list[dict[str, Any]]:
    holders = rng.sample(seats, rng.choice((1, 1, 2)))
    whens = ("early", "end") if end_allowed else ("early",)
    return [{"seat": s, "count": rng.choice((8, 9)), "when": rng.choice(whens)} for s in holders]


def _drop_bad_figures(hand: dict[str, Any]) -> None:
    """Remove figure entries the validator rejects, one at a time, until the hand is valid."""
    while True:
        bad = [e.field for e in validate(hand, {}) if e.field.startswith("figures[")]
        if not bad:
            return
        index = int(bad[0][len("figures[") : bad[0].index("]")])
        del hand["figures"][index]


def deal(rng: random.Random, turn: Turn) -> dict[str, Any]:
    """A random valid hand for ``turn`` (the variant keeps no state)."""
    seats, dealer = turn.seats, turn.dealer
    hand: dict[str, Any] = {"variant": KEY, "seats": seats, "dealer": dealer}
    r = rng.random()
    if r < 0.04:
        hand["outcome"] = "redeal"
        return hand
    renonsz = r < 0.14
    if renonsz:
        hand["outcome"] = "renonsz"
    elif rng.random() < 0.3:
        hand["outcome"] = "played"  # explicit default now and then
    bid = rng.choice(_BIDS)
    declarer = rng.choice(seats)
    hand["bid"] = bid
    hand["declarer"] = declarer
    alone = rng.random() < 0.25
    partner = None if alone else rng.choice([s for s in seats if s != declarer])
    if not renonsz or rng.random() < 0.7:  # optional in a renonsz hand
        hand["partner"] = partner
    game_kontra = _kontra(rng)
    if alone and rng.random() < 0.4:
        hand["called_tarokk_discarded"] = True
        game_kontra = max(game_kontra, 1)  # official kontra (§2.4)
    elif rng.random() < 0.1:
        hand["called_tarokk_discarded"] = False
    if game_kontra or rng.random() < 0.2:
        hand["game_kontra"] = game_kontra
    if renonsz:
        kind = rng.choice(_KINDS)
        offender = rng.choice(seats)
        if kind == "no_honour":  # §3.3.8: the Hármas declarer, before any announcement
            hand["bid"] = "harmas"
            offender = declarer
            hand.pop("game_kontra", None)
            hand.pop("called_tarokk_discarded", None)
        hand["renonsz"] = {"offender": offender, "kind": kind}
    else:
        hand["declarer_card_points"], hand["declarer_tricks"] = _card_points(rng)
        if rng.random() < 0.15:  # the sheet's count instead of the card points (issue 16)
            hand["count_result"] = count_band(hand)
            del hand["declarer_card_points"]
    no_figures = renonsz and hand["renonsz"]["kind"] == "no_honour"
    if not no_figures and rng.random() < 0.75:
        hand["figures"] = [_figure(rng, not renonsz) for _ in range(rng.randint(0, 5))]
        _drop_bad_figures(hand)
    if not no_figures and rng.random() < 0.2:  # tarokk counts are announcements too
        hand["tarokk_counts"] = _tarokk_counts(rng, seats, not renonsz)
    return hand


def random_hand(rng: random.Random) -> tuple[dict[str, Any], dict[str, Any]]:
    """A random valid (hand, state) pair; this variant keeps no state, so state is ``{}``."""
    return deal(rng, turn_at(KEY, SEATS, rng.choice(SEATS))), {}


def random_hand_sequence(
    rng: random.Random, n: int, table: Sequence[str] = SEATS, dealer: str | None = None
) -> list[dict[str, Any]]:
    """``n`` consecutive hands of one table, the deal rotating as the variant says."""
    return hand_sequence(KEY, deal, rng, n, table, dealer or rng.choice(table))


# --- what the variant contract (tests/scoring/test_variant_contract.py) needs besides samples ----------

# Member names and values near valid ones: arbitrary JSON built of them reaches the deeper checks.
FUZZ_KEYS = sorted(HAND_KEYS | FIGURE_KEYS | TAROKK_COUNT_KEYS | RENONSZ_KEYS)
FUZZ_WORDS = [*SEATS, "E", "", None, *BIDS, *FIGURES, *SUITS, "declarer", "opponents", "made", "failed"]


def kontra_raises(hand: dict[str, Any], state: Any, config: Any) -> list[tuple[str, dict[str, Any], bool]]:
    """The game and each announced figure whose kontra can go up one step, named as in
    ``kontra_amounts``, with the hand so raised; a raise the rules refuse (a no_honour renonsz admits no
    kontra) is left out. One level doubles the item (§1.4), a renonsz's payment excepted."""
    if hand.get("outcome") == "redeal":
        return []
    out = []
    targets: list[Any] = ["game"] + [i for i, f in enumerate(hand.get("figures", [])) if f["announced"]]
    for target in targets:
        raised = copy.deepcopy(hand)
        entry, field = (raised, "game_kontra") if target == "game" else (raised["figures"][target], "kontra")
        if entry.get(field, 0) == 5:
            continue
        entry[field] = entry.get(field, 0) + 1
        if validate(raised, {}, None):
            continue
        if hand.get("outcome") == "renonsz":
            out.append(("renonsz", raised, False))
        else:
            out.append(("game" if target == "game" else f"figures[{target}]", raised, True))
    return out


def kontra_amounts(hand: dict[str, Any], state: Any, config: Any) -> dict[str, int]:
    """The signed amount of the game, of each figure and of a renonsz, as the rules settle them."""
    return dict(_ledger(hand).amounts)
