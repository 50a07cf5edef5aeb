"""Printable protocols: the data each variant's sheet shows, and the PDF as a person reads it.

PDF text is read back with pypdf; the QR code is decoded with zxing-cpp from the embedded
image and from a page rendered by pdftoppm, as a phone would see the printed sheet.
"""

from __future__ import annotations

import base64
import io
import shutil
import subprocess

import pytest
from django.utils import translation

from tournaments import hands, protocols, rounds, services
from tournaments.models import Table

SITE = "https://tarok.example.org"
LONG_NAME = "Maximilian Alexander von und zu Hohenberg-Schwarzenstein III"  # 60 characters


@pytest.fixture(autouse=True)
def _site(settings, documents_settings):
    settings.SITE_URL = SITE


# --- helpers shared with test_documents and test_exports -----------------------------------------


def seats_after(dealer: str, table: str = "ABCD") -> list[str]:
    i = table.index(dealer)
    return [table[(i + k) % len(table)] for k in range(1, len(table) + 1)]


def taruk_hand(n: int, dealer: str) -> dict:
    """A valid Taruk 2012 hand for hand number ``n`` dealt by ``dealer`` (taruk2012.md §5)."""
    s = seats_after(dealer)
    if n % 4 == 0:  # klop: everybody gains a radelc
        return {
            "variant": "taruk2012",
            "seats": s,
            "dealer": dealer,
            "game": "klop",
            "klop_points": {s[0]: 4, s[1]: 36, s[2]: 20, s[3]: 10},
        }
    if n % 4 == 1:
        return {
            "variant": "taruk2012",
            "seats": s,
            "dealer": dealer,
            "game": "tri",
            "declarer": s[0],
            "called_king": "hearts",
            "partner": s[2],
            "card_points": 48,
        }
    if n % 4 == 2:
        return {
            "variant": "taruk2012",
            "seats": s,
            "dealer": dealer,
            "game": "solo_dve",
            "declarer": s[1],
            "card_points": 30,
            "game_kontra": 2,
        }
    return {"variant": "taruk2012", "seats": s, "dealer": dealer, "game": "berac", "declarer": s[3], "won": True}


def play(table: Table, user, count: int) -> None:
    """Enter ``count`` hands at ``table`` through the audited action, dealers as the table decides."""
    tournament = table.round.tournament
    for n in range(1, count + 1):
        previous = table.hands.order_by("number").last()
        envelope = hands.next_envelope(hands.table_setup(table, tournament), previous)
        hands.enter_hand(user, table, taruk_hand(n, envelope["dealer"]))


def seated_event(event, alice, names: list[str], hands_per_round: int = 12):
    """``event`` with these players, round 1 drawn, published and started."""
    for i, name in enumerate(names):
        services.register_player(alice, event, name=name, club=f"TK {i % 3}")
    services.update_tournament(alice, event, hands_per_round=hands_per_round, draw_seed="protocols")
    rnd = rounds.draw_round(alice, event)
    rounds.publish_draw(alice, rnd)
    rounds.start_clock(alice, rnd)
    return rnd


