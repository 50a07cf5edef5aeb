"""Standings loaded from the database (tournaments/results/load.py): Laza ranks pairs, not players."""

from __future__ import annotations

import pytest

from scoring.registry import VARIANTS
from tests.scoring.examples.tarokk_laza import SPEC_CONFIG
from tests.support.events import new_event
from tournaments.events import services
from tournaments.models import Table, Tournament
from tournaments.results.load import event_metrics, event_standings, metric_text, pairs_of, ranks_pairs
from tournaments.rounds import services as rounds
from tournaments.tables import hands

TEAMS = {
    "Sasok": ["Ana Novak", "Bojan Kranjc"],
    "Pagát": ["Csaba Kiss", "Dóra Nagy"],
    "Skíz": ["Erik Tóth", "Flóra Varga"],
    "Huszonegy": ["Gábor Szabó", "Hanna Molnár"],
}


@pytest.fixture
def laza(alice):
    event = new_event(alice, "laza", "tarokk-laza", name="Laza Kupa", rounds=2, hands_per_round=2, config=SPEC_CONFIG)
    for team, names in TEAMS.items():
        for name in names:
            services.register_player(alice, event, name=name, club=f"TK {team}", team=team)
    rnd = rounds.draw_round(alice, event, seed="laza")
    rounds.publish_draw(alice, rnd)
    rounds.start_clock(alice, rnd)
    return event


def deal(table: Table, bids_attack: list, bids_defence: list) -> dict:
    """The table's next deal (its envelope: seats in attacking-indító order) with these bids."""
    envelope = hands.next_envelope(hands.table_setup(table, table.round.tournament), table.hands.last())
    s = envelope["seats"]
    return {
        **envelope,
        "attack": {"indito": s[0], "elfogo": s[3]},
        "defence": {"elfogo": s[1], "indito": s[2]},
        "bids": {"attack": bids_attack, "defence": bids_defence},
    }


def team_at(table: Table, position: str) -> str:
    return table.seats.get(position=position).entry.team


def test_pairs_are_the_entries_sharing_a_team_name():
    entries = [
        {"pk": 7, "start_number": 1, "team": "Sasok"},
        {"pk": 3, "start_number": 2, "team": "Sasok"},
        {"pk": 5, "start_number": 3, "team": ""},
    ]
    assert pairs_of(entries) == {"7": "3", "3": "3", "5": "5"}


def test_laza_standings_have_one_row_per_pair_with_the_pairs_total(laza, alice):
    one, two = (Table.objects.get(round__tournament=laza, number=n) for n in (1, 2))
    # tarokk-laza.md §5.5 L8: attack Flotta k1 80 + Kassza 30 + Banda 20 = 130;
    # defence Ulti k1 failed -40 + Trul 30 = -10.
    hands.enter_hand(
        alice,
        one,
        deal(
            one,
            [
                {"bid": "kassza", "made": True},
                {"bid": "gem", "made": True},
                {"bid": "banda", "qualifier": "kor", "made": True},
                {"bid": "flotta", "kontra": 1, "made": True},
            ],
            [{"bid": "ulti", "qualifier": "pagat", "kontra": 1, "made": False}, {"bid": "trul", "made": True}],
        ),
    )
    # L2b: Gém made and Kassza failed: Gém ignored, Kassza -10; the defence bid nothing: 0.
    hands.enter_hand(alice, two, deal(two, [{"bid": "gem", "made": True}, {"bid": "kassza", "made": False}], []))
    metrics, rows = event_standings(laza)
    assert len(rows) == 4  # pairs, not 8 players
    by_team = {row.team: row for row in rows}
    expected = {team_at(one, "A"): 130, team_at(one, "B"): -10, team_at(two, "A"): -10, team_at(two, "B"): 0}
    assert {team: row.line.game_points for team, row in by_team.items()} == expected
    assert metrics[0] == "game_points"
    assert [row.line.game_points for row in rows] == [130, 0, -10, -10]
    for team, names in TEAMS.items():
        assert by_team[team].name == " & ".join(names)  # in start-number order
        assert by_team[team].club == f"TK {team}"
    # Equal on game points and table wins: the lot (taruk2012.md §7.7 4., the Laza default too)
    # puts one of the two -10 pairs third and the other fourth, and says so.
    assert [row.rank for row in rows] == [1, 2, 3, 4]
    assert sorted(row.line.metrics["lot"] for row in rows[2:]) == [1, 2]
    assert rows[0].line.metrics["lot"] is None


def test_the_standings_page_and_pdf_head_the_column_pair(laza, client):
    from django.urls import reverse

    from tests.pdf_text import pdf_text
    from tournaments.documents.protocols import render

    page = client.get(reverse("standings", args=[laza.slug]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "<th>Pair</th>" in page and "Ana Novak &amp; Bojan Kranjc" in page
    _, text = pdf_text(render.standings_pdf(laza))
    assert "Pair" in text and "Ana Novak & Bojan Kranjc TK Sasok (Sasok)" in text


@pytest.mark.parametrize(("value", "text"), [(2.0, "2"), (1.5, "1.5"), (1.625, "1.625"), (-10.0, "-10"), (None, "")])
def test_metrics_print_as_the_sheet_writes_them(value, text):
    """Taruk ranking points are multiples of 1/8 (ties share 2/1.5/1/0.5, taruk2012.md §6): no 1.500."""
    assert metric_text(value) == text


def test_only_the_variant_that_seats_fixed_pairs_ranks_pairs():
    # tarokk-laza.md §5.4: both partners get the pair's total; "the tournament layer ranks pairs".
    assert {key for key in VARIANTS if ranks_pairs(Tournament(variant=key))} == {"tarokk-laza"}


def test_an_event_ranks_by_its_own_tie_breaks_else_its_variants():
    assert event_metrics(Tournament(variant="ulti-mausz")) == [
        "ranking_points",
        "game_points",
        "table_wins",
        "head_to_head",
        "lot",
    ]
    assert event_metrics(Tournament(variant="ulti-mausz", tiebreaks=["game_points", "lot"])) == ["game_points", "lot"]
