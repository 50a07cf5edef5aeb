"""ulti-mausz: the paper sheet's verdicts instead of the count (issue 16).

Reading (the spec is silent; §5.2 asks for the facts and keeps ``results`` as a cross-check): a
MAUSZ sheet records each component made or failed, and §3.3 judges the parti, the 40-100 and the
20-100 by the count alone (card points and marriages). A referee who did not count may therefore
give ``results`` for every counted component of the bid and leave out
``play.declarer_card_points`` and ``play.marriages``; the verdicts then stand in for the count.
The other facts stay required (tricks, the trump seven, the four aces: one look each, and they
decide the ulti, durchmars, betli and 4 ász). A silent 100 is judged by the count (§3.4 item 2),
so claiming one still needs the card points. Given both, the facts decide and the verdicts are
cross-checked against them, as §5.1 says.

Spec: /work/shared/rules/ulti-mausz.md. Runs without Django.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import evaluate
from scoring.types import HandScore
from scoring.variants.ulti_mausz import rules as um
from tests.samples.ulti_mausz import random_hand
from tests.scoring.examples.ulti_mausz import EXAMPLES, deal


def scored(hand: dict[str, Any]) -> HandScore:
    result = evaluate(hand)
    assert isinstance(result, HandScore), result
    return result


def errors_of(hand: dict[str, Any]) -> list[tuple[str, str, str]]:
    result = evaluate(hand)
    assert not isinstance(result, HandScore), result
    return [(e.field, e.code, e.message) for e in result]


def by_the_sheet(hand: dict[str, Any], verdicts: dict[str, str], keep_marriages: bool = False) -> dict[str, Any]:
    """``hand`` with the count left out and the sheet's ``verdicts`` in its place."""
    out = copy.deepcopy(hand)
    out["play"].pop("declarer_card_points")
    if not keep_marriages:
        out["play"].pop("marriages")
    out["results"] = verdicts
    return out


# §7 Example 1 — simple parti won (zöld): T_D = 60 + 20 = 80 > T_X = 30 + 20 = 50, v = 1, k = 1:
# each defender pays 1. Example 6 — 40-100 made (makk): T_D = 70 + 40 = 110 >= 100 with the trump
# 40: +4 per defender. Example 7 — red 40-100 failed with kontra, dealer D out: T_D = 50 + 40 = 90
# < 100; v = 8, k = 2: each defender +16, the declarer -32.
EXAMPLE_1, EXAMPLE_6, EXAMPLE_7 = EXAMPLES[1], EXAMPLES[6], EXAMPLES[7]


@pytest.mark.parametrize(
    ("hand", "verdicts", "points"),
    [
        pytest.param(EXAMPLE_1, {"parti": "made"}, {"A": 2, "B": -1, "C": -1}, id="ex1-parti-made"),
        pytest.param(EXAMPLE_6, {"40-100": "made"}, {"A": -4, "B": 8, "C": -4}, id="ex6-40-100-made"),
        pytest.param(EXAMPLE_7, {"40-100": "failed"}, {"A": 16, "B": 16, "C": -32, "D": 0}, id="ex7-red-kontra"),
    ],
)
def test_the_sheets_verdicts_score_as_the_spec_examples(hand: dict, verdicts: dict, points: dict) -> None:
    assert scored(hand).points == points  # the facts, as printed
    # Example 6 and 7: a 40-100 made needs the trump 40 (§3.3), so its marriage stays recorded.
    keep = hand["bid"] != "parti"
    result = scored(by_the_sheet(hand, verdicts, keep_marriages=keep))
    assert result.points == points
    assert "(the sheet's verdict)" in result.breakdown[0]


def test_without_the_count_nor_the_verdicts_the_error_names_both() -> None:
    hand = copy.deepcopy(EXAMPLE_1)
    del hand["play"]["declarer_card_points"]
    errors = errors_of(hand)
    assert ("play.declarer_card_points", "missing_field") in [(f, c) for f, c, _m in errors]
    message = next(m for f, _c, m in errors if f == "play.declarer_card_points")
    assert "the sheet's verdict" in message  # the alternative is named


def test_a_silent_100_still_needs_the_count() -> None:
    hand = by_the_sheet(EXAMPLE_1, {"parti": "made"})
    hand["silent_claims"] = ["100"]
    assert ("play.declarer_card_points", "missing_field") in [(f, c) for f, c, _m in errors_of(hand)]


def test_a_verdict_for_only_some_counted_parts_is_not_enough() -> None:
    # 4 ász bid = {4asz, parti}: the 4 ász verdict does not stand in for the parti's count.
    hand = deal("A", "4asz", trump="tok", results={"4asz": "made"})
    hand["play"] = {"declarer_tricks": 6, "four_aces": "A", "trump7_last_trick": None}
    assert ("play.declarer_card_points", "missing_field") in [(f, c) for f, c, _m in errors_of(hand)]
    hand["results"]["parti"] = "made"
    assert scored(hand).points["A"] > 0


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        pytest.param({"declarer_tricks": 0}, "results.parti", "without a trick", id="made-without-a-trick"),
        pytest.param({"declarer_tricks": 10}, "results.parti", "all ten tricks", id="failed-with-all-tricks"),
    ],
)
def test_verdicts_must_fit_the_tricks(change: dict, field: str, words: str) -> None:
    verdict = "made" if change["declarer_tricks"] == 0 else "failed"
    hand = by_the_sheet(EXAMPLE_1, {"parti": verdict})
    hand["play"].update(change)
    assert any(f == field and c == "inconsistent" and words in m for f, c, m in errors_of(hand))


def test_a_made_40_100_needs_the_declarers_trump_40_where_marriages_are_recorded() -> None:
    hand = by_the_sheet(EXAMPLE_6, {"40-100": "made"}, keep_marriages=True)
    hand["play"]["marriages"] = []
    assert ("results.40-100", "inconsistent") in [(f, c) for f, c, _m in errors_of(hand)]


def test_given_both_the_facts_decide_and_the_verdicts_are_checked() -> None:
    hand = copy.deepcopy(EXAMPLE_1)
    hand["results"] = {"parti": "failed"}  # the count says made
    assert ("results.parti", "inconsistent") in [(f, c) for f, c, _m in errors_of(hand)]


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False))
def test_the_sheets_verdicts_score_as_the_count_they_replace(rng: random.Random) -> None:
    """Any valid sample deal with a count and no silent 100 scores the same with the verdicts the
    count gives (read off the engine's own breakdown of the counted deal)."""
    hand, state = random_hand(rng)
    play = hand.get("play") or {}
    result = evaluate(hand, state)
    if (
        not isinstance(result, HandScore)
        or "declarer_card_points" not in play
        or "100" in (hand.get("silent_claims") or ())
        or (hand.get("renonsz") or {}).get("case") not in (None, *_normal_cases())
    ):
        return
    counted = um.COUNTED & set(um.KEY_COMPONENTS[hand["bid"]])
    names = {c: um.COMPONENT_NAME[c] for c in counted}
    verdicts = {}
    for comp, name in names.items():
        line = next(line for line in result.breakdown if line.startswith(name))
        verdicts[comp] = "made" if " made" in line.split(",")[0] else "failed"
    keep = any(c in counted for c in ("40-100", "20-100"))
    other = by_the_sheet(hand, verdicts, keep_marriages=keep)
    assert evaluate(other, state).points == result.points


def _normal_cases() -> tuple[str, ...]:
    return tuple(c for c, case in um.CASES.items() if case.type == um.NORMAL)
