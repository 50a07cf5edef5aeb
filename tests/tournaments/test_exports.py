"""Excel exports, read back cell by cell with openpyxl; formula-looking text stays text."""

from __future__ import annotations

import io

import pytest
from django.utils import translation
from openpyxl import Workbook, load_workbook

from tournaments import exports, services
from tournaments.models import Hand, Table
from tournaments.results import event_standings

from .test_protocols import play, seated_event

DANGEROUS = ['=HYPERLINK("http://evil.example","click")', "+1+1", "-2+3", "@SUM(A1:A2)"]


pytestmark = pytest.mark.usefixtures("documents_settings")


def sheet(content: bytes):
    return load_workbook(io.BytesIO(content)).active


def rows(ws) -> list[list]:
    return [[c.value for c in row] for row in ws.iter_rows()]


@pytest.fixture
def played(event, alice, bob):
    """Four players (one named like a formula), round 1 with 4 hands at table 1."""
    rnd = seated_event(event, alice, ["Ana Novak", DANGEROUS[0], "Bojan Kranjc", "Črt Žagar"], hands_per_round=4)
    table = Table.objects.get(round=rnd, number=1)
    play(table, bob, 4)
    event.refresh_from_db()
    return event


def test_text_that_looks_like_a_formula_is_written_as_text():
    wb = Workbook()
    exports.write_row(wb.active, [*DANGEROUS, 42, 1.5, None, "plain"])
    out = io.BytesIO()
    wb.save(out)
    ws = sheet(out.getvalue())
    for col, text in enumerate(DANGEROUS, start=1):
        cell = ws.cell(1, col)
        assert (cell.value, cell.data_type) == (text, "s")
        assert cell.quotePrefix
    assert [ws.cell(1, c).value for c in range(5, 9)] == [42, 1.5, None, "plain"]
    assert ws.cell(1, 5).data_type == "n" and not ws.cell(1, 8).quotePrefix


def test_the_player_list_has_one_row_per_entry(played):
    with translation.override("en"):
        ws = sheet(exports.players_workbook(played))
    table = rows(ws)
    assert table[0] == ["Start number", "Name", "Club", "Federation id", "Team", "Strength", "Status", "Rounds seated"]
    assert table[1:] == [
        [1, "Ana Novak", "TK 0", None, None, None, "Active", 1],
        [2, DANGEROUS[0], "TK 1", None, None, None, "Active", 1],
        [3, "Bojan Kranjc", "TK 2", None, None, None, "Active", 1],
        [4, "Črt Žagar", "TK 0", None, None, None, "Active", 1],
    ]
    assert ws.cell(3, 2).data_type == "s"  # the formula-like name is text, not a formula


def test_the_hands_export_has_every_hand_with_its_input_and_points(played):
    with translation.override("en"):
        ws = sheet(exports.hands_workbook(played))
    table = rows(ws)
    header = table[0]
    assert header[:9] == [
        "Round",
        "Table",
        "Hand",
        "Dealer",
        "Playing seats",
        "Player A",
        "Player B",
        "Player C",
        "Player D",
    ]
    hands = list(Hand.objects.filter(table__round__tournament=played).order_by("number"))
    assert len(table) == 1 + len(hands)
    names = {
        s.position: s.entry.player.name
        for s in Table.objects.get(round__number=1, number=1).seats.select_related("entry__player")
    }
    for hand, row in zip(hands, table[1:], strict=True):
        cell = dict(zip(header, row, strict=True))
        assert (cell["Round"], cell["Table"], cell["Hand"], cell["Dealer"]) == (1, 1, hand.number, hand.dealer)
        assert cell["Playing seats"] == " ".join(hand.input["seats"])
        assert [cell[f"Player {p}"] for p in "ABCD"] == [names[p] for p in "ABCD"]
        assert cell["game"] == hand.input["game"]
        assert cell["declarer"] == hand.input.get("declarer")
        assert [cell[f"Points {p}"] for p in "ABCD"] == [hand.points[p] for p in "ABCD"]
        assert cell["Version"] == hand.version
    klop = dict(zip(header, table[4], strict=True))
    assert klop["klop_points"].startswith("{") and '"' in klop["klop_points"]  # nested values as JSON text


def test_the_standings_export_follows_the_standings(played):
    metrics, lines = event_standings(played)
    with translation.override("en"):
        ws = sheet(exports.standings_workbook(played))
    table = rows(ws)
    assert table[0][:9] == ["Rank", "Start number", "Name", "Club", "Team", "Round 1", "Round 2", "Round 3", "Round 4"]
    assert table[0][-1] == "Provisional"
    assert len(table) == 1 + len(lines)
    for line, row in zip(lines, table[1:], strict=True):
        assert row[:5] == [line.rank, line.start_number, line.name, line.club or None, line.team or None]
        assert row[5] == float(line.line.per_round[1])  # ranking points of round 1 as a number
        assert row[9] == line.line.metrics[metrics[0]]
        assert row[-1] == "yes"  # no table confirmed yet


def test_a_withdrawn_player_is_listed_with_his_status(played, alice):
    entry = played.entries.get(start_number=3)
    services.set_entry_status(alice, entry, "withdrawn", reason="ill")
    with translation.override("en"):
        table = rows(sheet(exports.players_workbook(played)))
    assert table[3][:2] == [3, "Bojan Kranjc"] and table[3][6] == "Withdrawn"
