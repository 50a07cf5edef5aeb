"""Rendering protocols and the standings sheet: HTML from templates, PDF with WeasyPrint.

``render_pdf`` renders the same HTML templates the browser shows as the print view: a
whole round is one document with page breaks (on a multi-core machine one per core,
merged: ``render_processes``); static files are read from disk and nothing is fetched
over the network.

Call the ``*_pdf`` functions inside ``translation.override(event language)``.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import io
import mimetypes
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import mark_safe

from tournaments.documents.protocols.build import (
    Protocol,
    round_protocols,
    standings_context,
    standings_rows,
    table_protocol,
)
from tournaments.models import Round, Table, Tournament
from tournaments.public import live


def protocols_html(tournament: Tournament, protocols: list[Protocol], *, pdf: bool, extra: dict | None = None) -> str:
    """The HTML of the protocols: the PDF's source and the browser's print view alike."""
    return render_to_string(
        "protocols/protocols.html",
        {
            "tournament": tournament,
            "protocols": protocols,
            "pdf": pdf,
            "generated_at": timezone.now(),
            **(extra or {}),
        },
    )


def standings_html(tournament: Tournament, *, pdf: bool, extra: dict | None = None) -> str:
    """The standings sheet (print view and PDF). Its rows are most of the work (about 150 ms at 1,024 players):
    rendered once per change of the event and per language, the frame around them on every print."""
    context = standings_context(tournament)
    rows = live.versioned(
        tournament,
        "standings-sheet-rows",
        lambda: render_to_string("protocols/_standings_rows.html", {**context, "rows": standings_rows(tournament)}),
        per_language=True,
    )
    context = {**context, "rows_html": mark_safe(rows), "pdf": pdf, **(extra or {})}  # our template's HTML
    return render_to_string("protocols/standings.html", context)


def static_file(url: str) -> Path | None:
    """The file on disk behind a ``/static/...`` URL (or ``file:///static/...``), if any."""
    parts = urlsplit(url)
    path = unquote(parts.path)
    static = "/" + settings.STATIC_URL.strip("/") + "/"
    if parts.scheme not in ("", "file") or not path.startswith(static):
        return None
    found = finders.find(path[len(static) :])
    return Path(found) if found else None


@functools.cache
def _fetcher_class() -> type:
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class StaticFetcher(URLFetcher):
        """``data:`` URIs and our static files from disk; never the network (no HTTP, no other files)."""

        def __init__(self) -> None:
            super().__init__(allowed_protocols=("data", "file"))

        def fetch(self, url: str, headers: Any = None) -> Any:
            if url.startswith("data:"):
                return super().fetch(url, headers)
            found = static_file(url)
            if found is None:
                raise ValueError(f"not fetched (static files and data: URIs only): {url}")
            mime = mimetypes.guess_type(found.name)[0] or "application/octet-stream"
            return URLFetcherResponse(url, found.read_bytes(), {"Content-Type": mime})

    return StaticFetcher


# WeasyPrint's own user-agent sheet has ~200 rules that every element is matched against; our
# templates set everything that matters themselves, so a sheet with the few defaults they rely on
# renders the same page ~15% faster (bench/protocols.py). Browsers use their own sheet for the print view.
MINIMAL_UA_CSS = """
html, body, div, section, header, footer, nav, figure, figcaption, p, h1, h2, h3 { display: block }
head, style, script, title, meta, link, [hidden] { display: none }
table { display: table; box-sizing: border-box; border-spacing: 2px; border-collapse: separate; text-indent: initial }
caption { display: table-caption }
colgroup { display: table-column-group }
col { display: table-column }
thead { display: table-header-group; vertical-align: middle }
tbody { display: table-row-group; vertical-align: middle }
tfoot { display: table-footer-group; vertical-align: middle }
tr { display: table-row; vertical-align: inherit }
td, th { display: table-cell; vertical-align: inherit; padding: 1px }
b, strong, th { font-weight: bold }
h1 { font-size: 2em; font-weight: bold; margin: .67em 0 }
p { margin: 1em 0 }
figure { margin: 1em 40px }
img { overflow: hidden }
"""


@functools.cache
def _html_class() -> type:
    from weasyprint import CSS, HTML

    ua = CSS(string=MINIMAL_UA_CSS)

    class ProtocolHTML(HTML):
        def _ua_stylesheets(self, forms: bool = False) -> list:
            return [ua]

    return ProtocolHTML


@contextlib.contextmanager
def _gc_paused() -> Iterator[None]:
    """WeasyPrint builds hundreds of thousands of small objects for a round; the cyclic
    collector scanning them again and again costs ~30% (reference counting still frees
    memory, and the collector runs again afterwards)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


_local = threading.local()


def _font_config() -> Any:
    """One WeasyPrint font configuration per thread: its Pango caches stay warm from one
    document to the next (~15% of a one-page protocol). Not shared between threads."""
    if getattr(_local, "font_config", None) is None:
        from weasyprint.text.fonts import FontConfiguration

        _local.font_config = FontConfiguration()
    return _local.font_config


def _print_css() -> Any:
    """templates/protocols/_print_css.html, parsed once per process (re-read on every call with DEBUG on)."""
    if settings.DEBUG:
        return _parse_print_css()
    if getattr(_local, "print_css", None) is None:
        _local.print_css = _parse_print_css()
    return _local.print_css


def _parse_print_css() -> Any:
    from weasyprint import CSS

    return CSS(
        string=render_to_string("protocols/_print_css.html"), font_config=_font_config(), url_fetcher=_fetcher_class()()
    )


def render_pdf(html: str, progress: Callable[[int], Any] | None = None) -> bytes:
    """HTML to PDF in one WeasyPrint call (a whole round is one document with page breaks).

    The HTML leaves out the print CSS (``pdf=True``); it comes in pre-parsed.
    """
    with _gc_paused():
        document = _html_class()(string=html, base_url="file:///", url_fetcher=_fetcher_class()()).render(
            font_config=_font_config(), stylesheets=[_print_css()]
        )
        if progress:
            progress(80)
        return document.write_pdf()


def table_protocol_pdf(table: Table, *, filled: bool) -> bytes:
    tournament = table.round.tournament
    return render_pdf(protocols_html(tournament, [table_protocol(table, filled=filled)], pdf=True))


# A round's protocols are split over this many processes at most (one WeasyPrint document each,
# merged): WeasyPrint is single-threaded pure Python, ~0.2 s of CPU a page, so a 256-table round
# takes a minute on one core. Below PARALLEL_FROM tables starting processes costs more than it saves.
PARALLEL_FROM = 64


def render_processes(pages: int) -> int:
    if pages < PARALLEL_FROM:
        return 1
    wanted = getattr(settings, "PROTOCOL_RENDER_PROCESSES", None) or os.cpu_count() or 1
    return max(1, min(int(wanted), pages // (PARALLEL_FROM // 2)))


def round_protocols_pdf(rnd: Round, *, filled: bool, progress: Callable[[int], Any] | None = None) -> bytes:
    """Every table's protocol of the round as one PDF, a page (or more) per table, in table order."""
    protocols = round_protocols(rnd, filled=filled)
    if progress:
        progress(20)
    parts = _split(protocols, render_processes(len(protocols)))
    htmls = [protocols_html(rnd.tournament, part, pdf=True) for part in parts]
    if progress:
        progress(35)
    if len(htmls) == 1:
        return render_pdf(htmls[0], progress)
    return _render_parallel(htmls, progress)


def _split(items: list, n: int) -> list[list]:
    size = -(-len(items) // n)
    return [items[i : i + size] for i in range(0, len(items), size)] or [items]


def _render_parallel(htmls: list[str], progress: Callable[[int], Any] | None) -> bytes:
    """Render the documents in fresh processes ("spawn": nothing inherited from a threaded web
    server or a Celery worker but the environment) and concatenate their pages in order."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    import django
    from pypdf import PdfWriter

    results: dict[int, bytes] = {}
    with ProcessPoolExecutor(
        max_workers=len(htmls), mp_context=multiprocessing.get_context("spawn"), initializer=django.setup
    ) as pool:
        futures = {pool.submit(render_pdf, html): i for i, html in enumerate(htmls)}
        for future in as_completed(futures):
            results[futures[future]] = future.result()
            if progress:
                progress(35 + 55 * len(results) // len(htmls))
    writer = PdfWriter()
    for i in range(len(htmls)):
        writer.append(io.BytesIO(results[i]))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def standings_pdf(tournament: Tournament, progress: Callable[[int], Any] | None = None) -> bytes:
    html = standings_html(tournament, pdf=True)
    if progress:
        progress(40)
    return render_pdf(html, progress)
