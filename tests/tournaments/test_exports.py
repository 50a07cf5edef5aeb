"""Excel exports, read back cell by cell with openpyxl; formula-looking text stays text."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext, trans_real
from openpyxl import Workbook, load_workbook

from scoring.registry import VARIANTS
from scoring.variants.tarokk_laza import rules as laza
from tests import toy_variant
from tests.conftest import client_for
from tests.samples import samples_of
from tests.support.events import seated_event
from tests.support.taruk_hands import play, tri_in
from tests.tournaments.variant_tables import NAMES, sample_table
from tournaments.documents import export_columns, exports
from tournaments.events import services
from tournaments.models import Hand, Seat, Table
from tournaments.tables import hands

DANGEROUS = ['=HYPERLINK("http://evil.example","click")', "+1+1", "-2+3", "@SUM(A1:A2)"]


pytestmark = pytest.mark.usefixtures("documents_settings")

PENDING = Path(__file__).resolve().parents[2] / "locale" / "pending" / "workbook.json"
# Words of the interface's English that no Slovenian or Hungarian cell may hold (issue 15).
ENGLISH = re.compile(
    r"\b(made|failed|pays|declarer|hand|table|round|points|pts|standings|before|after|none|bid|announced|"
    r"silent|opponents|side|total|entered|version|protocol|result|attack|defence|game|yes|note|player|dealer|"
    r"counts|kings|hearts|spades|clubs|diamonds)\b",
    re.IGNORECASE,
)
SNAKE = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b")
NAMES_OF_PLAYED = ["Ana Novak", DANGEROUS[0], "Bojan Kranjc", "Črt Žagar"]  # the ``played`` fixture's


@pytest.fixture(autouse=True)
def pending_words(monkeypatch):
    """This change's new words (locale/pending/workbook.json) in the catalogues until the lead
    compiles them in; once compiled (the file gone, or the words there) the catalogues answer."""
    if not PENDING.exists():
        return
    for entry in json.loads(PENDING.read_text(encoding="utf-8")):
        for language in ("sl", "hu"):
            catalog = trans_real.translation(language)._catalog
            if entry["msgid"] not in catalog:
                monkeypatch.setitem(catalog._catalogs[0], entry["msgid"], entry[language])


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
    assert table[0] == ["Start number", "Name", "Club", "Federation id", "Team", "Strength", "Status", "Rounds played"]
    assert table[1:] == [  # round 1 is still running: not played yet
        [1, "Ana Novak", "TK 0", None, None, None, "Active", 0],
        [2, DANGEROUS[0], "TK 1", None, None, None, "Active", 0],
        [3, "Bojan Kranjc", "TK 2", None, None, None, "Active", 0],
        [4, "Črt Žagar", "TK 0", None, None, None, "Active", 0],
    ]
    assert ws.cell(3, 2).data_type == "s"  # the formula-like name is text, not a formula


def test_the_player_list_counts_a_round_as_played_once_it_is_closed(played, alice):
    """A running round is not a round played (the director's day, low item): it counts once closed."""
    from tournaments.rounds import services as rounds

    def played_rounds() -> list[int]:
        with translation.override("en"):
            return [row[7] for row in rows(sheet(exports.players_workbook(played)))[1:]]

    assert played_rounds() == [0, 0, 0, 0]
    rounds.close_round(alice, played.round_set.get(number=1), override=True, reason="the hall closes")
    assert played_rounds() == [1, 1, 1, 1]


def test_the_hands_export_has_one_readable_column_per_input(played):
    with translation.override("en"):
        ws = sheet(exports.hands_workbook(played))
    table = rows(ws)
    header = table[0]
    assert header[:9] == ["Round", "Table", "Hand", "Dealer", "Playing seats", *[f"Player {p}" for p in "ABCD"]]
    assert header[-2:] == ["Entered by", "Version"]
    hands = list(Hand.objects.filter(table__round__tournament=played).order_by("number"))
    assert len(table) == 1 + len(hands)
    names = {
        s.position: s.entry.player.name
        for s in Table.objects.get(round__number=1, number=1).seats.select_related("entry__player")
    }

    def seat(p):
        return f"{p} · {names[p]}"

    cells = [dict(zip(header, row, strict=True)) for row in table[1:]]
    totals = dict.fromkeys("ABCD", 0)
    for hand, cell in zip(hands, cells, strict=True):
        assert (cell["Round"], cell["Table"], cell["Hand"]) == (1, 1, hand.number)
        assert cell["Dealer"] == seat(hand.dealer)
        assert cell["Playing seats"] == " ".join(hand.input["seats"])
        assert [cell[f"Player {p}"] for p in "ABCD"] == [names[p] for p in "ABCD"]
        assert [cell[f"Points {p}"] for p in "ABCD"] == [hand.points[p] for p in "ABCD"]
        for p in "ABCD":
            totals[p] += hand.points[p]
        assert [cell[f"Total {p}"] for p in "ABCD"] == [totals[p] for p in "ABCD"]
        assert (cell["Entered by"], cell["Version"], cell["counts as a hand of the round"]) == ("bob", 1, "yes")
    tri, solo, berac, klop = (hands[i].input for i in range(4))  # test_protocols.taruk_hand 1-4
    assert cells[0]["game"] == "tri" and cells[0]["Protocol: Game"] == "tri"
    assert cells[0]["declarer"] == seat(tri["declarer"]) and cells[0]["partner"] == seat(tri["partner"])
    assert cells[0]["called king"] == "hearts ♥" and cells[0]["card points of the declaring side"] == 48
    assert cells[0]["Protocol: King / partner"] == f"♥ {tri['partner']}"
    assert (cells[1]["game"], cells[1]["declarer"]) == ("solo dve", seat(solo["declarer"]))
    assert (cells[1]["kontra on the game"], cells[1]["Protocol: Game"]) == ("kontra x2", "solo dve K")
    assert cells[0]["kontra on the game"] is None  # no kontra: an empty cell, not a dash or a 1
    assert (cells[2]["game"], cells[2]["won (berač: no trick; valat: every trick)"]) == ("berač", "yes")
    assert cells[2]["declarer"] == seat(berac["declarer"])
    # The klop's card points per seat, as numbers, in seat order whoever dealt.
    klop_columns = [h for h in header if h.startswith("Klop: card points of each player · ")]
    assert klop_columns == [f"Klop: card points of each player · {p}" for p in "ABCD"]
    assert [cells[3][h] for h in klop_columns] == [klop["klop_points"][p] for p in "ABCD"]
    assert all(cells[i][h] is None for i in range(3) for h in klop_columns)
    # Every hand gives everyone a radelc here (klop, berač) or not: the column names the seats.
    assert cells[3]["radelc after the hand"] == "A, B, C, D"
    # No column holds a structure, and a column nobody filled (bonuses, penalties) is left out.
    assert not [c for row in table for c in row if isinstance(c, str) and c.startswith(("{", "["))]
    assert "trula" not in header and "mondfang: whose mond was caught" not in header


def test_the_header_is_bold_and_frozen_and_the_columns_fit(played):
    with translation.override("en"):
        ws = sheet(exports.hands_workbook(played))
    assert ws.freeze_panes == "A2"
    assert all(c.font.bold for c in ws[1]) and not ws.cell(2, 1).font.bold
    widths = {c.value: ws.column_dimensions[c.column_letter].width for c in ws[1]}
    dealers = [row[3] for row in rows(ws)[1:]]
    assert widths["Round"] < max(map(len, dealers)) <= widths["Dealer"]  # "A · Ana Novak" fits, a number is narrow
    assert widths["Protocol: Card points, bonuses, penalties"] <= exports.WIDEST + 2


def test_the_standings_export_follows_the_hands(played):
    """taruk2012.md §6: a player's round total is the sum of his hands' points at his table, his place
    1 + the players with a higher total, his ranking points 2, 1.5, 1, 0.5 by place; §7.7: the order is by
    ranking points, then game points, a first place is a table win; nobody is tied, so neither head to
    head nor the lot is needed. Round 1 runs (no table confirmed): every row is provisional."""
    stored = list(Hand.objects.filter(table__round__tournament=played))
    seats = Seat.objects.filter(table__round__tournament=played).select_related("entry__player")
    entry = {s.position: s.entry for s in seats}
    total = {p: sum(h.points.get(p, 0) for h in stored) for p in entry}
    assert len(set(total.values())) == 4  # no tie at the table
    place = {p: 1 + sum(other > total[p] for other in total.values()) for p in total}
    points = {p: {1: 2, 2: 1.5, 3: 1, 4: 0.5}[place[p]] for p in total}
    order = sorted(total, key=lambda p: (-points[p], -total[p]))
    with translation.override("en"):
        table = rows(sheet(exports.standings_workbook(played)))
    assert table[0] == [
        "Rank", "Start number", "Name", "Club", "Team", "Round 1", "Round 2", "Round 3", "Round 4",
        "Ranking points", "Game points", "Head to head", "Table wins", "Lot", "Provisional",
    ]  # fmt: skip
    assert table[1:] == [
        [
            rank,
            entry[p].start_number,
            entry[p].player.name,
            entry[p].player.club,
            None,  # no team
            points[p],  # round 1, as a number
            None,
            None,
            None,
            points[p],
            total[p],
            None,
            int(place[p] == 1),
            None,
            "yes",
        ]
        for rank, p in enumerate(order, start=1)
    ]


def test_a_withdrawn_player_is_listed_with_his_status(played, alice):
    entry = played.entries.get(start_number=3)
    services.set_entry_status(alice, entry, "withdrawn", reason="ill")
    with translation.override("en"):
        table = rows(sheet(exports.players_workbook(played)))
    assert table[3][:2] == [3, "Bojan Kranjc"] and table[3][6] == "Withdrawn"


# --- every variant, in Hungarian and in Slovenian -----------------------------------------------


def read_in(language: str, table: Table) -> tuple[list, list[list], dict[str, str]]:
    """The all-hands workbook of ``table``'s event as its language writes it: the header, the
    rows, and the headings the test looks up (in that language)."""
    with translation.override(language):
        table_rows = rows(sheet(exports.hands_workbook(table.round.tournament)))
        words = {
            "protocol": gettext("Protocol: %(column)s") % {"column": ""},
            "declarer": gettext("declarer"),
            "dealer": gettext("Dealer"),
            "game": gettext("game"),
            **{f"points {p}": gettext("Points %(seat)s") % {"seat": p} for p in "ABCDE"},
            **{f"total {p}": gettext("Total %(seat)s") % {"seat": p} for p in "ABCDE"},
        }
    return table_rows[0], table_rows[1:], words


def seated_names(table: Table) -> dict[str, str]:
    return {s.position: s.entry.player.name for s in table.seats.select_related("entry__player")}


@pytest.mark.parametrize("language", ["hu", "sl"])
@pytest.mark.parametrize("key", sorted(VARIANTS))
def test_every_variant_s_hands_workbook_reads_in_the_event_s_language(key, language, alice, bob):
    table = sample_table(alice, bob, key, language)
    header, body, words = read_in(language, table)
    stored = list(table.hands.order_by("number"))
    assert len(body) == len(stored)
    names = seated_names(table)

    # No structure, no identifier, no Python value anywhere, the protocol's columns included.
    for row in [header, *body]:
        for value in row:
            if isinstance(value, str):
                assert not value.startswith(("{", "[")), value
                assert not SNAKE.search(value), value
                assert value not in ("True", "False", "None"), value
    # The columns this workbook writes itself hold no English (the protocol's line is the
    # protocol's: tests/tournaments/test_protocols*).
    own = [i for i, h in enumerate(header) if not h.startswith(words["protocol"])]
    for row in [header, *body]:
        for i in own:
            if isinstance(row[i], str):
                assert not ENGLISH.search(row[i]), (header[i], row[i])
    assert sum(h.startswith(words["protocol"]) for h in header) >= 3  # the sheet's game, declarer, details

    cells = [dict(zip(header, row, strict=True)) for row in body]
    positions = sorted(names)
    totals = dict.fromkeys(positions, 0)
    for hand, cell in zip(stored, cells, strict=True):
        assert cell[words["dealer"]] == f"{hand.dealer} · {names[hand.dealer]}"
        if hand.input.get("declarer"):
            assert cell[words["declarer"]] == f"{hand.input['declarer']} · {names[hand.input['declarer']]}"
        for p in positions:
            totals[p] += hand.points.get(p, 0)
        assert [cell[words[f"points {p}"]] for p in positions] == [hand.points.get(p) for p in positions]
        assert [cell[words[f"total {p}"]] for p in positions] == [totals[p] for p in positions]
    if key != "tarokk-laza":  # Laza has pairs, not a declarer
        assert any(h.input.get("declarer") for h in stored)


def test_at_a_table_of_five_the_seat_sitting_out_is_named_and_keeps_its_total(alice, bob):
    """taruk2012.md §7.6: five at the table, the dealer sits out each hand."""
    # Six hands a round at the four-seat tables: five at a table of five (§7.6, 10 of 12), all entered.
    table = sample_table(alice, bob, "taruk2012", "en", hands_count=6, samples=5, size=5)
    header, body, _words = read_in("en", table)
    cells = [dict(zip(header, row, strict=True)) for row in body]
    totals = dict.fromkeys("ABCDE", 0)
    for hand, cell in zip(table.hands.order_by("number"), cells, strict=True):
        assert hand.dealer not in cell["Playing seats"].split() and len(cell["Playing seats"].split()) == 4
        for p in "ABCDE":
            totals[p] += hand.points.get(p, 0)
        assert [cell[f"Total {p}"] for p in "ABCDE"] == [totals[p] for p in "ABCDE"]
    assert [cells[0][f"Player {p}"] for p in "ABCDE"] == [seated_names(table)[p] for p in "ABCDE"]


def taruk_tri(envelope: dict) -> dict:
    """A tri (taruk2012.md §5): the first seat declares with the third's king of hearts, 41 card
    points, trula announced and made under kontra."""
    return {
        **tri_in(envelope, 41),
        "bonuses": [{"type": "trula", "announced": True, "made": True, "side": "declarer", "kontra": 2}],
    }


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("sl", {"king": "srce ♥", "trula": "napovedano, uspešno", "side": "igralčeva stran", "points": "41 točk"}),
        ("hu", {"king": "kőr ♥", "trula": "bemondva, teljesítve", "side": "felvevő párt", "points": "41 pont"}),
    ],
)
def test_a_taruk_tri_reads_as_the_protocol_and_the_form_write_it(language, said, alice, bob):
    table = sample_table(alice, bob, "taruk2012", language, hands_count=4, samples=3)
    event = table.round.tournament
    envelope = hands.next_envelope(hands.table_setup(table, event), table.hands.order_by("number").last())
    tri = taruk_tri(envelope)
    hands.enter_hand(bob, table, tri)
    header, body, words = read_in(language, table)
    names = seated_names(table)
    cell = dict(zip(header, body[3], strict=True))
    protocol_game = words["protocol"] + gettext_in(language, "Game")
    protocol_details = words["protocol"] + gettext_in(language, "Card points, bonuses, penalties")
    # The game as the rules name it, on the sheet and in the form's column alike.
    assert (cell[words["game"]], cell[protocol_game]) == ("tri", "tri")
    assert cell[words["declarer"]] == f"{tri['declarer']} · {names[tri['declarer']]}"
    assert cell[gettext_in(language, "partner")] == f"{tri['partner']} · {names[tri['partner']]}"
    assert cell[gettext_in(language, "called king")] == said["king"]
    assert cell[gettext_in(language, "card points of the declaring side")] == 41
    # The trula row: its state, side and kontra under the row's name.
    trula = gettext_in(language, "trula")
    assert cell[trula] == said["trula"]
    assert cell[f"{trula} · {gettext_in(language, 'side')}"] == said["side"]
    assert cell[f"{trula} · {gettext_in(language, 'kontra')}"] == "kontra x2"
    assert cell[protocol_details].startswith(said["points"]) and "trula ✓ K" in cell[protocol_details]


