"""An event as its staff sees it mid-way, built through the audited services at any size: round 1
played, confirmed and closed, round 2 running (table 1 played, a hand corrected, the rest one hand
in), a referee with judge rights, a referee for each four tables, an incident and a sanction at every
other table of round 2, a withdrawn player. The staff pages' query counts are compared between two
sizes of it (tests/tournaments/test_staff_page_queries.py)."""

from __future__ import annotations

from typing import Any

from tests.support.events import confirm_table, new_event, play_table
from tests.support.incidents import incident_at_table
from tournaments.events import services
from tournaments.incidents import services as incidents
from tournaments.incidents.models import Sanction
from tournaments.models import Entry, Round, Table, Tournament
from tournaments.rounds import services as rounds
from tournaments.tables import hands


def _start(organizer: Any, t: Tournament) -> Round:
    rnd = rounds.draw_round(organizer, t)
    rounds.publish_draw(organizer, rnd)
    rounds.start_clock(organizer, rnd)
    return rnd


def _tables(rnd: Round) -> list[Table]:
    return list(Table.objects.select_related("round__tournament").filter(round=rnd).order_by("number"))


def staff_event(organizer: Any, judge: Any, slug: str, players: int) -> Tournament:
    """The event ``slug`` of ``players`` (a multiple of 4 and at least 8), organized by ``organizer``;
    ``judge`` referees every table with judge rights."""
    t = new_event(organizer, slug, rounds=3, hands_per_round=2, draw_seed=slug)
    referee = services.set_referee(organizer, t, judge.username, [])
    incidents.set_judge(organizer, referee, True)
    for first in range(1, players // 4 + 1, 4):  # a referee for each four tables
        tables = list(range(first, min(first + 4, players // 4 + 1)))
        services.create_referee_account(organizer, t, f"{slug}-{first}", "Referee-password-1", tables)
    for i in range(players):
        services.register_player(organizer, t, name=f"Player {i}", club=f"TK {i % 3}", team=f"Pair {i // 2}")
    for table in _tables(first := _start(organizer, t)):
        play_table(table, judge)
        confirm_table(table, judge)
    rounds.close_round(organizer, first)
    last = Entry.objects.filter(tournament=t).order_by("-start_number").first()
    services.set_entry_status(organizer, last, Entry.Status.WITHDRAWN, "Left")
    second = _tables(_start(organizer, t))
    play_table(second[0], judge)
    hand = second[0].hands.get(number=1)
    seats = hand.input["seats"]
    hands.correct_hand(
        judge,
        hand,
        {**hand.input, "klop_points": {**dict.fromkeys(seats, 10), seats[1]: 40}},
        expected_version=hand.version,
        reason="Miscount",
    )
    for table in second[1:]:
        play_table(table, judge, count=1)
    for table in second[::2]:
        incident, seated = incident_at_table(judge, t, table, finding="Talked", hand_number=1, involved=2)
        incidents.sanction(judge, incident, seated[1], Sanction.Kind.WARNING, "Talked")
    return Tournament.objects.get(pk=t.pk)
