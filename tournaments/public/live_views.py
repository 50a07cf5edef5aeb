"""Standings and live pages: overall standings, hall mode for a projector, and the small JSON endpoint
they poll.

What they show is computed once per change of the event (``tournaments.public.live``, keyed by the event's
data version), and so is the HTML of their long lists, once per language: a request renders only the
page around them and the clock, and an anonymous visitor's request not even that while the event is
unchanged (``tournaments.public.cache`` keeps the whole answer)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from tournaments.lookups import tournament_and_version
from tournaments.models import Tournament
from tournaments.public.answers import live_response
from tournaments.public.cache import share
from tournaments.public.live import (
    DataVersion,
    live_data,
    live_payload,
    standings,
    standings_payload,
    version_key,
    versioned,
)
from tournaments.public.spliced import ROWS_PART_READS, render_page, rows_part
from tournaments.results.load import metric_abbr, metric_help, metric_label, metric_text, ranks_pairs, standing_cells
from tournaments.rounds.clock import clock_payload, moves


def metric_columns(metrics: list[str]) -> list[dict[str, str]]:
    """The standings columns in tie-break order, each with its translated words."""
    return [{"key": m, "label": metric_label(m), "abbr": metric_abbr(m), "help": metric_help(m)} for m in metrics]


STANDINGS_READS = ROWS_PART_READS  # ``?me=`` is read by static/js/standings.js only


def standings_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The overall standings. ``?part=rows`` answers the rows alone, and 304 while the event has not
    changed since the ETag the page holds: static/js/standings.js polls that, so a phone fetches
    the rows' markup only after a change."""
    tournament, version = tournament_and_version(request, slug)
    etag = f'"{version_key(tournament, version)}:{get_language()}"'
    page = _standings_parts(tournament, version, etag)
    if (rows := rows_part(request, etag, page["rows"])) is not None:
        return share(rows, tournament, version, reads=STANDINGS_READS) if rows.status_code == 200 else rows
    context = {"tournament": tournament}
    response = render_page(request, "tournaments/standings.html", context, {"content": page["content"]})
    return share(response, tournament, version, reads=STANDINGS_READS)


def _standings_parts(tournament: Tournament, version: DataVersion, etag: str) -> dict[str, bytes]:
    """The standings page's content and its rows, rendered once per change and language (the rows
    are most of the page's work at a large event); the page around them is rendered per request."""

    def compute() -> dict[str, bytes]:
        metrics, rows = standings(tournament, version)
        live = standings_payload(tournament, version)
        for row, r in zip(live["standings"], rows, strict=True):
            row["cells"] = standing_cells(
                row["per_round"], row["running"], {m: row["text"][m] for m in metrics}, row["playing"]
            )
            row["numbers"] = " ".join(str(n) for n in r.start_numbers)
        rows_html = str(
            render_to_string("tournaments/_standings_rows.html", {"rows": live["standings"], "columns": metrics})
        )
        content_html = render_to_string(
            "tournaments/_standings_content.html",
            {
                "tournament": tournament,
                "etag": etag,
                "columns": metric_columns(metrics),
                "rows_html": mark_safe(rows_html),
                "round_numbers": range(1, tournament.rounds + 1),
                "pairs": ranks_pairs(tournament),
                "lot": live["lot"] if "lot" in metrics else None,
            },
        )
        return {"rows": rows_html.encode(), "content": content_html.encode()}

    return versioned(tournament, "standings-page", compute, per_language=True, version=version)


def live_json(request: HttpRequest, slug: str) -> HttpResponse:
    return live_response(*tournament_and_version(request, slug))


HALL_PAGE_SECONDS = 8  # how long a projector shows each page of a long list (``?turn=`` overrides, 2-60)


def _turn(value: str | None) -> str:
    """``?turn=``: the seconds a page of the hall's lists is shown."""
    try:
        return str(min(max(int(value or HALL_PAGE_SECONDS), 2), 60))
    except ValueError:
        return str(HALL_PAGE_SECONDS)


HALL_READS = {"turn": _turn}


def hall(request: HttpRequest, slug: str) -> HttpResponse:
    """Projector page: clock, seating and table progress, standings; refreshed by polling live.json."""
    tournament, version = tournament_and_version(request, slug)
    lists = _hall_lists(tournament, version)
    rnd = live_data(tournament, version).round
    page_seconds = int(_turn(request.GET.get("turn")))
    response = render_page(
        request,
        "tournaments/hall.html",
        {"tournament": tournament, "clock": clock_payload(rnd) if rnd else None, "page_seconds": page_seconds},
        lists,
    )
    return share(response, tournament, version, moving=moves(rnd), reads=HALL_READS)


def _hall_lists(tournament: Tournament, version: DataVersion) -> dict[str, bytes]:
    """The hall's long lists (standings, tables still playing, seating) rendered once per change and
    language; static/js/hall.js redraws them from live.json between page loads."""

    def compute() -> dict[str, bytes]:
        live = live_payload(tournament, version)
        first = live["metrics"][0] if live["metrics"] else ""
        context: dict[str, Any] = {
            # Every row: the page turns through what does not fit (static/js/hall.js).
            "standings": [{**r, "value": metric_text(r.get(first))} for r in live["standings"]],
            "tables": live["tables"],
            "playing": [t for t in live["tables"] if not t["complete"]],
            "metric_label": metric_label(first),
            # The order of players equal on the points shown: the event's tie-breaks, in words.
            "columns": metric_columns(live["metrics"]),
            "pairs": ranks_pairs(tournament),
        }
        return {
            f"hall_{part}": render_to_string(f"tournaments/_hall_{part}.html", context).encode()
            for part in ("standings", "playing", "seating")
        }

    return versioned(tournament, "hall-lists", compute, per_language=True, version=version)
