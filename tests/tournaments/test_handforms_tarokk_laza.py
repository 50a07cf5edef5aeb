"""The referee's hand-entry form for Laza tarokk (scoring/forms/tarokk_laza.py).

Laza has no point values of its own (tarokk-laza.md §4.1): the form lists the bids of
the event's point table (``config``). ``SPEC_CONFIG`` is the spec's §5.5 table
(ILLUSTRATIVE — NOT FROM THE RULES), ``TEST_CONFIG`` the sample generator's.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.template.loader import render_to_string

from scoring.engine import evaluate
from scoring.types import HandScore
from scoring.variants.tarokk_laza.entry import LINES
from scoring.variants.tarokk_laza.rules import VARIANT
from tests.samples.tarokk_laza import TEST_CONFIG
from tests.scoring.examples.tarokk_laza import L8, SPEC_CONFIG, SPEC_ROWS
from tournaments.tables.handforms import HandForm, form_class

TarokkLazaHandForm = form_class("tarokk-laza")


SEATS = ["A", "B", "C", "D"]  # attack A/D, defence C/B


def make_form(
    data: Any, seats: list[str] = SEATS, dealer: str = "C", config: Any = SPEC_CONFIG, initial: Any = None
) -> HandForm:
    envelope = {"variant": "tarokk-laza", "seats": seats, "dealer": dealer}
    return TarokkLazaHandForm(
        data,
        envelope=envelope,
        names={"A": "Anna"},
        table_positions=["A", "B", "C", "D"],
        config=config,
        initial=initial,
    )


def post(data: dict[str, Any]) -> dict[str, str]:
    return {k: str(v) for k, v in data.items() if v is not None and v != ""}


def entered(lines: dict[str, list[tuple[str, str]]], **kw: Any) -> tuple[TarokkLazaHandForm, int]:
    """The form posted with ``lines`` per side ([(bid, result)]); and the number of inputs that
    differ from the untouched form (which posts nothing but empty selects)."""
    data: dict[str, str] = {}
    for side, items in lines.items():
        for n, (bid, result) in enumerate(items, 1):
            data[f"{side}_{n}"] = bid
            data[f"{side}_{n}_result"] = result
    return make_form(data, **kw), sum(1 for v in data.values() if v)


# --- the round trip (of every variant's sample hands: test_handforms_round_trip.py) -----------------


def test_more_entries_than_lines_get_more_lines() -> None:
    bids = [{"bid": "banda", "qualifier": q, "made": True} for q in ("kor", "karo", "treff", "pikk")]
    bids += [
        {"bid": b, "made": False}
        for b in ("gem", "kassza", "kopf", "trul", "mizer", "flotta", "armada", "dzsinn", "lamour", "angelo")
    ]
    hand = {
        "variant": "tarokk-laza",
        "seats": SEATS,
        "dealer": "C",
        "attack": {"indito": "A", "elfogo": "D"},
        "defence": {"elfogo": "B", "indito": "C"},
        "bids": {"attack": bids, "defence": []},
    }
    assert len(bids) > LINES
    initial = TarokkLazaHandForm.initial_from(hand)
    lines = [n for n in make_form(None, initial=initial).fields if n.startswith("attack_") and n[7:].isdigit()]
    assert len(lines) == len(bids)  # a correction opens all of them
    form = make_form(post(initial))
    assert form.is_valid()
    assert form.hand() == hand


# --- spec §5.5 worked examples, entered line by line --------------------------------------------

PAIR_EXAMPLES = [
    pytest.param([("kassza", "made_k")], 60, id="L1-kontra"),
    pytest.param([("kassza", "failed_rk")], -40, id="L1-rekontra-failed"),
    pytest.param([("gem", "made"), ("kassza", "made")], 30, id="L2a"),
    pytest.param([("gem", "made"), ("kassza", "failed")], -10, id="L2b"),
    pytest.param([("kassza", "made"), ("gem", "silent")], 30, id="L2c"),
    pytest.param([("gem", "made_k"), ("kassza", "made")], 70, id="L3a"),
    pytest.param([("gem", "made"), ("kassza", "made_k")], 80, id="L3b"),
    pytest.param([("banda:kor", "made"), ("flotta", "made")], 40, id="L4a"),
    pytest.param([("banda:pikk", "made"), ("flotta", "made_k")], 100, id="L4b"),
    pytest.param([("piros_fekete", "made"), ("armada", "made")], 60, id="L4c"),
    pytest.param([("banda:kor", "made"), ("banda:pikk", "made")], 20, id="L4d"),
    pytest.param([("ulti:pagat", "made"), ("mariage", "made"), ("dzsinn", "made")], 50, id="L5a"),
    pytest.param([("ulti:pagat", "failed"), ("mariage", "made"), ("dzsinn", "made")], 30, id="L5b"),
    pytest.param([("ulti:pagat", "made"), ("uhu:pagat", "failed")], 20, id="L5c"),
    pytest.param(
        [
            (b, "made")
            for b in (
                "kopf",
                "lamour",
                "angelo",
                "mizer",
                "pikolo",
                "city",
                "centrum",
                "kismadar",
                "nagymadar",
                "skala",
            )
        ],
        180,
        id="L6a",
    ),
    pytest.param(
        [
            (b, "made")
            for b in ("kopf", "lamour", "angelo", "mizer", "pikolo", "city", "centrum", "kismadar", "nagymadar")
        ]
        + [("skala", "failed")],
        320,
        id="L6b",
    ),
    pytest.param([("kopf", "made_k"), ("centrum", "made"), ("skala", "made")], 220, id="L7"),
]


@pytest.mark.parametrize(("lines", "total"), PAIR_EXAMPLES)
def test_spec_pair_examples(lines: list[tuple[str, str]], total: int) -> None:
    form, _ = entered({"attack": lines})
    assert form.is_valid(), form.errors.as_data()
    points = VARIANT.score(form.hand(), {}, SPEC_CONFIG).points
    assert points == {"A": total, "D": total, "B": 0, "C": 0}


def test_spec_whole_deal_l8() -> None:
    form, _ = entered(
        {
            "attack": [("kassza", "made"), ("gem", "made"), ("banda:kor", "made"), ("flotta", "made_k")],
            "defence": [("ulti:pagat", "failed_k"), ("trul", "made")],
        }
    )
    assert form.is_valid()
    hand = form.hand()
    assert hand == {
        "variant": "tarokk-laza",
        "seats": SEATS,
        "dealer": "C",
        "attack": {"indito": "A", "elfogo": "D"},
        "defence": {"elfogo": "B", "indito": "C"},
        "bids": L8["bids"],
    }
    result = VARIANT.score(hand, {}, SPEC_CONFIG)
    assert result.points == {"A": 130, "B": -10, "C": -10, "D": 130}


def test_a_typical_hand_needs_at_most_six_inputs() -> None:
    """The attack's game bid and a Banda made, the defence's kontra'd pagát ulti failed."""
    form, inputs = entered(
        {"attack": [("kassza", "made"), ("banda:kor", "made")], "defence": [("ulti:pagat", "failed_k")]}
    )
    assert form.is_valid()
    assert inputs <= 6
    assert set(form.data) <= set(form.fieldsets[0][1])  # all in the first, open fieldset
    assert VARIANT.score(form.hand(), {}, SPEC_CONFIG).points == {"A": 50, "D": 50, "B": -40, "C": -40}


