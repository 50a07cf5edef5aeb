"""season.md §7: the cut line after place K and filling a final (reserves, declines, ties across
the cut by ``all`` or by the final's lot). Pure: run with ``-p no:django``."""

from __future__ import annotations

import pytest

from scoring.series import LadderLine, Settings, cut_line, fill_final, ladder
from tests.scoring.series_support import with_totals


def ladder_of(totals: dict[str, int]) -> list[LadderLine]:
    """A one-event ladder with these totals, no tie-breaks: equal totals share a rank."""
    return ladder(Settings(points="event_total", tie_breaks=()), [with_totals("E1", totals)])


# P1 10, P2 9, P3 8, P4 7, P5 6, P6 5: ranks 1-6.
PLAIN = {f"P{i}": 11 - i for i in range(1, 7)}
# P3, P4 and P5 tie on 8 (rank 3): K = 3 or 4 cuts through them.
TIED = {"P1": 10, "P2": 9, "P3": 8, "P4": 8, "P5": 8, "P6": 5}


def test_the_cut_line_falls_after_place_k():
    assert cut_line(ladder_of(PLAIN), 4).after == 4
    assert cut_line(ladder_of(PLAIN), 4).tied_across == ()


def test_the_cut_line_names_a_tied_group_it_cuts_through():
    # K = 4: the 4th line is P4 of the tied group P3-P5 (rank 3), which goes on below the line.
    assert cut_line(ladder_of(TIED), 4).tied_across == ("P3", "P4", "P5")
    # K = 5: the group ends at the line: nothing cut.
    assert cut_line(ladder_of(TIED), 5).tied_across == ()


def test_the_cut_line_of_a_short_ladder_is_after_its_last_line():
    assert cut_line(ladder_of({"A": 1, "B": 2}), 60).after == 2


def test_fill_enters_the_top_k_and_keeps_the_rest_as_reserves_in_ladder_order():
    fill = fill_final(ladder_of(PLAIN), 3)
    assert fill.entered == ("P1", "P2", "P3")
    assert fill.reserves == ("P4", "P5", "P6")
    assert fill.declined == ()


def test_a_player_who_declines_is_skipped_and_the_next_takes_the_place():
    fill = fill_final(ladder_of(PLAIN), 3, declined={"P2"})
    assert fill.entered == ("P1", "P3", "P4")
    assert fill.reserves == ("P5", "P6")
    assert fill.declined == ("P2",)


def test_declines_beyond_the_ladder_leave_the_final_short():
    fill = fill_final(ladder_of({"A": 2, "B": 1}), 3, declined={"B"})
    assert (fill.entered, fill.reserves) == (("A",), ())


def test_ties_at_cut_all_enters_every_tied_player():
    # K = 4 and P3, P4, P5 tied at rank 3: all three enter (5 players).
    fill = fill_final(ladder_of(TIED), 4, ties_at_cut="all")
    assert fill.entered == ("P1", "P2", "P3", "P4", "P5")
    assert fill.reserves == ("P6",)
    assert fill.tied_at_cut == ("P3", "P4", "P5")


def test_ties_at_cut_lot_lets_the_finals_lot_choose_and_the_others_are_the_first_reserves():
    # K = 4: two places for the three tied players; the lot of the final's seed picks them.
    fill = fill_final(ladder_of(TIED), 4, seed=7)
    assert fill.entered[:2] == ("P1", "P2")
    assert len(fill.entered) == 4
    winners = set(fill.entered[2:])
    assert winners < {"P3", "P4", "P5"}
    (loser,) = {"P3", "P4", "P5"} - winners
    assert fill.reserves == (loser, "P6")
    assert fill.tied_at_cut == ("P3", "P4", "P5")


def test_the_lot_is_the_default_and_the_same_seed_gives_the_same_fill():
    lines = ladder_of(TIED)
    assert fill_final(lines, 4, seed="masters-2012") == fill_final(lines, 4, ties_at_cut="lot", seed="masters-2012")


def test_another_seed_can_give_another_fill():
    lines = ladder_of(TIED)
    outcomes = {fill_final(lines, 4, seed=seed).entered for seed in range(20)}
    assert len(outcomes) > 1


def test_a_later_decline_of_a_tied_loser_does_not_redraw_the_lot():
    # The lot ranks every ladder player once: when the player who lost the lot declines, the two
    # winners stay in; when a winner declines, the loser moves up.
    lines = ladder_of(TIED)
    first = fill_final(lines, 4, seed=3)
    (loser,) = {"P3", "P4", "P5"} - set(first.entered)
    assert fill_final(lines, 4, declined={loser}, seed=3).entered == first.entered
    winner = first.entered[-1]
    again = fill_final(lines, 4, declined={winner}, seed=3)
    assert set(again.entered) == {"P1", "P2", "P3", "P4", "P5"} - {winner}


def test_a_tie_inside_the_places_needs_no_lot():
    # K = 5: the tied group P3-P5 ends exactly at the cut.
    fill = fill_final(ladder_of(TIED), 5, seed=1)
    assert fill.entered == ("P1", "P2", "P3", "P4", "P5")
    assert fill.tied_at_cut == ()


@pytest.mark.parametrize(("k", "ties"), [(0, "lot"), (3, "coin")])
def test_fill_refuses_a_k_below_1_and_an_unknown_ties_at_cut(k, ties):
    with pytest.raises(ValueError):
        fill_final(ladder_of(PLAIN), k, ties_at_cut=ties)
