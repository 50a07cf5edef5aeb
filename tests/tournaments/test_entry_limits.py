"""The table page offers only hands the table can take: after two referees saved the last hand, the
second is not offered a hand beyond the table's plan ("hand 13" of a 12-hand table)."""

from __future__ import annotations

import html

import pytest

from tests.conftest import client_for, enter_e1
from tests.html_forms import form, forms
from tournaments.models import Hand, Table

URL = "/e/ljubljana-open/round/1/table/1/"
# Hand 2 of the table (dealer B, forehand C) as a referee types it: tri by C, partner A, 48 card points.
TRI_C = {"game": "tri", "declarer": "C", "called_king": "hearts", "partner": "A", "card_points": "48"}


@pytest.fixture
def table(running_event, bob):
    """Table 1 of the running event (2 hands a round), its first hand entered."""
    table = Table.objects.select_related("round__tournament").get(round__tournament=running_event, number=1)
    enter_e1(bob, table)
    return table


def test_the_second_referee_saving_the_last_hand_is_not_offered_a_hand_beyond_the_plan(table, bob, rita):
    phone1, phone2 = client_for(bob), client_for(rita)
    form1, form2 = form(phone1.get(URL).content, "/hands/"), form(phone2.get(URL).content, "/hands/")
    assert form1.fields["number"] == form2.fields["number"] == "2"
    assert phone1.post(URL + "hands/", form1.data(**TRI_C)).status_code == 302  # the table's last hand
    response = phone2.post(URL + "hands/", form2.data(**{**TRI_C, "card_points": "50"}), follow=True)
    page = html.unescape(response.content.decode())
    assert "Hand 2 has already been saved (by bob); nothing was stored." in page
    assert "enter it as hand 3" not in page
    assert "The table has played all its hands: check hand 2 in the list" in page
    assert not [f for f in forms(page) if f.action.endswith("/hands/")]  # no form for hand 3
    assert Hand.objects.filter(table=table).count() == 2
