"""The referee's form for Illusztrált tarokk: round trip with the sample
generator, spec examples typed into the form, engine errors on the right field,
and the number of inputs of a typical hand.

Spec: /work/shared/rules/tarokk-illusztralt.md (§3 hand record, §4 examples).
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from scoring.variants.tarokk_illusztralt.entry import FIGURE_ROWS
from scoring.variants.tarokk_illusztralt.rules import VARIANT
from tests.samples.tarokk_illusztralt import random_hand
from tests.scoring.examples.tarokk_illusztralt import TYPED
from tests.tournaments import hand_forms
from tests.tournaments.hand_forms import as_post
from tournaments.tables.handforms import HandForm, form_class

TarokkIllusztraltHandForm = form_class("tarokk-illusztralt")

ENVELOPE = {"variant": "tarokk-illusztralt", "seats": ["A", "B", "C", "D"], "dealer": "D"}
NAMES = {"A": "Anna", "B": "Béla", "C": "Csaba", "D": "Dóra"}


def make_form(data: dict[str, Any] | None, envelope: dict[str, Any] | None = None) -> HandForm:
    return TarokkIllusztraltHandForm(
        data, envelope=envelope or ENVELOPE, names=NAMES, table_positions=["A", "B", "C", "D"]
    )


def typed(data: dict[str, Any]) -> dict[str, str]:
    return hand_forms.typed(make_form(None), data)


def inputs(data: dict[str, Any]) -> int:
    return hand_forms.inputs(make_form(None), data)


def hand_of(data: dict[str, Any], envelope: dict[str, Any] | None = None) -> dict[str, Any]:
    form = make_form(data, envelope)
    assert form.is_valid(), form.errors
    return form.hand()


def covered(hand: dict[str, Any]) -> bool:
    return len(hand.get("figures") or []) <= FIGURE_ROWS


def round_trip(hand: dict[str, Any]) -> dict[str, Any]:
    envelope = {k: hand[k] for k in ("variant", "seats", "dealer")}
    return hand_of(as_post(TarokkIllusztraltHandForm.initial_from(hand)), envelope)


# --- round trip ---------------------------------------------------------------


def test_the_forms_cover_nearly_every_sample_hand():
    """Not covered: more than FIGURE_ROWS figures (the JSON form takes them). The generator lists
    at most 5, so none of 5000 sample hands is left out; real hands rarely have more than 3."""
    rng = random.Random(20250723)
    hands = [random_hand(rng)[0] for _ in range(5000)]
    uncovered = [h for h in hands if not covered(h)]
    assert len(uncovered) == 0


def test_initial_data_renders_an_unbound_form_for_a_correction():
    hand = {
        **ENVELOPE,
        "bid": "kettes",
        "declarer": "A",
        "partner": None,
        "called_tarokk_discarded": True,
        "game_kontra": 1,
        "declarer_card_points": 50,
        "declarer_tricks": 5,
        "figures": [
            {
                "figure": "kiraly_uhu",
                "side": "opponents",
                "announced": True,
                "suit": "kor",
                "kontra": 2,
                "result": "failed",
            }
        ],
        "tarokk_counts": [{"seat": "C", "count": 9, "when": "end"}],
        "note": "checked twice",
    }
    form = TarokkIllusztraltHandForm(
        initial=TarokkIllusztraltHandForm.initial_from(hand),
        envelope=ENVELOPE,
        names=NAMES,
        table_positions=["A", "B", "C", "D"],
    )
    html = str(form["fig1"]) + str(form["partner"]) + str(form["tarokk_C"])
    assert re.search(r'value="kiraly_uhu:kor" id="[^"]+" checked', html)  # the chip shown chosen
    assert re.search(r'value="alone_skart" id="[^"]+" checked', html)  # the chip shown chosen
    assert re.search(r'value="9_end" id="[^"]+" checked', html)  # the chip shown chosen
    assert round_trip(hand) == hand


# --- the spec's examples typed into the form (§4) --------------------------------

E1 = {"bid": "harmas", "declarer": "A", "partner": "C", "declarer_card_points": 52, "declarer_tricks": 5}


@pytest.mark.parametrize(("typed_in", "points"), TYPED)
def test_spec_examples_typed_into_the_form(typed_in, points):
    """tarokk-illusztralt.md §4's examples as a referee types them (tests/scoring/examples/tarokk_illusztralt.json)."""
    assert VARIANT.score(hand_of(typed(typed_in)), {}).points == points


