"""``scoring.engine.score_sequence``: a table's hands scored in order, each from the state the one
before it left, stopping at the first hand the engine refuses. Pure: no database.

Numbers are taruk2012.md §8.1: E8 (klop, B full: B −70, a radelc for every seat; radelci are not
used in a klop, so a second one is −70 again) and E1 (tri by the forehand, partner called, 48 card
points: declarer 25, partner (25 + 5) / 2 = 15; §4.4: after a klop the radelc doubles it, 25 → 50
and the partner half of that, 25).
"""

from __future__ import annotations

from typing import Any

from scoring.engine import first_refused, score_sequence
from scoring.types import HandScore

V = "taruk2012"
ORDER = "ABCD"
RADELC_ALL = {"radelci": dict.fromkeys(ORDER, 1)}


def klop(dealer: str) -> dict[str, Any]:
    return {
        "variant": V,
        "seats": seats_after(dealer),
        "dealer": dealer,
        "game": "klop",
        "klop_points": {"A": 4, "B": 36, "C": 20, "D": 10},
    }


def tri(dealer: str, partner: str, card_points: int = 48) -> dict[str, Any]:
    seats = seats_after(dealer)
    return {
        "variant": V,
        "seats": seats,
        "dealer": dealer,
        "game": "tri",
        "declarer": seats[0],  # tri is the forehand's game
        "called_king": "hearts",
        "partner": partner,
        "card_points": card_points,
    }


def seats_after(dealer: str) -> list[str]:
    """The seats from the one after the dealer, clockwise (taruk2012.md §7.3)."""
    i = ORDER.index(dealer)
    return [ORDER[(i + k) % 4] for k in range(1, 5)]


def test_each_hand_is_scored_from_the_state_the_one_before_left():
    scored = score_sequence([klop("A"), tri("B", "A")])
    assert [s.result.points for s in scored] == [
        {"A": 0, "B": -70, "C": 0, "D": 0},  # E8
        {"A": 25, "B": 0, "C": 50, "D": 0},  # E1 after a klop: 2 × 25 = 50, the partner half, 25
    ]
    assert scored[0].result.state == RADELC_ALL
    assert first_refused(scored) is None


def test_the_first_hand_starts_from_the_state_given():
    alone = score_sequence([tri("A", "C")])
    after_klop = score_sequence([tri("A", "C")], RADELC_ALL)
    assert alone[0].result.points == {"A": 0, "B": 25, "C": 15, "D": 0}  # E1: 25, (25 + 5) / 2 = 15
    assert after_klop[0].result.points == {"A": 0, "B": 50, "C": 25, "D": 0}


def test_it_stops_at_the_first_refused_hand_and_says_which():
    bad = tri("B", "A", card_points=71)  # §8.2: card points go from 0 to 70
    scored = score_sequence([klop("A"), bad, tri("C", "B")])
    assert len(scored) == 2  # the third hand is not scored: its state would be wrong
    assert first_refused(scored) == 1
    assert scored[1].refused and scored[1].hand == bad
    assert [e.field for e in scored[1].result] == ["card_points"]


def test_an_empty_sequence_scores_nothing():
    assert score_sequence([], RADELC_ALL) == []
    assert first_refused([]) is None


def rotate(hand: dict[str, Any], previous: dict[str, Any] | None, state: Any) -> dict[str, Any]:
    """A deletion's step: the hand takes the deal after the hand now before it (A deals first)."""
    dealer = "A" if previous is None else ORDER[(ORDER.index(previous["dealer"]) + 1) % 4]
    return {**hand, "dealer": dealer, "seats": seats_after(dealer)}


def test_place_moves_each_hand_to_where_it_now_stands():
    """Hand 1 deleted: the klop dealt by B moves to hand 1 (dealt by A), the klop dealt by C to hand 2
    (dealt by B); the second klop is scored from the first one's radelci (not used: −70 again)."""
    scored = score_sequence([klop("B"), klop("C")], place=rotate)
    assert [s.hand["dealer"] for s in scored] == ["A", "B"]
    assert [s.hand["seats"] for s in scored] == [list("BCDA"), list("CDAB")]
    assert [s.result.points["B"] for s in scored] == [-70, -70]
    assert all(isinstance(s.result, HandScore) for s in scored)


def test_place_is_given_the_hand_before_the_first():
    """Hand 2 deleted after a hand dealt by A: the hand that was 3 is dealt by B now."""
    seen = []

    def spy(hand, previous, state):
        seen.append((previous and previous["dealer"], dict(state)))
        return rotate(hand, previous, state)

    scored = score_sequence([klop("C")], RADELC_ALL, place=spy, previous=klop("A"))
    assert seen == [("A", RADELC_ALL)]
    assert scored[0].hand["dealer"] == "B"


def test_a_hand_its_new_place_makes_invalid_is_refused_as_placed():
    """The tri's declarer was the forehand where it stood; one deal earlier he is not (§8.2)."""
    moved = tri("C", "B")  # declarer D, forehand of C's deal
    scored = score_sequence([klop("B"), moved], place=rotate)
    assert first_refused(scored) == 1
    assert scored[1].hand["dealer"] == "B" and scored[1].hand["declarer"] == "D"
    assert [e.field for e in scored[1].result] == ["declarer"]
