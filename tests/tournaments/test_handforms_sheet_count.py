"""The sheet's count on the hand form of every variant that takes one (``count_result``, Illusztrált and
Vadász tarokk): right after the card points, as tap chips naming each band's thresholds. What each form
builds of it: test_handforms_tarokk_<variant>.py."""

from __future__ import annotations

import sys

import pytest

from scoring.registry import VARIANTS
from tests.tournaments import hand_forms
from tournaments.tables.handforms import HandForm, form_class

SEATS = ["A", "B", "C", "D"]
KEYS = sorted(k for k, v in VARIANTS.items() if hasattr(sys.modules[v.validate.__module__], "COUNT_RESULTS"))
# A hand won by the sheet's count at a table of four dealt by D, and the card points' label in its form.
SHEETS = {
    "tarokk-illusztralt": (
        {"bid": "kettes", "declarer": "A", "partner": "C", "count_result": "won", "declarer_tricks": 6},
        "card points of the declaring side (tricks + skarts)",
    ),
    "tarokk-vadasz": (
        {"declarer": "A", "partner": "C", "declarer_talon_taken": 2, "count_result": "won", "declarer_tricks": 6},
        "card points of the declaring side (declarer's skart only)",
    ),
}


def make_form(key: str, data: dict | None) -> HandForm:
    envelope = {"variant": key, "seats": SEATS, "dealer": "D"}
    return form_class(key)(data, envelope=envelope, names=dict(zip(SEATS, SEATS, strict=True)), table_positions=SEATS)


def engine_errors(key: str, data: dict) -> HandForm:
    """The form posted with ``data`` typed in, with the engine's errors on its fields."""
    return hand_forms.with_engine_errors(
        make_form(key, hand_forms.typed(make_form(key, None), data)), VARIANTS[key].validate
    )


def test_both_tarokk_variants_that_count_take_the_sheets_count():
    assert KEYS == sorted(SHEETS) == ["tarokk-illusztralt", "tarokk-vadasz"]


@pytest.mark.parametrize("key", KEYS)
def test_the_sheets_count_follows_the_card_points_as_tap_chips(key):
    form = make_form(key, None)
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


@pytest.mark.parametrize("key", KEYS)
def test_neither_count_nor_card_points_is_shown_on_the_card_points(key):
    sheet, label = SHEETS[key]
    form = engine_errors(key, {k: v for k, v in sheet.items() if k != "count_result"})
    (message,) = form.errors["declarer_card_points"]
    assert f"{label} is required" in message
    assert "the sheet's count" in message  # the alternative named (no raw key)


@pytest.mark.parametrize("key", KEYS)
def test_both_the_count_and_the_card_points_are_shown_on_the_sheets_count(key):
    form = engine_errors(key, {**SHEETS[key][0], "declarer_card_points": 55})
    assert form.errors["count_result"] == ["give the card points or the sheet's count, not both"]
