"""The referee's note on a hand (issue 12 item 11): every variant keeps it, none takes more than
``NOTE_MAX_LENGTH`` characters — the engine names the field, the page shows it next to the note
and stores nothing."""

from __future__ import annotations

import random

import pytest

from scoring.common import NOTE_MAX_LENGTH
from scoring.engine import evaluate
from scoring.registry import VARIANTS
from scoring.types import HandScore
from tests.conftest import client_for
from tests.samples import samples_of
from tests.tournaments.variant_tables import post_hand, running_table
from tournaments.models import Hand

# A typical first hand per variant, as the referee types it into the page's form (dealer A).
TYPED = {
    "taruk2012": {"game": "tri", "declarer": "B", "called_king": "hearts", "partner": "D", "card_points": "48"},
    "tarokk-vadasz": {
        "declarer": "B",
        "partner": "D",
        "declarer_talon_taken": "3",
        "declarer_card_points": "50",
        "declarer_tricks": "5",
    },
}


def sample_hand(key: str) -> tuple[dict, dict, dict | None]:
    samples = samples_of(key)
    hand, state = samples.random_hand(random.Random(f"note-{key}"))
    return dict(hand), state, getattr(samples, "TEST_CONFIG", None)


@pytest.mark.parametrize("key", list(VARIANTS))
def test_every_variant_keeps_a_note_of_the_longest_length(key):
    hand, state, config = sample_hand(key)
    result = evaluate({**hand, "note": "é" * NOTE_MAX_LENGTH}, state, config)
    assert isinstance(result, HandScore), result
    assert result.points == evaluate(hand, state, config).points  # the note is ignored by scoring


@pytest.mark.parametrize("key", list(VARIANTS))
def test_every_variant_refuses_a_longer_note_naming_the_field(key):
    hand, state, config = sample_hand(key)
    result = evaluate({**hand, "note": "x" * (NOTE_MAX_LENGTH + 1)}, state, config)
    assert isinstance(result, list)
    assert [(e.field, e.code) for e in result] == [("note", "out_of_range")]
    assert f"at most {NOTE_MAX_LENGTH} characters" in result[0].message


@pytest.mark.parametrize("key", list(VARIANTS))
def test_a_note_that_is_not_text_is_refused(key):
    hand, state, config = sample_hand(key)
    result = evaluate({**hand, "note": 7}, state, config)
    assert [(e.field, e.code) for e in result] == [("note", "invalid_value")]


@pytest.mark.parametrize("key", ["taruk2012", "tarokk-vadasz"])
def test_a_referee_saves_a_hand_with_a_note_from_the_table_page(key, alice, bob):
    table = running_table(alice, key)
    response = post_hand(client_for(bob), table, {**TYPED[key], "note": "B played out of turn; judge asked"})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Hand.objects.get(table=table).input["note"] == "B played out of turn; judge asked"


def test_a_too_long_note_is_shown_next_to_the_note_and_nothing_is_stored(alice, bob):
    table = running_table(alice, "tarokk-vadasz")
    response = post_hand(client_for(bob), table, {**TYPED["tarokk-vadasz"], "note": "x" * (NOTE_MAX_LENGTH + 1)})
    assert response.status_code == 422
    assert "note" in response.context["form"].errors
    assert "500" in response.context["form"].errors["note"][0]
    assert not Hand.objects.exists()


def test_the_api_refuses_a_too_long_note_naming_the_field(running_event, bob):
    import json

    hand = {
        "game": "tri",
        "declarer": "B",
        "called_king": "hearts",
        "partner": "D",
        "card_points": 48,
        "note": "x" * (NOTE_MAX_LENGTH + 1),
        "number": 1,
    }
    response = client_for(bob).post(
        "/api/events/ljubljana-open/rounds/1/tables/1/hands/", data=json.dumps(hand), content_type="application/json"
    )
    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == ["note"]
    assert not Hand.objects.exists()
