"""A player's page across events (season.md §1.4): his events with date, event, place of N and the
event's main figure, public for what is public; his series points and ladder positions where the
seasons package answers them (the hook ``tournaments.seasons.people``)."""

from __future__ import annotations

import datetime
import sys
import types
from decimal import Decimal

import pytest

from tests.conftest import client_for
from tests.pending import use_pending
from tests.people_support import other_event
from tests.visible_text import offences, visible_text
from tournaments.events import services
from tournaments.models import Seat
from tournaments.people.history import PlayerSeries, SeriesEvent


def seated_at(event, position: str):
    """The entry at ``position`` of round 1, table 1."""
    return (
        Seat.objects.select_related("entry__player")
        .get(round__tournament=event, round__number=1, table__number=1, position=position)
        .entry
    )


@pytest.fixture
def person(complete, alice):
    """The player at seat A of ``complete`` (table 1 played: A +25, B −70, C +50, D 0), also entered in
    Kranj Cup (private, a draft dated 1 March 2026) by his federation id."""
    entry = seated_at(complete.round.tournament, "A")
    player = entry.player
    player.federation_id = "SLO-9"
    player.save()
    cup = other_event(alice, public=False, date=datetime.date(2026, 3, 1))
    services.register_player(alice, cup, name=player.name, club=player.club, federation_id="SLO-9")
    return player


def rows(html: str) -> list[str]:
    body = html.split('class="grid person-events"')[1].split("</tbody>")[0]
    return [visible_text(r) for r in body.split("<tr>")[2:]]


def test_the_page_lists_his_events_with_place_of_n_and_the_main_figure(person, alice):
    html = client_for(alice).get(f"/players/{person.pk}/").content.decode()
    running, cup = rows(html)
    # Table 1 complete: C 50, A 25, D 0, B −70 -> ranking points 2, 1.5, 1, 0.5 (taruk2012.md §6); table 2
    # still playing, its players at 0: seat A is second of the eight, on 1.5 ranking points, provisional.
    # The date sits under the event's name (one column fewer on a phone); an event without one shows none.
    assert running.startswith("Ljubljana Open 2 of 8* 1.5 Ranking points"), running
    assert cup.startswith("Kranj Cup 03/01/2026 — —"), cup  # a draft: no place yet
    number = person.entries.get(tournament__slug="ljubljana-open").start_number
    assert f'href="/e/ljubljana-open/player/{number}/"' in html
    api = client_for(alice).get(f"/api/players/{person.pk}/").json()["events"][0]  # the API twin: one payload
    assert (api["name"], api["place"], api["of"], api["provisional"]) == ("Ljubljana Open", 2, 8, True)
    assert (api["main"]["key"], api["main"]["value"]) == ("ranking_points", 1.5)


def test_the_page_shows_only_the_events_the_viewer_may_see(person, alice):
    html = client_for(None).get(f"/players/{person.pk}/").content.decode()
    assert "Ljubljana Open" in html and "Kranj Cup" not in html
    assert "Merge" not in html
    alone = other_event(alice, slug="closed", name="Closed", public=False)
    hidden = services.register_player(alice, alone, name="Nobody Public").player
    assert client_for(None).get(f"/players/{hidden.pk}/").status_code == 404
    assert client_for(alice).get(f"/players/{hidden.pk}/").status_code == 200


def test_the_event_pages_link_to_his_page(person, alice):
    entry = person.entries.get(tournament__slug="ljubljana-open")
    html = client_for(None).get(f"/e/ljubljana-open/player/{entry.start_number}/").content.decode()
    assert f'href="/players/{person.pk}/"' in html
    html = client_for(alice).get("/e/ljubljana-open/manage/players/").content.decode()
    assert f'href="/players/{person.pk}/"' in html


def test_an_organizer_of_all_his_events_is_offered_the_merge(person, alice, bob):
    assert f'href="/players/{person.pk}/merge/"' in client_for(alice).get(f"/players/{person.pk}/").content.decode()
    assert "/merge/" not in client_for(bob).get(f"/players/{person.pk}/").content.decode()


def fake_seasons(monkeypatch, answer):
    """The seasons package's hook, as series-site's ``tournaments.seasons.people`` will answer it."""
    module = types.ModuleType("tournaments.seasons.people")
    module.player_series = answer
    monkeypatch.setitem(sys.modules, "tournaments.seasons.people", module)


def test_the_series_part_comes_from_the_seasons_hook(monkeypatch, person, alice):
    seen = {}

    def player_series(player, events, viewer):
        seen["args"] = (player.pk, sorted(t.slug for t in events), viewer.username)
        by_slug = {t.slug: t.pk for t in events}
        return [
            PlayerSeries(
                name="DP POS 2026",
                url="/series/dp-pos-2026/",
                events=[
                    SeriesEvent(by_slug["kranj-cup"], Decimal("59") * Decimal("0.5"), rank=4, of=30),
                    SeriesEvent(
                        by_slug["ljubljana-open"], Decimal("12"), dropped=True, provisional=True, rank=7, of=41
                    ),
                ],
            )
        ]

    fake_seasons(monkeypatch, player_series)
    html = client_for(alice).get(f"/players/{person.pk}/").content.decode()
    assert seen["args"] == (person.pk, ["kranj-cup", "ljubljana-open"], "alice")
    running, cup = rows(html)
    assert "(12)* DP POS 2026" in running and "29.5 DP POS 2026" in cup  # 59 × 0.5, exact (season.md §3.4)
    ladder = html.split('class="grid person-ladder"')[1].split("</tbody>")[0]
    assert [visible_text(r) for r in ladder.split("<tr>")[2:]] == [
        "Kranj Cup 29.5 4 of 30",
        "Ljubljana Open (12)* 7 of 41",
    ]
    assert 'href="/series/dp-pos-2026/"' in html


def test_without_the_seasons_package_there_is_no_series_part(person, alice):
    html = client_for(alice).get(f"/players/{person.pk}/").content.decode()
    assert "Series points" not in html and "person-ladder" not in html


@pytest.mark.parametrize("language", ["sl", "hu"])
def test_the_page_reads_in_the_readers_language(monkeypatch, person, alice, language):
    use_pending(monkeypatch, "registry")
    fake_seasons(
        monkeypatch,
        lambda player, events, viewer: [
            PlayerSeries("DP POS 2026", "/s/", [SeriesEvent(events[0].pk, Decimal("1.5"), rank=1, of=9)])
        ],
    )
    client = client_for(alice)
    client.cookies["django_language"] = language
    html = client.get(f"/players/{person.pk}/").content.decode()
    names = [person.name, person.club, "Ljubljana Open", "Kranj Cup", "DP POS 2026"]
    assert not offences(visible_text(html.split("<main>")[1]), names)
    assert "1,5" in html  # the decimal comma of both languages
