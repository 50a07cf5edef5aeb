"""Illusztrált tarokk engine against its spec, ``rules/tarokk-illusztralt.md``.

Every worked example of §4 with the spec's own numbers, one rejected input per
rule of §3.3, the breakdown formats of §3.4 and the table facts; the properties every variant keeps
are tests/scoring/test_variant_contract.py's. No database: pure engine.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

from scoring.types import InvalidHand
from scoring.variants.tarokk_illusztralt.rules import VARIANT
from scoring.variants.tarokk_illusztralt.table import PLAN
from tests.samples.tarokk_illusztralt import random_hand_sequence

SEATS = ["A", "B", "C", "D"]
BASE = {"variant": "tarokk-illusztralt", "seats": SEATS, "dealer": "D"}  # §4: every example


def spec_hand(fields: str | dict[str, Any]) -> dict[str, Any]:
    """An example of §4: the shown fields (as JSON text, copied from the spec) plus the envelope."""
    shown = json.loads(fields) if isinstance(fields, str) else fields
    return {**BASE, **shown}


def points(a: int, b: int, c: int, d: int) -> dict[str, int]:
    return {"A": a, "B": b, "C": c, "D": d}


# --- §4 worked examples ----------------------------------------------------------------------------

EXAMPLES = [
    pytest.param(
        '{"bid":"harmas","declarer":"A","partner":"C","declarer_card_points":52,"declarer_tricks":5}',
        points(1, -1, 1, -1),
        ["Game: Hármas G=1, declaring side won (52) → A +1, C +1, B −1, D −1"],
        id="E1-harmas-won-2v2",
    ),
    pytest.param(
        '{"bid":"kettes","declarer":"A","partner":"B","declarer_card_points":40,"declarer_tricks":3}',
        points(-2, -2, 2, 2),
        ["Game: Kettes G=2, opponents won (40) → A −2, B −2, C +2, D +2"],
        id="E2-kettes-lost",
    ),
    pytest.param(
        '{"bid":"egyes","declarer":"A","partner":"D","declarer_card_points":47,"declarer_tricks":4}',
        points(-3, 3, 3, -3),
        ["Game: Egyes G=3, opponents won (47) → A −3, D −3, B +3, C +3"],
        id="E3-egyes-47-47-tie-to-opponents",
    ),
    pytest.param(
        '{"bid":"szolo","declarer":"A","partner":null,"declarer_card_points":60,"declarer_tricks":6}',
        points(12, -4, -4, -4),
        ["Game: Szóló G=4, declaring side won (60) → A +12, B −4, C −4, D −4"],
        id="E4-szolo-self-call-won-1v3",
    ),
    pytest.param(
        '{"bid":"kettes","declarer":"A","partner":"C","declarer_card_points":75,"declarer_tricks":7,'
        '"figures":[{"figure":"dupla","side":"declarer","announced":true}]}',
        points(8, -8, 8, -8),
        ["Game not paid: dupla made", "Dupla 4G=8 (declaring side, announced) made → 8 to declaring side"],
        id="E5-kettes-dupla-announced-made",
    ),
    pytest.param(
        '{"bid":"egyes","declarer":"B","partner":"D","declarer_card_points":72,"declarer_tricks":7}',
        points(-6, 6, -6, 6),
        ["Game not paid: dupla made", "Dupla 2G=6 (declaring side, silent) made → 6 to declaring side"],
        id="E6-egyes-silent-dupla",
    ),
    pytest.param(
        '{"bid":"harmas","declarer":"A","partner":"C","declarer_card_points":90,"declarer_tricks":9,'
        '"figures":[{"figure":"tuletroa","side":"declarer","announced":true,"result":"made"},'
        '{"figure":"volat","side":"declarer","announced":true},'
        '{"figure":"negy_kiraly","side":"declarer","announced":false,"result":"made"}]}',
        points(8, -8, 8, -8),
        [
            "Game not paid: volát made",
            "Volát 6G=6 (declaring side, announced) made → 6 to declaring side",
            "Tulétroá (declaring side, announced) made → 2 to declaring side",
            "Négy király (declaring side, silent) made: 0, absorbed by the volát",
            "Dupla (declaring side, silent) made: 0, absorbed by the volát",
        ],
        id="E7-harmas-tuletroa-then-volat-made",
    ),
    pytest.param(
        '{"bid":"kettes","declarer":"A","partner":"C","declarer_card_points":50,"declarer_tricks":5,'
        '"figures":[{"figure":"xxi_fogas","side":"opponents","announced":false,"result":"made"}]}',
        points(-19, 19, -19, 19),
        ["XXI-fogás (opponents, silent) made → 21 to opponents → A −21, C −21, B +21, D +21"],
        id="E8-kettes-won-opponents-silent-xxi-fogas",
    ),
    pytest.param(
        '{"bid":"harmas","declarer":"A","partner":"C","declarer_card_points":55,"declarer_tricks":6,'
        '"figures":[{"figure":"pagat_ultimo","side":"declarer","announced":true,"kontra":1,"result":"failed"}]}',
        points(-19, 19, -19, 19),
        # The second breakdown example of §3.4, verbatim.
        ["Pagát ultimó (declaring side, announced, kontra ×2) failed → 20 to opponents → A −20, C −20, B +20, D +20"],
        id="E9-harmas-won-pagat-ultimo-kontra-failed",
    ),
    pytest.param(
        '{"bid":"egyes","declarer":"A","partner":"C","declarer_card_points":45,"declarer_tricks":4,"game_kontra":2}',
        points(-12, 12, -12, 12),
        ["Game: Egyes G=3, rekontra ×4 → 12, opponents won (45)"],
        id="E10-egyes-rekontra-lost",
    ),
    pytest.param(
        '{"bid":"kettes","declarer":"A","partner":"C","declarer_card_points":58,"declarer_tricks":6,'
        '"tarokk_counts":[{"seat":"B","count":9,"when":"early"},{"seat":"C","count":8,"when":"end"}]}',
        points(-1, 4, 1, -4),
        [
            "9 tarokk (B, declared early): 2 from each other player → B +6, A −2, C −2, D −2",
            "8 tarokk (C, disclosed at the end): 1 from each team-mate → C +1, A −1",
        ],
        id="E11-tarokk-counts-early-9-end-8",
    ),
    pytest.param(
        '{"outcome":"renonsz","bid":"kettes","declarer":"A","partner":"C","game_kontra":0,'
        '"figures":[{"figure":"tuletroa","side":"declarer","announced":true,"kontra":1},'
        '{"figure":"pagat_ultimo","side":"opponents","announced":true}],'
        '"renonsz":{"offender":"D","kind":"play"}}',
        points(16, 16, 16, -48),
        [
            "Renonsz R: game Kettes G=2 → 2",
            "Renonsz R: Tulétroá (declaring side, announced, kontra ×2) → 4",
            "Renonsz R: Pagát ultimó (opponents, announced) → 10",
            "R = 16 to each of the other three → A +16, B +16, C +16, D −48",
        ],
        id="E12-renonsz-during-play",
    ),
    pytest.param(
        '{"bid":"szolo","declarer":"A","partner":null,"declarer_card_points":52,"declarer_tricks":6,'
        '"figures":[{"figure":"pagat_ultimo","side":"declarer","announced":true,"result":"made"}]}',
        points(42, -14, -14, -14),
        [
            "Game: Szóló G=4, declaring side won (52) → A +12, B −4, C −4, D −4",
            "Pagát ultimó (declaring side, announced) made → 10 to declaring side → A +30, B −10",
        ],
        id="E13-szolo-self-call-pagat-ultimo-made",
    ),
    pytest.param(
        '{"bid":"kettes","declarer":"A","partner":"C","declarer_card_points":49,"declarer_tricks":5,'
        '"figures":[{"figure":"pagat_ultimo","side":"opponents","announced":false,"result":"failed"}]}',
        points(7, -7, 7, -7),
        ["Pagát ultimó (opponents, silent) failed → 5 to declaring side → A +5, C +5, B −5, D −5"],
        id="E14-opponents-silent-pagat-ultimo-lost",
    ),
    pytest.param(
        '{"bid":"harmas","declarer":"A","partner":null,"called_tarokk_discarded":true,'
        '"declarer_card_points":40,"declarer_tricks":3,"game_kontra":1}',
        points(-6, 2, 2, 2),
        ["kontra ×2 → 2 (official kontra", "opponents won (40) → A −6, B +2, C +2, D +2"],
        id="E15-called-tarokk-in-skart-harmas-lost-alone",
    ),
    pytest.param('{"outcome":"redeal"}', points(0, 0, 0, 0), ["Redeal"], id="E16-redeal"),
    pytest.param(
        '{"bid":"kettes","declarer":"A","partner":"C","declarer_card_points":60,"declarer_tricks":6,'
        '"figures":[{"figure":"dupla","side":"declarer","announced":true,"kontra":1}]}',
        points(-14, 14, -14, 14),
        [
            "Game: Kettes G=2, declaring side won (60) → A +2, C +2, B −2, D −2",
            "Dupla 4G=8 (declaring side, announced, kontra ×2) failed → 16 to opponents",
        ],
        id="E17-kettes-won-dupla-announced-failed-kontra",
    ),
    # §3.4, first breakdown example (not a numbered example): Kettes, kontra, won with 52.
    pytest.param(
        {
            "bid": "kettes",
            "declarer": "A",
            "partner": "C",
            "declarer_card_points": 52,
            "declarer_tricks": 5,
            "game_kontra": 1,
        },
        points(4, -4, 4, -4),
        ["Game: Kettes G=2, kontra ×2 → 4, declaring side won (52) → A +4, C +4, B −4, D −4"],
        id="3.4-breakdown-game-line",
    ),
]


@pytest.mark.parametrize(("fields", "expected", "lines"), EXAMPLES)
def test_it_scores_the_worked_examples_of_the_spec(fields, expected, lines):
    result = VARIANT.score(spec_hand(fields), {})
    assert result.points == expected
    assert result.state == {}
    assert sum(result.points.values()) == 0  # §2.2 step 7
    text = "\n".join(result.breakdown)
    for line in lines:
        assert line in text
    assert result.breakdown[-1].startswith("Total: ")


def test_every_seat_gets_an_integer_and_a_line_per_item():
    result = VARIANT.score(spec_hand(EXAMPLES[6].values[0]), {})
    assert list(result.points) == SEATS
    assert all(type(v) is int for v in result.points.values())
    # E7: game (not paid), silent dupla (absorbed), three listed figures, total.
    assert len(result.breakdown) == 6


# --- §3.3 rejected inputs ----------------------------------------------------------------------------

DROP = object()  # a key to leave out
PLAYED = {"bid": "harmas", "declarer": "A", "partner": "C", "declarer_card_points": 52, "declarer_tricks": 5}
RENONSZ = json.loads(EXAMPLES[11].values[0])  # E12


def fig(figure: str, side: str = "declarer", announced: bool = True, **more: Any) -> dict[str, Any]:
    return {"figure": figure, "side": side, "announced": announced, **more}


def played(**changes: Any) -> dict[str, Any]:
    hand = {**BASE, **PLAYED, **changes}
    return {k: v for k, v in hand.items() if v is not DROP}


def renonsz(**changes: Any) -> dict[str, Any]:
    hand = {**BASE, **RENONSZ, **changes}
    return {k: v for k, v in hand.items() if v is not DROP}


MADE = {"result": "made"}
FAILED = {"result": "failed"}

REJECTED = [
    # 3.3.1 envelope
    pytest.param(played(foo=1), "foo", "unknown_field", id="3.3.1-unknown-field"),
    pytest.param(played(seats=["A", "B", "C"]), "seats", "invalid_value", id="3.3.1-three-seats"),
    pytest.param(played(seats=["A", "B", "C", "C"]), "seats", "invalid_value", id="3.3.1-seat-twice"),
    pytest.param(played(seats=["A", "B", "C", "E"]), "seats", "invalid_value", id="3.3.1-not-a-table-seat"),
    pytest.param(played(dealer="E"), "dealer", "invalid_value", id="3.3.1-dealer-not-in-seats"),
    pytest.param(played(variant="tarokk-vadasz"), "variant", "invalid_value", id="3.3.1-wrong-variant"),
    pytest.param(played(outcome="thrown_in"), "outcome", "invalid_value", id="3.1-unknown-outcome"),
    # 3.3.2 redeal
    pytest.param({**BASE, "outcome": "redeal", "bid": "harmas"}, "bid", "not_applicable", id="3.3.2-redeal-bid"),
    pytest.param(
        {**BASE, "outcome": "redeal", "declarer_tricks": 0},
        "declarer_tricks",
        "not_applicable",
        id="3.3.2-redeal-result",
    ),
    # 3.3.3 declarer and partner
    pytest.param(played(declarer="E"), "declarer", "invalid_value", id="3.3.3-declarer-not-in-seats"),
    pytest.param(played(declarer=DROP), "declarer", "missing_field", id="3.1-declarer-missing"),
    pytest.param(played(bid=DROP), "bid", "missing_field", id="3.1-bid-missing"),
    pytest.param(played(bid="ulti"), "bid", "invalid_value", id="3.1-unknown-bid"),
    pytest.param(played(partner="A"), "partner", "inconsistent", id="3.3.3-partner-is-declarer"),
    pytest.param(played(partner="F"), "partner", "invalid_value", id="3.3.3-partner-not-in-seats"),
    pytest.param(played(partner=DROP), "partner", "missing_field", id="3.1-partner-missing-in-played-hand"),
    # 3.3.4 official kontra
    pytest.param(
        played(called_tarokk_discarded=True, game_kontra=1),
        "called_tarokk_discarded",
        "inconsistent",
        id="3.3.4-called-tarokk-discarded-with-partner",
    ),
    pytest.param(
        played(partner=None, called_tarokk_discarded=True),
        "called_tarokk_discarded",
        "inconsistent",
        id="3.3.4-called-tarokk-discarded-without-kontra",
    ),
    pytest.param(played(game_kontra=6), "game_kontra", "out_of_range", id="3.1-game-kontra-above-5"),
    pytest.param(played(game_kontra=True), "game_kontra", "invalid_value", id="3.1-game-kontra-bool"),
    # 3.3.5 card points and tricks
    pytest.param(played(declarer_card_points=95), "declarer_card_points", "out_of_range", id="3.3.5-P-above-94"),
    pytest.param(played(declarer_card_points=-1), "declarer_card_points", "out_of_range", id="3.3.5-P-negative"),
    pytest.param(played(declarer_tricks=10), "declarer_tricks", "out_of_range", id="3.3.5-T-above-9"),
    pytest.param(played(declarer_card_points=52.0), "declarer_card_points", "invalid_value", id="3.3.5-P-float"),
    pytest.param(
        played(declarer_card_points=DROP),
        "declarer_card_points",
        "missing_field",
        id="3.1-P-missing",
    ),
    pytest.param(
        played(declarer_card_points=23, declarer_tricks=6),
        "declarer_card_points",
        "inconsistent",
        id="3.3.5-P-below-4T",
    ),
    pytest.param(
        played(declarer_card_points=67, declarer_tricks=2),
        "declarer_card_points",
        "inconsistent",
        id="3.3.5-P-above-58-plus-4T",
    ),
    pytest.param(
        played(declarer_card_points=71, declarer_tricks=9),
        "declarer_card_points",
        "inconsistent",
        id="3.3.5-volat-needs-72",
    ),
    pytest.param(
        played(declarer_card_points=23, declarer_tricks=0),
        "declarer_card_points",
        "inconsistent",
        id="3.3.5-no-trick-at-most-22",
    ),
    # 3.3.6 figures
    pytest.param(
        played(figures=[fig("trull", **MADE)]),
        "figures[0].figure",
        "invalid_value",
        id="3.3.6-unknown-figure",
    ),
    pytest.param(
        played(figures=[fig("tuletroa", side="partner", **MADE)]),
        "figures[0].side",
        "invalid_value",
        id="3.3.6-unknown-side",
    ),
    pytest.param(
        played(figures=[fig("tuletroa", **MADE), {**fig("tuletroa", **FAILED), "kontra": 1}]),
        "figures[1]",
        "forbidden_combination",
        id="3.3.6-same-figure-and-side-twice",
    ),
    pytest.param(
        played(figures=[fig("kiraly_ultimo", **MADE)]),
        "figures[0].suit",
        "missing_field",
        id="3.3.6-king-figure-without-suit",
    ),
    pytest.param(
        played(figures=[fig("pagat_ultimo", suit="kor", **MADE)]),
        "figures[0].suit",
        "not_applicable",
        id="3.3.6-suit-on-other-figure",
    ),
    pytest.param(
        played(figures=[fig("kiraly_uhu", suit="piros", **MADE)]),
        "figures[0].suit",
        "invalid_value",
        id="3.1-unknown-suit",
    ),
    pytest.param(
        played(figures=[fig("tuletroa", announced=False, kontra=1, **MADE)]),
        "figures[0].kontra",
        "not_applicable",
        id="3.3.6-kontra-on-silent-figure",
    ),
    pytest.param(
        played(figures=[fig("pagat_ultimo", kontra=6, **MADE)]),
        "figures[0].kontra",
        "out_of_range",
        id="3.1-figure-kontra-above-5",
    ),
    pytest.param(
        played(figures=[fig("centrum", announced=False, **MADE)]),
        "figures[0].announced",
        "invalid_value",
        id="3.3.6-silent-announced-only-figure",
    ),
    pytest.param(
        played(figures=[fig("dupla", announced=False)]),
        "figures[0].announced",
        "invalid_value",
        id="3.3.6-silent-dupla-listed",
    ),
    pytest.param(
        played(figures=[fig("xxi_fogas", announced=False, **FAILED)]),
        "figures[0].result",
        "invalid_value",
        id="3.3.6-silent-xxi-fogas-failed",
    ),
    pytest.param(
        played(figures=[fig("negy_kiraly")]),
        "figures[0].result",
        "missing_field",
        id="3.3.6-result-missing",
    ),
    pytest.param(
        played(figures=[fig("dupla", **FAILED)]),
        "figures[0].result",
        "not_applicable",
        id="3.3.6-result-on-dupla",
    ),
    pytest.param(
        played(figures=[fig("negy_kiraly", result="lost")]),
        "figures[0].result",
        "invalid_value",
        id="3.1-unknown-result",
    ),
    pytest.param(
        played(figures=[fig("volat"), fig("tuletroa", **FAILED)]),
        "figures[1]",
        "forbidden_combination",
        id="3.3.6-tuletroa-announced-after-volat",
    ),
    pytest.param(
        played(figures=[fig("volat"), fig("dupla")]),
        "figures[1]",
        "forbidden_combination",
        id="3.3.6-dupla-announced-after-volat",
    ),
    pytest.param(
        played(figures=[fig("xxi_fogas", **MADE), fig("xxi_fogas", side="opponents", announced=False, **MADE)]),
        "figures[1]",
        "forbidden_combination",
        id="3.3.6-same-figure-made-by-both-sides",
    ),
    pytest.param(
        played(figures=[fig("pagat_ultimo", **MADE), fig("pagat_uhu", **MADE)]),
        "figures[1]",
        "forbidden_combination",
        id="3.3.6-pagat-ultimo-and-uhu-made-by-one-side",
    ),
    pytest.param(
        played(
            figures=[
                fig("kiraly_ultimo", suit="kor", **MADE),
                fig("kiraly_uhu", side="opponents", suit="kor", **MADE),
            ]
        ),
        "figures[1]",
        "forbidden_combination",
        id="3.3.6-one-king-ultimo-and-uhu",
    ),
    # Reading (§3.3.6 is silent on the suit): "the same figure made by both sides" compares the figure
    # only, so two king ultimós of different suits are rejected too: there is one 9th trick.
    pytest.param(
        played(
            figures=[
                fig("kiraly_ultimo", suit="kor", **MADE),
                fig("kiraly_ultimo", side="opponents", suit="pikk", **MADE),
            ]
        ),
        "figures[1]",
        "forbidden_combination",
        id="3.3.6-king-ultimo-made-by-both-sides-any-suit",
    ),
    pytest.param(
        played(declarer_card_points=40, declarer_tricks=4, figures=[fig("centrum", **MADE)]),
        "figures[0]",
        "forbidden_combination",
        id="3.3.6-centrum-made-with-4-tricks",
    ),
    pytest.param(
        played(declarer_card_points=60, declarer_tricks=6, figures=[fig("nagymadar", **MADE)]),
        "figures[0]",
        "forbidden_combination",
        id="3.3.6-nagymadar-made-with-6-tricks",
    ),
    pytest.param(
        played(declarer_card_points=52, declarer_tricks=4, figures=[fig("kismadar", side="opponents", **MADE)]),
        "figures[0]",
        "forbidden_combination",
        id="3.3.6-opponents-kismadar-with-5-tricks-lost",
    ),
    pytest.param(
        played(
            declarer_card_points=90,
            declarer_tricks=9,
            figures=[fig("negy_kiraly", side="opponents", announced=False, **MADE)],
        ),
        "figures[0]",
        "forbidden_combination",
        id="3.3.6-figure-made-against-a-volat",
    ),
    pytest.param(
        played(declarer_card_points=10, declarer_tricks=0, figures=[fig("tuletroa", side="opponents", **FAILED)]),
        "figures[0]",
        "forbidden_combination",
        id="3.3.6-volat-side-tuletroa-failed",
    ),
    pytest.param(played(figures={"figure": "dupla"}), "figures", "invalid_value", id="3.1-figures-not-a-list"),
    pytest.param(played(figures=["dupla"]), "figures[0]", "invalid_value", id="3.1-figure-not-an-object"),
    pytest.param(
        played(figures=[{**fig("dupla"), "note": "x"}]),
        "figures[0].note",
        "unknown_field",
        id="3.3.1-unknown-field-in-figure",
    ),
    # 3.3.7 tarokk counts
    pytest.param(
        played(tarokk_counts=[{"seat": "E", "count": 8, "when": "early"}]),
        "tarokk_counts[0].seat",
        "invalid_value",
        id="3.3.7-seat-not-in-seats",
    ),
    pytest.param(
        played(
            tarokk_counts=[
                {"seat": "B", "count": 8, "when": "early"},
                {"seat": "B", "count": 9, "when": "end"},
            ]
        ),
        "tarokk_counts[1].seat",
        "forbidden_combination",
        id="3.3.7-seat-twice",
    ),
    pytest.param(
        played(tarokk_counts=[{"seat": "B", "count": 7, "when": "early"}]),
        "tarokk_counts[0].count",
        "invalid_value",
        id="3.3.7-count-not-8-or-9",
    ),
    pytest.param(
        played(tarokk_counts=[{"seat": "B", "count": 8, "when": "late"}]),
        "tarokk_counts[0].when",
        "invalid_value",
        id="3.3.7-when-not-early-or-end",
    ),
    pytest.param(
        renonsz(tarokk_counts=[{"seat": "B", "count": 8, "when": "end"}]),
        "tarokk_counts[0].when",
        "not_applicable",
        id="3.3.7-end-in-renonsz-hand",
    ),
    # 3.3.8 renonsz
    pytest.param(
        renonsz(renonsz={"offender": "E", "kind": "play"}),
        "renonsz.offender",
        "invalid_value",
        id="3.3.8-offender-not-in-seats",
    ),
    pytest.param(
        renonsz(renonsz={"offender": "D", "kind": "cheat"}),
        "renonsz.kind",
        "invalid_value",
        id="3.3.8-unknown-kind",
    ),
    pytest.param(renonsz(renonsz=DROP), "renonsz", "missing_field", id="3.1-renonsz-object-missing"),
    pytest.param(
        played(renonsz={"offender": "D", "kind": "play"}),
        "renonsz",
        "not_applicable",
        id="3.1-renonsz-object-in-played-hand",
    ),
    pytest.param(
        renonsz(figures=[], renonsz={"offender": "A", "kind": "no_honour"}),
        "renonsz.kind",
        "forbidden_combination",
        id="3.3.8-no-honour-needs-harmas",
    ),
    pytest.param(
        renonsz(bid="harmas", figures=[], renonsz={"offender": "B", "kind": "no_honour"}),
        "renonsz.kind",
        "forbidden_combination",
        id="3.3.8-no-honour-offender-is-declarer",
    ),
    pytest.param(
        renonsz(bid="harmas", renonsz={"offender": "A", "kind": "no_honour"}),
        "renonsz.kind",
        "forbidden_combination",
        id="3.3.8-no-honour-without-figures",
    ),
    pytest.param(
        renonsz(bid="harmas", figures=[], game_kontra=1, renonsz={"offender": "A", "kind": "no_honour"}),
        "renonsz.kind",
        "forbidden_combination",
        id="3.3.8-no-honour-without-kontra",
    ),
    pytest.param(
        renonsz(declarer_card_points=40),
        "declarer_card_points",
        "not_applicable",
        id="3.3.8-card-points-in-renonsz-hand",
    ),
    pytest.param(renonsz(declarer_tricks=4), "declarer_tricks", "not_applicable", id="3.3.8-tricks-in-renonsz-hand"),
    pytest.param(
        renonsz(figures=[fig("tuletroa", **MADE)]),
        "figures[0].result",
        "not_applicable",
        id="3.3.8-figure-result-in-renonsz-hand",
    ),
]


@pytest.mark.parametrize(("hand", "field", "code"), REJECTED)
def test_it_rejects_what_the_spec_forbids(hand, field, code):
    errors = VARIANT.validate(hand, {}, None)
    assert (field, code) in [(e.field, e.code) for e in errors], errors
    assert all(e.message for e in errors)
    with pytest.raises(InvalidHand):
        VARIANT.score(hand, {})


def test_it_reports_all_errors_at_once():
    hand = played(foo=1, declarer="E", declarer_tricks=10, figures=[fig("trull", **MADE), fig("dupla", **MADE)])
    fields = {e.field for e in VARIANT.validate(hand, {}, None)}
    assert {"foo", "declarer", "declarer_tricks", "figures[0].figure", "figures[1].result"} <= fields


def test_it_accepts_a_silent_figure_after_an_announced_volat_and_earlier_announcements():
    # §3.3.6 volát order applies to announcements after the volát only (E7), and to the same side only (§5.9).
    ok = played(
        declarer_card_points=80,
        declarer_tricks=8,
        figures=[
            fig("dupla"),
            fig("volat"),
            fig("tuletroa", announced=False, **MADE),
            fig("negy_kiraly", side="opponents", **FAILED),
        ],
    )
    assert VARIANT.validate(ok, {}, None) == []


def test_a_redeal_accepts_null_or_empty_leftovers():
    # Reading of §3.3.2 "no fields other than ...": as everywhere in the engine (common.Errors.forbid),
    # a null or empty value counts as absent; any real value is rejected (3.3.2 cases above).
    assert VARIANT.validate({**BASE, "outcome": "redeal", "partner": None, "figures": []}, {}, None) == []


def test_it_rejects_unknown_state_and_config():
    errors = VARIANT.validate(played(), {"double_round_remaining": 2}, {"point_table": {}})
    assert [(e.field, e.code) for e in errors] == [
        ("state.double_round_remaining", "unknown_field"),
        ("config.point_table", "unknown_field"),
    ]
    assert VARIANT.validate_config([]) == VARIANT.validate_config("x") != []
    assert VARIANT.validate_config(None) == VARIANT.validate_config({}) == []


# --- further settlement rules (§2.2-2.6) with shown arithmetic ------------------------------------------


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        # §2.5: an opponent's end disclosure in 1 v 3 is paid by the two other opponents (+2v, -v, -v);
        # a lone declarer's end disclosure is worth nothing. Game 1 x 3 to A.
        pytest.param(
            {
                "bid": "harmas",
                "declarer": "A",
                "partner": None,
                "declarer_card_points": 50,
                "declarer_tricks": 5,
                "tarokk_counts": [
                    {"seat": "B", "count": 9, "when": "end"},
                    {"seat": "A", "count": 8, "when": "end"},
                ],
            },
            points(3, -1 + 4, -1 - 2, -1 - 2),
            id="2.5-end-disclosure-in-1v3",
        ),
        # §2.2 step 4: opponents' volát (T = 0) is a silent volát 3G = 6 and absorbs their silent dupla.
        pytest.param(
            {
                "bid": "kettes",
                "declarer": "A",
                "partner": "C",
                "declarer_card_points": 10,
                "declarer_tricks": 0,
            },
            points(-6, 6, -6, 6),
            id="2.2-opponents-silent-volat",
        ),
        # §2.2 step 5: an announced volát that fails (T = 8) pays 6G x 2 = 24 to the opponents, the
        # declaring side's dupla (P = 80 >= 71) is silent 2G = 4, the game is not paid: 4 - 24 = -20.
        pytest.param(
            {
                "bid": "kettes",
                "declarer": "A",
                "partner": "C",
                "declarer_card_points": 80,
                "declarer_tricks": 8,
                "figures": [{"figure": "volat", "side": "declarer", "announced": True, "kontra": 1}],
            },
            points(-20, 20, -20, 20),
            id="2.2-announced-volat-failed-silent-dupla-stays",
        ),
        # §2.6 no_honour: R = 1; the offender pays 1 to each of the three.
        pytest.param(
            {
                "outcome": "renonsz",
                "bid": "harmas",
                "declarer": "B",
                "renonsz": {"offender": "B", "kind": "no_honour"},
            },
            points(1, -3, 1, 1),
            id="2.6-no-honour-renonsz",
        ),
        # §2.6: early tarokk counts stand in a renonsz hand; silent entries are ignored.
        # R = 3 x 2 (game, kontra) + 42 (XXI-fogás) = 48; B's early 8: +3, others -1.
        pytest.param(
            {
                "outcome": "renonsz",
                "bid": "egyes",
                "declarer": "C",
                "game_kontra": 1,
                "figures": [
                    {"figure": "xxi_fogas", "side": "opponents", "announced": True},
                    {"figure": "tuletroa", "side": "declarer", "announced": False},
                ],
                "tarokk_counts": [{"seat": "B", "count": 8, "when": "early"}],
                "renonsz": {"offender": "A", "kind": "discard"},
            },
            points(-144 - 1, 48 + 3, 48 - 1, 48 - 1),
            id="2.6-renonsz-with-early-tarokk-count",
        ),
        # §2.1 footnote `+`: an announced tulétroá is paid even with a volát; silent dupla absorbed.
        # Volát silent 3G = 3, tulétroá 2 x 4 (rekontra) = 8: 11 each way.
        pytest.param(
            {
                "bid": "harmas",
                "declarer": "B",
                "partner": "D",
                "declarer_card_points": 94,
                "declarer_tricks": 9,
                "figures": [
                    {
                        "figure": "tuletroa",
                        "side": "declarer",
                        "announced": True,
                        "kontra": 2,
                        "result": "made",
                    }
                ],
            },
            points(-11, 11, -11, 11),
            id="2.1-announced-tuletroa-with-silent-volat",
        ),
    ],
)
def test_it_settles_the_rules_of_section_2(fields, expected):
    assert VARIANT.score(spec_hand(fields), {}).points == expected


# --- table facts -----------------------------------------------------------------------------------------


def test_table_facts():
    table = PLAN
    assert (table.min_seats, table.max_seats, table.players_per_hand) == (4, 4, 4)
    assert table.zero_sum is True
    assert table.default_hands_per_round % 4 == 0  # every seat deals equally often
    assert VARIANT.key == "tarokk-illusztralt"
    assert VARIANT.rules_version.startswith("tarokk-illusztralt/")


@pytest.mark.parametrize(
    ("dealer", "order", "next_dealer"),
    [("D", SEATS, "A"), ("A", ["B", "C", "D", "A"], "B"), ("B", ["C", "D", "A", "B"], "C")],
)
def test_the_player_after_the_dealer_leads_and_deals_next(dealer, order, next_dealer):
    assert VARIANT.playing_seats(SEATS, dealer, {}) == order
    assert VARIANT.next_dealer(SEATS, dealer) == next_dealer


def test_a_sequence_rotates_the_deal_and_carries_no_state():
    hands = random_hand_sequence(random.Random(3), 6)
    assert all(VARIANT.score(h, {}).state == {} for h in hands)
    dealers = [h["dealer"] for h in hands]
    for prev, nxt in itertools.pairwise(dealers):
        assert nxt == VARIANT.next_dealer(SEATS, prev)
    for h in hands:
        assert h["seats"] == VARIANT.playing_seats(SEATS, h["dealer"], {})
