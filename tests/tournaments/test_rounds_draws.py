"""Draws from the pages: clubs kept apart, repeat meetings shown, the all-play-all warning."""

from __future__ import annotations

import re

from django.urls import reverse

from tests.conftest import client_for
from tests.support.events import confirm_table, new_event, play_table
from tournaments.events import services
from tournaments.models import Round, Seat, Table, Tournament
from tournaments.rounds import services as rounds


def _seats_by_table(rnd: Round) -> dict[int, list[Seat]]:
    out: dict[int, list[Seat]] = {}
    for seat in Seat.objects.filter(round=rnd).select_related("table", "entry__player"):
        out.setdefault(seat.table.number, []).append(seat)
    return out


def test_the_draw_page_keeps_players_of_one_club_at_different_tables(event, alice):
    for i in range(16):
        services.register_player(alice, event, name=f"Player {i + 1:02d}", club=f"TK {'ABCD'[i // 4]}")
    client = client_for(alice)
    page = client.get(reverse("rounds", args=[event.slug])).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    for seed in ("a", "b", "c"):
        client.post(
            reverse("rounds", args=[event.slug]), {"csrfmiddlewaretoken": token, "method": "random", "seed": seed}
        )
        rnd = Round.objects.get(tournament=event, number=1)
        for seats in _seats_by_table(rnd).values():
            clubs = [s.entry.player.club for s in seats]
            assert len(set(clubs)) == 4, (seed, clubs)


def _play_and_close(rnd: Round, alice, bob) -> None:
    for table in Table.objects.filter(round=rnd):
        play_table(table, bob)
        confirm_table(table, bob)
    rounds.close_round(alice, rnd)


def test_the_round_page_shows_every_repeat_meeting_with_the_round(running_event, alice, bob):
    # 8 players at two tables: round 2 cannot avoid repeats (rule 7 with fewer than four tables).
    _play_and_close(Round.objects.get(tournament=running_event, number=1), alice, bob)
    rnd2 = rounds.draw_round(alice, running_event, seed="r2")
    report = rounds.repeat_report(rnd2)
    assert report, "two tables of four always repeat"
    round1 = {
        frozenset(s.entry.start_number for s in seats)
        for seats in _seats_by_table(Round.objects.get(tournament=running_event, number=1)).values()
    }
    for r in report:
        numbers = [p["start_number"] for p in r["players"]]
        assert r["rounds"] == [1]
        assert any(set(numbers) <= table for table in round1)
    # Every pair of round 2 that sat together in round 1 is listed: count them here.
    expected = sum(
        1
        for seats in _seats_by_table(rnd2).values()
        for i, a in enumerate(seats)
        for b in seats[i + 1 :]
        if any({a.entry.start_number, b.entry.start_number} <= t for t in round1)
    )
    assert len(report) == expected
    html = client_for(alice).get(reverse("round", args=[running_event.slug, 2])).content.decode()
    assert 'id="repeats"' in html
    assert html.count("met in round 1") == expected
    first = report[0]["players"][0]
    assert f'{first["name"]} <span class="muted">#{first["start_number"]}</span>' in html


def test_the_public_does_not_see_the_repeat_report(running_event, alice, bob):
    _play_and_close(Round.objects.get(tournament=running_event, number=1), alice, bob)
    rnd2 = rounds.draw_round(alice, running_event, seed="r2")
    rounds.publish_draw(alice, rnd2)
    html = client_for(None).get(reverse("round", args=[running_event.slug, 2])).content.decode()
    assert 'id="repeats"' not in html


def _ulti_final(alice, *, rounds: int, reversed_strength: bool) -> Tournament:
    """An ulti event of 13 players at tables of three; a player's strength is his number, or (reversed) 14
    less his number."""
    fields = {"rounds": rounds, "hands_per_round": 9, "round_minutes": 60, "table_size": 3, "is_public": False}
    event = new_event(alice, "ulti-final", "ulti-mausz", **fields)
    for i in range(13):
        services.register_player(alice, event, name=f"Player {i + 1}", strength=13 - i if reversed_strength else i + 1)
    return event


def test_the_rounds_page_warns_when_the_all_play_all_needs_more_rounds(alice):
    event = _ulti_final(alice, rounds=4, reversed_strength=False)
    page = client_for(alice).get(reverse("rounds", args=[event.slug])).content.decode()
    assert "The all-play-all for 13 players needs 6 rounds; this event has 4" in page
    services.update_tournament(alice, event, rounds=6)
    page = client_for(alice).get(reverse("rounds", args=[event.slug])).content.decode()
    assert "needs 6 rounds" not in page


def test_an_all_play_all_round_seats_13_players_at_three_threes_and_a_four_in_strength_order(alice):
    event = _ulti_final(alice, rounds=6, reversed_strength=True)  # #13 strongest
    rnd = rounds.draw_round(alice, event, seed="s", method="all_play_all")
    sizes = [len(seats) for _, seats in sorted(_seats_by_table(rnd).items())]
    assert sizes == [3, 3, 3, 4]
    assert not rnd.byes.exists()


def test_the_draw_page_says_in_hungarian_who_sits_out_and_names_the_variant(alice, client):
    # The words are the plan's (scoring/variants/taruk2012/table.py), translated where shown.
    event = services.create_tournament(alice, name="Kupa", slug="kupa", variant="taruk2012", is_public=True)
    for i in range(1, 6):
        services.register_player(alice, event, name=f"Player {i}")
    rounds.publish_draw(alice, rounds.draw_round(alice, event, seed="s"))
    page = client.get(reverse("round", args=[event.slug, 1]), HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    assert "Öten az asztalnál: minden leosztásban az osztó marad ki." in page
    assert "Five at the table" not in page
    page = client.get(reverse("tournament", args=[event.slug]), HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    assert "Taruk 2012 (szlovén versenytarokk)" in page
