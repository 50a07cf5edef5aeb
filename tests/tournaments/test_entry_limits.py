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


# --- the number fields' limits: what the page's min and max say, the server keeps ----------------------


def number_inputs(key: str) -> dict[str, tuple[str | None, str | None]]:
    """name -> (min, max) of every number input of ``key``'s hand form, for a sample hand's table."""
    import random
    import re

    from tests.samples import sample_config, samples_of
    from tournaments.tables.handforms import form_class

    out: dict[str, tuple[str | None, str | None]] = {}
    rng, sizes = random.Random(7), set()
    for _ in range(20):  # tables of every size the samples deal, each rendered once (a form costs 0.1-1 s)
        hand, _state = samples_of(key).random_hand(rng)
        envelope = {k: hand[k] for k in ("variant", "seats", "dealer")}
        positions = sorted(set(hand.get("participants") or ()) | set(hand["seats"]) | {hand["dealer"]})
        if len(positions) in sizes:
            continue
        sizes.add(len(positions))
        form = form_class(key)(
            None,
            envelope=envelope,
            alternatives=[envelope],
            names={},
            table_positions=positions,
            config=sample_config(key) or None,
        )
        for tag in re.findall(r"<input[^>]*type=\"number\"[^>]*>", str(form)):
            name = re.search(r'name="([^"]+)"', tag).group(1)
            low, high = re.search(r'min="([^"]+)"', tag), re.search(r'max="([^"]+)"', tag)
            out[name] = (low and low.group(1), high and high.group(1))
    return out


@pytest.mark.parametrize("key", ["taruk2012", "ulti-mausz", "tarokk-illusztralt", "tarokk-vadasz", "tarokk-laza"])
def test_every_number_of_a_hand_form_says_the_limits_the_server_keeps(key):
    """A judge's renons points (Taruk) and the jury's points (ulti) had no bound on the page, and the
    server stored any number, which the standings' sums on PostgreSQL cannot read (a 500)."""
    from tournaments.nul import NUMBER_LIMIT

    for name, (low, high) in number_inputs(key).items():
        assert low is not None and high is not None, name
        assert -NUMBER_LIMIT <= int(low) <= int(high) <= NUMBER_LIMIT, name


def test_a_judges_renons_points_beyond_the_limit_are_refused_on_the_page_naming_the_field(table, bob):
    from tournaments.nul import NUMBER_LIMIT

    client = client_for(bob)
    page = client.get(URL).content.decode()
    assert f'name="renons_points" min="-{NUMBER_LIMIT}" max="-1"' in page
    entry = form(page, "/hands/")
    hand2 = {"game": "none", "renons_seat": "C"}
    response = client.post(URL + "hands/", entry.data(**hand2, renons_points=str(-NUMBER_LIMIT - 1)))
    assert response.status_code == 422
    page = html.unescape(response.content.decode())
    field = page[page.index('<label for="id_renons_points"') : page.index('<label for="id_renons_points"') + 600]
    assert f'<span class="errorlist">Ensure this value is greater than or equal to -{NUMBER_LIMIT}.</span>' in field
    assert Hand.objects.filter(table=table).count() == 1
    response = client.post(URL + "hands/", entry.data(**hand2, renons_points=str(-NUMBER_LIMIT)))
    assert response.status_code == 302
    assert Hand.objects.get(table=table, number=2).points["C"] == -NUMBER_LIMIT
    assert client_for(None).get("/e/ljubljana-open/standings/").status_code == 200


def test_the_api_refuses_a_number_beyond_the_limit_naming_it(table, bob):
    import json

    from tournaments.nul import NUMBER_LIMIT

    body = {"number": 2, "game": "none", "penalties": [{"type": "renons", "seat": "C", "points": -(10**12)}]}
    response = client_for(bob).post(
        "/api/events/ljubljana-open/rounds/1/tables/1/hands/", data=json.dumps(body), content_type="application/json"
    )
    assert response.status_code == 400, response.content
    (error,) = response.json()["errors"]
    assert (error["field"], error["code"]) == ("penalties[0].points", "out_of_range")
    assert str(NUMBER_LIMIT) in error["message"]
    assert Hand.objects.filter(table=table).count() == 1
