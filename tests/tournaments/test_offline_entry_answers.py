"""The table page's offline queue (static/js/offline.js) posts a kept hand to the same view as the
form, asking for JSON: a retry with the same token stores once, a hand whose number someone else
used meanwhile is answered 409 with the stored version, a refused hand 422 with its errors."""

from __future__ import annotations

import json

import pytest

from tests.conftest import client_for
from tests.support.table_page import E1_POINTS, E1_TYPED, URL, entry_form
from tournaments.models import AuditEntry, Hand, IdempotencyKey, Table

JSON = {"HTTP_ACCEPT": "application/json"}


@pytest.fixture
def table(running_event):
    return Table.objects.get(round__tournament=running_event, round__number=1, number=1)


def test_a_kept_hand_sent_twice_with_its_token_is_stored_once(table, bob):
    phone = client_for(bob)
    data = entry_form(phone).data(**E1_TYPED)
    first = phone.post(URL + "hands/", data, **JSON)
    assert first.status_code == 201 and first.json() == {"stored": 1, "replayed": False}
    # The answer was lost on the way back: the phone sends the same hand again.
    retry = phone.post(URL + "hands/", data, **JSON)
    assert retry.status_code == 201 and retry.json() == {"stored": 1, "replayed": True}
    assert list(Hand.objects.values_list("number", "points")) == [(1, E1_POINTS)]
    assert IdempotencyKey.objects.get().hand == Hand.objects.get()
    assert AuditEntry.objects.filter(action="hand.entered").count() == 1


def test_a_kept_hand_whose_number_was_used_meanwhile_gets_the_stored_version(table, bob, rita):
    kept = entry_form(client_for(bob)).data(**{**E1_TYPED, "card_points": "50"})
    rita_phone = client_for(rita)
    assert rita_phone.post(URL + "hands/", entry_form(rita_phone).data(**E1_TYPED)).status_code == 302
    answer = client_for(bob).post(URL + "hands/", kept, **JSON)
    assert answer.status_code == 409
    body = answer.json()
    assert body["message"].startswith("Hand 1 has already been saved (by rita); nothing was stored.")
    theirs = body["theirs"]
    assert theirs["number"] == 1 and theirs["entered_by"] == "rita"
    assert theirs["points"] == [["A", 0], ["B", 25], ["C", 0], ["D", 15]]
    assert "(25 + 5) / 2 = 15" in " ".join(theirs["breakdown"])  # taruk2012.md §8.1 E1
    assert Hand.objects.count() == 1 and Hand.objects.get().entered_by == rita


def test_a_kept_hand_the_engine_refuses_is_answered_with_its_errors(table, bob):
    phone = client_for(bob)
    answer = phone.post(URL + "hands/", entry_form(phone).data(**{**E1_TYPED, "declarer": "C"}), **JSON)
    assert answer.status_code == 422
    assert "tri can only be played by the forehand" in " ".join(answer.json()["errors"]["declarer"])
    assert not Hand.objects.exists()


def test_the_table_page_hands_its_words_and_addresses_to_the_script(table, bob):
    page = client_for(bob).get(URL).content.decode()
    config = json.loads(form_json(page))
    assert config["enter_url"] == URL + "hands/" and config["edit_url"] == URL + "hands/0/"
    assert config["words"]["not_sent"] == "not yet sent"
    assert 'src="/static/js/offline.js"' in page


def test_a_reader_gets_no_offline_entry(table):
    assert 'id="offline-entry"' not in client_for(None).get(URL).content.decode()


def test_the_service_worker_is_served_from_the_root(db, client):
    response = client.get("/sw.js")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/javascript")
    assert "caches.match" in response.content.decode()


def form_json(page: str) -> str:
    start = page.index('<script id="offline-entry" type="application/json">') + len(
        '<script id="offline-entry" type="application/json">'
    )
    return page[start : page.index("</script>", start)]
