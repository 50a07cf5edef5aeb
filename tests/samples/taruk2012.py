"""Random valid Taruk 2012 hands (spec ``shared/rules/taruk2012.md`` §5) for property
tests and benchmarks: every game, bonus, kontra level, klop-kontra, penalty and
both table sizes (§7.6), each with a plausible frequency. Pure Python."""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import Any

from scoring.variants.taruk2012.rules import (
    BONUS_KEYS,
    BONUS_TYPES,
    GAMES,
    HAND_KEYS,
    KEY,
    KING_GAMES,
    POINT_GAMES,
    SEATS_4,
    SEATS_5,
    SUITS,
    TALON_GAMES,
    _settle,
)
from tests.samples.sequence import Turn, hand_sequence, turn_at

# Rough weights: point games are the bulk of a real protocol, klop and berač follow.
GAME_WEIGHTS = {
    "klop": 10,
    "tri": 14,
    "dve": 12,
    "ena": 10,
    "solo_tri": 8,
    "solo_dve": 6,
    "solo_ena": 5,
    "berac": 8,
    "solo_brez": 5,
    "valat": 3,
    "none": 3,
}
assert set(GAME_WEIGHTS) == set(GAMES)
_GAMES = list(GAME_WEIGHTS)
_WEIGHTS = list(GAME_WEIGHTS.values())


def random_state(rng: random.Random, table: tuple[str, ...]) -> dict[str, Any]:
    """A valid radelc state (§4.4): empty, all 0, all 1, or a partial/mixed object."""
    roll = rng.random()
    if roll < 0.3:
        return {}
    if roll < 0.55:
        return {"radelci": dict.fromkeys(table, 0)}
    if roll < 0.85:
        return {"radelci": dict.fromkeys(table, 1)}
    # Mixed and partial states are valid input too (a missing seat counts as 0).
    return {"radelci": {s: rng.randint(0, 1) for s in table if rng.random() < 0.7}}


def random_hand(rng: random.Random) -> tuple[dict[str, Any], dict[str, Any]]:
    """A random valid (hand, state) pair."""
    table = _table(rng)
    dealer = rng.choice(table)
    return deal(rng, turn_at(KEY, table, dealer)), random_state(rng, table)


def random_hand_sequence(
    rng: random.Random, n: int, table: Sequence[str] | None = None, dealer: str = "A"
) -> list[dict[str, Any]]:
    """``n`` consecutive hands of one table (four or five seats unless given), dealt from A and
    rotating clockwise (§7.3), each scored from the radelci the previous one left."""
    return hand_sequence(KEY, deal, rng, n, table or _table(rng), dealer)


def _table(rng: random.Random) -> tuple[str, ...]:
    return SEATS_5 if rng.random() < 0.2 else SEATS_4


def _kontra(rng: random.Random, max_level: int = 4) -> int:
    roll = rng.random()
    if roll < 0.75:
        return 1
    if roll < 0.93 or max_level == 2:
        return 2
    return 4


def deal(rng: random.Random, turn: Turn) -> dict[str, Any]:
    """A random valid hand for ``turn`` (the radelci of its state change no rule of §5)."""
    table, dealer, seats = turn.table, turn.dealer, turn.seats
    game = rng.choices(_GAMES, _WEIGHTS)[0]
    hand: dict[str, Any] = {"variant": "taruk2012", "seats": seats, "dealer": dealer, "game": game}

    if game == "klop":
        _klop(rng, hand, seats)
    elif game != "none":
        # P5/P6: tri is always the forehand's game (§1.5).
        declarer = seats[0] if game == "tri" else rng.choice(seats)
        hand["declarer"] = declarer
        if game in KING_GAMES:
            hand["called_king"] = rng.choice(SUITS)
            others = [s for s in seats if s != declarer]
            hand["partner"] = None if rng.random() < 0.12 else rng.choice(others)
        if rng.random() < 0.3:
            hand["game_kontra"] = _kontra(rng)
        if game in ("berac", "valat"):
            hand["won"] = rng.random() < 0.6
        else:
            hand["card_points"] = rng.randint(0, 70)
            bonuses = _bonuses(rng, game)
            if bonuses:
                hand["bonuses"] = bonuses
                _fit_card_points(rng, hand, bonuses)
                if bonuses[0]["type"] == "barvni_valat":
                    hand.pop("game_kontra", None)  # rule 18: kontra goes on the entry
        if game in TALON_GAMES and rng.random() < 0.08:
            hand["mond_in_talon"] = True

    if rng.random() < 0.1 and game != "none":
        hand["mondfang"] = rng.choice(seats)
    penalties = _penalties(rng, table, dealer, stopped=game == "none")
    if penalties:
        hand["penalties"] = penalties
    if rng.random() < 0.03:
        hand["note"] = "checked by the judge"
    return hand


