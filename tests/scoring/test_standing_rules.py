"""Each variant's standing rules (scoring/standing_rules.py, scoring/variants/<key>/standing.py):
table points per taruk2012.md §6 and §7.6, ulti-mausz.md §6.2; byes; default tie-breaks.
Pure: no Django."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.registry import VARIANTS
from scoring.standing_rules import StandingRules, descending_points, places

TARUK = VARIANTS["taruk2012"].standing
ULTI = VARIANTS["ulti-mausz"].standing

# taruk2012.md §6, the table of ties: totals (A, B, C, D) -> places and ranking points.
SPEC_6 = [
    ((120, 120, -35, -80), (1, 1, 3, 4), (2, 2, 1, 0.5)),
    ((60, -5, -5, -150), (1, 2, 2, 4), (2, 1.5, 1.5, 0.5)),
    ((40, 10, -30, -30), (1, 2, 3, 3), (2, 1.5, 1, 1)),
    ((50, 50, 50, -10), (1, 1, 1, 4), (2, 2, 2, 0.5)),
    ((95, 10, 10, 10), (1, 2, 2, 2), (2, 1.5, 1.5, 1.5)),
    ((-20, -20, -20, -20), (1, 1, 1, 1), (2, 2, 2, 2)),
    ((30, 30, -15, -15), (1, 1, 3, 3), (2, 2, 1, 1)),
]


@pytest.mark.parametrize(("totals", "place", "points"), SPEC_6, ids=[str(t) for t, _, _ in SPEC_6])
def test_taruk_places_and_ranking_points_follow_the_spec_table(totals, place, points):
    totals = dict(zip("ABCD", totals, strict=True))
    assert places(totals) == dict(zip("ABCD", place, strict=True))
    assert TARUK.table_points(totals) == dict(zip("ABCD", points, strict=True))


def test_a_five_seat_taruk_table_spreads_two_to_a_half():
    # taruk2012.md §7.6: 2, 1.625, 1.25, 0.875, 0.5 (the same average 1.25 as four seats).
    result = TARUK.table_points({"A": 50, "B": 40, "C": 30, "D": 20, "E": 10})
    assert list(result.values()) == [2, Fraction(13, 8), Fraction(5, 4), Fraction(7, 8), Fraction(1, 2)]
    assert sum(result.values()) / 5 == Fraction(5, 4)


def test_a_taruk_table_of_another_size_has_no_ladder():
    with pytest.raises(ValueError, match="4 or 5 players"):
        TARUK.table_points({"A": 1, "B": 0, "C": -1})


def test_ulti_places_score_three_two_one_and_ties_share_the_places_involved():
    # ulti-mausz.md §6.2: 3/2/1 at three seats, 3/2/1/0 at four.
    assert ULTI.table_points({"A": 40, "B": -10, "C": -30}) == {"A": 3, "B": 2, "C": 1}
    assert ULTI.table_points({"A": 40, "B": 20, "C": -10, "D": -50}) == {"A": 3, "B": 2, "C": 1, "D": 0}
    # Two tied for first at three seats get (3 + 2) / 2 = 2.5 each.
    assert ULTI.table_points({"A": 40, "B": 40, "C": -80}) == {"A": Fraction(5, 2), "B": Fraction(5, 2), "C": 1}
    # Four seats, a three-way tie for second shares (2 + 1 + 0) / 3 = 1.
    assert ULTI.table_points({"A": 9, "B": 1, "C": 1, "D": 1}) == {"A": 3, "B": 1, "C": 1, "D": 1}


def test_the_tarokk_ladder_runs_from_n_minus_one_down_to_zero_with_shared_places_averaged():
    assert descending_points({"A": 5, "B": 3, "C": 1}) == {"A": 3, "B": 2, "C": 1}
    assert descending_points({"A": 5, "B": 3, "C": 1, "D": 0}) == {"A": 3, "B": 2, "C": 1, "D": 0}
    assert descending_points({"A": 9, "B": 7, "C": 5, "D": 3, "E": 1}) == {"A": 4, "B": 3, "C": 2, "D": 1, "E": 0}
    # Two tied for third of four: (1 + 0) / 2 each.
    assert descending_points({"A": 9, "B": 7, "C": 1, "D": 1}) == {
        "A": 3,
        "B": 2,
        "C": Fraction(1, 2),
        "D": Fraction(1, 2),
    }
    for key in ("tarokk-illusztralt", "tarokk-vadasz", "tarokk-laza"):
        assert VARIANTS[key].standing.table_points is descending_points


def test_a_bye_scores_the_average_of_a_table():
    # taruk2012.md §7.6: a bye scores 1.25, the average of 2/1.5/1/0.5; ulti: the average of 3/2/1.
    assert TARUK.bye_points == Fraction(5, 4) == sum(TARUK.table_points({"A": 4, "B": 3, "C": 2, "D": 1}).values()) / 4
    assert ULTI.bye_points == 2 == sum(ULTI.table_points({"A": 3, "B": 2, "C": 1}).values()) / 3
    for key in ("tarokk-illusztralt", "tarokk-vadasz", "tarokk-laza"):
        assert VARIANTS[key].standing.bye_points == 0


def test_default_tie_breaks_follow_each_spec():
    # taruk2012.md §7.7: ranking points, game points, head-to-head, first places, lot.
    assert TARUK.tiebreaks == ("ranking_points", "game_points", "head_to_head", "table_wins", "lot")
    # ulti-mausz.md §6.2: placement points, units, table wins, the rounds where they met, lot.
    assert ULTI.tiebreaks == ("ranking_points", "game_points", "table_wins", "head_to_head", "lot")
    # The tarokks propose no placement points: game points rank first.
    for key in ("tarokk-illusztralt", "tarokk-vadasz", "tarokk-laza"):
        assert VARIANTS[key].standing.tiebreaks[0] == "game_points"


def test_every_variant_declares_its_standing_rules():
    for v in VARIANTS.values():
        assert isinstance(v.standing, StandingRules)
        assert v.standing.tiebreaks and len(set(v.standing.tiebreaks)) == len(v.standing.tiebreaks)