def pdf_text(pdf: bytes) -> tuple[int, str]:
    """(page count, the text of all pages with whitespace normalised)."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(pdf))
    return len(reader.pages), " ".join(" ".join(p.extract_text() for p in reader.pages).split())


def decode_qr(png: bytes) -> list[str]:
    import zxingcpp
    from PIL import Image

    return [r.text for r in zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))]


@pytest.fixture
def four(event, alice):
    """One table of four, 12 hands a round, the first player with a 60-character name."""
    rnd = seated_event(event, alice, [LONG_NAME, "Ana Novak", "Bojan Kranjc", "Črt Žagar"])
    return Table.objects.select_related("round__tournament").get(round=rnd, number=1)


# --- the sheet as data ---------------------------------------------------------------------------


def test_a_blank_protocol_has_names_the_dealer_order_and_empty_lines(four):
    p = protocols.table_protocol(four, filled=False)
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
    p = protocols.table_protocol(four, filled=True)
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
    lines = protocols.table_protocol(four, filled=True).lines
    assert [all(c.radelc for c in line.cells) for line in lines[:4]] == [False, False, True, True]
    assert not lines[0].cells[0].radelc


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
    row = protocols.protocol_row("taruk2012", tri, {}, {})
    assert (row.game, row.declarer, row.partner) == ("tri K", "B", "♥ D")
    assert "48" in row.details and "trula" in row.details
    klop = protocols.protocol_row("taruk2012", {"game": "klop", "klop_points": {"A": 4, "B": 36}}, {}, {})
    assert (klop.game, klop.details) == ("klop", "A4 B36")

    ulti = {
        "variant": "ulti-mausz",
        "seats": ["A", "B", "C"],
        "dealer": "C",
        "declarer": "B",
        "bid": "40-100+ulti",
        "trump": "zold",
        "kontra": {"ulti": 2},
        "play": {
            "declarer_tricks": 7,
            "declarer_card_points": 70,
            "marriages": [{"seat": "B", "suit": "zold"}],
            "trump7_last_trick": {"seat": "B", "won": False},
        },
    }
    row = protocols.protocol_row("ulti-mausz", ulti, {}, {})
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
    row = protocols.protocol_row("tarokk-illusztralt", tarokk, {}, {})
    assert (row.game, row.declarer, row.partner) == ("Hármas kontra", "C", "A")
    assert "tulétroá ✓" in row.details
    vadasz = protocols.protocol_row(
        "tarokk-vadasz", {**tarokk, "declarer_talon_taken": 3}, {"double_round_remaining": 2}, {}
    )
    assert "talon 3" in vadasz.details and "double round" in vadasz.details

    laza = {
        "attack": {"indito": "A", "elfogo": "D"},
        "defence": {"elfogo": "B", "indito": "C"},
        "bids": {"attack": [{"bid": "banda", "qualifier": "kor", "made": True, "kontra": 1}], "defence": []},
    }
    row = protocols.protocol_row("tarokk-laza", laza, {"pairs": [["A", "D"], ["C", "B"]], "deals_played": 3}, {})
    assert (row.game, row.declarer, row.partner) == ("4", "A+D", "B+C")  # the 4th deal of the match
    assert "banda kőr ✓ kontra" in row.details
    assert protocols.protocol_row("tarokk-laza", laza, {}, {}).game == "1"


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
        assert protocols.protocol_row("tarokk-illusztralt", hand, {}, {}).details.startswith(f"{points}, {tricks}")


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
        row = protocols.protocol_row("tarokk-vadasz", solo, {}, {})
        assert (row.game, row.partner) == ("Szóló", "nyílt önhívás")
        assert "lengetés C (kötelező)" in row.details
        assert "B: második kör, nincs honőr" in protocols.protocol_row("tarokk-vadasz", thrown, {}, {}).details
        assert "renonsz D (skartolás)" in protocols.protocol_row("tarokk-vadasz", renonsz, {}, {}).details
    with translation.override("en"):
        assert protocols.protocol_row("tarokk-vadasz", solo, {}, {}).partner == "open self-call"
    # A code the sheet has no word for stays readable rather than lost.
    assert protocols.protocol_row("tarokk-vadasz", {**solo, "solo": "new_kind"}, {}, {}).partner == "new kind"


def test_fields_a_row_does_not_know_are_kept_as_compact_text():
    row = protocols.protocol_row("taruk2012", {"game": "tri", "declarer": "B", "surprise": {"x": 1}}, {}, {})
    assert 'surprise: {"x":1}' in row.details
    unknown = protocols.protocol_row("skat", {"game": "grand", "declarer": "A", "matadors": 3}, {}, {})
    assert (unknown.game, unknown.declarer, unknown.details) == ("grand", "A", "matadors: 3")


# --- the PDF as a person reads it ------------------------------------------------------------------


def test_the_blank_protocol_is_one_a4_page_with_names_and_long_names_kept(four):
    with translation.override("en"):
        pages, text = pdf_text(protocols.table_protocol_pdf(four, filled=False))
    assert pages == 1
    assert LONG_NAME in text
    for name in ("Ana Novak", "Bojan Kranjc", "Črt Žagar", "Ljubljana Open", "Round 1", "Table 1", "blank", "Referee"):
        assert name in text
    from pypdf import PdfReader

    box = PdfReader(io.BytesIO(protocols.table_protocol_pdf(four, filled=False))).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)  # A4 in points


def test_the_filled_protocol_pdf_shows_the_totals_places_and_ranking_points(four, bob):
    play(four, bob, 12)
    p = protocols.table_protocol(four, filled=True)
    with translation.override("en"):
        pages, text = pdf_text(protocols.table_protocol_pdf(four, filled=True))
    assert pages == 1
    assert "Total " + " ".join(str(t) for t in p.totals) in text
    assert "Place " + " ".join(str(x) for x in p.places) in text
    assert "Ranking points " + " ".join(p.ranking) in text
    assert "12 of 12 hands" in text and "Not yet confirmed" in text
    assert LONG_NAME in text


@pytest.mark.parametrize(
    ("language", "words", "english"),
    [
        (
            "sl",
            [
                "Zapisnik",
                "Sodnik",
                "Skupaj",
                "Uvrstitev",
                "Uvrstitvene točke",
                "48 točk",
                "Taruk 2012 (slovenski tekmovalni tarok)",
            ],
            ["Referee", "48 pts", "Slovenian competitive"],
        ),
        (
            "hu",
            [
                "Játszmalap",
                "Játékvezető",
                "Összesen",
                "Helyezés",
                "Helyezési pont",
                "48 pont",
                "Taruk 2012 (szlovén versenytarokk)",
            ],
            ["Referee", "48 pts", "Slovenian competitive"],
        ),
    ],
)
def test_the_protocol_is_printed_in_the_language_it_is_rendered_in(four, bob, language, words, english):
    """The headings and the words composed inside cells (``48 pts``) come from the catalogue."""
    play(four, bob, 12)
    with translation.override(language):
        _, text = pdf_text(protocols.table_protocol_pdf(four, filled=True))
    for word in words:
        assert word in text
    for word in english:
        assert word not in text


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("sl", ["Lestvica", "Mesto", "Igralec", "Klub"]),
        ("hu", ["Tabella", "Helyezés", "Játékos", "Klub"]),
    ],
)
def test_the_standings_pdf_is_printed_in_the_language_it_is_rendered_in(four, bob, language, words):
    play(four, bob, 12)
    with translation.override(language):
        _, text = pdf_text(protocols.standings_pdf(four.round.tournament))
    for word in words:
        assert word in text
    assert "Standings" not in text and "Player" not in text


def test_the_qr_code_in_the_pdf_opens_the_tables_entry_page(four, tmp_path):
    url = f"{SITE}/e/ljubljana-open/round/1/table/1/"
    p = protocols.table_protocol(four, filled=False)
    assert decode_qr(base64.b64decode(p.qr.split(",", 1)[1])) == [url]
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    (tmp_path / "protocol.pdf").write_bytes(protocols.table_protocol_pdf(four, filled=False))
    subprocess.run(
        ["pdftoppm", "-r", "150", "-png", "-singlefile", tmp_path / "protocol.pdf", tmp_path / "page"], check=True
    )
    assert decode_qr((tmp_path / "page.png").read_bytes()) == [url]


def test_a_round_is_one_pdf_with_a_page_per_table(running_event, bob):
    running_event.refresh_from_db()  # the fixture's instance predates hands_per_round=2
    rnd = running_event.round_set.get(number=1)
    play(Table.objects.get(round=rnd, number=2), bob, 2)
    with translation.override("en"):
        pages, text = pdf_text(protocols.round_protocols_pdf(rnd, filled=True))
    assert pages == 2
    assert "Table 1" in text and "Table 2" in text
    assert "2 of 2 hands" in text and "0 of 2 hands" in text
    for i in range(1, 9):
        assert f"Player {i}" in text


def test_the_print_view_is_the_same_template_as_html(four):
    with translation.override("en"):
        html = protocols.protocols_html(
            four.round.tournament,
            [protocols.table_protocol(four, filled=False)],
            pdf=False,
            extra={"pdf_url": "/x.pdf"},
        )
    assert 'class="protocol"' in html and "data-print" in html and LONG_NAME in html


def test_weasyprint_reads_static_files_from_disk_and_never_the_network():
    fetcher = protocols._fetcher_class()()
    css = fetcher.fetch("file:///static/css/site.css")
    assert b"." in css.read() and css.content_type == "text/css"
    for url in ("http://example.org/x.css", "https://127.0.0.1/static/css/site.css", "file:///etc/passwd"):
        with pytest.raises(ValueError, match=r"not fetched|disallowed"):
            fetcher.fetch(url)


def test_a_large_round_is_split_over_processes_and_merged_in_table_order(running_event, bob, settings, monkeypatch):
    """What a 256-table round does on a multi-core machine, shown with two tables and two processes."""
    running_event.refresh_from_db()
    rnd = running_event.round_set.get(number=1)
    play(Table.objects.get(round=rnd, number=1), bob, 2)
    monkeypatch.setattr(protocols, "PARALLEL_FROM", 2)
    settings.PROTOCOL_RENDER_PROCESSES = 2
    assert protocols.render_processes(2) == 2
    seen = []
    with translation.override("en"):
        pdf = protocols.round_protocols_pdf(rnd, filled=True, progress=seen.append)
    from pypdf import PdfReader

    pages = [" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(pdf)).pages]
    assert len(pages) == 2
    assert "Table 1" in pages[0] and "2 of 2 hands" in pages[0]
    assert "Table 2" in pages[1] and "0 of 2 hands" in pages[1]
    assert seen[0] == 20 and seen[-1] == 90 and seen == sorted(seen)


@pytest.mark.parametrize(
    ("variant", "seats", "hands", "landscape"),
    [
        ("taruk2012", "ABCDE", 10, True),
        ("ulti-mausz", "ABC", 9, False),
        ("ulti-mausz", "ABCD", 12, False),
        ("tarokk-vadasz", "ABCDE", 10, True),
        ("tarokk-vadasz", "ABCDEF", 12, True),
        ("tarokk-vadasz", "ABCDEFG", 12, True),
    ],
)
def test_every_table_size_prints_its_blank_sheet_on_one_page(variant, seats, hands, landscape):
    from pypdf import PdfReader

    from tournaments.models import Tournament

    event = Tournament(name="Budapest Kupa", slug="bp", variant=variant, hands_per_round=hands, table_size=len(seats))
    lines = [
        protocols.SeatLine(p, f"Játékos {p} Kovács-Szabó Eleonóra", i + 1, "Budapesti Tarokk Klub")
        for i, p in enumerate(seats)
    ]
    sheet = protocols.build_protocol(
        tournament=event, round_no=2, table_no=7, first_dealer="A", seats=lines, hands=[], filled=False, expected=hands
    )
    with translation.override("en"):
        pdf = protocols.render_pdf(protocols.protocols_html(event, [sheet], pdf=True))
    pages = PdfReader(io.BytesIO(pdf)).pages
    assert len(pages) == 1
    assert (pages[0].mediabox.width > pages[0].mediabox.height) == landscape
    assert len(sheet.lines) == hands and sheet.lines[1].dealer == "B"


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
    lines = [protocols.SeatLine(p, f"Player {p}", i + 1) for i, p in enumerate(seats)]
    sheet = protocols.build_protocol(
        tournament=event, round_no=1, table_no=1, first_dealer="A", seats=lines, hands=[], filled=False, expected=12
    )
    for line in sheet.lines:
        d = seats.index(line.dealer)
        expected = set() if opposite is None else {seats[d], *(seats[(d + k) % len(seats)] for k in opposite)}
        assert {p for p, c in zip(seats, line.cells, strict=True) if c.out} == expected, line.number
        assert [c.text for c in line.cells] == [protocols.SITS_OUT_MARK if p in expected else "" for p in seats]
    assert sheet.sit_outs == (opposite is not None)
    with translation.override("en"):
        html = protocols.protocols_html(event, [sheet], pdf=True)
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
    lines = [protocols.SeatLine(p, f"Player {p}", i + 1) for i, p in enumerate("ABCDE")]
    sheet = protocols.build_protocol(
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
    assert first[4].text == f"{protocols.SITS_OUT_MARK} → 0"
    assert first[0].text == f"{score.points['A']:+d} → {score.points['A']}"
    # The next hand is dealt by A (the player after the dealer deals next, §1.1): A sits out.
    assert sheet.lines[1].dealer == "A" and [c.out for c in sheet.lines[1].cells] == [True, False, False, False, False]
