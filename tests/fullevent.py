"""A whole event's worth of hands, chosen and scored by the test itself.

The full-event runs (``tests/browser/test_full_event.py`` through the pages,
``tests/test_api_full_event.py`` through the API) enter these hands and compare
what the site shows with the totals computed here: every hand is scored with the
engine in order, carrying the table state, exactly as a referee's protocol adds up.

Hands come from the samples' generators (random but seeded, so a run is
reproducible), kept only when the variant's hand form can carry them both ways
(``initial_from`` then ``hand()`` gives the same hand back): the browser enters
every hand through that form.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scoring.engine import evaluate
from scoring.registry import VARIANTS
from scoring.types import HandScore
from tests.samples import samples_of, tarokk_laza
from tests.samples.sequence import Turn

ENVELOPE = ("variant", "seats", "dealer")

# The Laza point table an organizer types into the editor: rows of the samples' test table
# (ILLUSTRATIVE, NOT FROM THE RULES), the made/failed/silent columns only.
LAZA_ROWS = [r for r in tarokk_laza.TEST_ROWS if set(r) <= {"bid", "made", "failed", "silent"}]


def laza_config() -> dict[str, Any]:
    return {"point_table": [dict(r) for r in LAZA_ROWS]}


# Both full-event runs (pages and API) play the same event: the same players, draw seed and hands.
PLAYERS = [
    ("Ana Novak", "TK Ljubljana"),
    ("Bojan Kranjc", "TK Maribor"),
    ("Cvetka Zupan", "TK Celje"),
    ("Darko Horvat", "TK Ljubljana"),
    ("Eva Kos", "TK Maribor"),
    ("Franc Vidmar", "TK Celje"),
    ("Gregor Golob", "TK Ljubljana"),
    ("Helena Turk", "TK Maribor"),
    ("Igor Jereb", "TK Celje"),
    ("Jana Kovač", "TK Ljubljana"),
    ("Klemen Potočnik", "TK Maribor"),
]
DRAW_SEED = "full-event"


def players_csv(key: str, count: int) -> bytes:
    """The organizer's player list (Laza: fixed pairs by team name)."""
    lines = ["name;club;strength;team"]
    for i, (name, club) in enumerate(PLAYERS[:count], start=1):
        team = f"Pair {(i + 1) // 2}" if key == "tarokk-laza" else ""
        lines.append(f"{name};{club};{i};{team}")
    return "\n".join(lines).encode()


def event_rng(key: str) -> random.Random:
    return random.Random(f"full-event-{key}")


# Event formats small enough to enter every hand in a browser, large enough for two tables: three hands a
# round, the fewest the director's day needs at a table (a correction of hand 1 and the deletion of the last;
# the last two typed offline; time up after hand 2 with hand 2 typed after the whistle and hand 3 refused).
# ``forehand_declares``: the hand form preselects the forehand as the declarer (taruk2012.md P5/P6: the
# forehand is the usual declarer, and the only one of a tri), so a referee may leave it as it is.
FORMATS: dict[str, dict[str, Any]] = {
    "taruk2012": {"table_size": 4, "hands_per_round": 3, "players": 8, "forehand_declares": True},
    "ulti-mausz": {"table_size": 3, "hands_per_round": 3, "players": 6},
    "tarokk-illusztralt": {"table_size": 4, "hands_per_round": 3, "players": 8},
    "tarokk-vadasz": {"table_size": 4, "hands_per_round": 3, "players": 8},
    "tarokk-laza": {"table_size": 4, "hands_per_round": 3, "players": 8},
}


def _candidate(
    key: str, rng: random.Random, positions: list[str], envelope: Mapping[str, Any], state: Mapping[str, Any]
) -> dict[str, Any]:
    turn = Turn(list(positions), envelope["dealer"], list(envelope["seats"]), state)
    hand = samples_of(key).deal(rng, turn)
    hand.pop("note", None)
    return {**hand, **{k: envelope[k] for k in ENVELOPE}}


def round_trips(key: str, hand: Mapping[str, Any], positions: list[str], config: Any) -> bool:
    """Can the variant's form carry ``hand`` both ways (what the browser types is what is stored)?"""
    from tournaments.tables.handforms import form_class

    cls = form_class(key)
    envelope = {k: hand[k] for k in ENVELOPE}
    data = form_data(cls.initial_from(hand))
    form = cls(data, envelope=envelope, names={}, table_positions=positions, config=config)
    return form.is_valid() and _norm(form.hand()) == _norm(hand)


def form_data(initial: Mapping[str, Any]) -> dict[str, Any]:
    """Initial values as a browser posts them: strings, lists for multiple choices, checkboxes left out when off."""
    data: dict[str, Any] = {}
    for name, value in initial.items():
        if value is None or value is False:
            continue
        if value is True:
            data[name] = "on"
        elif isinstance(value, (list, tuple)):
            data[name] = [str(v) for v in value]
        else:
            data[name] = str(value)
    return data


def _norm(hand: Mapping[str, Any]) -> str:
    return json.dumps(hand, sort_keys=True)


@dataclass
class TablePlay:
    """The hands of one table in order, with the engine's answer for each."""

    positions: list[str]
    hands: list[dict[str, Any]] = field(default_factory=list)
    points: list[dict[str, int]] = field(default_factory=list)
    state: dict[str, Any] = field(default_factory=dict)

    def totals(self) -> dict[str, int]:
        out = dict.fromkeys(self.positions, 0)
        for p in self.points:
            for pos, v in p.items():
                out[pos] = out.get(pos, 0) + v
        return out


