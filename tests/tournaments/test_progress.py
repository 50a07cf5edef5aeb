"""One table progress (tournaments/tables/progress.py) for every page, protocol and API: void ulti deals
and Vadász throw-ins are entered and shown but are not hands of the round."""

from __future__ import annotations

import itertools
import random

import pytest
from django.urls import reverse

from scoring.registry import VARIANTS
from tests.conftest import client_for, enter_e1
from tests.samples import samples_of
from tests.support.events import new_event
from tournaments.documents.protocols import build, render
from tournaments.events import services
from tournaments.models import Table, Tournament
from tournaments.rounds import services as rounds
from tournaments.tables import confirmations, hands
from tournaments.tables.progress import EventPlan, table_progress

PLAN = EventPlan("tarokk-vadasz", hands_per_round=4)


def test_hands_that_do_not_count_are_entered_but_not_played():
    hands_ = [
        {"played": True, "points": {"A": 10, "B": -10}},
        {"played": False, "points": {}},
        {"played": True, "points": {"A": -4, "B": 4}},
    ]
    progress = table_progress(PLAN, "ABCD", hands_)
    assert (progress.played, progress.entered, progress.expected, progress.complete) == (2, 3, 4, False)
    assert progress.totals == {"A": 6, "B": -6, "C": 0, "D": 0}
    assert progress.remaining == 2


def test_time_up_after_hand_n_completes_the_table_once_it_has_hand_n():
    """taruk2012.md §7.2: the hand in progress when time is up is the table's last; N is its number in the
    table's list, so a redeal before it is one of the hands up to N."""
    played, redeal = {"played": True, "points": {}}, {"played": False, "points": {}}
    assert not table_progress(PLAN, "ABCD", [played], time_up_after=2).complete
    two = table_progress(PLAN, "ABCD", [redeal, played], time_up_after=2)
    assert (two.complete, two.played, two.remaining) == (True, 1, 0)
    waiting = table_progress(PLAN, "ABCD", [played], time_up_after=3)
    assert (waiting.complete, waiting.remaining) == (False, 2)
    assert table_progress(PLAN, "ABCD", [played] * 4, time_up_after=None).complete  # the plan's four


def _uncounted(key, hand) -> bool:
    return not VARIANTS[key].counts_as_played(hand)


def sequence_with_an_uncounted_hand(key, positions, n):
    """A sample sequence of this table, dealt from A, that holds ``n`` counted hands and at least
    one that does not count, and ends on a counted one."""
    rng = random.Random(f"progress-{key}")
    for _ in range(2000):
        sequence = samples_of(key).random_hand_sequence(rng, n + 3, positions, "A")
        counted = list(itertools.accumulate(not _uncounted(key, h) for h in sequence))
        if n in counted:
            out = sequence[: counted.index(n) + 1]
            if any(_uncounted(key, h) for h in out):
                return out
    pytest.fail(f"no {key} sample sequence with an uncounted hand")


def one_running_table(alice, key: str, size: int) -> tuple[Tournament, Table, list[dict]]:
    """A public one-table event of ``key`` with its round running, and a hand sequence for the table
    with ``size`` counted hands and at least one that does not count."""
    event = new_event(alice, f"{key}-cup", key, rounds=1, hands_per_round=size, round_minutes=90, table_size=size)
    for i in range(size):
        services.register_player(alice, event, name=f"Player {i + 1}")
    rnd = rounds.draw_round(alice, event)
    rounds.publish_draw(alice, rnd)
    rounds.start_clock(alice, rnd)
    table = Table.objects.get(round=rnd, number=1)
    positions = [s.position for s in table.seats.order_by("position")]
    return event, table, sequence_with_an_uncounted_hand(key, positions, size)


