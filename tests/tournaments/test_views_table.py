"""The table page over HTTP: each persona against each write, errors next to the
field, and query counts that do not grow with the event."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.conftest import client_for
from tests.support.table_page import BASE, TRI, post_hand
from tests.support.table_writers import STAFF_AT_TABLES
from tests.tournaments import variant_tables
from tournaments.models import AuditEntry, Hand, Table


def test_the_table_page_links_its_protocol_for_the_tables_staff(running_event, bob):
    html = client_for(bob).get(BASE.format(1)).content.decode()
    assert BASE.format(1) + "protocol.pdf" in html


def test_a_referee_enters_a_typical_hand_with_five_inputs(running_event, bob):
    """E1 typed as five inputs; everything else is posted as the page's form holds it untouched
    (the hand's number, dealer and seats, no kontra, no bonus), as a browser would."""
    table = Table.objects.get(round__tournament=running_event, number=1)
    typed = {"game": "tri", "declarer": "B", "called_king": "hearts", "partner": "D", "card_points": "48"}
    response = variant_tables.post_hand(client_for(bob), table, typed)
    assert response.status_code == 302
    hand = Hand.objects.get()
    assert hand.points == {"A": 0, "B": 25, "C": 0, "D": 15}  # E1


def test_the_preview_shows_the_points_and_the_arithmetic_and_stores_nothing(running_event, bob):
    response = client_for(bob).post(BASE.format(1) + "preview/", TRI)
    html = response.content.decode()
    assert response.status_code == 200
    assert "(25 + 5) / 2 = 15" in html
    assert not Hand.objects.exists()


def test_an_engine_error_appears_next_to_its_field_and_nothing_is_stored(running_event, bob):
    before = AuditEntry.objects.count()
    response = post_hand(client_for(bob), data={**TRI, "declarer": "C"})
    assert response.status_code == 422
    html = response.content.decode()
    declarer_field = html[html.index('id="id_declarer"') : html.index('id="id_called_king"')]  # its chip row
    assert "tri can only be played by the forehand" in declarer_field
    assert not Hand.objects.exists()
    assert AuditEntry.objects.count() == before


def test_a_malformed_number_is_a_form_error_not_a_500(running_event, bob):
    response = post_hand(client_for(bob), data={**TRI, "card_points": "lots"})
    assert response.status_code == 422
    assert not Hand.objects.exists()


@pytest.mark.parametrize(("persona", "table", "allowed"), STAFF_AT_TABLES)
def test_who_may_enter_hands_where(running_event, charlie, request, persona, table, allowed):
    response = post_hand(client_for(request.getfixturevalue(persona)), table=table)
    assert response.status_code == (302 if allowed else 403)
    assert Hand.objects.filter(table__number=table).exists() == allowed


def test_the_public_can_read_but_not_write(running_event):
    public = client_for(None)
    page = public.get(BASE.format(1))
    assert page.status_code == 200
    assert "protocol.pdf" not in page.content.decode()  # the protocol link is for the table's staff
    assert public.get(BASE.format(1) + "table.json").status_code == 200
    response = post_hand(public)
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]
    assert not Hand.objects.exists()


def test_a_correction_through_the_page_keeps_before_and_after(running_event, bob):
    client = client_for(bob)
    post_hand(client)
    response = client.post(
        BASE.format(1) + "hands/1/", {**TRI, "card_points": "30", "version": "1", "reason": "recounted"}
    )
    assert response.status_code == 302
    # 30 < 36: lost; 30 -> 30, diff -5; G = -10 - 5 = -15; partner D half of -15 = -(15 + 5) / 2 = -10.
    assert Hand.objects.get().points == {"A": 0, "B": -15, "C": 0, "D": -10}
    audit = AuditEntry.objects.get(action="hand.corrected")
    assert (audit.before["input"]["card_points"], audit.after["input"]["card_points"]) == (48, 30)


def test_a_stale_correction_through_the_page_is_refused(running_event, bob, alice):
    post_hand(client_for(bob))
    client_for(alice).post(BASE.format(1) + "hands/1/", {**TRI, "card_points": "30", "version": "1", "reason": "a"})
    response = client_for(bob).post(
        BASE.format(1) + "hands/1/", {**TRI, "card_points": "60", "version": "1", "reason": "b"}
    )
    assert response.status_code == 422
    assert "changed by someone else" in response.content.decode()
    assert Hand.objects.get().input["card_points"] == 30


@pytest.mark.parametrize("version", ["", "abc", "1.5"])
def test_a_correction_with_a_broken_version_field_is_refused_naming_it(running_event, bob, version):
    post_hand(client_for(bob))
    response = client_for(bob).post(
        BASE.format(1) + "hands/1/", {**TRI, "card_points": "60", "version": version, "reason": "b"}
    )
    assert response.status_code == 422
    assert "version: missing or not a whole number" in response.content.decode()
    assert Hand.objects.get().input["card_points"] == 48


def _queries(client, url) -> int:
    cache.clear()
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx.captured_queries)


@pytest.mark.parametrize(
    "url",
    [
        BASE.format(1),
        BASE.format(1) + "table.json",
        "/e/ljubljana-open/standings/",
        "/e/ljubljana-open/live.json",
        "/e/ljubljana-open/round/1/",
    ],
)
def test_page_cost_does_not_grow_with_hands_or_players(running_event, alice, bob, url):
    from tournaments.events import services
    from tournaments.models import Tournament

    # Set up, not an action (the event form refuses it while the round runs): the table stays open throughout.
    Tournament.objects.filter(pk=running_event.pk).update(hands_per_round=12)
    client = client_for(bob)
    post_hand(client)
    small = _queries(client, url)
    post_hand(
        client, data={"game": "klop", "klop_A": "4", "klop_B": "36", "klop_C": "20", "klop_D": "10", "game_kontra": "1"}
    )
    post_hand(client, table=2)
    for i in range(5):
        services.register_player(alice, running_event, name=f"Late {i}")
    assert _queries(client, url) == small