def gettext_in(language: str, msgid: str) -> str:
    with translation.override(language):
        return gettext(msgid)


def test_laza_bids_are_named_as_the_event_s_point_table_names_them(alice, bob):
    """The organizer's names for the rows (tarokk-laza.md §4.2), never the bids' ids."""
    config = json.loads(json.dumps(samples_of("tarokk-laza").TEST_CONFIG))
    named = {row["bid"]: f"{row['bid'].capitalize()} sor" for row in config["point_table"]["rows"]}
    for row in config["point_table"]["rows"]:
        row["name"] = named[row["bid"]]
    table = sample_table(alice, bob, "tarokk-laza", "hu", config=config)
    header, body, words = read_in("hu", table)
    own = [i for i, h in enumerate(header) if not h.startswith(words["protocol"])]
    for hand, row in zip(table.hands.order_by("number"), body, strict=True):
        written = [row[i] for i in own if isinstance(row[i], str)]
        entries = [e for pair in ("bids", "silent") for side in (hand.input.get(pair) or {}).values() for e in side]
        assert entries
        for entry in entries:
            qualifier = entry.get("qualifier")
            word = laza.SUITS.get(qualifier) or laza.CARDS.get(qualifier) if qualifier else None
            assert (f"{word} {named[entry['bid']]}" if word else named[entry["bid"]]) in written
        assert not set(written) & set(named)  # no id ("kopf", "gem") as a cell