# --- errors ------------------------------------------------------------------------------------


def engine_errors(form: HandForm, state: Any = None, config: Any = SPEC_CONFIG) -> None:
    assert form.is_valid(), form.errors.as_data()
    result = evaluate(form.hand(), state or {}, config)
    assert not isinstance(result, HandScore)
    form.add_engine_errors(result)


def test_excluded_pair_shows_on_its_line() -> None:
    form, _ = entered({"defence": [("trul", "made"), ("ulti:pagat", "made"), ("uhu:pagat", "made")]})
    engine_errors(form)
    assert any("exclude each other" in e for e in form.errors["defence_3"])
    assert set(form.errors) == {"defence_3"}


def test_silent_without_silent_value_shows_on_its_line() -> None:
    form, _ = entered({"attack": [("gem", "made"), ("kassza", "silent")]})
    engine_errors(form)
    assert any("cannot score silently" in e for e in form.errors["attack_2"])


def test_same_bid_twice_shows_on_the_second_line() -> None:
    form, _ = entered({"attack": [("kassza", "made"), ("kassza", "failed")]})
    engine_errors(form)
    assert any("each bid once per pair" in e for e in form.errors["attack_2"])


def test_blank_table_value_shows_on_the_line() -> None:
    config = {"point_table": {"version": "x", "rows": [*SPEC_ROWS, {"bid": "volat", "made": 100, "failed": None}]}}
    form, _ = entered({"attack": [("volat", "failed")]}, config=config)
    engine_errors(form, config=config)
    assert any("no 'failed' value" in e for e in form.errors["attack_1"])