def next_envelope(
    key: str, positions: list[str], first_dealer: str, previous: Mapping[str, Any] | None, state: Mapping[str, Any]
) -> dict[str, Any]:
    variant = VARIANTS[key]
    dealer = first_dealer if previous is None else variant.allowed_dealers(positions, previous)[0]
    fixed = variant.table_fields(positions, dealer) if variant.table_fields else {}
    return {"variant": key, "seats": variant.playing_seats(positions, dealer, state), "dealer": dealer, **fixed}


def choose_hand(
    key: str, rng: random.Random, play: TablePlay, first_dealer: str, config: Any, *, by_forehand: bool = False
) -> dict[str, Any]:
    """A valid, counting, form-carried next hand for the table (tried until one fits); ``by_forehand``:
    one the forehand (the first of the hand's seats) declares."""
    previous = play.hands[-1] if play.hands else None
    envelope = next_envelope(key, play.positions, first_dealer, previous, play.state)
    variant = VARIANTS[key]
    for _ in range(500):
        hand = _candidate(key, rng, play.positions, envelope, play.state)
        if not variant.counts_as_played(hand) or hand.get("start_double_round"):
            continue
        if by_forehand and hand.get("declarer") != envelope["seats"][0]:
            continue
        result = evaluate(hand, play.state, config)
        if isinstance(result, HandScore) and round_trips(key, hand, play.positions, config):
            return hand
    raise AssertionError(f"no form-carried {key} hand found for {envelope}")


def play(play: TablePlay, hand: Mapping[str, Any], config: Any) -> HandScore:
    """Score ``hand`` as the table's next hand and remember it."""
    result = evaluate(hand, play.state, config)
    assert isinstance(result, HandScore), result
    play.hands.append(dict(hand))
    play.points.append(result.points)
    play.state = result.state
    return result


def rescore(plays: TablePlay, config: Any) -> None:
    """Score the table's hands again from the start (after a correction or a deletion in the test's record)."""
    hands, plays.hands, plays.points, plays.state = plays.hands, [], [], {}
    for h in hands:
        play(plays, h, config)


def choose_replacement(
    key: str, rng: random.Random, play: TablePlay, index: int, first_dealer: str, config: Any
) -> dict[str, Any]:
    """Another hand for position ``index`` (a correction) under which every later hand still stands."""
    for _ in range(200):
        trial = TablePlay(play.positions, play.hands[:index], play.points[:index], {})
        rescore(trial, config)
        replacement = choose_hand(key, rng, trial, first_dealer, config)
        if replacement == play.hands[index]:
            continue
        hands = [*play.hands[:index], replacement, *play.hands[index + 1 :]]
        if _all_valid(hands, config):
            return replacement
    raise AssertionError(f"no replacement for hand {index + 1}")


def _all_valid(hands: list[dict[str, Any]], config: Any) -> bool:
    state: dict[str, Any] = {}
    for h in hands:
        result = evaluate(h, state, config)
        if not isinstance(result, HandScore):
            return False
        state = result.state
    return True


@dataclass
class Step:
    """One thing a referee does at the table: enter hand ``number``, correct it, or delete it."""

    kind: str  # "enter", "correct" or "delete"
    number: int
    hand: dict[str, Any] | None = None


def plan_table(
    key: str,
    rng: random.Random,
    positions: list[str],
    first_dealer: str,
    config: Any,
    hands: int,
    *,
    eventful: bool,
    last_by_forehand: bool = False,
) -> tuple[list[Step], TablePlay]:
    """What the referees of one table do, and the table as it ends. An eventful table also has a
    correction of hand 1 (later hands rescored) and the deletion of its last hand, entered again.
    ``last_by_forehand``: the last hand is one the forehand declares (``choose_hand``)."""
    table = TablePlay(list(positions))
    steps = []
    while len(table.hands) < hands:
        last = len(table.hands) == hands - 1
        hand = choose_hand(key, rng, table, first_dealer, config, by_forehand=last_by_forehand and last)
        steps.append(Step("enter", len(table.hands) + 1, hand))
        play(table, hand, config)
    if eventful:
        replacement = choose_replacement(key, rng, table, 0, first_dealer, config)
        steps.append(Step("correct", 1, replacement))
        table.hands[0] = replacement
        rescore(table, config)
        steps.append(Step("delete", hands))
        del table.hands[-1]
        rescore(table, config)
        hand = choose_hand(key, rng, table, first_dealer, config)
        steps.append(Step("enter", hands, hand))
        play(table, hand, config)
    return steps, table


def player_totals(tables: list[tuple[dict[str, str], TablePlay]]) -> dict[str, int]:
    """Game points per player over tables: (position -> player name, the table's play)."""
    out: dict[str, int] = {}
    for seats, p in tables:
        for pos, total in p.totals().items():
            out[seats[pos]] = out.get(seats[pos], 0) + total
    return out


def taruk_ranking_points(totals: Mapping[str, int]) -> dict[str, float]:
    """taruk2012.md §6: 2, 1.5, 1, 0.5 for places 1 to 4 at a table of four; a player's place is 1 + the
    number of players with a strictly higher total (competition ranking: 120, 120, -35, -80 get 2, 2, 1, 0.5)."""
    ladder = [2.0, 1.5, 1.0, 0.5]
    return {p: ladder[sum(1 for q in totals if totals[q] > t)] for p, t in totals.items()}