def test_a_new_variant_s_workbook_comes_from_its_form_alone(monkeypatch, alice, bob):
    """tests/toy_variant: a winner (a seat) and a stake (a number); exports.py never names it."""
    monkeypatch.setitem(VARIANTS, "toy", toy_variant.VARIANT)
    event = services.create_tournament(alice, name="Toy cup", slug="toy-cup", variant="toy", table_size=3)
    for name in NAMES[:3]:
        services.register_player(alice, event, name=name)
    services.update_tournament(alice, event, hands_per_round=2, draw_seed="toy")
    from tournaments.rounds import services as rounds

    rnd = rounds.draw_round(alice, event)
    rounds.publish_draw(alice, rnd)
    rounds.start_clock(alice, rnd)
    table = Table.objects.get(round=rnd, number=1)
    for winner, stake in (("A", 3), ("C", 5)):
        envelope = hands.next_envelope(hands.table_setup(table, event), table.hands.order_by("number").last())
        hands.enter_hand(alice, table, {**envelope, "winner": winner, "stake": stake})
    names = seated_names(table)
    with translation.override("en"):
        header, *body = rows(sheet(exports.hands_workbook(event)))
    cells = [dict(zip(header, row, strict=True)) for row in body]
    assert [(c["winner"], c["stake"]) for c in cells] == [(f"A · {names['A']}", 3), (f"C · {names['C']}", 5)]
    assert [(c["Points A"], c["Points C"], c["Total C"]) for c in cells] == [(6, -3, -3), (-5, 10, 7)]
    assert "Protocol: Winner" in header