def test_the_typical_hand_needs_at_most_six_inputs():
    data = typed(E1)
    # bid, partner, card points, tricks: the declarer A is the forehand, whose chip is shown chosen
    assert inputs(data) == 4
    assert hand_of(data) == {**ENVELOPE, **E1}


def test_a_figure_row_writes_the_named_king_and_leaves_out_derived_results():
    hand = hand_of(
        typed(
            {
                **E1,
                "declarer_card_points": 75,
                "declarer_tricks": 7,
                "fig1": "dupla",
                "fig2": "kiraly_ultimo:treff",
                "fig2_side": "opponents",
                "fig2_how": "failed",
            }
        )
    )
    assert hand["figures"] == [
        {"figure": "dupla", "side": "declarer", "announced": True},
        {"figure": "kiraly_ultimo", "side": "opponents", "announced": True, "suit": "treff", "result": "failed"},
    ]


# --- engine errors land on the field the referee used ------------------------------


def engine_errors(data: dict[str, Any]) -> HandForm:
    return hand_forms.with_engine_errors(make_form(typed(data)), VARIANT.validate)


def test_an_impossible_figure_pair_is_shown_on_its_row_despite_blank_rows():
    form = engine_errors({**E1, "fig2": "pagat_ultimo", "fig4": "pagat_uhu"})
    assert "one Pagát cannot win both the 8th and the 9th trick" in form.errors["fig4"][0]
    assert "fig2" not in form.errors


def test_a_missing_result_is_shown_on_the_how_field():
    form = engine_errors({**E1, "fig3": "centrum", "fig3_how": "announced"})
    assert "is required ('made' or 'failed')" in form.errors["fig3_how"][0]  # named by its label (issue 15)


def test_points_that_tricks_cannot_hold_are_shown_on_the_card_points():
    form = engine_errors({**E1, "declarer_tricks": 9, "declarer_card_points": 60})
    assert "at least 72 points" in form.errors["declarer_card_points"][0]


def test_a_missing_partner_and_a_bad_renonsz_land_on_their_fields():
    form = engine_errors(
        {
            "outcome": "renonsz",
            "bid": "kettes",
            "declarer": "A",
            "renonsz_offender": "B",
            "renonsz_kind": "no_honour",
            "tarokk_C": "8_end",
        }
    )
    assert "no_honour renonsz needs bid 'harmas'" in " ".join(form.errors["renonsz_kind"])
    assert "no tarokk count at the end" in form.errors["tarokk_C"][0]
    form = engine_errors({**E1, "partner": ""})
    assert "partner is required" in form.errors["partner"][0]


def test_kontra_on_a_silent_figure_is_shown_on_its_kontra():
    form = engine_errors({**E1, "fig1": "tuletroa", "fig1_how": "silent", "fig1_kontra": 1})
    assert "cannot be kontra'd" in form.errors["fig1_kontra"][0]


# --- the sheet's verdict instead of the card points (its chips: test_handforms_sheet_count.py) --------


SHEET = {"bid": "kettes", "declarer": "A", "partner": "C", "count_result": "won", "declarer_tricks": 6}


def test_the_sheets_count_without_card_points_builds_the_hand_and_comes_back():
    """§4 E17 as a referee records it who did not count: "game won" instead of P = 60."""
    data = typed({**SHEET, "fig1": "dupla", "fig1_kontra": 1})
    assert "declarer_card_points" not in data
    hand = hand_of(data)
    assert hand == {
        **ENVELOPE,
        "bid": "kettes",
        "declarer": "A",
        "partner": "C",
        "count_result": "won",
        "declarer_tricks": 6,
        "figures": [{"figure": "dupla", "side": "declarer", "announced": True, "kontra": 1}],
    }
    assert VARIANT.score(hand, {}).points == {"A": -14, "B": 14, "C": -14, "D": 14}
    values = TarokkIllusztraltHandForm.initial_from(hand)
    assert values["count_result"] == "won" and "declarer_card_points" not in values
    assert round_trip(hand) == hand


def test_a_count_the_tricks_rule_out_is_shown_on_the_sheets_count():
    form = engine_errors({**SHEET, "declarer_tricks": 9})
    (message,) = form.errors["count_result"]
    assert message.startswith("9 tricks hold at least 72 card points")
