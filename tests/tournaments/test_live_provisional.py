"""Live pages before a table is complete (taruk2012.md §6.1): no ranking points yet, only running
game points marked provisional; once the table has played its hands, its ranking points count."""

from __future__ import annotations

import re

from django.urls import reverse

from tests.conftest import client_for, enter_e1
from tournaments.models import Hand, Table


def by_name(live):
    return {row["name"]: row for row in live["standings"]}


def test_after_one_hand_the_live_data_shows_running_game_points_and_no_ranking_points(running_event, bob, settings):
    settings.PUBLIC_CACHE_SECONDS = 0
    table = Table.objects.get(round__tournament=running_event, number=1)
    enter_e1(bob, table)
    points = Hand.objects.get(table=table, number=1).points  # the stored hand: the running totals
    names = {s.position: s.entry.player.name for s in table.seats.select_related("entry__player")}
    live = client_for(None).get(reverse("live-json", args=[running_event.slug])).json()
    rows = by_name(live)
    for position, name in names.items():
        assert rows[name]["ranking_points"] == 0, name  # not 2 / 1.5 / 1 / 0.5 after one of two hands
        assert rows[name]["game_points"] == points[position]
        assert rows[name]["playing"] and rows[name]["provisional"]
        assert rows[name]["table_wins"] == 0
    seats = {s["position"]: s for s in live["tables"][0]["seats"]}
    assert all(s["ranking_points"] is None for s in seats.values())
    assert live["tables"][0]["provisional"] is True


def test_a_complete_table_shows_its_ranking_points(running_event, bob, settings):
    settings.PUBLIC_CACHE_SECONDS = 0
    table = Table.objects.get(round__tournament=running_event, number=1)
    enter_e1(bob, table)
    enter_e1(bob, table)  # hands_per_round = 2: the table is complete
    totals = {p: 0 for p in "ABCD"}
    for h in Hand.objects.filter(table=table):
        for p, v in h.points.items():
            totals[p] += v
    live = client_for(None).get(reverse("live-json", args=[running_event.slug])).json()
    best = max(totals.values())
    winners = [p for p, t in totals.items() if t == best]
    seats = {s["position"]: s for s in live["tables"][0]["seats"]}
    for p in winners:
        assert seats[p]["ranking_points"] == "2"
    names = {s.position: s.entry.player.name for s in table.seats.select_related("entry__player")}
    rows = by_name(live)
    assert rows[names[winners[0]]]["ranking_points"] == 2
    assert not rows[names[winners[0]]]["playing"]
    assert rows[names[winners[0]]]["provisional"]  # complete but not yet confirmed


def test_the_hall_and_the_standings_page_mark_running_points_provisional_in_the_reader_language(running_event, bob):
    table = Table.objects.get(round__tournament=running_event, number=1)
    enter_e1(bob, table)
    client = client_for(None)
    client.post("/i18n/setlang/", {"language": "sl", "next": "/"})
    page = client.get(reverse("standings", args=[running_event.slug])).content.decode()
    assert "začasno" in page  # "provisional"
    assert "*</em>" in page  # the running game points are marked
    hall = client.get(reverse("hall", args=[running_event.slug])).content.decode()
    assert "Uvrstitvene točke" in hall
    rows = hall.split("data-standings", 1)[1].split("</tbody>", 1)[0]
    values = re.findall(r'<td class="num">([^<]*)</td></tr>', rows)  # the last column: ranking points
    assert len(values) == 8 and set(values) == {"0"}  # none from an unfinished table