def test_the_organizer_downloads_the_hands_workbook_in_the_event_s_language(
    alice, bob, django_capture_on_commit_callbacks
):
    table = sample_table(alice, bob, "ulti-mausz", "hu", hands_count=4)
    event = table.round.tournament
    url = reverse("document-download", args=[event.slug, "hands-xlsx"])
    with django_capture_on_commit_callbacks(execute=True):
        response = client_for(alice).get(url)
    if response.status_code == 202:  # the progress page first; the file is made at commit
        response = client_for(alice).get(url)
    assert response.status_code == 200 and response["Content-Disposition"].startswith("attachment")
    content = b"".join(response.streaming_content) if response.streaming else response.content
    header, *body = rows(sheet(content))
    assert header[:4] == ["Forduló", "Asztal", "Leosztás", "Osztó"] and len(body) == 4
    assert "felvevő" in header and "bemondás és adu" in header  # ulti: one column, "tök ulti"


@pytest.mark.parametrize("language", ["hu", "sl"])
def test_the_standings_and_player_workbooks_read_in_the_event_s_language(played, alice, language):
    services.set_entry_status(alice, played.entries.get(start_number=3), "withdrawn", reason="ill")
    with translation.override(language):
        standings = rows(sheet(exports.standings_workbook(played)))
        players = rows(sheet(exports.players_workbook(played)))
        # taruk2012.md §7.7's order: ranking points, game points, then the three tie-breaks.
        expected = [gettext(m) for m in ("Ranking points", "Game points", "Head to head", "Table wins", "Lot")]
        withdrawn = gettext("Withdrawn")
        provisional = gettext("yes")
    for table in (standings, players):
        for row in table:
            for value in row:
                if isinstance(value, str) and value not in NAMES_OF_PLAYED:
                    assert not SNAKE.search(value) and not ENGLISH.search(value), value
    assert standings[0][9 : 9 + len(expected)] == expected  # after rank, start number, name, club, team, 4 rounds
    assert all(isinstance(v, int | float) for row in standings[1:] for v in row[5:9] if v is not None)
    assert {row[-1] for row in standings[1:]} == {provisional}  # no table confirmed yet
    assert players[3][6] == withdrawn


def test_a_heading_that_names_the_hand_s_seats_keeps_the_words_every_hand_shares():
    assert export_columns.shared_words(["attack A/C · bid 1", "attack B/D · bid 1", "attack A/C · bid 1"]) == (
        "attack · bid 1"
    )
    assert export_columns.shared_words(["B/D · result", "A/C · result"]) == "result"
    assert export_columns.shared_words(["kontra"] * 3) == "kontra"
