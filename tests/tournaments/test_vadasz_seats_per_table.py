"""Vadász "seats per table" (issue: "Vadász seats per table other than 4 gives unequal rounds").

The seats per table decide the draw's table size where the rules leave it open (tarokk-vadasz.md
§1.1: 4 to 7 at a table, four play each hand); every table deals whole turns, so everyone at a
table deals equally often and every player plays as many hands as at a table of four. Seats and
hands per round do not change while a round plays; the variant does not change once a round exists.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import client_for
from tests.html_forms import form_with
from tests.support.api import send
from tests.tournaments.draws_support import draw_on_the_page
from tournaments.events import services
from tournaments.models import AuditEntry, Round, Table, Tournament
from tournaments.rounds import services as rounds

NEW = reverse("tournament-create") + "?variant=tarokk-vadasz"


def vadasz_event_from_the_form(client, alice, *, players: int, seats: int) -> Tournament:
    page = client.get(NEW)
    form = form_with(page.content, "table_size")
    assert form.fields["hands_per_round"] == "8"  # the variant's default, kept
    response = client.post(NEW, form.data(name="Vadász kupa", slug="vadasz", table_size=str(seats)))
    assert response.status_code == 302, response.content.decode()[-3000:]
    event = Tournament.objects.get(slug="vadasz")
    for i in range(1, players + 1):
        services.register_player(alice, event, name=f"Játékos {i}")
    return event


def test_eleven_players_at_six_seats_deal_whole_turns_and_everyone_plays_eight_hands(alice):
    client = client_for(alice)
    event = vadasz_event_from_the_form(client, alice, players=11, seats=6)
    assert draw_on_the_page(client, event).status_code == 302
    rnd = Round.objects.get(tournament=event, number=1)
    rounds.publish_draw(alice, rnd)
    rounds.start_clock(alice, rnd)
    sizes_and_deals = []
    for table in Table.objects.filter(round=rnd).order_by("number"):
        body = client.get(f"/api/events/{event.slug}/rounds/1/tables/{table.number}/").json()
        sizes_and_deals.append((table.seats.count(), body["expected_hands"]))
    # Two tables, the nearest to six seats: 5 and 6. Eight hands a round is two turns of the deal at a
    # table of four; so two turns at five (10 deals) and at six (12): each player deals twice and sits
    # out as often as §1.1 says (at five his 2 deals, at six his 2 deals and the 2 opposite him) and
    # plays 10 - 2 = 12 - 4 = 8 hands, as at a table of four.
    assert sizes_and_deals == [(5, 10), (6, 12)]
    assert [deals - deals // size * (size - 4) for size, deals in sizes_and_deals] == [8, 8]


def test_the_seats_per_table_change_the_draw(alice):
    client = client_for(alice)
    event = vadasz_event_from_the_form(client, alice, players=12, seats=6)
    draw_on_the_page(client, event)
    rnd = Round.objects.get(tournament=event, number=1)
    assert sorted(t.seats.count() for t in rnd.tables.all()) == [6, 6]  # not three tables of four
    services.update_tournament(alice, event, table_size=4)
    draw_on_the_page(client, event)
    assert sorted(t.seats.count() for t in rnd.tables.all()) == [4, 4, 4]


def test_the_event_form_says_what_the_seats_and_hands_do(alice):
    html = client_for(alice).get(NEW).content.decode()
    assert "The draw makes tables of this size where the number of players allows (4 to 7 seats" in html
    assert "8 at 4 seats, 10 at 5 seats, 12 at 6 seats, 14 at 7 seats" in html
    taruk = client_for(alice).get(reverse("tournament-create") + "?variant=taruk2012").content.decode()
    assert "this setting does not change the draw" in taruk


@pytest.mark.parametrize(("field", "value"), [("hands_per_round", "4"), ("table_size", "5")])
def test_seats_and_hands_do_not_change_while_a_round_plays(alice, field, value):
    client = client_for(alice)
    event = vadasz_event_from_the_form(client, alice, players=8, seats=4)
    draw_on_the_page(client, event)
    rnd = Round.objects.get(tournament=event, number=1)
    rounds.publish_draw(alice, rnd)
    rounds.start_clock(alice, rnd)
    edit = reverse("tournament-edit", args=[event.slug])
    form = form_with(client.get(edit).content, field)
    before = AuditEntry.objects.count()
    response = client.post(edit, form.data(**{field: value}))
    assert response.status_code == 200
    html = response.content.decode()
    block = html.split(f'id="id_{field}"')[0].rsplit("<div", 1)[1]  # the field's own block, up to its input
    assert "Round 1 is published or under way" in block
    api = send(client, "patch", f"/api/events/{event.slug}/", {field: int(value)})
    assert (api.status_code, api.json()["errors"][0]["field"]) == (400, field)
    event.refresh_from_db()
    assert (event.hands_per_round, event.table_size) == (8, 4)
    assert AuditEntry.objects.count() == before
    rounds.close_round(alice, rnd, override=True, reason="test")
    assert client.post(edit, form.data(**{field: value})).status_code == 302  # between rounds: allowed


@pytest.mark.parametrize("variant", ["ulti-mausz", "tarokk-illusztralt", "tarokk-vadasz", "tarokk-laza"])
def test_the_variant_of_an_event_with_rounds_is_refused_with_a_message(running_event, alice, variant):
    client = client_for(alice)
    edit = reverse("tournament-edit", args=[running_event.slug])
    response = client.post(edit, form_with(client.get(edit).content, "variant").data(variant=variant))
    assert response.status_code == 200
    block = response.content.decode().split('id="id_variant"')[0].rsplit("<div", 1)[1]
    assert "The variant cannot change once a round exists." in block
    api = send(client, "patch", f"/api/events/{running_event.slug}/", {"variant": variant})
    assert (api.status_code, api.json()["errors"][0]["field"]) == (400, "variant")
    assert Tournament.objects.get(pk=running_event.pk).variant == "taruk2012"


def test_a_taruk_event_without_rounds_becomes_vadasz_with_the_new_variants_defaults(alice):
    client = client_for(alice)
    page = reverse("tournament-create") + "?variant=taruk2012"
    form = form_with(client.get(page).content, "radelc")
    assert client.post(page, form.data(name="Kupa", slug="kupa", radelc="next_hand")).status_code == 302
    edit = reverse("tournament-edit", args=["kupa"])
    response = client.post(edit, form_with(client.get(edit).content, "variant").data(variant="tarokk-vadasz"))
    assert response.status_code == 302
    event = Tournament.objects.get(slug="kupa")
    assert (event.variant, event.config, event.event_settings) == ("tarokk-vadasz", {}, {})
