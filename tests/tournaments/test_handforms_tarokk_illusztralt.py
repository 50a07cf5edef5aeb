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
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.variants.tarokk_illusztralt.entry import FIGURE_ROWS, normalised
from scoring.variants.tarokk_illusztralt.rules import VARIANT
from tests.samples.tarokk_illusztralt import random_hand
from tournaments.handforms import HandForm, form_class

TarokkIllusztraltHandForm = form_class("tarokk-illusztralt")

ENVELOPE = {"variant": "tarokk-illusztralt", "seats": ["A", "B", "C", "D"], "dealer": "D"}
NAMES = {"A": "Anna", "B": "Béla", "C": "Csaba", "D": "Dóra"}


def make_form(data: dict[str, Any] | None, envelope: dict[str, Any] | None = None) -> HandForm:
    return TarokkIllusztraltHandForm(
        data, envelope=envelope or ENVELOPE, names=NAMES, table_positions=["A", "B", "C", "D"]
    )


def as_post(initial: dict[str, Any]) -> dict[str, str]:
    """What a browser posts for a form showing ``initial`` (a checked box is "on", an unchecked one absent)."""
    return {k: "on" if v is True else str(v) for k, v in initial.items() if v is not False and v is not None}


def typed(data: dict[str, Any]) -> dict[str, str]:
    """A referee's POST: every field at its initial value, then what he typed."""
    form = make_form(None)
    base = {name: field.initial for name, field in form.fields.items() if field.initial not in (None, "")}
    return as_post({**base, **data})


def inputs(data: dict[str, Any]) -> int:
    """How many fields of the POST differ from what the empty form shows."""
    form = make_form(None)
    count = 0
    for name, value in data.items():
        initial = form.fields[name].initial
        if value not in ("", None) and str(value) != ("" if initial is None else str(initial)):
            count += 1
    return count


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


@given(st.randoms(use_true_random=False))
@settings(max_examples=100, deadline=None)
def test_every_sample_hand_survives_the_form(rng):
    hand, state = random_hand(rng)
    if not covered(hand):  # counted in the next test: never seen so far
        return
    again = round_trip(hand)
    assert again == normalised(hand)
    assert VARIANT.score(again, state).points == VARIANT.score(hand, state).points


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


@pytest.mark.parametrize(
    ("typed_in", "points"),
    [
        pytest.param(E1, [1, -1, 1, -1], id="E1"),
        pytest.param(
            {"bid": "szolo", "declarer": "A", "partner": "alone", "declarer_card_points": 60, "declarer_tricks": 6},
            [12, -4, -4, -4],
            id="E4 self-call",
        ),
        pytest.param(
            {
                "bid": "harmas",
                "declarer": "A",
                "partner": "C",
                "declarer_card_points": 90,
                "declarer_tricks": 9,
                "fig1": "tuletroa",
                "fig2": "volat",
                "fig2_how": "announced",
                "fig3": "negy_kiraly",
                "fig3_how": "silent",
            },
            [8, -8, 8, -8],
            id="E7 figure order",
        ),
        pytest.param(
            {
                "bid": "kettes",
                "declarer": "A",
                "partner": "C",
                "declarer_card_points": 50,
                "declarer_tricks": 5,
                "fig1": "xxi_fogas",
                "fig1_side": "opponents",
                "fig1_how": "silent",
            },
            [-19, 19, -19, 19],
            id="E8 silent XXI-fogás",
        ),
        pytest.param(
            {
                "bid": "harmas",
                "declarer": "A",
                "partner": "C",
                "declarer_card_points": 55,
                "declarer_tricks": 6,
                "fig1": "pagat_ultimo",
                "fig1_how": "failed",
                "fig1_kontra": 1,
            },
            [-19, 19, -19, 19],
            id="E9",
        ),
        pytest.param(
            {
                "bid": "kettes",
                "declarer": "A",
                "partner": "C",
                "declarer_card_points": 58,
                "declarer_tricks": 6,
                "tarokk_B": "9_early",
                "tarokk_C": "8_end",
            },
            [-1, 4, 1, -4],
            id="E11",
        ),
        pytest.param(
            {
                "outcome": "renonsz",
                "bid": "kettes",
                "declarer": "A",
                "partner": "C",
                "fig1": "tuletroa",
                "fig1_kontra": 1,
                "fig2": "pagat_ultimo",
                "fig2_side": "opponents",
                "renonsz_offender": "D",
                "renonsz_kind": "play",
            },
            [16, 16, 16, -48],
            id="E12 renonsz",
        ),
        pytest.param(
            {
                "bid": "harmas",
                "declarer": "A",
                "partner": "alone_skart",
                "declarer_card_points": 40,
                "declarer_tricks": 3,
            },
            [-6, 2, 2, 2],
            id="E15 official kontra by itself",
        ),
        pytest.param({"outcome": "redeal"}, [0, 0, 0, 0], id="E16"),
        pytest.param(
            {
                "bid": "kettes",
                "declarer": "A",
                "partner": "C",
                "declarer_card_points": 60,
                "declarer_tricks": 6,
                "fig1": "dupla",
                "fig1_kontra": 1,
            },
            [-14, 14, -14, 14],
            id="E17",
        ),
    ],
)
def test_spec_examples_typed_into_the_form(typed_in, points):
    hand = hand_of(typed(typed_in))
    assert list(VARIANT.score(hand, {}).points.values()) == points


def test_the_typical_hand_needs_at_most_six_inputs():
    data = typed(E1)
    assert inputs(data) == 5
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
    form = make_form(typed(data))
    assert form.is_valid(), form.errors
    errors = VARIANT.validate(form.hand(), {}, None)
    assert errors
    form.add_engine_errors(errors)
    return form


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


# --- the sheet's verdict instead of the card points ----------------------------------------


SHEET = {"bid": "kettes", "declarer": "A", "partner": "C", "count_result": "won", "declarer_tricks": 6}


def test_the_sheets_count_follows_the_card_points_as_tap_chips():
    form = make_form(None)
    names = list(form.fields)
    assert names[names.index("declarer_card_points") + 1] == "count_result"
    field = form.fields["count_result"]
    assert str(field.label) == "the sheet's count (instead of card points)"
    assert [(v, str(label)) for v, label in field.choices] == [
        ("", "—"),
        ("dupla", "declaring side: dupla (71+)"),
        ("won", "declaring side won (48–70)"),
        ("lost", "opponents won (47–70)"),
        ("opponents_dupla", "opponents: dupla (71+)"),
    ]
    assert getattr(field.widget, "chips", False)  # up to 24 choices: tap targets on the phone


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


def test_neither_count_nor_card_points_is_shown_on_the_card_points():
    form = engine_errors({k: v for k, v in SHEET.items() if k != "count_result"})
    (message,) = form.errors["declarer_card_points"]
    assert "card points of the declaring side (tricks + skarts) is required" in message
    assert "the sheet's count" in message  # the alternative named (no raw key)


def test_both_and_a_count_the_tricks_rule_out_are_shown_on_the_sheets_count():
    form = engine_errors({**SHEET, "declarer_card_points": 55})
    assert form.errors["count_result"] == ["give the card points or the sheet's count, not both"]
    form = engine_errors({**SHEET, "declarer_tricks": 9})
    (message,) = form.errors["count_result"]
    assert message.startswith("9 tricks hold at least 72 card points")