@pytest.mark.parametrize(("key", "size"), [("ulti-mausz", 3), ("tarokk-vadasz", 4)])
def test_protocol_footer_counts_the_same_hands_as_the_table_page_and_the_api(alice, key, size, settings):
    settings.PUBLIC_CACHE_SECONDS = 0  # live.json fresh, not another test's event under the same id
    event, table, sequence = one_running_table(alice, key, size)
    for hand in sequence:
        hands.enter_hand(alice, table, hand)
    counted = sum(not _uncounted(key, h) for h in sequence)
    assert counted == size and len(sequence) > size  # the test's own count: more records than hands

    protocol = build.table_protocol(table, filled=True)
    assert (protocol.hands, protocol.expected, protocol.complete) == (size, size, True)
    html = render.protocols_html(event, [protocol], pdf=False)
    assert f"{size} of {size} hands." in html
    assert f"{len(sequence)} of {size}" not in html
    # No empty lines are left to fill on a complete table.
    assert all(line.filled for line in protocol.lines)

    client = client_for(alice)
    table_json = client.get(reverse("table-json", args=[event.slug, 1, 1])).json()
    assert (table_json["expected_hands"], table_json["complete"]) == (size, True)
    api = client.get(f"/api/events/{event.slug}/rounds/1/tables/1/").json()
    assert (api["played_hands"], api["expected_hands"], api["complete"]) == (size, size, True)
    live = client.get(reverse("live-json", args=[event.slug])).json()
    assert (live["tables"][0]["hands"], live["tables"][0]["expected"], live["tables"][0]["complete"]) == (
        size,
        size,
        True,
    )


def test_an_unfinished_table_protocol_shows_totals_but_no_places_or_ranking_points(running_event, bob):
    # taruk2012.md §6.1: the table result (places, ranking points) exists once the table is complete.
    table = Table.objects.get(round__tournament=running_event, number=1)
    enter_e1(bob, table)
    protocol = build.table_protocol(table, filled=True)
    assert (protocol.hands, protocol.expected, protocol.complete) == (1, 2, False)
    assert protocol.totals and protocol.places == [] and protocol.ranking == []


@pytest.mark.parametrize(("key", "size"), [("ulti-mausz", 3), ("tarokk-vadasz", 4)])
def test_an_unfinished_table_with_an_uncounted_hand_shows_one_count_everywhere(alice, key, size, settings):
    """Hands entered: every counted hand but the last, and the void deal(s) or throw-in(s) between:
    every page and API answer says size-1 of size, none counts the records."""
    settings.PUBLIC_CACHE_SECONDS = 0
    event, table, sequence = one_running_table(alice, key, size)
    entered = sequence[:-1]  # it ends on a counted hand
    for hand in entered:
        hands.enter_hand(alice, table, hand)
    played = sum(not _uncounted(key, h) for h in entered)
    assert played == size - 1 and len(entered) >= size  # the test's own count: more records than hands
    wrong = f"{len(entered)}/{size}"

    client, slug = client_for(alice), event.slug
    table_page = client.get(reverse("table", args=[slug, 1, 1])).content.decode()
    assert f'<span class="badge">{played}/{size}</span>' in table_page
    assert f'<span class="badge">{wrong}</span>' not in table_page
    round_page = client.get(reverse("round", args=[slug, 1])).content.decode()
    assert f"{played} of {size} hands played" in round_page  # the close form's open tables
    hall = client.get(reverse("hall", args=[slug])).content.decode()
    assert f"<li>Table 1: {played}/{size}</li>" in hall
    assert wrong not in hall
    live = client.get(reverse("live-json", args=[slug])).json()["tables"][0]
    assert (live["hands"], live["expected"], live["complete"]) == (played, size, False)
    table_json = client.get(reverse("table-json", args=[slug, 1, 1])).json()
    assert (table_json["expected_hands"], table_json["complete"], len(table_json["hands"])) == (
        size,
        False,
        len(entered),
    )

    api_table = client.get(f"/api/events/{slug}/rounds/1/tables/1/").json()
    assert (api_table["played_hands"], api_table["expected_hands"], api_table["complete"]) == (played, size, False)
    api_round = client.get(f"/api/events/{slug}/rounds/1/").json()
    assert api_round["tables"][0]["hands"] == played
    report = client.get(f"/api/events/{slug}/rounds/1/repeats/").json()
    assert (report["open_tables"][0]["hands"], report["open_tables"][0]["expected"]) == (played, size)
    assert (build.table_protocol(table, filled=True).hands, hands.progress_of(table).played) == (played, played)
    # The table still takes a hand, and confirming is refused: both actions read the same count.
    with pytest.raises(hands.NotOpen, match=f"{played} of {size}"):
        confirmations.confirm_by_judge(alice, table, "try")
