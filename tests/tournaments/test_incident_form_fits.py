"""The incident form offers what the table and the event's rules have: no hand beyond the table's last
on a finished table, and only the calls the variant declares (Taruk's "stop", R1–R4, not in ulti)."""

from __future__ import annotations

import json

from django.urls import reverse

from tests.conftest import client_for
from tests.html_forms import form_with
from tests.tournaments import variant_tables
from tournaments.models import Incident


def open_url(table) -> str:
    return reverse("incident-open", args=[table.round.tournament.slug, table.round.number, table.number])


def open_page(client, table) -> str:
    return client.get(open_url(table)).content.decode()


def kinds(page: str) -> set[str]:
    import re

    return set(re.findall(r'name="kind" value="([^"]+)"', page))


def test_on_a_finished_table_the_form_prefills_no_hand_beyond_its_last(complete, bob):
    """Both hands of the table are played: no hand is being played, the form does not offer hand 3."""
    client = client_for(bob)
    page = open_page(client, complete)
    found = form_with(page, "finding")
    assert found.fields["hand_number"] == ""
    response = client.post(open_url(complete), found.data(finding="A left the table early", kind="conduct"))
    assert response.status_code == 302
    assert Incident.objects.get().hand_number is None


def test_while_the_table_plays_the_form_prefills_the_hand_being_played(running_event, bob):
    from tournaments.models import Table

    table = Table.objects.get(round__tournament=running_event, number=1)
    assert form_with(open_page(client_for(bob), table), "finding").fields["hand_number"] == "1"


def test_a_taruk_event_offers_the_stop_and_an_ulti_event_does_not(running_event, alice, bob):
    from tournaments.models import Table

    taruk = Table.objects.get(round__tournament=running_event, number=1)
    assert "stop" in kinds(open_page(client_for(bob), taruk))
    ulti = variant_tables.running_table(alice, "ulti-mausz")
    page = open_page(client_for(bob), ulti)
    assert kinds(page) == {"renonsz", "conduct", "time", "other"}
    # Posted anyway (an old page, a hand-made request): refused naming the field, nothing stored.
    found = form_with(page, "finding")
    response = client_for(bob).post(open_url(ulti), {**found.data(finding="stop called"), "kind": "stop"})
    assert response.status_code == 422
    api = client_for(bob).post(
        f"/api/events/{ulti.round.tournament.slug}/incidents/",
        data=json.dumps({"kind": "stop", "finding": "stop called", "round": 1, "table": 1}),
        content_type="application/json",
    )
    assert api.status_code == 400, api.content
    assert {e["field"] for e in api.json()["errors"]} == {"kind"}
    assert not Incident.objects.exists()
