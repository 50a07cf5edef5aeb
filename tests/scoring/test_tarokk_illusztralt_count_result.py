"""Illusztrált tarokk: the sheet's verdict of the count (``count_result``) instead of the card points.

Reading (the spec, tarokk-illusztralt.md, is silent on a verdict input): P = ``declarer_card_points``
counts only through its thresholds -- the game is won at P >= 48 (§1.1), a dupla is made by the
declaring side at P >= 71 and by the opponents at P <= 23 (§2.2 step 2), and the volát bounds of
§3.3.5 are checked against the tricks. A federation referee's sheet records the game won or lost and
a dupla made, never the exact count, so the band P falls in is all the rules need: ``count_result``
is one of "dupla" (71-94), "won" (48-70), "lost" (24-47), "opponents_dupla" (0-23), and a hand scores
exactly as with any P of its band. No Django.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from scoring.protocol_layout import Translator
from scoring.text import catalogue, render
from scoring.variants.tarokk_illusztralt import rules
from scoring.variants.tarokk_illusztralt.protocol import PROTOCOL
from scoring.variants.tarokk_illusztralt.rules import COUNT_RESULTS, VARIANT, count_band
from tests.samples.tarokk_illusztralt import random_hand
from tests.scoring.examples.tarokk_illusztralt import EXAMPLES, spec_hand

BASE = {"variant": "tarokk-illusztralt", "seats": ["A", "B", "C", "D"], "dealer": "D"}


def band_of(points: int) -> str:
    """The verdict a sheet writes for ``points``, found from the bands themselves."""
    (verdict,) = [v for v, (lo, hi) in COUNT_RESULTS.items() if lo <= points <= hi]
    return verdict


def by_verdict(hand: dict[str, Any]) -> dict[str, Any]:
    """The hand as a referee who did not count records it: the band instead of P."""
    out = {k: v for k, v in hand.items() if k != "declarer_card_points"}
    out["count_result"] = band_of(hand["declarer_card_points"])
    return out


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


def test_the_choice_labels_write_the_bands_thresholds():
    labels = {k: str(v) for k, v in rules.COUNT_RESULT_LABEL.items()}
    assert labels == {
        "dupla": "declaring side: dupla (71+)",
        "won": "declaring side won (48–70)",
        "lost": "opponents won (47–70)",
        "opponents_dupla": "opponents: dupla (71+)",  # the opponents' 71 of 94: P <= 23
    }


# --- the same points as any P of the band --------------------------------------------------------------


SPEC_WITH_POINTS = [p for p in EXAMPLES if "declarer_card_points" in spec_hand(p.values[0])]


@pytest.mark.parametrize(("fields", "expected", "lines"), SPEC_WITH_POINTS)
def test_every_spec_example_scores_the_same_with_its_band(fields, expected, lines):
    hand = by_verdict(spec_hand(fields))
    assert VARIANT.validate(hand, {}, None) == []
    assert VARIANT.score(hand, {}).points == expected


def test_every_sample_hand_scores_the_same_with_its_band():
    rng = random.Random("count_result")
    compared = 0
    for _ in range(3000):
        hand, _state = random_hand(rng)
        if "declarer_card_points" not in hand:
            continue  # a redeal or a renonsz hand: no count
        verdict = by_verdict(hand)
        assert VARIANT.validate(verdict, {}, None) == [], verdict
        assert VARIANT.score(verdict, {}).points == VARIANT.score(hand, {}).points, hand
        compared += 1
    assert compared > 2000


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
    """P 0-94 x T 0-9: where P is valid its band is valid and scores the same; a band is valid
    exactly where some P of it is (the consistency checks of §3.3.5 on the band)."""
    for t in range(10):
        valid_bands = set()
        for p in range(95):
            counted = {**BASE, **fields, "declarer_card_points": p, "declarer_tricks": t}
            if VARIANT.validate(counted, {}, None):
                continue
            valid_bands.add(band_of(p))
            verdict = by_verdict(counted)
            assert VARIANT.validate(verdict, {}, None) == [], (p, t)
            assert VARIANT.score(verdict, {}).points == VARIANT.score(counted, {}).points, (p, t)
        for band in COUNT_RESULTS:
            hand = {**BASE, **fields, "count_result": band, "declarer_tricks": t}
            assert (VARIANT.validate(hand, {}, None) == []) == (band in valid_bands), (band, t)


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


# --- what the record may not say -------------------------------------------------------------------


PLAYED = {**BASE, "bid": "harmas", "declarer": "A", "partner": "C", "declarer_tricks": 5}


def test_exactly_one_of_the_card_points_and_the_verdict():
    assert errors({**PLAYED, "count_result": "won", "declarer_card_points": 52}) == [
        ("count_result", "forbidden_combination")
    ]
    (missing,) = VARIANT.validate(PLAYED, {}, None)
    assert (missing.field, missing.code) == ("declarer_card_points", "missing_field")
    assert "the sheet's count" in missing.message  # the alternative named (no raw key)
    assert errors({**PLAYED, "count_result": None, "declarer_card_points": 52}) == []  # null: not given


@pytest.mark.parametrize("value", ["made", "Won", 52, True, ["won"], {}])
def test_a_verdict_that_is_not_one_of_the_four_is_invalid(value):
    (error,) = VARIANT.validate({**PLAYED, "count_result": value}, {}, None)
    assert (error.field, error.code) == ("count_result", "invalid_value")
    assert all(v in error.message for v in COUNT_RESULTS)


def test_no_verdict_where_there_is_no_count():
    renonsz = {**BASE, "outcome": "renonsz", "bid": "kettes", "declarer": "A", "partner": "C",
               "renonsz": {"offender": "D", "kind": "play"}}  # fmt: skip
    assert errors(renonsz) == []
    assert errors({**renonsz, "count_result": "won"}) == [("count_result", "not_applicable")]
    assert errors({**BASE, "outcome": "redeal", "count_result": "lost"}) == [("count_result", "not_applicable")]


@pytest.mark.parametrize(
    ("tricks", "verdict", "message"),
    [
        (9, "won", "9 tricks hold at least 72 card points: the sheet's count cannot be declaring side won (48–70)"),
        (0, "lost", "0 tricks hold at most 22 card points: the sheet's count cannot be opponents won (47–70)"),
        (3, "dupla", "3 tricks hold at most 70 card points: the sheet's count cannot be declaring side: dupla (71+)"),
        (
            6,
            "opponents_dupla",
            "6 tricks hold at least 24 card points: the sheet's count cannot be opponents: dupla (71+)",
        ),
    ],
)
def test_the_tricks_bound_the_verdict_as_they_bound_the_points(tricks, verdict, message):
    """§3.3.5 on the band: all 9 tricks need "dupla", none "opponents_dupla"; 1-3 tricks hold at most
    58 + 4T < 71 points, 6-8 tricks at least 4T > 23."""
    (error,) = VARIANT.validate({**PLAYED, "count_result": verdict, "declarer_tricks": tricks}, {}, None)
    assert (error.field, error.code, error.message) == ("count_result", "inconsistent", message)
    assert errors({**PLAYED, "count_result": "dupla", "declarer_tricks": 9}) == []
    assert errors({**PLAYED, "count_result": "opponents_dupla", "declarer_tricks": 0}) == []


# --- the protocol and the languages ---------------------------------------------------------------------


def test_the_protocol_shows_the_verdict_where_it_shows_the_points():
    counted = PROTOCOL.text({**PLAYED, "declarer_card_points": 52}, {}, {})
    assert counted.details == "52 pts, 5 tricks"
    for verdict, shown in [
        ("won", "game won, 5 tricks"),
        ("lost", "game lost, 5 tricks"),
        ("dupla", "dupla, 5 tricks"),
        ("opponents_dupla", "dupla opp., 5 tricks"),
    ]:
        assert PROTOCOL.text({**PLAYED, "count_result": verdict}, {}, {}).details == shown
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
