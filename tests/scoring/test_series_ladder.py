"""season.md §5: the ladder, its tie-breaks applied group by group, shared ranks (§10 E5); §1.4's
history and §7.1's ladder before the final. Pure: run with ``-p no:django``."""

from __future__ import annotations

import pytest

from scoring.series import Event, InvalidSeries, Result, Settings, ladder, ladder_before, ladder_history
from tests.scoring.series_support import D, table, with_totals


def totals(tie_breaks=("best_result", "latest_event"), **kw) -> Settings:
    return Settings(points="event_total", tie_breaks=tie_breaks, **kw)


def test_the_ladder_orders_by_series_total():
    series = [with_totals("E1", {"A": 3, "B": 8, "C": 5}), with_totals("E2", {"A": 6, "C": 5})]
    assert table(ladder(totals(), series)) == [("C", 1, 10), ("A", 2, 9), ("B", 3, 8)]


def test_e5_best_result_compares_value_by_value():
    # E5: A and B both 300; A's counted 150, 100, 50; B's 150, 120, 30 -> B first (120 > 100).
    series = [
        with_totals("E1", {"A": 150, "B": 30}),
        with_totals("E2", {"A": 100, "B": 150}),
        with_totals("E3", {"A": 50, "B": 120}),
    ]
    assert table(ladder(totals(), series)) == [("B", 1, 300), ("A", 2, 300)]


def test_best_result_a_list_that_runs_out_first_loses():
    # A: 100, 100 (200); B: 100, 100, 0 (200): equal as far as A's list goes, then A's runs out.
    series = [
        with_totals("E1", {"A": 100, "B": 100}),
        with_totals("E2", {"A": 100, "B": 100}),
        with_totals("E3", {"B": 0, "C": 1}),
    ]
    assert [line.player for line in ladder(totals(), series)][:2] == ["B", "A"]


def test_best_result_compares_counted_results_only():
    # best_n 1: A counts 10 (drops 9), B counts 10 (drops 1): the dropped ones are not compared,
    # so best_result leaves them tied; latest_event (E2, both there: B placed 1st) decides.
    series = [with_totals("E1", {"A": 10, "B": 1}), with_totals("E2", {"A": 9, "B": 10})]
    lines = ladder(totals(count="best_n", n=1), series)
    assert table(lines) == [("B", 1, 10), ("A", 2, 10)]


def test_latest_event_takes_the_better_place_in_the_latest_event_of_them_all():
    # best_n 2. A: 4 (E1) + 6 (E3) = 10; B: 6 (E1) + 4 (E3) = 10, his 0 in E4 dropped. best_result
    # ties them (6, 4 each). The latest event with both is E3, where A placed better (E1, where B
    # did, is earlier; E4 has B only).
    series = [
        with_totals("E1", {"A": 4, "B": 6}),
        with_totals("E2", {"C": 9}),
        with_totals("E3", {"A": 6, "B": 4}),
        with_totals("E4", {"B": 0}),
    ]
    lines = ladder(totals(count="best_n", n=2), series)
    assert [(line.player, line.rank) for line in lines] == [("A", 1), ("B", 2), ("C", 3)]


def test_latest_event_is_skipped_when_no_event_has_every_tied_player():
    # A, B, C: 10 + 0 each (best_result ties them), every two of them met once, all three never:
    # latest_event is skipped (the pairs would go round in a circle: A beat B, B beat C, C beat A),
    # and they share rank 1.
    series = [
        with_totals("E1", {"A": 10, "B": 0}),
        with_totals("E2", {"B": 10, "C": 0}),
        with_totals("E3", {"C": 10, "A": 0}),
    ]
    lines = ladder(totals(), series)
    assert [(line.player, line.rank) for line in lines] == [("A", 1), ("B", 1), ("C", 1)]


def test_latest_event_skipped_then_events_decides():
    # B and C tied on total and on best_result, never in one event: events decides (C played 2).
    series = [
        with_totals("E1", {"B": 10}),
        with_totals("E2", {"C": 10}),
        with_totals("E3", {"C": 0, "D": 1}),
    ]
    lines = ladder(totals(("best_result", "latest_event", "events")), series)
    assert [(line.player, line.rank) for line in lines] == [("C", 1), ("B", 2), ("D", 3)]


def test_each_tie_break_orders_only_the_players_still_tied_group_by_group():
    # A, B, C: 10 each. tie_breaks events, then latest_event.
    # events: A played 3 (E1, E2, E4), B and C 2 each -> A first; {B, C} still tied.
    # latest_event of the group {B, C}: E3 (both there, B placed 1st) -> B, then C.
    # (Over the whole group {A, B, C} the latest common event would be E1, where C beat B: the
    # second tie-break must look at the smaller group only.)
    series = [
        with_totals("E1", {"C": 10, "A": 5, "B": 0}),
        with_totals("E2", {"A": 5}),
        with_totals("E3", {"B": 10, "C": 0}),
        with_totals("E4", {"A": 0}),
    ]
    lines = ladder(totals(("events", "latest_event")), series)
    assert [(line.player, line.rank) for line in lines] == [("A", 1), ("B", 2), ("C", 3)]