def _bonuses(rng: random.Random, game: str) -> list[dict[str, Any]]:
    """Bonus entries obeying rules 14-18 of §5.6."""
    assert game in POINT_GAMES
    roll = rng.random()
    if roll < 0.45:
        return []
    if roll < 0.5:
        # Barvni valat alone, the kontra on its own entry (§3.6).
        return [
            {
                "type": "barvni_valat",
                "side": "declarer",
                "announced": True,
                "made": rng.random() < 0.5,
                "kontra": _kontra(rng),
            }
        ]
    types = [t for t in BONUS_TYPES if t != "barvni_valat" and (t != "kralj_ultimo" or game in KING_GAMES)]
    chosen = rng.sample(types, rng.randint(1, 3))
    entries = []
    for t in chosen:
        side = "declarer" if t == "kralj_ultimo" or rng.random() < 0.6 else "opponents"
        announced = rng.random() < 0.5
        if announced:
            made = rng.random() < 0.6
            kontra = _kontra(rng, 4 if side == "declarer" else 2)
        else:
            made, kontra = True, 1
        entry: dict[str, Any] = {"type": t, "side": side, "announced": announced, "made": made}
        if kontra != 1 or rng.random() < 0.5:
            entry["kontra"] = kontra
        entries.append(entry)
    return entries


def _fit_card_points(rng: random.Random, hand: dict[str, Any], bonuses: list[dict[str, Any]]) -> None:
    """Rule 19: card points agree with a made valat; with a made valat or barvni
    valat they are optional, so sometimes leave them out."""
    for b in bonuses:
        if b["type"] == "valat" and b["made"]:
            hand["card_points"] = 70 if b["side"] == "declarer" else 0
        if (b["type"] == "valat" and b["made"]) or b["type"] == "barvni_valat":
            if rng.random() < 0.6:
                del hand["card_points"]
            return


def _klop(rng: random.Random, hand: dict[str, Any], seats: list[str]) -> None:
    """Klop fields obeying §5.3: points summing to 68-72, klop-kontra consistent with them."""
    kontra = []
    if rng.random() < 0.25:
        for seat in rng.sample(seats, rng.randint(1, 2)):
            kontra.append({"seat": seat, "no_trick": rng.random() < 0.5})
        hand["klop_kontra"] = kontra
    clean = {e["seat"] for e in kontra if e["no_trick"]}
    dirty = {e["seat"] for e in kontra if not e["no_trick"]}
    if kontra and rng.random() < 0.4:
        return  # klop_points are optional with klop-kontra
    takers = [s for s in seats if s not in clean]
    total = rng.choice((68, 70, 70, 70, 72))
    # Cut ``total`` into len(takers) parts, each 0..70; "dirty" seats need at least 1.
    while True:
        cuts = sorted(rng.randint(0, total) for _ in range(len(takers) - 1))
        parts = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
        if all(p <= 70 for p in parts) and all(p >= 1 for s, p in zip(takers, parts, strict=True) if s in dirty):
            break
    points = dict.fromkeys(seats, 0)
    points.update(zip(takers, parts, strict=True))
    hand["klop_points"] = points


def _penalties(rng: random.Random, table: Sequence[str], dealer: str, stopped: bool) -> list[dict[str, Any]]:
    """§5.4 entries; a stopped hand (``none``) always has a renons (rule 24)."""
    out: list[dict[str, Any]] = []
    if stopped or rng.random() < 0.08:
        entry: dict[str, Any] = {"type": "renons", "seat": rng.choice(table)}
        roll = rng.random()
        if roll < 0.4:
            entry["points"] = -70
        elif roll < 0.55:
            entry["points"] = -rng.randint(1, 200)  # a judge's decision (R4, A25)
        out.append(entry)
    if rng.random() < 0.06:
        first = rng.random() < 0.5  # the dealer's first misdeal in the tournament (§5.4)
        for i in range(rng.randint(1, 2)):
            out.append({"type": "misdeal", "seat": dealer, "warning": first and i == 0})
    return out


# --- what the variant contract (tests/scoring/test_variant_contract.py) needs besides samples ----------

# Member names and values near valid ones: arbitrary JSON built of them reaches the deeper checks.
FUZZ_KEYS = sorted(HAND_KEYS | BONUS_KEYS | {"radelci", "seat"})
FUZZ_WORDS = ["A", "B", "C", "D", "E", "tri", "klop", "none", "valat", "barvni_valat", "renons", "misdeal",
              "declarer", "opponents", "hearts", KEY, "radelci"]  # fmt: skip


def kontra_raises(hand: dict[str, Any], state: Any, config: Any) -> list[tuple[str, dict[str, Any], bool]]:
    """Each item whose kontra can go up one step (§2.3, §5.2): its name in ``kontra_amounts``, the hand
    with it raised, and whether the item then doubles exactly (a bonus; the game's share may round)."""
    out: list[tuple[str, dict[str, Any], bool]] = []
    bonuses = hand.get("bonuses", [])
    level = hand.get("game_kontra", 1)
    if hand["game"] not in ("klop", "none") and not any(b["type"] == "barvni_valat" for b in bonuses) and level < 4:
        out.append(("game", {**copy.deepcopy(hand), "game_kontra": level * 2}, False))
    amounts = kontra_amounts(hand, state, config)
    for i, bonus in enumerate(bonuses):
        level = bonus.get("kontra", 1)
        if bonus["announced"] and level < (4 if bonus["side"] == "declarer" else 2):
            raised = copy.deepcopy(hand)
            raised["bonuses"][i]["kontra"] = level * 2
            name = "bonus:" + bonus["type"]
            out.append((name, raised, name in amounts))  # a made valat replaces the other bonuses (§3.5)
    return out


def kontra_amounts(hand: dict[str, Any], state: Any, config: Any) -> dict[str, int]:
    """The signed amount of every kontra-able item before the radelc, as the rules settle them."""
    return _settle(hand, state, config)[3]
