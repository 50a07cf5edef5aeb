"""taruk2012.md §5.4: a player's first recorded misdeal in the tournament is a warning
(`warning: true`, 0 points), every later one costs 20 (`warning: false`); a hand that says
otherwise is rejected (issue 11 item 7)."""

from __future__ import annotations

import pytest

from scoring.variants.taruk2012.rules import misdeal_history_errors, validate
from tests.conftest import client_for
from tests.scoring.examples.taruk2012 import E1  # taruk2012.md §8.1 E1: tri by B, partner D, 48 card points
from tests.tournaments.variant_tables import post_hand
from tournaments.models import Hand
from tournaments.tables import hands as services

# E1 as the referee types it into the table page's form (dealer A at hand 1 of the fixture's tables).
TYPED_E1 = {"game": "tri", "declarer": "B", "called_king": "hearts", "partner": "D", "card_points": "48"}


def misdeal(warning: bool) -> dict:
    return {"type": "misdeal", "seat": "A", "warning": warning}


def test_a_first_misdeal_costing_20_is_rejected_naming_the_warning():
    errors = misdeal_history_errors({**E1, "penalties": [misdeal(False)]}, earlier=0)
    assert [(e.field, e.code) for e in errors] == [("penalties[0].warning", "inconsistent")]
    assert misdeal_history_errors({**E1, "penalties": [misdeal(True)]}, earlier=0) == []


def test_a_later_misdeal_is_never_a_warning_again():
    errors = misdeal_history_errors({**E1, "penalties": [misdeal(True)]}, earlier=1)
    assert [(e.field, e.code) for e in errors] == [("penalties[0].warning", "inconsistent")]
    assert misdeal_history_errors({**E1, "penalties": [misdeal(False)]}, earlier=1) == []


def test_within_one_hand_the_redeal_misdealt_again_costs_20():
    # The engine alone: the second misdeal of one hand cannot be a warning.
    errors = validate({**E1, "penalties": [misdeal(True), misdeal(True)]}, {})
    assert [(e.field, e.code) for e in errors] == [("penalties[1].warning", "inconsistent")]
    assert validate({**E1, "penalties": [misdeal(True), misdeal(False)]}, {}) == []


def test_the_table_refuses_a_first_misdeal_entered_as_again_20(running_event, bob):
    from tournaments.models import Table

    table = Table.objects.get(round__number=1, number=1)
    response = post_hand(
        client_for(bob),
        table,
        {**TYPED_E1, "misdeal": "penalty"},
    )
    assert response.status_code == 422
    # The form offers only the warning (test_taruk_misdeal_choices); posted anyway, the field says why.
    assert "first misdeal" in response.context["form"].errors["misdeal"][0]
    assert not Hand.objects.exists()
    # As a warning it is saved: 0 for the dealer (E1's points unchanged).
    response = post_hand(
        client_for(bob),
        table,
        {**TYPED_E1, "misdeal": "warning"},
    )
    assert response.status_code == 302
    assert Hand.objects.get().points == {"A": 0, "B": 25, "C": 0, "D": 15}


def test_a_correction_is_held_to_the_same_history(running_event, bob):
    from tournaments.models import Table
    from tournaments.tables.misdeals import earlier_misdeals

    table = Table.objects.get(round__number=1, number=1)
    services.enter_hand(bob, table, {**E1, "penalties": [misdeal(True)]})
    with pytest.raises(services.HandRejected) as exc:
        services.correct_hand(
            bob, Hand.objects.get(), {**E1, "penalties": [misdeal(False)]}, expected_version=1, reason="typo"
        )
    assert [e.field for e in exc.value.errors] == ["penalties[0].warning"]
    # The player at A now has one misdeal: his next one, at any later hand, costs 20.
    assert earlier_misdeals(table, "A", 5) == 1
    assert earlier_misdeals(table, "A", 1) == 0
