"""Merging two records of one person (season.md §1.3) on the merge page: the entries of one move to the
other and nothing else changes; audited (who, when, both records, reason) in every event involved;
refused when it would seat one person twice in one event; only an organizer of every event involved
(or a superuser) may do it."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission, User
from django.utils import translation

from tests.conftest import client_for
from tests.html_forms import form_with
from tests.pending import use_pending
from tests.people_support import other_event
from tests.seasons_support import SEASON_PLAYERS, new_event, play_round
from tests.visible_text import offences, visible_text
from tournaments.events import services
from tournaments.history import audit_text
from tournaments.models import AuditEntry, Entry, FinalSeat, Player
from tournaments.seasons import services as seasons


@pytest.fixture
def two_records(event, alice):
    """Janez Čuk (SLO-1) entered in Kranj Cup, and "Janez Cuk" (no id) entered in Ljubljana Open as a new
    player though he is the same person; alice organizes both events."""
    cup = other_event(alice)
    kept = services.register_player(alice, cup, name="Janez Čuk", club="TK Kranj", federation_id="SLO-1")
    services.register_player(alice, event, name="Ana Novak", club="TK Celje")
    dup = services.register_player(alice, event, name="Janez Cuk", club="TK Kranj", match="reject")
    return kept.player, dup.player, cup


def merge_page(client, keep):
    return client.get(f"/players/{keep.pk}/merge/")


def post_merge(client, keep, other, reason="one person, entered twice"):
    response = merge_page(client, keep)
    assert response.status_code == 200
    form = form_with(response.content, "other")
    return client.post(f"/players/{keep.pk}/merge/", form.data(other=str(other.pk), reason=reason))


def test_the_merge_moves_the_entries_and_changes_nothing_else(event, alice, two_records):
    kept, dup, _cup = two_records
    entry = Entry.objects.get(player=dup)
    pin, number = entry.pin, entry.start_number
    client = client_for(alice)
    page = merge_page(client, kept).content.decode()
    assert f'<td class="num">{dup.pk}</td>' in page  # the record of the same name is offered
    response = post_merge(client, kept, dup)
    assert response.status_code == 302 and response["Location"] == f"/players/{kept.pk}/"
    entry.refresh_from_db()
    assert (entry.player_id, entry.pin, entry.start_number, entry.tournament_id) == (kept.pk, pin, number, event.pk)
    assert not Player.objects.filter(pk=dup.pk).exists()
    kept.refresh_from_db()
    assert (kept.name, kept.club, kept.federation_id) == ("Janez Čuk", "TK Kranj", "SLO-1")
    page = client.get(f"/players/{kept.pk}/").content.decode()
    assert "Kranj Cup" in page and "Ljubljana Open" in page


def test_the_merge_is_audited_in_every_event_involved_with_both_records(event, alice, two_records):
    kept, dup, cup = two_records
    number = Entry.objects.get(player=dup).start_number
    post_merge(client_for(alice), kept, dup, reason="the same man")
    logged = AuditEntry.objects.filter(action="player.merged").order_by("tournament_id")
    assert [e.tournament_id for e in logged] == sorted([event.pk, cup.pk])
    for e in logged:
        assert (e.actor, e.reason, e.target_type, e.target_id) == (alice, "the same man", "player", str(kept.pk))
        assert e.before["kept"]["name"] == "Janez Čuk" and e.before["kept"]["federation_id"] == "SLO-1"
        assert e.before["merged"] == {
            "id": dup.pk,
            "name": "Janez Cuk",
            "club": "TK Kranj",
            "federation_id": "",
            "strength": None,
            "events": ["ljubljana-open"],
            "final_seats": [],
        }
    here = logged.get(tournament=event)
    assert here.after["moved_here"] == [number]
    html = client_for(alice).get(f"/e/{event.slug}/manage/audit/").content.decode()
    assert "Two records of one player merged by organizer alice" in html
    assert f"merged into him: Janez Cuk (TK Kranj; player {dup.pk})" in html
    assert f"start numbers moved in this event: {number}" in html
    assert "reason: the same man" in html


def test_a_merge_that_would_seat_one_person_twice_in_one_event_is_refused_naming_it(event, alice, two_records):
    kept, dup, cup = two_records
    services.register_player(alice, cup, name="Janez Cuk", club="TK Kranj", match="accept")  # dup in both
    response = post_merge(client_for(alice), kept, dup)
    assert response.status_code == 200
    assert "Both are entered in Kranj Cup: merged, one person would sit there twice." in response.content.decode()
    assert Player.objects.filter(pk=dup.pk).exists()
    assert not AuditEntry.objects.filter(action="player.merged").exists()


def test_only_an_organizer_of_every_event_involved_may_merge(event, alice, charlie, two_records):
    kept, dup, _cup = two_records
    charlie.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    charlie = User.objects.get(pk=charlie.pk)
    theirs = other_event(charlie, slug="club-night", name="Club Night")
    third = services.register_player(charlie, theirs, name="Janez Čuk", club="TK Kranj", match="reject").player
    # alice organizes the kept record's events but not Club Night: the page opens, the merge is refused
    # on the form (the page stays, saying why).
    response = post_merge(client_for(alice), kept, third)
    assert response.status_code == 200
    refusal = "Only an organizer of every event of both players (or a superuser) may merge them."
    assert refusal in visible_text(response.content.decode())
    assert Player.objects.filter(pk=third.pk).exists()
    # charlie may not even open the merge page of alice's player.
    assert merge_page(client_for(charlie), kept).status_code == 403
    # A referee of the event is no organizer.
    assert merge_page(client_for(User.objects.get(username="bob")), dup).status_code == 403
    # Once charlie makes alice an organizer of Club Night, she may.
    services.add_organizer(charlie, theirs, "alice")
    assert post_merge(client_for(alice), kept, third).status_code == 302
    assert Entry.objects.get(tournament=theirs).player_id == kept.pk


def test_a_superuser_may_merge_any_two_records(event, alice, two_records):
    kept, dup, _cup = two_records
    root = User.objects.create_superuser("root", password="root-password")
    assert post_merge(client_for(root), kept, dup).status_code == 302
    assert AuditEntry.objects.filter(action="player.merged", actor=root).count() == 2


def test_the_merge_needs_a_reason_and_another_record(event, alice, two_records):
    kept, dup, _cup = two_records
    client = client_for(alice)
    html = post_merge(client, kept, dup, reason="").content.decode()
    assert "This field is required." in html
    html = post_merge(client, kept, kept, reason="oops").content.decode()
    assert "a player is not merged with himself" in html
    form = form_with(merge_page(client, kept).content, "other")
    html = client.post(f"/players/{kept.pk}/merge/", form.data(other="999999", reason="x")).content.decode()
    assert "No player has this number." in html
    assert Player.objects.filter(pk=dup.pk).exists()


def test_the_kept_record_takes_the_federation_id_it_lacked(event, alice, two_records):
    """Merging the record with the id into the one without: the id still names the person."""
    kept, dup, _cup = two_records
    post_merge(client_for(alice), dup, kept)
    dup.refresh_from_db()
    assert (dup.name, dup.federation_id) == ("Janez Cuk", "SLO-1")
    assert sorted(dup.entries.values_list("tournament__slug", flat=True)) == ["kranj-cup", "ljubljana-open"]


@pytest.mark.parametrize("language", ["sl", "hu"])
def test_the_merge_reads_in_the_organizers_language(monkeypatch, event, alice, two_records, language):
    use_pending(monkeypatch, "registry")
    kept, dup, _cup = two_records
    post_merge(client_for(alice), kept, dup, reason="x")
    entry = AuditEntry.objects.filter(action="player.merged", tournament=event).select_related("actor").get()
    with translation.override(language):
        [text] = audit_text.sentences(event, [entry])
    assert not offences(text, ["Janez Čuk", "Janez Cuk", "TK Kranj", "SLO-1", "alice"]), text
    assert "alice" in text and "Janez Cuk" in text


def test_a_record_of_the_same_name_is_chosen_from_the_list(event, alice, two_records):
    """The merge page lists the other records of his name; choosing one fills the form with it, and the
    organizer only gives the reason."""
    kept, dup, _cup = two_records
    client = client_for(alice)
    html = merge_page(client, kept).content.decode()
    choose = f'href="/players/{kept.pk}/merge/?other={dup.pk}#id_other"'
    assert choose in html
    chosen = client.get(f"/players/{kept.pk}/merge/?other={dup.pk}")
    form = form_with(chosen.content, "other")
    assert form.data()["other"] == str(dup.pk)
    response = client.post(f"/players/{kept.pk}/merge/", form.data(reason="one person"))
    assert response.status_code == 302
    assert not Player.objects.filter(pk=dup.pk).exists()


# --- the series' finals: the merged record's mark moves with his entries (season.md §7.2) --------------


@pytest.fixture
def twins_in_cups(alice):
    """Janez Čuk (SLO-1) plays Spring Cup and his twin record "Janez Cuk" (the same man, entered as a new
    player) plays Summer Cup, three others at each table; both cups played to the end, and a Masters."""
    cups = []
    for name, twin, others in (
        ("Spring Cup", ("Janez Čuk", "SLO-1"), SEASON_PLAYERS[:3]),
        ("Summer Cup", ("Janez Cuk", ""), SEASON_PLAYERS[3:6]),
    ):
        cup = new_event(alice, name, others)
        services.register_player(alice, cup, name=twin[0], club="TK Kranj", federation_id=twin[1], match="reject")
        play_round(alice, cup)
        cups.append(cup)
    kept, twin = (Player.objects.get(entries__tournament=cup, name__startswith="Janez") for cup in cups)
    return kept, twin, cups, new_event(alice, "Masters", [])


def season_of(alice, cups, masters):
    """A series of ``cups`` whose final (eight places: every player of them enters) is filled."""
    series = seasons.create_series(alice, name="Season 2026", points="event_total", is_public=True)
    for cup in cups:
        seasons.add_event(alice, series, cup)
    seasons.add_event(alice, series, masters, always_counts=True)
    seasons.update_series(alice, series, final=masters, final_places=8)
    seasons.fill_final(alice, series)
    return series


def marks(series):
    return sorted(FinalSeat.objects.filter(series=series).values_list("player__name", "declined"))


def test_a_twin_who_declined_the_final_stays_declined_after_the_merge(alice, twins_in_cups):
    """Only the twin's cup is in the series: the fill enters him, he declines. Merged into the kept record,
    the decline is the kept record's, so filling the final again does not enter the man who declined."""
    kept, twin, (_spring, summer), masters = twins_in_cups
    series = season_of(alice, [summer], masters)
    seasons.decline(alice, series, twin.pk, reason="on holiday")
    assert ("Janez Cuk", True) in marks(series)
    assert post_merge(client_for(alice), kept, twin).status_code == 302
    assert ("Janez Čuk", True) in marks(series) and len(marks(series)) == 4
    seasons.fill_final(alice, series)
    assert not masters.entries.filter(player=kept).exists()
    assert masters.entries.count() == 3  # the three others: nobody else to take his place
    html = client_for(alice).get(f"/e/{summer.slug}/manage/audit/").content.decode()
    assert "the final of Season 2026 declined → declined" in html


