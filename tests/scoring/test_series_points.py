"""season.md §3: an event's result as series points (the five rules, §10 E1 and E2), the weight,
``minus_counts`` and the rounding of §3.4. Pure: run with ``-p no:django``."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from scoring.series import DEFAULT_TABLE, Event, InvalidSeries, Result, Settings, ladder
from scoring.series.points import cubic, heine, percent_of_possible, round_half_away
from tests.scoring.series_support import D, by_place, with_totals


def values(settings: Settings, event: Event) -> dict[str, Decimal | None]:
    """Each player's series points in the one event (None: not on the ladder: no result)."""
    lines = {line.player: line for line in ladder(settings, [event])}
    return {r.player: (lines[r.player].counted.get(event.id) if r.player in lines else None) for r in event.results}


# --- §3.4 rounding ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "places", "expected"),
    [
        (Fraction(5, 2), 0, "3"),  # §3.4: 2.5 -> 3
        (Fraction(-5, 2), 0, "-3"),  # -2.5 -> -3
        (Fraction("15.625"), 2, "15.63"),  # 15.625 -> 15.63
        (Fraction("-15.625"), 2, "-15.63"),
        (Fraction(7, 2) - Fraction(1, 10**9), 0, "3"),  # just below a half rounds down
        (Fraction(2, 3), 2, "0.67"),
    ],
)
def test_rounding_is_half_away_from_zero(value, places, expected):
    assert round_half_away(value, places) == Decimal(expected)


# --- E1: cubic ----------------------------------------------------------------------------------


def test_e1_cubic_with_ten_players():
    # E1: N = 10, places 1-10 -> 200, 140, 94, 59, 34, 18, 7, 2, 0, 0.
    assert [cubic(r, 10) for r in range(1, 11)] == [200, 140, 94, 59, 34, 18, 7, 2, 0, 0]


def test_e1_cubic_with_seven_players():
    # E1: N = 7 -> 200, 116, 59, 25, 7, 1, 0.
    assert [cubic(r, 7) for r in range(1, 8)] == [200, 116, 59, 25, 7, 1, 0]


def test_e1_through_the_ladder_of_one_event():
    event = by_place("E1", *[f"P{i:02d}" for i in range(1, 11)])
    got = values(Settings(points="cubic"), event)
    assert list(got.values()) == [200, 140, 94, 59, 34, 18, 7, 2, 0, 0]


def test_cubic_gives_200_to_the_only_player_of_an_event():
    # §3.1: "200 when N = 1" (the formula would divide by 0).
    assert values(Settings(points="cubic"), by_place("E1", "P1")) == {"P1": 200}


def test_cubic_uses_the_shared_place():
    # §3.5: places 1, 1, 3 of N = 3: 200 · (2/2)³ = 200 twice, 200 · (0/2)³ = 0.
    event = Event("E1", (Result("A", 1), Result("B", 1), Result("C", 3)))
    assert values(Settings(points="cubic"), event) == {"A": 200, "B": 200, "C": 0}


# --- E2: heine ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game_points", "expected"),
    [
        (-20, None),  # no result
        (0, None),  # zero included
        (57, 57),
        (100, 100),
        (101, 100),  # 100 + ⌊1/2⌋
        (102, 101),
        (163, 131),  # 100 + ⌊63/2⌋ = 100 + 31
        (299, 199),
        (300, 200),
        (512, 200),
    ],
)
def test_e2_heine(game_points, expected):
    assert heine(game_points) == expected


@pytest.mark.parametrize(
    ("game_points", "expected"), [("57.5", "57.5"), ("100.5", "100"), ("163.5", "131"), ("0.5", "0.5")]
)
def test_heine_of_decimal_game_points(game_points, expected):
    # 100.5 -> 100 + ⌊0.25⌋ = 100; 163.5 -> 100 + ⌊31.75⌋ = 131; up to 100 the points themselves.
    assert heine(D(game_points)) == D(expected)


def test_heine_no_result_is_neither_counted_nor_dropped():
    event = Event("E1", (Result("A", 1, game_points=163), Result("B", 2, game_points=0)))
    lines = ladder(Settings(points="heine"), [event])
    assert [(line.player, line.counted, line.dropped) for line in lines] == [("A", {"E1": 131}, {})]


# --- fixed_by_place ----------------------------------------------------------------------------


def test_the_default_table_has_places_1_to_50():
    assert len(DEFAULT_TABLE) == 50
    assert DEFAULT_TABLE[:3] == (223, 198, 180)
    assert DEFAULT_TABLE[-3:] == (3, 2, 1)


