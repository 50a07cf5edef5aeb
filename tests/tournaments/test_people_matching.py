"""Players across events (season.md §1.1, §1.2), as the organizer meets them on the pages: an import or a
player added by hand is the site's player of his federation id (automatic), may be the player of his
name and club compared without case and accents (the organizer accepts or rejects each, nothing stored
before), and a federation id held by a player of another name is an error naming both."""

from __future__ import annotations

import pytest
from django.db import IntegrityError

from tests.conftest import client_for
from tests.html_forms import form_with
from tests.people_support import confirm, other_event, preview
from tournaments.events import services
from tournaments.models import Entry, Player

PLAYERS = "/e/ljubljana-open/manage/players/"


@pytest.fixture
def kranj(alice):
    """Kranj Cup, an earlier event of alice's, with Janez Čuk of TK Kranj (federation id SLO-1) and
    Marta Cerar of TK Kranj (no id)."""
    cup = other_event(alice)
    services.register_player(alice, cup, name="Janez Čuk", club="TK Kranj", federation_id="SLO-1")
    services.register_player(alice, cup, name="Marta Cerar", club="TK Kranj")
    return cup


def entered(event, name_part: str) -> Entry:
    return Entry.objects.select_related("player").get(tournament=event, player__name__icontains=name_part)


def test_a_known_federation_id_is_the_same_player_without_asking(event, alice, kranj):
    client = client_for(alice)
    html = preview(client, event.slug, "name,club,federation id\nJanez Cuk,TK Kranj,SLO-1\n")
    assert "the same player as" in html and "Janez Čuk, TK Kranj (Kranj Cup)" in html
    assert "by federation id SLO-1" in html
    assert 'name="match-2"' not in html  # nothing to answer
    assert confirm(client, event.slug, html).status_code == 302
    janez = Player.objects.get(federation_id="SLO-1")
    assert entered(event, "Čuk").player == janez  # one person in both events
    assert Player.objects.filter(name__icontains="Čuk").count() == 1


def test_a_match_by_name_and_club_is_shown_and_nothing_is_stored_until_it_is_accepted(event, alice, kranj):
    client = client_for(alice)
    # Case and accents aside: "MARTA CERAR, tk kranj" is Marta Cerar of TK Kranj.
    html = preview(client, event.slug, "name,club\nMARTA CERAR,tk kranj\nAna Novak,TK Celje\n")
    assert "maybe" in html and "Marta Cerar, TK Kranj (Kranj Cup)" in html
    assert 'name="match-2" value="accept"' in html and 'name="match-2" value="reject"' in html
    assert "new player" in html  # Ana Novak, line 3

    refused = confirm(client, event.slug, html)  # no answer chosen
    assert refused.status_code == 200
    assert "line 2: accept or reject the match with Marta Cerar (TK Kranj)." in refused.content.decode()
    assert not event.entries.exists()  # all or nothing: Ana is not entered either

    assert confirm(client, event.slug, html, **{"match-2": "accept"}).status_code == 302
    marta = Player.objects.get(name="Marta Cerar")
    assert entered(event, "Cerar").player == marta
    assert sorted(marta.entries.values_list("tournament__slug", flat=True)) == ["kranj-cup", "ljubljana-open"]
    assert entered(event, "Novak").player.entries.count() == 1


def test_a_rejected_match_enters_a_new_player(event, alice, kranj):
    client = client_for(alice)
    html = preview(client, event.slug, "name,club\nMarta Cerar,TK Kranj\n")
    assert confirm(client, event.slug, html, **{"match-2": "reject"}).status_code == 302
    assert Player.objects.filter(name="Marta Cerar").count() == 2
    assert entered(event, "Cerar").player.entries.count() == 1


def test_another_club_is_no_match(event, alice, kranj):
    html = preview(client_for(alice), event.slug, "name,club\nMarta Cerar,TK Celje\n")
    assert "maybe" not in html and "new player" in html


def test_a_federation_id_held_by_a_player_of_another_name_is_an_error_naming_both(event, alice, kranj):
    html = preview(client_for(alice), event.slug, "name,club,federation id\nAna Novak,TK Celje,SLO-1\n")
    assert "federation id: SLO-1 already belongs to Janez Čuk (TK Kranj), not to Ana Novak." in html
    assert "Nothing was saved" in html and 'name="confirm"' not in html


def test_a_refused_confirm_keeps_the_answers_given(event, alice, kranj):
    """Two lines that are one player cannot both be accepted: the preview comes back with its answers."""
    client = client_for(alice)
    html = preview(client, event.slug, "name,club\nMarta Cerar,TK Kranj\nmarta cerar,TK Kranj\n")
    refused = confirm(client, event.slug, html, **{"match-2": "accept", "match-3": "accept"}).content.decode()
    assert "line 3: the same player as line 2." in refused
    assert 'name="match-2" value="accept" checked' in refused
    assert not event.entries.exists()