def test_a_twin_the_fill_entered_keeps_his_seat_as_the_kept_record(alice, twins_in_cups):
    """The fill entered the twin; after the merge the entry and the mark are the kept record's: the fill
    still knows it entered him (and would take him out again were he no longer qualified)."""
    kept, twin, (_spring, summer), masters = twins_in_cups
    series = season_of(alice, [summer], masters)
    post_merge(client_for(alice), kept, twin)
    assert ("Janez Čuk", False) in marks(series) and len(marks(series)) == 4
    assert masters.entries.filter(player=kept).count() == 1


def test_where_both_records_have_a_mark_the_final_entry_decides(alice, twins_in_cups):
    """Both cups are in the series, so the fill entered both records. The kept one declines (his entry goes),
    the twin's entry stays: merged, the man has the twin's entry in the final, so his mark says entered;
    one mark per series."""
    kept, twin, cups, masters = twins_in_cups
    series = season_of(alice, cups, masters)
    seasons.decline(alice, series, kept.pk, reason="on holiday")
    post_merge(client_for(alice), kept, twin)
    assert ("Janez Čuk", False) in marks(series) and len(marks(series)) == 7
    assert masters.entries.filter(player=kept).count() == 1
    html = client_for(alice).get(f"/e/{masters.slug}/manage/audit/").content.decode()
    assert "the final of Season 2026 qualified player → qualified player" in html


