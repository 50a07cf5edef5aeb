"""Forms that fight the referee (issue "The director's day", item 10), on the table page's own form
posted as a browser posts it: no silent default scores what the referee did not say."""

from __future__ import annotations

import re

import pytest

from tests.conftest import client_for
from tests.tournaments.variant_tables import post_hand, rendered_form, running_table, table_url
from tournaments.models import Hand

# ulti-mausz.md §7 Example 9: B's ulti in tök made (the trump seven won in the last trick), 50 card
# points: ulti +4, parti +1 -> B +10, A and C -5 each.
EX9 = {"bid": "ulti:tok", "declarer": "B", "declarer_tricks": "6", "declarer_card_points": "50"}


@pytest.fixture
def ulti(alice, bob):
    return running_table(alice, "ulti-mausz")


def test_the_trump_seven_row_starts_with_nothing_chosen(ulti, bob):
    """The chip chosen untouched is "—" (nothing said), not "not played to the last trick"."""
    page = client_for(bob).get(table_url(ulti)).content.decode()
    chip = r'<label class="chip"[^>]*><input type="radio" name="trump7"[^>]*checked>\s*<span>(.*?)</span>'
    checked = re.search(chip, page)
    assert checked and checked.group(1) == "—"
    assert rendered_form(client_for(bob), ulti)["trump7"] == ""


def test_an_ulti_with_the_trump_seven_left_alone_is_not_scored_as_failed(ulti, bob):
    client = client_for(bob)
    response = post_hand(client, ulti, EX9)
    assert response.status_code == 422
    assert not Hand.objects.filter(table=ulti).exists()
    page = response.content.decode()
    row = page[page.index('id="id_trump7"') : page.index('id="id_four_aces"')]
    assert "An ulti is decided by the trump seven" in row
    # The preview says the same before saving.
    preview = client.post(table_url(ulti) + "preview/", {**rendered_form(client, ulti), **EX9}).content.decode()
    assert "An ulti is decided by the trump seven" in preview and "The engine scores this hand" not in preview
    # The referee says what happened: Example 9 is stored with its points.
    assert post_hand(client, ulti, {**EX9, "trump7": "B:won"}).status_code == 302
    assert Hand.objects.get(table=ulti).points == {"A": -5, "B": 10, "C": -5}


def test_not_played_to_the_last_trick_is_a_choice_of_its_own(ulti, bob):
    """ulti-mausz.md §7 Example 9 with the seven not played to the last trick: the ulti failed
    (-4 and the failure penalty -4), parti made +1: S = -7, B -14, A and C +7."""
    client = client_for(bob)
    assert post_hand(client, ulti, {**EX9, "trump7": "none"}).status_code == 302
    hand = Hand.objects.get(table=ulti)
    assert hand.input["play"]["trump7_last_trick"] is None
    assert hand.points == {"A": 7, "B": -14, "C": 7}
    # The correction opens with that choice, not with "—".
    edit = client.get(table_url(ulti) + "hands/1/").content.decode()
    assert re.search(r'name="trump7" value="none"[^>]*checked', edit)