def test_a_match_named_in_a_private_event_of_another_organizer_names_no_event(event, alice, charlie):
    """What a match shows is public for what is public: alice does not see charlie's private event."""
    from django.contrib.auth.models import Permission

    charlie.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    charlie = type(charlie).objects.get(pk=charlie.pk)
    private = other_event(charlie, slug="club-night", name="Club Night", public=False)
    services.register_player(charlie, private, name="Marta Cerar", club="TK Kranj")
    html = preview(client_for(alice), event.slug, "name,club\nMarta Cerar,TK Kranj\n")
    assert "Marta Cerar, TK Kranj (1 event)" in html and "Club Night" not in html


def test_the_add_form_asks_before_entering_a_player_who_may_be_one_of_the_site(event, alice, kranj):
    client = client_for(alice)
    response = submit_add(client, name="marta cerar", club="TK KRANJ")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Maybe the same player as Marta Cerar, TK Kranj (Kranj Cup)" in html
    assert not event.entries.exists()
    form = form_with(html, "match")
    assert client.post(PLAYERS, form.data(match="accept")).status_code == 302
    assert entered(event, "Cerar").player == Player.objects.get(name="Marta Cerar")


def test_the_late_add_form_matches_too_and_a_rejection_is_a_new_player(running_event, alice, kranj):
    client = client_for(alice)
    html = submit_add(client, name="Marta Cerar", club="TK Kranj", reason="came late").content.decode()
    assert "Maybe the same player as Marta Cerar" in html
    assert client.post(PLAYERS, form_with(html, "match").data(match="reject")).status_code == 302
    assert Player.objects.filter(name="Marta Cerar").count() == 2
    late = entered(running_event, "Cerar")
    assert late.player.entries.count() == 1


def test_the_add_form_refuses_a_federation_id_of_another_name(event, alice, kranj):
    html = submit_add(client_for(alice), name="Ana Novak", federation_id="SLO-1").content.decode()
    assert "SLO-1 already belongs to Janez Čuk (TK Kranj), not to Ana Novak." in html
    assert not event.entries.exists()


def test_the_add_form_enters_the_player_of_a_known_federation_id(event, alice, kranj):
    assert submit_add(client_for(alice), name="JANEZ CUK", federation_id="SLO-1").status_code == 302
    assert entered(event, "Čuk").player == Player.objects.get(federation_id="SLO-1")


def test_a_federation_id_names_one_player_in_the_database(event, alice, kranj):
    with pytest.raises(IntegrityError):
        Player.objects.create(name="Janez Čuk", federation_id="SLO-1")


def test_players_without_a_federation_id_may_share_a_name_and_club(alice, kranj):
    """Told apart by name and club only when the organizer says so: "reject" makes a second record."""
    services.register_player(alice, kranj, name="Ana Novak", club="TK Celje")
    second = other_event(alice, slug="second", name="Second")
    services.register_player(alice, second, name="Ana Novak", club="TK Celje", match="reject")
    assert Player.objects.filter(name="Ana Novak", federation_id="").count() == 2


def test_a_match_is_not_offered_twice_in_one_event(event, alice, kranj):
    """A player already entered here is the import's duplicate warning, not a match."""
    client = client_for(alice)
    first = preview(client, event.slug, "name,club\nMarta Cerar,TK Kranj\n")
    confirm(client, event.slug, first, **{"match-2": "accept"})
    html = preview(client, event.slug, "name,club\nMarta Cerar,TK Kranj\n")
    assert "Marta Cerar is already entered as number 1" in html
    assert "maybe" not in html and "new player" in html


def submit_add(client, **typed):
    """The players page's add form (or late add form) filled as typed and posted."""
    from tests.html_forms import submit

    return submit(client, PLAYERS, "name", typed, action_contains="")


@pytest.mark.parametrize("checked", [True, False])
def test_a_federation_id_entered_meanwhile_is_a_clear_refusal(monkeypatch, event, alice, kranj, checked):
    """Two organizers entering one new federation id at once: the second's registry was read before the
    first's player was stored. The database refuses the second (on the model's check, or on its constraint
    when both checks ran before either save); the page says why on the field, nothing is stored."""
    from tournaments.people import registry

    monkeypatch.setattr(registry.Registry, "of", classmethod(lambda cls, tournament: cls([])))
    if not checked:
        monkeypatch.setattr(Player, "validate_constraints", lambda self, exclude=None: None)
    response = submit_add(client_for(alice), name="Ana Novak", federation_id="SLO-1")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Another player was entered with federation id SLO-1 meanwhile: add this player again." in html
    assert not event.entries.exists()
    assert Player.objects.filter(federation_id="SLO-1").count() == 1