def test_where_both_records_declined_one_decline_stays(alice, twins_in_cups):
    kept, twin, cups, masters = twins_in_cups
    series = season_of(alice, cups, masters)
    seasons.decline(alice, series, kept.pk, reason="on holiday")
    seasons.decline(alice, series, twin.pk, reason="on holiday")
    post_merge(client_for(alice), kept, twin)
    assert ("Janez Čuk", True) in marks(series) and len(marks(series)) == 7
    seasons.fill_final(alice, series)
    assert not masters.entries.filter(player=kept).exists()


@pytest.mark.parametrize("language", ["sl", "hu"])
def test_the_merges_final_line_reads_in_the_organizers_language(alice, twins_in_cups, language):
    kept, twin, (_spring, summer), masters = twins_in_cups
    series = season_of(alice, [summer], masters)
    seasons.decline(alice, series, twin.pk, reason="x")
    post_merge(client_for(alice), kept, twin, reason="x")
    entry = AuditEntry.objects.filter(action="player.merged", tournament=summer).select_related("actor").get()
    with translation.override(language):
        [text] = audit_text.sentences(summer, [entry])
    assert not offences(text, ["Janez Čuk", "Janez Cuk", "TK Kranj", "SLO-1", "alice", "Season 2026"]), text
    assert "Season 2026" in text
