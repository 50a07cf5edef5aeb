"""The judge's desk through the API alone (tournaments/incidents/api.py): the same roles and actions
as the pages; numbers from ulti-mausz.md Example 1 and §4.1 (a false call, offender = caller)."""

from __future__ import annotations

from tests.conftest import client_for
from tests.support.incidents import _seated, _table, ulti_table_with_example_1
from tournaments.models import Entry, Hand
from tournaments.tables import hands

BASE = "/api/events/ljubljana-open/"


def _open(client, event, **extra):
    seats = _seated(_table(event))
    body = {
        "kind": "renonsz",
        "round": 1,
        "table": 1,
        "hand_number": 1,
        "caller": seats["A"].start_number,
        "involved": [seats["B"].start_number],
        "finding": "B revoked in trick 4",
        **extra,
    }
    return client.post(BASE + "incidents/", body, content_type="application/json")


def test_a_referee_opens_and_lists_incidents_and_the_public_may_not(running_event, bob, charlie):
    response = _open(client_for(bob), running_event)
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["kind"], body["status"], body["round"], body["table"], body["hand_number"]) == (
        "renonsz",
        "open",
        1,
        1,
        1,
    )
    assert [i["id"] for i in client_for(bob).get(BASE + "incidents/").json()] == [body["id"]]
    assert client_for(charlie).get(BASE + "incidents/").status_code == 403
    assert client_for(None).get(BASE + "incidents/").status_code == 401


def test_a_referee_of_other_tables_is_refused(running_event, rita):
    response = _open(client_for(rita), running_event, table=2, caller=None, involved=[])
    assert response.status_code == 403


def test_the_judge_rules_sanctions_and_excludes(running_event, alice, bob):
    incident = _open(client_for(bob), running_event).json()
    url = f"{BASE}incidents/{incident['id']}/"
    refused = client_for(bob).post(url + "rule/", {"ruling": "renons"}, content_type="application/json")
    assert refused.status_code == 403
    ruled = client_for(alice).post(url + "rule/", {"ruling": "renons", "outcome": "confirmed"}, "application/json")
    assert ruled.status_code == 200 and ruled.json()["status"] == "ruled"
    b = _seated(_table(running_event))["B"]
    red = client_for(alice).post(
        url + "sanctions/", {"start_number": b.start_number, "kind": "red"}, "application/json"
    )
    assert red.status_code == 201 and red.json()["kind"] == "red"
    out = client_for(alice).post(
        url + "sanctions/", {"start_number": b.start_number, "kind": "exclusion", "reason": "11.§"}, "application/json"
    )
    assert out.status_code == 201 and out.json()["round"] == 1
    b.refresh_from_db()
    assert b.status == Entry.Status.EXCLUDED
    again = client_for(alice).post(
        url + "sanctions/", {"start_number": b.start_number, "kind": "warning"}, "application/json"
    )
    assert again.status_code == 409
    record = client_for(None).get(f"{BASE}players/{b.start_number}/discipline/").json()
    assert record["excluded"] and [s["kind"] for s in record["sanctions"]] == ["red", "exclusion"]


def test_a_protest_and_the_jurys_decision(running_event, alice, bob):
    incident = _open(client_for(bob), running_event).json()
    url = f"{BASE}incidents/{incident['id']}/"
    client_for(alice).post(url + "rule/", {"ruling": "renons", "outcome": "confirmed"}, "application/json")
    b = _seated(_table(running_event))["B"]
    made = client_for(bob).post(url + "protest/", {"by": b.start_number, "grounds": "no"}, "application/json")
    assert made.status_code == 201 and made.json()["protest_of"] == incident["id"]
    twice = client_for(bob).post(url + "protest/", {"by": b.start_number, "grounds": "no"}, "application/json")
    assert twice.status_code == 409
    decided = client_for(alice).post(
        f"{BASE}incidents/{made.json()['id']}/decide/", {"decision": "stands", "upheld": False}, "application/json"
    )
    assert decided.status_code == 200 and decided.json()["status"] == "closed"
    assert client_for(bob).get(url).json()["status"] == "closed"


def test_the_organizer_sets_judge_rights(running_event, alice, bob):
    response = client_for(alice).put(BASE + "judges/bob/", {"judge": True}, content_type="application/json")
    assert response.status_code == 200 and response.json() == {"username": "bob", "judge": True}
    assert client_for(bob).put(BASE + "judges/bob/", {"judge": False}, "application/json").status_code == 403


def test_a_ruling_with_a_correction_charges_the_false_caller(alice, bob):
    table, parti, (declarer, caller, partner) = ulti_table_with_example_1(alice)
    event = table.round.tournament
    hand = hands.enter_hand(bob, table, parti)
    seats = _seated(table)
    base = f"/api/events/{event.slug}/incidents/"
    opened = client_for(bob).post(
        base,
        {"kind": "renonsz", "round": 1, "table": 1, "hand_number": 1, "caller": seats[caller].start_number,
         "finding": "revoke"},
        content_type="application/json",
    ).json()  # fmt: skip
    charged = {k: v for k, v in parti.items() if k != "play"} | {"renonsz": {"case": "10.3.g", "offender": caller}}
    response = client_for(alice).post(
        f"{base}{opened['id']}/rule/",
        {"ruling": "no violation", "outcome": "not_found", "correction": {"hand": charged, "version": hand.version}},
        content_type="application/json",
    )
    assert response.status_code == 200, response.json()
    assert response.json()["hand_id"] == hand.pk
    # parti v = 1: declarer +2v, partner +v, the false caller −3v (ulti-mausz.md §4.1).
    assert Hand.objects.get(pk=hand.pk).points == {declarer: 2, partner: 1, caller: -3}