def test_tie_breaks_split_a_group_stepwise():
    # Four players on 12. best_result: A (12) > {B, C, D} (8, 4 each).
    # latest_event of {B, C, D}: E3, places B 2, C 2 (shared), D 4 -> {B, C} > D.
    # events: B played 3, C 2 -> B > C.
    # E3's places are the event's own order (its own tie-breaks put D behind B and C).
    e3 = (Result("X", 1, total=9), Result("B", 2, total=4), Result("C", 2, total=4), Result("D", 4, total=4))
    series = [
        with_totals("E1", {"A": 12, "B": 8, "C": 8, "D": 8}),
        with_totals("E2", {"B": 0, "Z": 1}),
        Event("E3", e3),
    ]
    lines = ladder(totals(("best_result", "latest_event", "events")), series)
    assert [(line.player, line.rank) for line in lines][:4] == [("A", 1), ("B", 2), ("C", 3), ("D", 4)]


def test_still_tied_players_share_a_rank_and_are_listed_by_id_in_code_point_order():
    # No tie-breaks: 1, 1, 3; "B" < "a" < "b" in code points (upper case before lower case).
    series = [with_totals("E1", {"b": 5, "a": 5, "B": 5, "c": 1})]
    lines = ladder(totals(()), series)
    assert [(line.player, line.rank) for line in lines] == [("B", 1), ("a", 1), ("b", 1), ("c", 4)]


def test_still_tied_players_can_be_listed_by_name():
    # The site lists them by name (§5.2): a key per player id.
    names = {"p1": "Zupan", "p2": "Albreht"}
    series = [with_totals("E1", {"p1": 5, "p2": 5})]
    lines = ladder(totals(()), series, listed_by=names.__getitem__)
    assert [(line.player, line.rank) for line in lines] == [("p2", 1), ("p1", 1)]


def test_the_default_tie_breaks_are_best_result_then_latest_event():
    assert Settings(points="cubic").tie_breaks == ("best_result", "latest_event")


def test_a_line_carries_counted_dropped_events_and_provisional_flags():
    series = [
        with_totals("E1", {"A": 4, "B": 2}),
        with_totals("E2", {"A": 1}, provisional=True),
    ]
    (a, b) = ladder(totals(count="best_n", n=1), series)
    assert (a.player, a.rank, a.total, a.counted, a.dropped, a.events) == ("A", 1, 4, {"E1": 4}, {"E2": 1}, 2)
    assert a.provisional == ("E2",)
    assert b.provisional == ()


def test_invalid_input_raises_naming_every_field():
    series = [
        Event("E1", (Result("A", 1, total=1), Result("A", 3, total=2)), weight=0),
        Event("E1", (Result("B", 1),)),
    ]
    with pytest.raises(InvalidSeries) as caught:
        ladder(Settings(points="event_total", count="best_n"), series)
    assert [e.field for e in caught.value.errors] == [
        "settings.n",
        "events[0].weight",
        "events[0].results[1].player",
        "events[0].results[1].place",
        "events[1].id",
        "events[1].results[0].total",
    ]


# --- §1.4 history, §7.1 the ladder before the final ---------------------------------------------


def test_the_history_gives_each_players_rank_after_each_event():
    # After E1: A 1st (5), B 2nd (3). After E2: B 9, A 5, C 4. After E3 (not played yet): none.
    # After E4: A 5 + 6 = 11, B 9, C 4.
    series = [
        with_totals("E1", {"A": 5, "B": 3}),
        with_totals("E2", {"B": 6, "C": 4}),
        Event("E3"),
        with_totals("E4", {"A": 6}),
    ]
    assert ladder_history(totals(), series) == {
        "A": {"E1": 1, "E2": 2, "E4": 1},
        "B": {"E1": 2, "E2": 1, "E4": 2},
        "C": {"E2": 3, "E4": 3},
    }


def test_the_history_recounts_best_half_over_the_events_so_far():
    # best_half after E1: E = 1 -> 1 counts (A 1, B 5: B first). After E2: E = 2 -> 1 counts:
    # A's best 9 beats B's 5. After E3: E = 3 -> 2 count: A 9 + 1 = 10, B 5 + 6 = 11: B first.
    series = [
        with_totals("E1", {"A": 1, "B": 5}),
        with_totals("E2", {"A": 9}),
        with_totals("E3", {"B": 6}),
    ]
    history = ladder_history(totals(count="best_half"), series)
    assert history["A"] == {"E1": 2, "E2": 1, "E3": 2}
    assert history["B"] == {"E1": 1, "E2": 2, "E3": 1}


def test_the_ladder_before_the_final_counts_only_earlier_events():
    series = [
        with_totals("E1", {"A": 5, "B": 3}),
        with_totals("Final", {"B": 100}, always_counts=True),
        with_totals("E3", {"B": 10}),
    ]
    assert table(ladder_before(totals(), series, "Final")) == [("A", 1, 5), ("B", 2, 3)]
    with pytest.raises(KeyError):
        ladder_before(totals(), series, "Nope")


def test_equal_totals_in_decimals_are_equal():
    # 0.5 + 0.25 and 0.75: exact decimals tie (floats would too here, but 0.1 + 0.2 would not).
    series = [with_totals("E1", {"A": "0.1", "B": "0.3"}), with_totals("E2", {"A": "0.2"})]
    lines = ladder(totals(()), series)
    assert [(line.player, line.rank, line.total) for line in lines] == [("A", 1, D("0.3")), ("B", 1, D("0.3"))]
