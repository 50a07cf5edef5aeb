"""Two events the five-variant run (``test_full_event.py``) does not draw, run through the pages:
a MAUSZ final drawn as the all-play-all over all its rounds, and a Vadász event seated at tables of
five and six. The organizer creates, draws, publishes, starts and closes every round in the browser
(1280 px), a referee's phone (375 px) enters where the table is new; hands the browser adds nothing to
are entered and confirmed with the service functions (the pages' own calls). No 5xx anywhere."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from playwright.sync_api import expect

from tests import fullevent as fe
from tests.browser.eventpages import DESK, PHONE, Person, close_round, new_event, save_hand, start_round
from tournaments.events import services
from tournaments.models import Seat, Table, Tournament
from tournaments.tables import confirmations
from tournaments.tables import hands as hand_services


def _register(actor, event: Tournament, count: int) -> None:
    for strength, (name, club) in enumerate(fe.PLAYERS[:count], start=1):
        services.register_player(actor, event, name=name, club=club, strength=strength)


def _positions(table: Table) -> list[str]:
    return sorted(table.seats.values_list("position", flat=True))


def _enter(actor, table: Table, steps: list[fe.Step]) -> None:
    for step in steps:
        hand_services.enter_hand(actor, table, step.hand, number=step.number)


def _confirm(actor, table: Table) -> None:
    """Every seat confirms with his PIN (on the referee's device)."""
    for seat in table.seats.select_related("entry"):
        confirmations.confirm_table(actor, table, seat.position, seat.entry.pin)
    table.refresh_from_db()
    assert table.confirmed_at is not None


def test_an_all_play_all_event_seats_every_pair_together_exactly_once(chromium, live_server, alice):
    """ulti-mausz.md §6.1, the MAUSZ final: everyone meets everyone. 9 players in threes is a Kirkman
    schedule: (9 - 1) / 2 = 4 rounds of 9 / 3 = 3 tables. A table of three seats 3 pairs, so the event
    seats 4 x 3 x 3 = 36 pairs, and 9 players make 9 x 8 / 2 = 36 pairs: each meets each exactly once.
    The event's form offers the all-play-all and every round's draw form preselects it."""
    errors: list[str] = []
    org = Person(chromium, live_server.url, DESK, errors)
    org.log_in("alice")
    event = new_event(
        org,
        "ulti-mausz",
        "MAUSZ final",
        "mausz-final",
        rounds=4,
        hands_per_round=3,
        table_size=3,
        draw_method="all_play_all",
    )
    assert event.draw_method == "all_play_all"
    _register(alice, event, 9)
    rng = random.Random("all-play-all")
    for number in range(1, 5):
        rnd = start_round(org, event, number, method="all_play_all")
        assert sorted(t.seats.count() for t in rnd.tables.all()) == [3, 3, 3]
        for table in rnd.tables.all():
            steps, _play = fe.plan_table(
                "ulti-mausz", rng, _positions(table), table.first_dealer, None, 3, eventful=False
            )
            _enter(alice, table, steps)
            _confirm(alice, table)
        close_round(org, rnd)

    met: Counter[frozenset[int]] = Counter()
    for table in Table.objects.filter(round__tournament=event):
        players = Seat.objects.filter(table=table).values_list("entry__start_number", flat=True)
        met.update(frozenset(pair) for pair in combinations(players, 2))
    assert len(met) == 9 * 8 // 2
    assert set(met.values()) == {1}, {tuple(sorted(p)): n for p, n in met.items() if n > 1}
    assert errors == []


def test_a_vadasz_event_at_tables_of_five_and_six_deals_whole_turns(chromium, live_server, alice, bob):
    """tarokk-vadasz.md §1.1: tables of 4 to 7, four play each hand. 11 players at 6 seats per table sit
    at a table of 5 and one of 6 (5 + 6 = 11). The event's 4 hands per round are counted at the smallest
    table, of 4 seats: 4 / 4 = 1 turn of the deal. A larger table deals whole turns: 1 x 5 = 5 hands at
    five, 1 x 6 = 6 at six. Everyone deals once; at five the dealer sits out (5 - 1 = 4 play), at six the
    dealer and the player opposite him (6 - 2 = 4 play): everyone plays 1 x 5 - 1 = 1 x 6 - 2 = 4 hands.
    The referee enters the table of six on his phone, the table of five is entered with the services."""
    turns = 4 // 4
    expected = {5: turns * 5, 6: turns * 6}
    errors: list[str] = []
    org = Person(chromium, live_server.url, DESK, errors)
    ref = Person(chromium, live_server.url, PHONE, errors)
    org.log_in("alice")
    event = new_event(org, "tarokk-vadasz", "Vadász at six", "vadasz-six", rounds=1, hands_per_round=4, table_size=6)
    _register(alice, event, 11)
    services.set_referee(alice, event, "bob", [])
    ref.log_in("bob")
    rnd = start_round(org, event, 1)
    tables = {t.seats.count(): t for t in rnd.tables.all()}
    assert sorted(tables) == [5, 6]
    rng = random.Random("vadasz-six")
    for size, table in sorted(tables.items(), reverse=True):
        url = f"/e/{event.slug}/round/1/table/{table.number}/"
        steps, _play = fe.plan_table(
            "tarokk-vadasz", rng, _positions(table), table.first_dealer, None, expected[size], eventful=False
        )
        if size == 6:
            ref.go(url)
            expect(ref.page.locator("h1 .badge").first).to_have_text(f"0/{expected[size]}")
            for step in steps:
                text = save_hand(ref, url, "tarokk-vadasz", step.hand)
                assert f"Hand {step.number} saved" in text, text
        else:
            _enter(alice, table, steps)

        stored = list(table.hands.order_by("number"))
        assert len(stored) == expected[size]
        positions = _positions(table)
        assert Counter(h.dealer for h in stored) == dict.fromkeys(positions, turns)
        assert Counter(p for h in stored for p in h.input["seats"]) == dict.fromkeys(positions, 4)
        if size == 6:  # the player opposite the dealer sits out with him
            opposite = {h.dealer: positions[(positions.index(h.dealer) + 3) % 6] for h in stored}
            assert all(opposite[h.dealer] not in h.input["seats"] for h in stored)

        # Complete on the table page and on its protocol.
        ref.go(url)
        expect(ref.page.locator("h1")).to_contain_text(f"{expected[size]}/{expected[size]}")
        expect(ref.page.locator("h1")).to_contain_text("to confirm")
        ref.page.locator("#table-hands a", has_text="print view").click()
        expect(ref.page.locator("body")).to_contain_text(f"{expected[size]} of {expected[size]} hands.")
        _confirm(alice, table)
    close_round(org, rnd)
    assert errors == []