def test_fixed_by_place_reads_the_table_and_gives_0_beyond_its_end():
    players = [f"P{i:02d}" for i in range(1, 53)]
    got = values(Settings(points="fixed_by_place"), by_place("E1", *players))
    assert [got["P01"], got["P02"], got["P03"], got["P50"], got["P51"], got["P52"]] == [223, 198, 180, 1, 0, 0]


def test_fixed_by_place_with_an_edited_table_and_shared_places():
    event = Event("E1", (Result("A", 1), Result("B", 1), Result("C", 3), Result("D", 4)))
    got = values(Settings(points="fixed_by_place", table=(D("12.5"), 10, 8)), event)
    assert got == {"A": D("12.5"), "B": D("12.5"), "C": 8, "D": 0}


# --- event_total, percent_of_possible ----------------------------------------------------------


def test_event_total_is_the_total_exactly():
    # Table points in eighths stay eighths (§3.4).
    event = with_totals("E1", {"A": "6.625", "B": "5.5", "C": "-1.125"})
    assert values(Settings(points="event_total"), event) == {"A": D("6.625"), "B": D("5.5"), "C": D("-1.125")}


@pytest.mark.parametrize(
    ("total", "max_total", "expected"),
    [
        (5, 8, "62.5"),  # 100 · 5/8
        ("1.25", 8, "15.63"),  # 100 · 1.25/8 = 15.625 -> 15.63 (§3.4's own example)
        (2, 3, "66.67"),  # 66.666… -> 66.67
        (-1, 6, "-16.67"),  # -16.666… -> -16.67
        (8, 8, "100"),
    ],
)
def test_percent_of_possible_to_two_decimals(total, max_total, expected):
    assert percent_of_possible(D(total), D(max_total)) == Decimal(expected)


def test_percent_of_possible_refuses_a_max_total_of_zero_or_less():
    # §3.5: percent_of_possible needs max_total > 0.
    event = Event("E1", (Result("A", 1, total=1, max_total=0), Result("B", 2, total=1, max_total=-8)))
    with pytest.raises(InvalidSeries) as caught:
        ladder(Settings(points="percent_of_possible"), [event])
    assert [e.field for e in caught.value.errors] == [
        "events[0].results[0].max_total",
        "events[0].results[1].max_total",
    ]


# --- §3.2 weights, §3.3 minus_counts -----------------------------------------------------------


def test_the_weight_multiplies_the_exact_value():
    # §3.4: 59 × 0.5 = 29.5; 1.625 × 0.3 = 0.4875 (exact, no float noise).
    half = with_totals("E1", {"A": 59}, weight=D("0.5"))
    tenths = with_totals("E2", {"A": "1.625"}, weight=D("0.3"))
    (line,) = ladder(Settings(points="event_total"), [half, tenths])
    assert line.counted == {"E1": D("29.5"), "E2": D("0.4875")}
    assert str(line.counted["E2"]) == "0.4875"
    assert line.total == D("29.9875")


def test_cubic_is_rounded_before_the_weight():
    # N = 10, place 7: round(200 · (3/9)³) = round(7.41) = 7, then × 0.5 = 3.5
    # (rounding after the weight would give round(3.70) = 4).
    event = by_place("E1", *[f"P{i:02d}" for i in range(1, 11)], weight=D("0.5"))
    assert values(Settings(points="cubic"), event)["P07"] == D("3.5")


def test_percent_of_possible_is_rounded_before_the_weight_and_not_again():
    # 100 · 2/3 = 66.67 (rounded), × 0.5 = 33.335 (exact: no second rounding).
    event = Event("E1", (Result("A", 1, total=2, max_total=3),), weight=D("0.5"))
    assert values(Settings(points="percent_of_possible"), event) == {"A": D("33.335")}


def test_minus_counts_keeps_a_negative_value_by_default():
    event = with_totals("E1", {"A": 4, "B": -3}, weight=D("0.5"))
    assert values(Settings(points="event_total"), event) == {"A": 2, "B": D("-1.5")}


def test_without_minus_counts_a_negative_value_becomes_0_after_the_weight():
    # -3 × 0.5 = -1.5 -> 0; a positive value is untouched.
    event = with_totals("E1", {"A": 4, "B": -3}, weight=D("0.5"))
    assert values(Settings(points="event_total", minus_counts=False), event) == {"A": 2, "B": 0}
