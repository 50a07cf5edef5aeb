"""What the record may not say of the sheet's count (``count_result``), in every variant that takes one
instead of the card points (tarokk-illusztralt.md §3.3.5, tarokk-vadasz.md §3.2 rule 5): both the points
and the verdict, neither, a word that is not one of the four bands, a verdict where nothing was counted,
a verdict the tricks rule out. What each variant scores by it: test_tarokk_<variant>_count_result.py.
No Django."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any

import pytest

from scoring.registry import VARIANTS
from tests.scoring.examples import tarokk_illusztralt as illusztralt
from tests.scoring.examples import tarokk_vadasz as vadasz


@dataclass(frozen=True)
class Sheet:
    played: dict[str, Any]  # a played hand with its tricks, neither card points nor a verdict
    points: int  # card points the tricks allow
    no_count: tuple[dict[str, Any], ...]  # valid hands nobody counts (a redeal, a renonsz, a throw-in)
    bounds: tuple[tuple[int, str, str], ...]  # (tricks, a verdict they rule out, the message)
    details: str  # the protocol's details of ``played``, "{}" where the count goes


BOUNDS = "{t} tricks hold at {most} {p} card points: the sheet's count cannot be {verdict}"
SHEETS = {
    "tarokk-illusztralt": Sheet(
        played={**illusztralt.BASE, "bid": "harmas", "declarer": "A", "partner": "C", "declarer_tricks": 5},
        points=52,
        no_count=(
            {**illusztralt.BASE, "outcome": "renonsz", "bid": "kettes", "declarer": "A", "partner": "C",
             "renonsz": {"offender": "D", "kind": "play"}},
            {**illusztralt.BASE, "outcome": "redeal"},
        ),
        bounds=((9, "won", "least 72"), (0, "lost", "most 22"), (3, "dupla", "most 70"),
                (6, "opponents_dupla", "least 24")),
        details="{}, 5 tricks",
    ),
    "tarokk-vadasz": Sheet(
        played=vadasz.make({"declarer": "A", "partner": "C", "declarer_talon_taken": 2, "declarer_tricks": 6}),
        points=55,
        no_count=(
            vadasz.make({"outcome": "renonsz", "declarer": "A", "partner": "C", "declarer_talon_taken": 2,
                         "renonsz": {"offender": "B", "kind": "play"}}),
            vadasz.make({"outcome": "thrown_in"}),
            vadasz.make({"outcome": "redeal"}),
        ),
        bounds=((9, "won", "least 72"), (0, "lost", "most 22"), (2, "dupla", "most 66"),
                (8, "opponents_dupla", "least 32")),
        details="talon 2; {}, 6 tricks",
    ),
}  # fmt: skip
# The choices' labels write the bands' thresholds.
LABELS = {
    "dupla": "declaring side: dupla (71+)",
    "won": "declaring side won (48–70)",
    "lost": "opponents won (47–70)",
    "opponents_dupla": "opponents: dupla (71+)",  # the opponents' 71 of 94: P <= 23
}


def errors(key: str, hand: dict[str, Any]) -> list[tuple[str, str]]:
    return [(e.field, e.code) for e in VARIANTS[key].validate(hand, {}, None)]


def bands(key: str) -> dict[str, tuple[int, int]] | None:
    """The variant's bands of the count (its rules' ``COUNT_RESULTS``), None for one without."""
    return getattr(sys.modules[VARIANTS[key].validate.__module__], "COUNT_RESULTS", None)


def test_every_variant_with_a_sheets_count_is_here():
    assert set(SHEETS) == {key for key in VARIANTS if bands(key)}


@pytest.mark.parametrize("key", sorted(SHEETS))
def test_the_choice_labels_write_the_bands_thresholds(key):
    rules = sys.modules[VARIANTS[key].validate.__module__]
    assert {k: str(v) for k, v in rules.COUNT_RESULT_LABEL.items()} == LABELS


@pytest.mark.parametrize("key", sorted(SHEETS))
def test_exactly_one_of_the_card_points_and_the_verdict(key):
    played, points = SHEETS[key].played, SHEETS[key].points
    assert errors(key, {**played, "count_result": "won", "declarer_card_points": points}) == [
        ("count_result", "forbidden_combination")
    ]
    (missing,) = VARIANTS[key].validate(played, {}, None)
    assert (missing.field, missing.code) == ("declarer_card_points", "missing_field")
    assert "the sheet's count" in missing.message  # the alternative named (no raw key)
    assert errors(key, {**played, "count_result": None, "declarer_card_points": points}) == []  # null: not given


@pytest.mark.parametrize("key", sorted(SHEETS))
@pytest.mark.parametrize("value", ["made", "Won", "Lost", 52, True, False, ["won"], {}, {"x": 1}])
def test_a_verdict_that_is_not_one_of_the_four_is_invalid(key, value):
    (error,) = VARIANTS[key].validate({**SHEETS[key].played, "count_result": value}, {}, None)
    assert (error.field, error.code) == ("count_result", "invalid_value")
    assert all(v in error.message for v in bands(key))


@pytest.mark.parametrize("key", sorted(SHEETS))
def test_no_verdict_where_there_is_no_count(key):
    for hand in SHEETS[key].no_count:
        assert errors(key, hand) == []
        assert errors(key, {**hand, "count_result": "won"}) == [("count_result", "not_applicable")]


@pytest.mark.parametrize(
    ("key", "tricks", "verdict", "bound"), [(key, *b) for key, sheet in SHEETS.items() for b in sheet.bounds]
)
def test_the_tricks_bound_the_verdict_as_they_bound_the_points(key, tricks, verdict, bound):
    """All 9 tricks need "dupla", none "opponents_dupla"; 1-3 tricks hold at most 58 + 4T < 71 points
    (Vadász: the declarer's skart only), 6-8 tricks at least 4T > 23."""
    played = SHEETS[key].played
    (error,) = VARIANTS[key].validate({**played, "count_result": verdict, "declarer_tricks": tricks}, {}, None)
    most, p = bound.split()
    message = BOUNDS.format(t=tricks, most=most, p=p, verdict=LABELS[verdict])
    assert (error.field, error.code, error.message) == ("count_result", "inconsistent", message)
    assert errors(key, {**played, "count_result": "dupla", "declarer_tricks": 9}) == []
    assert errors(key, {**played, "count_result": "opponents_dupla", "declarer_tricks": 0}) == []


@pytest.mark.parametrize("key", sorted(SHEETS))
def test_the_protocol_shows_the_verdict_where_it_shows_the_points(key):
    sheet, protocol = SHEETS[key], VARIANTS[key].protocol
    counted = {**sheet.played, "declarer_card_points": sheet.points}
    assert protocol.text(counted, {}, {}).details == sheet.details.format(f"{sheet.points} pts")
    for verdict, shown in {
        "won": "game won",
        "lost": "game lost",
        "dupla": "dupla",
        "opponents_dupla": "dupla opp.",
    }.items():
        assert protocol.text({**sheet.played, "count_result": verdict}, {}, {}).details == sheet.details.format(shown)
