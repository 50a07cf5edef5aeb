"""Illusztrált tarokk: the sheet's verdict of the count (``count_result``) instead of the card points.

Reading (the spec, tarokk-illusztralt.md, is silent on a verdict input): P = ``declarer_card_points``
counts only through its thresholds -- the game is won at P >= 48 (§1.1), a dupla is made by the
declaring side at P >= 71 and by the opponents at P <= 23 (§2.2 step 2), and the volát bounds of
§3.3.5 are checked against the tricks. A federation referee's sheet records the game won or lost and
a dupla made, never the exact count, so the band P falls in is all the rules need: ``count_result``
is one of "dupla" (71-94), "won" (48-70), "lost" (24-47), "opponents_dupla" (0-23), and a hand scores
exactly as with any P of its band.

Reading (as in Vadász): with the count the tricks are needed only for a volát. They decide nothing
else (§2 step 2: a volát is T = 9 or T = 0), so a count without them says no volát was made; a silent
volát is recorded with its tricks (9 or 0), an announced one must give them. No Django.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.protocol_layout import Translator
from scoring.text import catalogue, render
from scoring.variants.tarokk_illusztralt import rules
from scoring.variants.tarokk_illusztralt.protocol import PROTOCOL
from scoring.variants.tarokk_illusztralt.rules import COUNT_RESULTS, VARIANT, count_band
from tests.samples.tarokk_illusztralt import random_hand
from tests.scoring import sheet_count
from tests.scoring.examples.tarokk_illusztralt import EXAMPLES, spec_hand

BASE = {"variant": "tarokk-illusztralt", "seats": ["A", "B", "C", "D"], "dealer": "D"}


def band_of(points: int) -> str:
    return sheet_count.band_of(COUNT_RESULTS, points)


def by_verdict(hand: dict[str, Any]) -> dict[str, Any]:
    return sheet_count.by_verdict(COUNT_RESULTS, hand)


def errors(hand: dict[str, Any]) -> list[tuple[str, str]]:
    return [(e.field, e.code) for e in VARIANT.validate(hand, {}, None)]


# --- the bands are the rules' thresholds -------------------------------------------------------------


def test_the_bands_cover_0_to_94_once_at_the_rules_thresholds():
    assert COUNT_RESULTS == {
        "dupla": (rules.DUPLA_POINTS, 94),
        "won": (rules.WIN_POINTS, rules.DUPLA_POINTS - 1),
        "lost": (rules.TOTAL_POINTS - rules.DUPLA_POINTS + 1, rules.WIN_POINTS - 1),
        "opponents_dupla": (0, rules.TOTAL_POINTS - rules.DUPLA_POINTS),
    }
    assert (rules.WIN_POINTS, rules.DUPLA_POINTS, rules.TOTAL_POINTS) == (48, 71, 94)
    assert [band_of(p) for p in (0, 23, 24, 47, 48, 70, 71, 94)] == [
        "opponents_dupla", "opponents_dupla", "lost", "lost", "won", "won", "dupla", "dupla",
    ]  # fmt: skip
    for p in range(95):
        assert count_band({"declarer_card_points": p}) == band_of(p)


# --- the same points as any P of the band --------------------------------------------------------------


SPEC_WITH_POINTS = [p for p in EXAMPLES if "declarer_card_points" in spec_hand(p.values[0])]


@pytest.mark.parametrize(("fields", "expected", "lines"), SPEC_WITH_POINTS)
def test_every_spec_example_scores_the_same_with_its_band(fields, expected, lines):
    hand = by_verdict(spec_hand(fields))
    assert VARIANT.validate(hand, {}, None) == []
    assert VARIANT.score(hand, {}).points == expected


def test_every_sample_hand_scores_the_same_with_its_band():
    sheet_count.sample_hands_score_as_counted(VARIANT, COUNT_RESULTS, random_hand, at_least=2000)


# Hands whose score turns on every threshold: an announced dupla of each side, a silent dupla, a
# volát of each side, a Szóló alone with kontra.
HANDS = [
    {"bid": "kettes", "declarer": "A", "partner": "C", "figures": [
        {"figure": "dupla", "side": "declarer", "announced": True, "kontra": 1}]},
    {"bid": "egyes", "declarer": "B", "partner": "D", "figures": [
        {"figure": "dupla", "side": "opponents", "announced": True}]},
    {"bid": "harmas", "declarer": "A", "partner": "C"},
    {"bid": "szolo", "declarer": "A", "partner": None, "game_kontra": 2},
    {"bid": "harmas", "declarer": "A", "partner": None, "called_tarokk_discarded": True, "game_kontra": 1,
     "figures": [{"figure": "volat", "side": "declarer", "announced": True}]},
]  # fmt: skip


@pytest.mark.parametrize("fields", HANDS)
def test_for_every_count_and_trick_count_the_verdict_scores_as_the_points(fields):
    """P 0-94 x T 0-9: the consistency checks of §3.3.5 on the band (tests/scoring/sheet_count.py)."""
    sheet_count.every_count_and_trick_count(VARIANT, COUNT_RESULTS, lambda **m: {**BASE, **fields, **m}, {})


def test_spec_e17_with_the_sheets_verdict_scores_as_with_60_card_points():
    """§4 E17: Kettes (G = 2), A with C, P = 60, dupla announced by the declaring side with kontra.
    No dupla made (60 < 71), so the game is paid: +2; failed dupla 4G x 2 = 16 to the opponents;
    2 - 16 = -14 -> A -14, B +14, C -14, D +14. The sheet says "game won" (48-70): the same."""
    e17 = {"bid": "kettes", "declarer": "A", "partner": "C", "declarer_tricks": 6,
           "figures": [{"figure": "dupla", "side": "declarer", "announced": True, "kontra": 1}]}  # fmt: skip
    counted = VARIANT.score({**BASE, **e17, "declarer_card_points": 60}, {})
    result = VARIANT.score({**BASE, **e17, "count_result": "won"}, {})
    assert result.points == counted.points == {"A": -14, "B": 14, "C": -14, "D": 14}
    assert result.breakdown[0] == "Game: Kettes G=2, declaring side won (the sheet's count) → A +2, C +2, B −2, D −2"
    assert counted.breakdown[0] == "Game: Kettes G=2, declaring side won (60) → A +2, C +2, B −2, D −2"


def test_spec_e3_the_47_47_tie_is_a_lost_game_on_the_sheet():
    """§4 E3: Egyes (G = 3), A with D, P = 47: 47 < 48, the opponents win 3 -> A -3, B +3, C +3, D -3."""
    e3 = {**BASE, "bid": "egyes", "declarer": "A", "partner": "D", "count_result": "lost", "declarer_tricks": 4}
    result = VARIANT.score(e3, {})
    assert result.points == {"A": -3, "B": 3, "C": 3, "D": -3}
    assert result.breakdown[0] == "Game: Egyes G=3, opponents won (the sheet's count) → A −3, D −3, B +3, C +3"


def test_a_dupla_on_the_sheet_says_so_instead_of_the_points():
    """§4 E6 (Egyes, B with D, P = 72: silent dupla 2G = 6, game not paid) with the verdict "dupla"."""
    e6 = {**BASE, "bid": "egyes", "declarer": "B", "partner": "D", "count_result": "dupla", "declarer_tricks": 7}
    result = VARIANT.score(e6, {})
    assert result.points == {"A": -6, "B": 6, "C": -6, "D": 6}
    assert result.breakdown[0] == "Game not paid: dupla made by the declaring side (the sheet's count) → 0"
    opponents = {**e6, "count_result": "opponents_dupla", "declarer_tricks": 2}
    result = VARIANT.score(opponents, {})
    assert result.points == {"A": 6, "B": -6, "C": 6, "D": -6}
    assert result.breakdown[0] == "Game not paid: dupla made by the opponents (the sheet's count) → 0"
    assert render(result.breakdown[0], "hu") == (
        "A játékot nem fizetik: az ellenpárt duplát csinált (a játszmalap szerint) → 0"
    )


# --- what the record may not say: tests/scoring/test_sheet_count.py -------------------------------------

PLAYED = {**BASE, "bid": "harmas", "declarer": "A", "partner": "C", "declarer_tricks": 5}


# --- the protocol and the languages ---------------------------------------------------------------------


def test_the_protocol_writes_the_verdict_in_hungarian():
    """In English in every variant: tests/scoring/test_sheet_count.py."""
    hu = catalogue("hu")
    tr = Translator(hu.gettext, hu.ngettext)
    assert PROTOCOL.text({**PLAYED, "count_result": "won"}, {}, {}, tr).details == "játék megnyerve, 5 ütés"
    assert PROTOCOL.text({**PLAYED, "count_result": "opponents_dupla"}, {}, {}, tr).details == "dupla ellenf., 5 ütés"


def test_the_verdicts_lines_and_errors_read_in_slovenian_and_hungarian():
    line = VARIANT.score({**PLAYED, "count_result": "won"}, {}).breakdown[0]
    assert render(line, "sl") == "Igra: Hármas G=1, zmagala je igralčeva stran (po zapisniku) → A +1, C +1, B −1, D −1"
    assert (
        render(line, "hu") == "Játék: Hármas G=1, a felvevő párt nyert (a játszmalap szerint) → A +1, C +1, B −1, D −1"
    )
    (missing,) = VARIANT.validate(PLAYED, {}, None)
    assert render(missing.message, "hu") == (
        "declarer_card_points: lejátszott leosztásban kötelező megadni, vagy helyette a játszmalap szerinti eredményt"
    )


def test_the_sheets_count_needs_the_tricks_only_for_a_volat():
    """§4 E1 by the sheet: Hármas (G = 1), A with C, game won, no volát -> A +1, C +1, B -1, D -1,
    as with its 52 card points and 5 tricks; the protocol writes the count without tricks."""
    e1 = {**BASE, "bid": "harmas", "declarer": "A", "partner": "C", "count_result": "won"}
    assert VARIANT.validate(e1, {}, None) == []
    assert VARIANT.score(e1, {}).points == {"A": 1, "B": -1, "C": 1, "D": -1}
    assert VARIANT.score(e1, {}).points == VARIANT.score({**e1, "declarer_tricks": 5}, {}).points
    assert PROTOCOL.text(e1, {}, {}).details == "game won"
    # An announced volát is judged by the tricks: they stay required.
    volat = {**e1, "count_result": "dupla", "figures": [{"figure": "volat", "side": "declarer", "announced": True}]}
    (missing,) = VARIANT.validate(volat, {}, None)
    assert (missing.field, missing.code) == ("declarer_tricks", "missing_field")
    assert missing.message == "declarer_tricks is required when a volát is announced"
    # §4 E7's volát made with the tricks: 9 tricks -> announced volát 6G = 6 (no silent dupla on top).
    assert VARIANT.score({**volat, "declarer_tricks": 9}, {}).points == {"A": 6, "B": -6, "C": 6, "D": -6}
    # With the card points the tricks stay required (§3.3.5).
    (missing,) = VARIANT.validate({**BASE, **{k: v for k, v in e1.items() if k != "count_result"},
                                  "declarer_card_points": 52}, {}, None)  # fmt: skip
    assert (missing.field, missing.code, missing.message) == (
        "declarer_tricks", "missing_field", "declarer_tricks is required in a played hand"
    )  # fmt: skip
