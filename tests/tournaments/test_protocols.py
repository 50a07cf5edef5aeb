"""Printable protocols rendered (tournaments/documents/protocols/render.py): the PDF as a person reads it.
The sheets as data are tested in test_protocols_build.py.

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

from tests.pdf_text import pdf_text
from tests.support.events import LONG_NAME, SITE, table_of_four
from tests.support.taruk_hands import play
from tournaments.documents.protocols import build, render
from tournaments.models import Table


@pytest.fixture(autouse=True)
def _site(settings, documents_settings):
    settings.SITE_URL = SITE


def decode_qr(png: bytes) -> list[str]:
    import zxingcpp
    from PIL import Image

    return [r.text for r in zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))]


@pytest.fixture
def four(event, alice):
    return table_of_four(event, alice)


# --- the PDF as a person reads it ------------------------------------------------------------------


def test_the_blank_protocol_is_one_a4_page_with_names_and_long_names_kept(four):
    with translation.override("en"):
        pages, text = pdf_text(render.table_protocol_pdf(four, filled=False))
    assert pages == 1
    assert LONG_NAME in text
    for name in ("Ana Novak", "Bojan Kranjc", "Črt Žagar", "Ljubljana Open", "Round 1", "Table 1", "blank", "Referee"):
        assert name in text
    from pypdf import PdfReader

    box = PdfReader(io.BytesIO(render.table_protocol_pdf(four, filled=False))).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)  # A4 in points


def test_the_filled_protocol_pdf_shows_the_totals_places_and_ranking_points(four, bob):
    play(four, bob, 12)
    p = build.table_protocol(four, filled=True)
    with translation.override("en"):
        pages, text = pdf_text(render.table_protocol_pdf(four, filled=True))
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
        _, text = pdf_text(render.table_protocol_pdf(four, filled=True))
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
        _, text = pdf_text(render.standings_pdf(four.round.tournament))
    for word in words:
        assert word in text
    assert "Standings" not in text and "Player" not in text


def test_the_qr_code_in_the_pdf_opens_the_tables_entry_page(four, tmp_path):
    url = f"{SITE}/e/ljubljana-open/round/1/table/1/"
    p = build.table_protocol(four, filled=False)
    assert decode_qr(base64.b64decode(p.qr.split(",", 1)[1])) == [url]
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    (tmp_path / "protocol.pdf").write_bytes(render.table_protocol_pdf(four, filled=False))
    subprocess.run(
        ["pdftoppm", "-r", "150", "-png", "-singlefile", tmp_path / "protocol.pdf", tmp_path / "page"], check=True
    )
    assert decode_qr((tmp_path / "page.png").read_bytes()) == [url]


def test_a_round_is_one_pdf_with_a_page_per_table(running_event, bob):
    running_event.refresh_from_db()  # the fixture's instance predates hands_per_round=2
    rnd = running_event.round_set.get(number=1)
    play(Table.objects.get(round=rnd, number=2), bob, 2)
    with translation.override("en"):
        pages, text = pdf_text(render.round_protocols_pdf(rnd, filled=True))
    assert pages == 2
    assert "Table 1" in text and "Table 2" in text
    assert "2 of 2 hands" in text and "0 of 2 hands" in text
    for i in range(1, 9):
        assert f"Player {i}" in text


def test_the_print_view_is_the_same_template_as_html(four):
    with translation.override("en"):
        html = render.protocols_html(
            four.round.tournament,
            [build.table_protocol(four, filled=False)],
            pdf=False,
            extra={"pdf_url": "/x.pdf"},
        )
    assert 'class="protocol"' in html and "data-print" in html and LONG_NAME in html


def test_weasyprint_reads_static_files_from_disk_and_never_the_network():
    fetcher = render._fetcher_class()()
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
    monkeypatch.setattr(render, "PARALLEL_FROM", 2)
    settings.PROTOCOL_RENDER_PROCESSES = 2
    assert render.render_processes(2) == 2
    seen = []
    with translation.override("en"):
        pdf = render.round_protocols_pdf(rnd, filled=True, progress=seen.append)
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
        build.SeatLine(p, f"Játékos {p} Kovács-Szabó Eleonóra", i + 1, "Budapesti Tarokk Klub")
        for i, p in enumerate(seats)
    ]
    sheet = build.build_protocol(
        tournament=event, round_no=2, table_no=7, first_dealer="A", seats=lines, hands=[], filled=False, expected=hands
    )
    with translation.override("en"):
        pdf = render.render_pdf(render.protocols_html(event, [sheet], pdf=True))
    pages = PdfReader(io.BytesIO(pdf)).pages
    assert len(pages) == 1
    assert (pages[0].mediabox.width > pages[0].mediabox.height) == landscape
    assert len(sheet.lines) == hands and sheet.lines[1].dealer == "B"
