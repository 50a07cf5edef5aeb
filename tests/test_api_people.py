"""The API twins of players across events (season.md §1): the import's dry run answers each row's match,
the import takes the organizer's answers (``matches``), a registration answers a match with ``match``,
the merge and the person's page. The same rules and audit as the pages."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import Permission, User
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.conftest import client_for
from tests.people_support import other_event
from tournaments.events import services
from tournaments.models import AuditEntry, Entry, Player

EVENT = "/api/events/ljubljana-open/"


@pytest.fixture
def kranj(alice):
    """Kranj Cup with Janez Čuk (TK Kranj, SLO-1) and Marta Cerar (TK Kranj, no id)."""
    cup = other_event(alice)
    services.register_player(alice, cup, name="Janez Čuk", club="TK Kranj", federation_id="SLO-1")
    services.register_player(alice, cup, name="Marta Cerar", club="TK Kranj")
    return cup


def errors(response) -> dict[str, tuple[str, str]]:
    return {e["field"]: (e["code"], e["message"]) for e in response.json()["errors"]}


def import_file(client, text: str, **fields):
    upload = SimpleUploadedFile("players.csv", text.encode())
    return client.post(EVENT + "entries/import/", {"file": upload, **fields})


FILE = "name,club,federation id\nJanez Cuk,TK Kranj,SLO-1\nmarta cerar,TK KRANJ,\nAna Novak,TK Celje,\n"


def test_the_dry_run_answers_each_rows_match(event, alice, kranj):
    response = import_file(client_for(alice), FILE, dry_run="true")
    assert response.status_code == 200, response.content
    janez, marta, ana = response.json()
    janez_id = Player.objects.get(federation_id="SLO-1").pk
    marta_id = Player.objects.get(name="Marta Cerar").pk
    assert (janez["match"]["kind"], janez["match"]["player"]["id"]) == ("same", janez_id)
    assert janez["match"]["player"]["events"] == ["Kranj Cup"]
    assert (marta["match"]["kind"], marta["match"]["player"]["id"]) == ("maybe", marta_id)
    assert marta["match"]["player"]["url"] == f"/players/{marta_id}/"
    assert ana["match"] == {"kind": "new", "player": None}
    assert not event.entries.exists()


def test_the_import_refuses_a_match_left_unanswered_and_enters_nobody(event, alice, kranj):
    response = import_file(client_for(alice), FILE)
    assert response.status_code == 400
    code, message = errors(response)["matches.3"]
    assert code == "match_pending"
    assert message == "line 3: accept or reject the match with Marta Cerar (TK Kranj)."
    assert not event.entries.exists()


@pytest.mark.parametrize(("answer", "records"), [("accept", 1), ("reject", 2)])
def test_the_import_enters_each_match_as_answered(event, alice, kranj, answer, records):
    response = import_file(client_for(alice), FILE, matches=json.dumps({"3": answer}))
    assert response.status_code == 201, response.content
    assert event.entries.count() == 3
    assert Player.objects.filter(name__iexact="marta cerar").count() == records
    janez = Player.objects.get(federation_id="SLO-1")
    assert Entry.objects.get(tournament=event, player=janez)  # by federation id, automatically
    # Each entry names his player's record: the person's page and the merge take that number.
    assert response.json()[0]["player"] == janez.pk
    created = AuditEntry.objects.filter(tournament=event, action="entry.created")
    assert sorted(e.after.get("matched", "") for e in created) == sorted(
        ["federation_id", "name_club" if answer == "accept" else "", ""]
    )


def test_matches_must_be_answers(event, alice, kranj):
    response = import_file(client_for(alice), FILE, matches=json.dumps({"3": "maybe"}))
    assert response.status_code == 400 and "matches" in errors(response)


def test_the_import_refuses_a_federation_id_held_by_another_name_naming_both(event, alice, kranj):
    response = import_file(client_for(alice), "name,federation id\nAna Novak,SLO-1\n", dry_run="true")
    assert response.status_code == 400
    assert errors(response)["line 2"] == (
        "invalid",
        "federation id: SLO-1 already belongs to Janez Čuk (TK Kranj), not to Ana Novak.",
    )


def test_a_registration_answers_a_match_with_match(event, alice, kranj):
    client = client_for(alice)
    body = {"name": "Marta Cerar", "club": "tk kranj"}
    response = client.post(EVENT + "entries/", body, content_type="application/json")
    assert response.status_code == 400
    assert errors(response)["match"] == (
        "match_pending",
        "Maybe the same player as Marta Cerar, TK Kranj (Kranj Cup): accept (the same person) or reject "
        "(a new player).",
    )
    assert not event.entries.exists()
    response = client.post(EVENT + "entries/", {**body, "match": "accept"}, content_type="application/json")
    assert response.status_code == 201, response.content
    assert Entry.objects.get(tournament=event).player == Player.objects.get(name="Marta Cerar")


def test_a_late_registration_answers_a_match_too(running_event, alice, kranj):
    body = {"name": "Marta Cerar", "club": "TK Kranj", "match": "reject"}
    response = client_for(alice).post(EVENT + "entries/late/", body, content_type="application/json")
    assert response.status_code == 201, response.content
    assert Player.objects.filter(name="Marta Cerar").count() == 2


def test_a_registration_refuses_a_federation_id_of_another_name(event, alice, kranj):
    body = {"name": "Ana Novak", "federation_id": "SLO-1"}
    response = client_for(alice).post(EVENT + "entries/", body, content_type="application/json")
    assert response.status_code == 400
    assert errors(response)["federation_id"][1] == "SLO-1 already belongs to Janez Čuk (TK Kranj), not to Ana Novak."


@pytest.fixture
def two_records(event, alice, kranj):
    """Janez Čuk of Kranj Cup entered again in Ljubljana Open as a new record."""
    services.register_player(alice, event, name="Janez Cuk", club="TK Kranj", match="reject")
    return Player.objects.get(federation_id="SLO-1"), Player.objects.get(name="Janez Cuk")


def merge(client, keep, other, reason="the same man"):
    body = {"other": other.pk, "reason": reason}
    return client.post(f"/api/players/{keep.pk}/merge/", body, content_type="application/json")


def test_the_merge_moves_the_entries_and_is_audited(event, alice, kranj, two_records):
    kept, dup = two_records
    response = merge(client_for(alice), kept, dup)
    assert response.status_code == 200, response.content
    assert sorted(e["name"] for e in response.json()["events"]) == ["Kranj Cup", "Ljubljana Open"]
    assert Entry.objects.get(tournament=event).player == kept
    assert not Player.objects.filter(pk=dup.pk).exists()
    logged = AuditEntry.objects.filter(action="player.merged")
    assert sorted(e.tournament_id for e in logged) == sorted([event.pk, kranj.pk])
    assert {(e.actor.username, e.reason, e.before["merged"]["name"]) for e in logged} == {
        ("alice", "the same man", "Janez Cuk")
    }


def test_the_merge_is_refused_where_both_are_in_one_event_naming_it(event, alice, kranj, two_records):
    kept, dup = two_records
    services.register_player(alice, event, name="Janez Čuk", club="TK Kranj", federation_id="SLO-1")
    response = merge(client_for(alice), kept, dup)
    assert response.status_code == 400
    refusal = "Both are entered in Ljubljana Open: merged, one person would sit there twice."
    assert errors(response)["other"][1] == refusal
    assert Player.objects.filter(pk=dup.pk).exists()


def test_the_merge_needs_an_organizer_of_every_event_or_a_superuser(event, alice, charlie, kranj, two_records):
    kept, dup = two_records
    assert merge(client_for(charlie), kept, dup).status_code == 403
    assert merge(client_for(None), kept, dup).status_code == 401
    charlie.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    charlie = User.objects.get(pk=charlie.pk)
    theirs = other_event(charlie, slug="club-night", name="Club Night")
    services.register_player(charlie, theirs, name="Janez Cuk", club="TK Kranj", match="reject")
    third = Player.objects.filter(name="Janez Cuk").exclude(pk=dup.pk).get()
    assert merge(client_for(alice), kept, third).status_code == 403  # not Club Night's organizer
    root = User.objects.create_superuser("root", password="root-password")
    assert merge(client_for(root), kept, third).status_code == 200
    assert merge(client_for(alice), kept, dup, reason="").status_code == 400


def test_the_person_api_is_the_pages_payload(event, alice, kranj, two_records):
    kept, _dup = two_records
    cup_public = client_for(None).get(f"/api/players/{kept.pk}/")
    assert cup_public.status_code == 200
    [cup] = cup_public.json()["events"]
    assert (cup["name"], cup["place"], cup["of"], cup["main"]) == ("Kranj Cup", None, None, None)  # a draft
    assert cup_public.json()["series"] == []
    services.update_tournament(alice, kranj, is_public=False)
    assert client_for(None).get(f"/api/players/{kept.pk}/").status_code == 404
    assert client_for(alice).get(f"/api/players/{kept.pk}/").status_code == 200


@pytest.mark.parametrize("other", [2**63, "x", None, -1])
def test_the_merge_refuses_a_malformed_other_naming_it(event, alice, kranj, two_records, other):
    kept, _dup = two_records
    body = {"other": other, "reason": "the same man"}
    response = client_for(alice).post(f"/api/players/{kept.pk}/merge/", body, content_type="application/json")
    assert response.status_code == 400, response.content
    assert "other" in errors(response)
