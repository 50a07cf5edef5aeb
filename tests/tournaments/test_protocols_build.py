"""Printable protocols as data (tournaments/documents/protocols/build.py): what each variant's sheet shows,
the dealer order, who sits out, totals, places and ranking points, and the hands the sheet counts."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from scoring.registry import VARIANTS
from tests import fullevent as fe
from tests.conftest import client_for
from tests.scoring.examples.ulti_mausz import deal
from tests.support.events import LONG_NAME, SITE, seated_event, table_of_four
from tests.support.taruk_hands import play
from tournaments.documents.protocols import build, render
from tournaments.events import services
from tournaments.models import Table
from tournaments.tables import hands
from tournaments.tables.progress import table_progress


@pytest.fixture(autouse=True)
def _site(settings, documents_settings):
    settings.SITE_URL = SITE


@pytest.fixture
def four(event, alice):
    return table_of_four(event, alice)


def test_a_blank_protocol_has_names_the_dealer_order_and_empty_lines(four):
    p = build.table_protocol(four, filled=False)
    assert [s.position for s in p.seats] == ["A", "B", "C", "D"]
    assert LONG_NAME in [s.name for s in p.seats]
    assert p.dealer_order[0] == four.first_dealer and sorted(p.dealer_order) == ["A", "B", "C", "D"]
    assert len(p.lines) == 12
    assert [line.dealer for line in p.lines[:5]] == (p.dealer_order * 2)[:5]
    assert not any(line.filled for line in p.lines)
    assert all(values == ["", "", "", ""] for _label, values in p.footer)
    assert p.url == f"{SITE}/e/ljubljana-open/round/1/table/1/"


def test_a_filled_protocol_has_points_running_totals_places_and_ranking_points(four, bob):
    play(four, bob, 12)
    p = build.table_protocol(four, filled=True)
    assert len(p.lines) == 12 and all(line.filled for line in p.lines)
    totals = dict(hands.progress_of(four).totals)
    assert p.totals == [totals[pos] for pos in "ABCD"]
    assert [c.running for c in p.lines[-1].cells] == p.totals
    # Each line's running total is the previous one plus the hand's points.
    for before, line in zip(p.lines, p.lines[1:], strict=False):
        assert [b.running + c.points for b, c in zip(before.cells, line.cells, strict=True)] == [
            c.running for c in line.cells
        ]
    assert sorted(p.ranking) == ["0.5", "1", "1.5", "2"] or len(set(p.totals)) < 4
    assert p.places == [1 + sum(t > mine for t in p.totals) for mine in p.totals]
    assert p.complete


def test_radelc_marks_follow_the_state_after_each_hand(four, bob):
    play(four, bob, 4)  # hand 3 is a berač, hand 4 a klop: both give every seat a radelc
    lines = build.table_protocol(four, filled=True).lines
    assert [all(c.mark == "○" for c in line.cells) for line in lines[:4]] == [False, False, True, True]
    assert not lines[0].cells[0].mark and lines[3].cells[0].text.endswith(" ○")


def test_each_variant_fills_the_columns_of_its_paper_sheet():
    tri = {
        "variant": "taruk2012",
        "seats": ["B", "C", "D", "A"],
        "dealer": "A",
        "game": "tri",
        "declarer": "B",
        "called_king": "hearts",
        "partner": "D",
        "card_points": 48,
        "game_kontra": 2,
        "bonuses": [{"type": "trula", "side": "declarer", "announced": False, "made": True}],
    }
    row = build.protocol_row("taruk2012", tri, {}, {})
    assert (row.game, row.declarer, row.partner) == ("tri K", "B", "♥ D")
    assert "48" in row.details and "trula" in row.details
    klop = build.protocol_row("taruk2012", {"game": "klop", "klop_points": {"A": 4, "B": 36}}, {}, {})
    assert (klop.game, klop.details) == ("klop", "A4 B36")

    play = {"declarer_tricks": 7, "declarer_card_points": 70, "marriages": [{"seat": "B", "suit": "zold"}]}
    ulti = deal("B", "40-100+ulti", trump="zold", kontra={"ulti": 2})
    ulti["play"] = {**play, "trump7_last_trick": {"seat": "B", "won": False}}
    row = build.protocol_row("ulti-mausz", ulti, {}, {})
    assert (row.game, row.declarer, row.partner) == ("40-100 + ulti zöld", "B", "ulti ×2")
    assert "7 tricks" in row.details and "70" in row.details

    tarokk = {
        "bid": "harmas",
        "declarer": "C",
        "partner": "A",
        "game_kontra": 1,
        "declarer_card_points": 52,
        "declarer_tricks": 5,
        "figures": [{"figure": "tuletroa", "side": "declarer", "announced": True, "result": "made"}],
    }
    row = build.protocol_row("tarokk-illusztralt", tarokk, {}, {})
    assert (row.game, row.declarer, row.partner) == ("Hármas kontra", "C", "A")
    assert "tulétroá ✓" in row.details
    vadasz = build.protocol_row(
        "tarokk-vadasz", {**tarokk, "declarer_talon_taken": 3}, {"double_round_remaining": 2}, {}
    )
    assert "talon 3" in vadasz.details and "double round" in vadasz.details

    laza = {
        "attack": {"indito": "A", "elfogo": "D"},
        "defence": {"elfogo": "B", "indito": "C"},
        "bids": {"attack": [{"bid": "banda", "qualifier": "kor", "made": True, "kontra": 1}], "defence": []},
    }
    row = build.protocol_row("tarokk-laza", laza, {"pairs": [["A", "D"], ["C", "B"]], "deals_played": 3}, {})
    assert (row.game, row.declarer, row.partner) == ("4", "A+D", "B+C")  # the 4th deal of the match
    assert "kőr Banda ✓ kontra" in row.details  # the bid by its name (tarokk-laza.md §4.2), the suit first
    assert build.protocol_row("tarokk-laza", laza, {}, {}).game == "1"


@pytest.mark.parametrize(
    ("language", "n", "points", "tricks"),
    [
        ("en", 1, "1 pt", "1 trick"),
        ("en", 48, "48 pts", "48 tricks"),
        # Slovenian has four forms by n mod 100: 1, 2, 3-4, the rest.
        ("sl", 1, "1 točka", "1 vzetek"),
        ("sl", 2, "2 točki", "2 vzetka"),
        ("sl", 3, "3 točke", "3 vzetki"),
        ("sl", 48, "48 točk", "48 vzetkov"),
        ("sl", 101, "101 točka", "101 vzetek"),
        ("hu", 1, "1 pont", "1 ütés"),
        ("hu", 7, "7 pont", "7 ütés"),
    ],
)
def test_counts_in_cells_take_the_languages_plural(language, n, points, tricks):
    hand = {"bid": "harmas", "declarer": "A", "partner": "B", "declarer_card_points": n, "declarer_tricks": n}
    with translation.override(language):
        assert build.protocol_row("tarokk-illusztralt", hand, {}, {}).details.startswith(f"{points}, {tricks}")


def test_coded_values_are_written_as_words_in_the_events_language():
    """tarokk-vadasz.md §3.1 codes (solo kind, lengetés mode, throw-in reason, renonsz kind) on a Hungarian sheet."""
    solo = {
        "bid": "szolo",
        "declarer": "A",
        "partner": None,
        "solo": "open_self_call",
        "declarer_talon_taken": 0,
        "lengetes_ulti": {"waver": "C", "mode": "obligatory"},
    }
    thrown = {"outcome": "thrown_in", "thrower": "B", "throw_in_reason": "second_round_no_honour"}
    renonsz = {"outcome": "renonsz", "declarer": "A", "partner": "C", "renonsz": {"offender": "D", "kind": "discard"}}
    with translation.override("hu"):
        row = build.protocol_row("tarokk-vadasz", solo, {}, {})
        assert (row.game, row.partner) == ("Szóló", "nyílt önhívás")
        assert "lengetés C (kötelező)" in row.details
        assert "B: második kör, nincs honőr" in build.protocol_row("tarokk-vadasz", thrown, {}, {}).details
        assert "renonsz D (skartolás)" in build.protocol_row("tarokk-vadasz", renonsz, {}, {}).details
    with translation.override("en"):
        assert build.protocol_row("tarokk-vadasz", solo, {}, {}).partner == "open self-call"
    # A code the sheet has no word for stays readable rather than lost.
    assert build.protocol_row("tarokk-vadasz", {**solo, "solo": "new_kind"}, {}, {}).partner == "new kind"


def test_fields_a_row_does_not_know_are_kept_as_compact_text():
    row = build.protocol_row("taruk2012", {"game": "tri", "declarer": "B", "surprise": {"x": 1}}, {}, {})
    assert 'surprise: {"x":1}' in row.details
    # A hand the variant's row cannot read (bonuses that are not a list of objects) still prints.
    unreadable = build.protocol_row("taruk2012", {"game": "tri", "declarer": "A", "bonuses": 3}, {}, {})
    assert (unreadable.game, unreadable.declarer, unreadable.details) == ("tri", "A", "bonuses: 3")


@pytest.mark.parametrize(
    ("variant", "seats", "opposite"),
    [
        ("taruk2012", "ABCD", None),  # nobody sits out at 4 (taruk2012.md §7.6)
        ("taruk2012", "ABCDE", ()),  # the dealer sits out at 5 (§7.6)
        ("ulti-mausz", "ABCD", ()),  # the dealer sits out at 4 (ulti-mausz.md §1.1)
        ("tarokk-vadasz", "ABCDE", ()),  # tarokk-vadasz.md §1.1: the dealer at 5,
        ("tarokk-vadasz", "ABCDEF", (3,)),  # the dealer and d+3 at 6,
        ("tarokk-vadasz", "ABCDEFG", (3, 4)),  # the dealer, d+3 and d+4 at 7
    ],
)
def test_the_blank_sheet_marks_who_sits_out_each_hand(variant, seats, opposite):
    from tournaments.models import Tournament

    event = Tournament(name="Kupa", slug="k", variant=variant, hands_per_round=12, table_size=len(seats))
    lines = [build.SeatLine(p, f"Player {p}", i + 1) for i, p in enumerate(seats)]
    sheet = build.build_protocol(
        tournament=event, round_no=1, table_no=1, first_dealer="A", seats=lines, hands=[], filled=False, expected=12
    )
    for line in sheet.lines:
        d = seats.index(line.dealer)
        expected = set() if opposite is None else {seats[d], *(seats[(d + k) % len(seats)] for k in opposite)}
        assert {p for p, c in zip(seats, line.cells, strict=True) if c.out} == expected, line.number
        assert [c.text for c in line.cells] == [build.SITS_OUT_MARK if p in expected else "" for p in seats]
    assert sheet.sit_outs == (opposite is not None)
    with translation.override("en"):
        html = render.protocols_html(event, [sheet], pdf=True)
    assert ("sits out this hand" in html) == (opposite is not None)
    # Shaded on the sheet: one marked cell per seat sitting out per hand.
    assert html.count('<td class="out">') == sum(c.out for line in sheet.lines for c in line.cells)


def test_a_filled_line_marks_the_seat_that_sat_out_and_keeps_its_total():
    """tarokk-vadasz.md §5.5 V2: five participants, the dealer E sits out and scores 0."""
    from scoring.engine import evaluate
    from tournaments.models import Tournament

    v2 = {
        "variant": "tarokk-vadasz",
        "participants": ["A", "B", "C", "D", "E"],
        "seats": ["A", "B", "C", "D"],
        "dealer": "E",
        "talon_arranger": "E",
        "declarer": "A",
        "partner": "C",
        "declarer_talon_taken": 2,
        "declarer_card_points": 40,
        "declarer_tricks": 4,
    }
    score = evaluate(v2, {}, {})
    assert not isinstance(score, list), score
    event = Tournament(name="Kupa", slug="k", variant="tarokk-vadasz", hands_per_round=5, table_size=5)
    lines = [build.SeatLine(p, f"Player {p}", i + 1) for i, p in enumerate("ABCDE")]
    sheet = build.build_protocol(
        tournament=event,
        round_no=1,
        table_no=1,
        first_dealer="E",
        seats=lines,
        filled=True,
        expected=5,
        hands=[{"number": 1, "dealer": "E", "input": v2, "points": score.points, "state_after": score.state}],
    )
    first = sheet.lines[0].cells
    assert [c.out for c in first] == [False, False, False, False, True]
    assert first[4].text == f"{build.SITS_OUT_MARK} → 0"
    assert first[0].text == f"{score.points['A']:+d} → {score.points['A']}"
    # The next hand is dealt by A (the player after the dealer deals next, §1.1): A sits out.
    assert sheet.lines[1].dealer == "A" and [c.out for c in sheet.lines[1].cells] == [True, False, False, False, False]


# --- the sheet counts the hands the table counts ----------------------------------------------------

# A hand the variant writes on the sheet but does not count as a hand of the round.
UNCOUNTED = {
    # ulti-mausz.md §13.1.2 (wrong number of cards dealt) is a void deal; §6.2: it does not count.
    "ulti-mausz": lambda envelope: {**envelope, "renonsz": {"case": "13.1.2"}},
    # tarokk-vadasz.md §1.8: a hand thrown in (four kings) is no played hand.
    "tarokk-vadasz": lambda envelope: {
        **envelope,
        "outcome": "thrown_in",
        "thrower": envelope["seats"][0],
        "throw_in_reason": "four_kings",
    },
    # tarokk-illusztralt.md §3.1: a redeal is no played hand.
    "tarokk-illusztralt": lambda envelope: {**envelope, "outcome": "redeal"},
}


@pytest.mark.parametrize(("key", "size"), [("ulti-mausz", 3), ("tarokk-vadasz", 4), ("tarokk-illusztralt", 4)])
def test_the_protocol_counts_the_hands_the_table_progress_and_the_table_page_count(event, alice, key, size):
    """Two hands, one that does not count, one more: 4 records, 3 hands of the round, the table
    still playing. The sheet, ``table_progress`` and the table page all say 3."""
    event = services.update_tournament(alice, event, variant=key, table_size=size)
    rnd = seated_event(event, alice, [f"Player {i + 1}" for i in range(size)], hands_per_round=2 * size)
    event.refresh_from_db()  # seated_event saved the hands per round
    table = Table.objects.get(round=rnd, number=1)
    positions = sorted(table.seats.values_list("position", flat=True))
    rng, play_ = fe.event_rng(key), fe.TablePlay(positions)
    for counts in (True, True, False, True):
        if counts:
            hand = fe.choose_hand(key, rng, play_, table.first_dealer, None)
        else:
            previous = play_.hands[-1] if play_.hands else None
            hand = UNCOUNTED[key](fe.next_envelope(key, positions, table.first_dealer, previous, play_.state))
        assert VARIANTS[key].counts_as_played(hand) == counts
        fe.play(play_, hand, None)
        hands.enter_hand(alice, table, hand)

    sheet = build.table_protocol(table, filled=True)
    progress = table_progress(event, positions, list(table.hands.values("played", "points")))
    assert (progress.played, progress.entered, progress.expected) == (3, 4, 2 * size)  # the test's own count
    assert (sheet.hands, sheet.expected, sheet.complete) == (progress.played, progress.expected, False)
    # Every record is written on the sheet, then empty lines for the hands still to play.
    assert [line.filled for line in sheet.lines] == [True] * 4 + [False] * (2 * size - 3)
    with translation.override("en"):
        assert f"{progress.played} of {2 * size} hands." in render.protocols_html(event, [sheet], pdf=True)
    page = client_for(alice).get(reverse("table", args=[event.slug, 1, 1])).content.decode()
    assert f'<span class="badge">{progress.played}/{2 * size}</span>' in page


# A hand its dealer deals again: ulti's void deal (§13.1.2, wrong number of cards), Vadász's redeal (§1.8,
# our reading: the misdeal is dealt again by the same dealer).
DEALT_AGAIN = {
    "ulti-mausz": UNCOUNTED["ulti-mausz"],
    "tarokk-vadasz": lambda envelope: {**envelope, "outcome": "redeal"},
}


@pytest.mark.parametrize(("key", "size"), [("ulti-mausz", 3), ("tarokk-vadasz", 4)])
def test_the_sheets_next_empty_line_names_the_dealer_the_table_page_asks_for(event, alice, key, size):
    """After a deal its dealer deals again, the sheet's first empty line names that dealer, as the table
    page's next hand does; the lines after it rotate from him."""
    event = services.update_tournament(alice, event, variant=key, table_size=size)
    rnd = seated_event(event, alice, [f"Player {i + 1}" for i in range(size)], hands_per_round=2 * size)
    table = Table.objects.get(round=rnd, number=1)
    positions = sorted(table.seats.values_list("position", flat=True))
    rng, play_ = fe.event_rng(key), fe.TablePlay(positions)
    first = fe.choose_hand(key, rng, play_, table.first_dealer, None)
    fe.play(play_, first, None)
    hands.enter_hand(alice, table, first)
    again = DEALT_AGAIN[key](fe.next_envelope(key, positions, table.first_dealer, play_.hands[-1], play_.state))
    hands.enter_hand(alice, table, again)
    # The deal passed from the first dealer to the next seat, who deals again after his void deal or redeal.
    assert again["dealer"] == VARIANTS[key].next_dealer(positions, table.first_dealer)

    sheet = build.table_protocol(table, filled=True)
    empty = [line.dealer for line in sheet.lines if not line.filled]
    assert empty[0] == again["dealer"]
    assert empty[1] == VARIANTS[key].next_dealer(positions, again["dealer"])
    page = client_for(alice).get(reverse("table", args=[event.slug, 1, 1])).content.decode()
    assert f"Hand 3 — dealer {again['dealer']}" in page
