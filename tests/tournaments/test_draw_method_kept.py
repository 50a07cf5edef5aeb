"""The event keeps its draw method for every round (issue: "All-play-all is forgotten after round 1").

Round 1's draw (or the event form) fixes the method; later rounds' draw form preselects it, and
another method for a later round is drawn only after a confirmation that says what it changes
(audited). The all-play-all schedule is fixed at round 1: a withdrawal or a late player changes
single slots, never everyone's.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import client_for
from tests.html_forms import form_with
from tests.support.api import send
from tests.tournaments.draws_support import draw_form, draw_on_the_page, pair_counts, play_out, tables_of
from tournaments.events import services
from tournaments.models import AuditEntry, Entry, Round, Tournament
from tournaments.rounds import services as rounds

PLAYERS = 21
PAIRS = PLAYERS * (PLAYERS - 1) // 2  # 210
FINAL_ROUNDS = (PLAYERS - 1) // 2  # ulti-mausz.md §6.1: 21 players meet in 10 rounds of seven threes


def mausz_final(alice, *, rounds_: int = FINAL_ROUNDS, slug: str = "mausz-final") -> Tournament:
    event = services.create_tournament(
        alice, name="MAUSZ final", slug=slug, variant="ulti-mausz", rounds=rounds_, hands_per_round=9, table_size=3
    )
    for i in range(1, PLAYERS + 1):
        services.register_player(alice, event, name=f"Player {i:02d}", strength=i)
    return event


def test_a_21_player_final_drawn_with_the_defaults_meets_every_pair_exactly_once(alice):
    event = mausz_final(alice)
    client = client_for(alice)
    for number in range(1, FINAL_ROUNDS + 1):
        response = draw_on_the_page(client, event)  # the form as rendered: nothing chosen
        assert response.status_code == 302, response.content.decode()[-2000:]
        play_out(alice, Round.objects.get(tournament=event, number=number))
    counts = pair_counts(event)
    assert len(counts) == PAIRS == 210
    assert set(counts.values()) == {1}
    event.refresh_from_db()
    assert event.draw_method == "all_play_all"


def test_the_api_draws_every_round_of_the_final_with_the_events_method(alice):
    event = mausz_final(alice)
    client = client_for(alice)
    for number in range(1, FINAL_ROUNDS + 1):
        response = send(client, "post", f"/api/events/{event.slug}/rounds/", {})
        assert response.status_code == 201, response.json()
        play_out(alice, Round.objects.get(tournament=event, number=number))
    counts = pair_counts(event)
    assert len(counts) == PAIRS and set(counts.values()) == {1}


def test_round_2s_form_preselects_the_method_round_1_was_drawn_with(alice):
    event = mausz_final(alice, rounds_=4, slug="ulti-open")  # not a whole all-play-all: the lot is preselected
    client = client_for(alice)
    assert draw_form(client, event).fields["method"] == "random"
    warning = "The all-play-all for 21 players needs 10 rounds; this event has 4"
    assert warning in client.get(reverse("rounds", args=[event.slug])).content.decode()
    assert draw_on_the_page(client, event, method="strength").status_code == 302
    play_out(alice, Round.objects.get(tournament=event, number=1))
    assert draw_form(client, event).fields["method"] == "strength"
    # An event drawn by results is not warned about a schedule it does not follow.
    assert warning not in client.get(reverse("rounds", args=[event.slug])).content.decode()


def test_another_method_for_a_later_round_is_drawn_only_after_a_confirmation_naming_its_consequence(alice):
    event = mausz_final(alice)
    client = client_for(alice)
    draw_on_the_page(client, event)
    play_out(alice, Round.objects.get(tournament=event, number=1))
    # Round 2 by results instead: seven tables of three met 21 pairs in round 1, 189 are still to meet.
    refused = draw_on_the_page(client, event, method="random")
    assert refused.status_code == 200
    page = refused.content.decode()
    assert "ends the all-play-all schedule: 189 pairs that have not met yet are no longer scheduled to meet" in page
    assert not Round.objects.filter(tournament=event, number=2).exists()
    confirm = form_with(page, "confirm_method")
    assert confirm.fields["method"] == "random"
    response = client.post(reverse("rounds", args=[event.slug]), confirm.data(confirm_method="on"))
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.draw_method, event.draw_schedule) == ("random", {})
    change = AuditEntry.objects.get(tournament=event, action="tournament.updated")
    assert (change.before["draw_method"], change.after["draw_method"]) == ("all_play_all", "random")
    assert "189 pairs" in change.reason
    assert draw_form(client, event).fields["method"] == "random"  # the redraw keeps the new method


def test_the_api_asks_for_the_same_confirmation(alice):
    event = mausz_final(alice)
    client = client_for(alice)
    send(client, "post", f"/api/events/{event.slug}/rounds/", {})
    play_out(alice, Round.objects.get(tournament=event, number=1))
    url = f"/api/events/{event.slug}/rounds/"
    refused = send(client, "post", url, {"method": "random"})
    assert refused.status_code == 400
    error = refused.json()["errors"][0]
    assert error["field"] == "confirm_method" and "189 pairs" in error["message"]
    assert send(client, "post", url, {"method": "random", "confirm_method": True}).status_code == 201
    assert Tournament.objects.get(pk=event.pk).draw_method == "random"


def test_a_withdrawal_leaves_the_schedule_in_place_and_a_late_player_takes_the_empty_seat(alice):
    event = mausz_final(alice)
    client = client_for(alice)
    draw_on_the_page(client, event)
    play_out(alice, Round.objects.get(tournament=event, number=1))
    planned = _planned_round(alice, event)  # round 2 as the schedule has it, drawn and thrown away
    gone = event.entries.get(start_number=5)
    services.set_entry_status(alice, gone, Entry.Status.WITHDRAWN)
    assert draw_on_the_page(client, event).status_code == 302
    drawn = tables_of(Round.objects.get(tournament=event, number=2))
    left_behind = next(t for t in planned if 5 in t) - {5}
    untouched = [t for t in planned if 5 not in t]
    # The two left behind join two other tables of the schedule (tables of four: the dealer sits out,
    # ulti-mausz.md §1.1); every other table is drawn as it was planned.
    assert sorted(len(t) for t in drawn) == [3] * 4 + [4] * 2
    fours = [t for t in drawn if len(t) == 4]
    assert all(len(t & left_behind) == 1 and t - left_behind in untouched for t in fours)
    assert all(t in untouched for t in drawn if len(t) == 3)
    # A player added late sits in the withdrawn player's seat: the schedule's tables as planned.
    late = services.late_add_player(alice, event, name="Late Comer", reason="arrived at round 2")
    assert draw_on_the_page(client, event, confirm_redraw="on").status_code == 302
    with_late = tables_of(Round.objects.get(tournament=event, number=2))
    expected = [t - {5} | {late.start_number} if 5 in t else t for t in planned]
    assert sorted(map(sorted, with_late)) == sorted(map(sorted, expected))


def _planned_round(alice, event: Tournament) -> list[set[int]]:
    rnd = rounds.draw_round(alice, event)
    planned = tables_of(rnd)
    rnd.delete()
    return planned


def test_a_taruk_event_is_not_offered_the_all_play_all(event, alice):
    client = client_for(alice)
    assert [v for v, _ in _choices(client.get(reverse("rounds", args=[event.slug])).content, "method")] == [
        "random",
        "strength",
    ]
    new_event = client.get(reverse("tournament-create") + "?variant=taruk2012").content
    assert "all_play_all" not in [v for v, _ in _choices(new_event, "draw_method")]
    refused = send(client, "post", f"/api/events/{event.slug}/rounds/", {"method": "all_play_all"})
    assert (refused.status_code, refused.json()["errors"][0]["field"]) == (400, "method")


def _choices(html: bytes, name: str) -> list[tuple[str, str]]:
    import re

    select = re.search(rf'<select name="{name}".*?</select>', html.decode(), re.S).group(0)
    return re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', select)


def test_the_event_form_sets_the_draw_method_and_keeps_it_once_rounds_exist(alice):
    client = client_for(alice)
    page = client.get(reverse("tournament-create") + "?variant=ulti-mausz")
    new = form_with(page.content, "draw_method")
    response = client.post(
        reverse("tournament-create") + "?variant=ulti-mausz",
        new.data(name="Döntő", slug="donto", draw_method="strength"),
    )
    assert response.status_code == 302
    event = Tournament.objects.get(slug="donto")
    assert event.draw_method == "strength"
    for i in range(1, 7):
        services.register_player(alice, event, name=f"P{i}", strength=i)
    assert draw_form(client, event).fields["method"] == "strength"
    draw_on_the_page(client, event)
    edit = client.get(reverse("tournament-edit", args=[event.slug])).content.decode()
    assert 'name="draw_method"' in edit and "disabled" in edit.split('name="draw_method"')[1].split(">")[0]
    refused = send(client, "patch", f"/api/events/{event.slug}/", {"draw_method": "random"})
    assert (refused.status_code, refused.json()["errors"][0]["field"]) == (400, "draw_method")
    assert client.get(f"/api/events/{event.slug}/").json()["draw_method"] == "strength"


@pytest.mark.parametrize("method", ["random", "strength"])
def test_random_and_strength_both_follow_the_results_after_round_1_without_a_confirmation(alice, method):
    event = mausz_final(alice, rounds_=4, slug="ulti-open")
    client = client_for(alice)
    draw_on_the_page(client, event, method="random")
    play_out(alice, Round.objects.get(tournament=event, number=1))
    assert draw_on_the_page(client, event, method=method).status_code == 302
    assert Tournament.objects.get(pk=event.pk).draw_method == "random"
