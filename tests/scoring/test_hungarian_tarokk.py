"""What the Hungarian tarokks share is declared once (scoring/families/hungarian_tarokk/): the count of the 94
card points and its bands (tarokk-illusztralt.md §1.1, §2.1; tarokk-vadasz.md §1.3, §2.1), the sheet's verdict
instead of the count, the hand form's fields for them and the words the paper sheets write. Pure engine."""

from __future__ import annotations

import pytest

from scoring import protocol_layout
from scoring.common import Errors
from scoring.families.hungarian_tarokk import entry as family_entry
from scoring.families.hungarian_tarokk import protocol as family_sheet
from scoring.families.hungarian_tarokk import rules as family
from scoring.variants.tarokk_illusztralt import entry as illusztralt_entry
from scoring.variants.tarokk_illusztralt import rules as illusztralt
from scoring.variants.tarokk_vadasz import entry as vadasz_entry
from scoring.variants.tarokk_vadasz import rules as vadasz


@pytest.mark.parametrize(
    ("points", "band"),
    # The game is won at 48 (47-47 goes to the opponents), a dupla made at 71, the opponents' at 94 - 71 = 23.
    [(94, "dupla"), (71, "dupla"), (70, "won"), (48, "won"), (47, "lost"), (24, "lost"), (23, "opponents_dupla")],
)
def test_the_count_falls_in_the_bands_both_specs_give(points, band):
    assert family.count_band({"declarer_card_points": points}) == band
    assert family.COUNT_RESULTS[band][0] <= points <= family.COUNT_RESULTS[band][1]


def test_both_variants_count_with_the_familys_rules_and_form_fields():
    for rules in (illusztralt, vadasz):
        assert rules.count_band is family.count_band and rules.COUNT_RESULTS is family.COUNT_RESULTS
        assert (rules.WIN_POINTS, rules.DUPLA_POINTS, rules.TOTAL_POINTS) == (48, 71, 94)
        assert rules.SIDE_NAME is family.SIDE_NAME
    for entry in (illusztralt_entry, vadasz_entry):
        assert entry.PLAYED_OR_RENONSZ is family_entry.PLAYED_OR_RENONSZ


def test_the_card_points_or_the_sheets_count_exactly_one():
    errors = Errors()
    assert family.check_count(errors, {"declarer_card_points": 50}) == (50, 50) and not errors
    assert family.check_count(errors, {"count_result": "won"}) == (48, 70) and not errors
    assert family.check_count(errors, {}) is None
    assert family.check_count(errors, {"declarer_card_points": 50, "count_result": "won"}) is None
    assert [(e.field, e.code) for e in errors.items] == [
        ("declarer_card_points", "missing_field"),
        ("count_result", "forbidden_combination"),
    ]


def test_the_sheets_count_must_fit_the_tricks():
    errors = Errors()
    # 9 tricks hold at least 72 card points: not a game won without a dupla (48-70).
    assert not family.verdict_holds_tricks(errors, "won", family.COUNT_RESULTS["won"], 9)
    # No trick holds at most 22 (the skart): not a game lost without the opponents' dupla (24-47).
    assert not family.verdict_holds_tricks(errors, "lost", family.COUNT_RESULTS["lost"], 0)
    assert family.verdict_holds_tricks(errors, "won", family.COUNT_RESULTS["won"], 5)
    assert [e.field for e in errors.items] == ["count_result", "count_result"]
    # 5 tricks (20 cards) hold 20 to 78 card points.
    assert not family.card_points_hold_tricks(errors, 19, 5) and family.card_points_hold_tricks(errors, 78, 5)


def test_the_sheets_words_live_with_the_family_not_in_the_protocol_vocabulary():
    assert not [name for name in vars(protocol_layout) if name.startswith(("TAROKK_", "tarokk_"))]
    assert family_sheet.kontra(2) == "rekontra" and family_sheet.BIDS["szolo"] == "Szóló"