def test_wrong_attack_goes_to_the_top() -> None:
    state = {"pairs": [["A", "D"], ["C", "B"]], "deals_played": 1, "last_attack": 0}
    form, _ = entered({"attack": [("kassza", "made")]})
    engine_errors(form, state)
    assert any("attack alternates" in e for e in form.non_field_errors())


def test_no_point_table_goes_to_the_top_and_the_rules_bids_are_listed() -> None:
    form, _ = entered({"attack": [("kassza", "made")]}, config=None)
    engine_errors(form, config=None)
    assert any("no point table" in e for e in form.non_field_errors())
    assert ("banda:kor", "kőr Banda") in form.fields["attack_1"].choices


def test_line_half_filled_is_refused_by_the_form() -> None:
    form = make_form({"attack_1": "kassza", "defence_2_result": "made"})
    assert not form.is_valid()
    assert "attack_1_result" in form.errors and "defence_2" in form.errors


def test_bids_come_from_the_point_table() -> None:
    form = make_form(None, config=TEST_CONFIG)
    choices = dict(form.fields["attack_1"].choices)
    assert choices["ulti:pagat"] == "pagát Ulti" and "ulti:skiz" not in choices  # the row's own cards
    assert choices["pikolo:treff"] == "treff Pikoló"  # the organizer made Pikoló name a suit
    assert "test_extra" in choices


def test_renders_with_the_hand_fields_template() -> None:
    """Every line of both pairs in the one open section; a line waits for the one before it (the page
    shows a pair's first line, and the next once a bid is on the last); each bid a row of chips with
    the rarer cards of a card bid under "more choices"."""
    form = make_form(None, seats=["C", "D", "A", "B"])
    html = render_to_string("scoring/_hand_fields.html", {"form": form})
    assert html.count('<details class="fieldset"') == 2  # the lines, and "Other" (the note)
    assert html.count('<details class="more-chips"') == 2 * LINES
    assert "C / B" in html and "A · Anna / D" in html  # attack C/B, defence A/D in this deal
    assert len(form.fieldsets[0][1]) == 2 * 2 * LINES
    assert 'data-waits-for="attack_1"' in html and 'data-waits-for="defence_11"' in html
    assert "data-waits-for" not in html.split('name="attack_1"')[0].rsplit("<fieldset", 1)[1]  # line 1 shows


def test_the_usual_bids_are_one_tap_and_a_card_bids_other_cards_fold() -> None:
    """The spec's table (§5.5): every bid without a qualifier, Banda in each suit, Ulti and Uhu with the
    pagát are chips; Ulti with the XXI is under "more choices"."""
    common = make_form(None).fields["attack_1"].widget.common
    assert {"", "kassza", "gem", "skala", "banda:kor", "banda:pikk", "ulti:pagat", "uhu:pagat"} <= common
    assert "ulti:xxi" not in common and "uhu:skiz" not in common
    assert len(common) == 25  # a blank and the table's first two dozen
    longer = make_form(None, config=TEST_CONFIG).fields["attack_1"].widget.common
    assert len(longer) == 25 and "skala" not in longer  # a longer table folds its last rows too
