"""Standings and live pages: overall standings, hall mode for a projector, and the
small JSON endpoint they poll.

Their data is computed once per change of the event, not per request: it is cached under a key
that carries the event's data version, the id of its latest audit entry: every change that moves what
these pages show is audited in its own transaction, so the new entry commits with the change, the next
request computes the data afresh and every later one is served from the cache. An INSERT locks no
existing row, so writers of one event never queue on a counter (nor deadlock on one).
Only the clock, which moves with time, is worked out per request (from the cached round)."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any, TypeVar

from django.conf import settings
from django.core.cache import cache
from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import Count, Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from ..clock import clock_payload
from ..models import AuditEntry, Round, Seat, Table, Tournament
from ..results import (
    event_standings,
    lot_seed,
    metric_abbr,
    metric_help,
    metric_label,
    metric_text,
    ranks_pairs,
    table_totals,
)
from ..standings import table_points
from .helpers import tournament_for_viewer

logger = logging.getLogger(__name__)
T = TypeVar("T")


def cached(key: str, compute: Callable[[], T], seconds: int) -> T:
    """``compute()`` through the cache; with the cache down (Redis unreachable) computed every time.

    The cache only saves work: an unreachable cache must not freeze the hall or the phones, so its
    errors are logged and the answer is computed as if it had missed.
    """
    try:
        value = cache.get(key)
    except Exception:  # each cache backend raises its own connection errors
        logger.warning("cache unavailable reading %s", key, exc_info=True)
        return compute()
    if value is None:
        value = compute()
        try:
            cache.set(key, value, seconds)
        except Exception:
            logger.warning("cache unavailable writing %s", key, exc_info=True)
    return value


VERSIONED_SECONDS = 24 * 3600  # only an eviction bound: a change makes a new key, not an expiry


def data_version(tournament: Tournament) -> int:
    """The id of the event's latest audit entry (one indexed lookup); 0 before any."""
    latest = AuditEntry.objects.filter(tournament=tournament).order_by("-id").values_list("id", flat=True).first()
    return latest or 0


def versioned(tournament: Tournament, name: str, compute: Callable[[], T], *, per_language: bool = False) -> T:
    """``compute()`` once per change of the event (the id of its latest audit entry), through ``cached``.

    The key also carries the event's creation time, so a database rebuilt with the same ids does not
    meet an old entry in a shared cache; ``per_language`` for values that hold translated words.
    """
    key = f"{name}:{tournament.pk}:{tournament.created_at.timestamp():.0f}:{data_version(tournament)}"
    if per_language:
        key += f":{get_language()}"
    return cached(key, compute, VERSIONED_SECONDS)


def current_round(tournament: Tournament) -> Round | None:
    """The latest published round (draft draws are not shown on live pages)."""
    return tournament.round_set.exclude(status=Round.Status.DRAFT).order_by("-number").first()


def metric_columns(metrics: list[str]) -> list[dict[str, str]]:
    """The standings columns in tie-break order, each with its translated words."""
    return [{"key": m, "label": metric_label(m), "abbr": metric_abbr(m), "help": metric_help(m)} for m in metrics]


def standings_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The overall standings; static/js/standings.js redraws the rows from live.json in place."""
    tournament = tournament_for_viewer(request, slug)
    page = versioned(tournament, "standings-page", lambda: _standings_page_parts(tournament), per_language=True)
    return render(
        request,
        "tournaments/standings.html",
        {
            "tournament": tournament,
            "columns": metric_columns(page["metrics"]),
            "rows_html": mark_safe(page["rows_html"]),
            "round_numbers": range(1, tournament.rounds + 1),
            "pairs": ranks_pairs(tournament),
            "lot": page["lot"],
        },
    )


def _standings_page_parts(tournament: Tournament) -> dict[str, Any]:
    """The standings page's long list, rendered once per change and language (the rows are most of
    the page's work at a large event); the rest of the page is rendered per request."""
    live = standings_payload(tournament)
    for row in live["standings"]:
        # One cell per column, as static/js/standings.js draws them: (text, running game points?).
        row["cells"] = [
            *zip(row["per_round"], row["running"], strict=True),
            *((row["text"][m], m == "game_points" and row["playing"]) for m in live["metrics"]),
        ]
    rows_html = render_to_string(
        "tournaments/_standings_rows.html", {"rows": live["standings"], "columns": live["metrics"]}
    )
    return {
        "metrics": live["metrics"],
        "rows_html": str(rows_html),
        "lot": live["lot"] if "lot" in live["metrics"] else None,
    }


def _tables_state(tournament: Tournament, rnd: Round) -> list[dict[str, Any]]:
    totals = {t.table_id: t for t in table_totals(tournament, [rnd.number])}
    tables = (
        Table.objects.filter(round=rnd)
        .annotate(seat_count=Count("seats"))
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("entry__player").order_by("position")))
    )
    out = []
    for t in tables:
        tt = totals[t.pk]  # table_totals has a row for every table of the round, with or without hands
        by_pos = tt.by_position
        # taruk2012.md §6.1: ranking points once the table is complete; before, the totals are running.
        ranking = _ranking(tournament.variant, by_pos) if tt.complete and tt.hands else {}
        out.append(
            {
                "number": t.number,
                "hands": tt.hands,
                "expected": tt.progress.expected,
                "complete": tt.complete,
                "confirmed": t.confirmed_at is not None,
                "provisional": not tt.complete,
                "seats": [
                    {
                        "position": s.position,
                        "name": s.entry.player.name,
                        "total": by_pos.get(s.position, 0),
                        "ranking_points": metric_text(ranking[s.position]) if s.position in ranking else None,
                    }
                    for s in t.seats.all()
                ],
            }
        )
    return out


def _ranking(variant: str, totals: dict[str, int]) -> dict[str, float]:
    return {p: float(v) for p, v in table_points(variant, totals).items()}


def standings_payload(tournament: Tournament) -> dict[str, Any]:
    """The standings as the live pages show them: plain values, no words (the cached JSON serves
    every language; the pages translate the column heads)."""
    metrics, rows = event_standings(tournament)
    return {
        "metrics": metrics,
        "lot": {"seed": lot_seed(tournament), "used": any(r.line.metrics.get("lot") for r in rows)},
        "standings": [
            {
                "rank": r.rank,
                "start_number": r.start_number,
                "name": r.name,
                "club": r.club,
                "provisional": r.line.provisional,
                "playing": r.line.playing,
                "per_round": r.per_round,
                "running": r.running,
                **{m: r.line.metrics.get(m) for m in metrics},
                "text": {m: metric_text(r.line.metrics.get(m)) for m in metrics},
            }
            for r in rows
        ],
    }


def _live_data(tournament: Tournament) -> tuple[Round | None, dict[str, Any]]:
    """The current round and everything of the live payload but the clock (which moves with time)."""
    rnd = current_round(tournament)
    return rnd, {**standings_payload(tournament), "tables": _tables_state(tournament, rnd) if rnd else []}


def live_payload(tournament: Tournament) -> dict[str, Any]:
    rnd, data = versioned(tournament, "live-data", lambda: _live_data(tournament))
    return {"event": tournament.name, "round": clock_payload(rnd) if rnd else None, **data}


def _live_json_parts(tournament: Tournament) -> tuple[Round | None, bytes]:
    rnd, data = _live_data(tournament)
    return rnd, json.dumps(data, cls=DjangoJSONEncoder).encode()


def live_json(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for_viewer(request, slug)
    # The encoded JSON is cached, not the dict, so a hit costs no serialisation; the event's name and
    # the clock are encoded per request and joined in front of it (same keys, same order as before).
    rnd, rest = versioned(tournament, "live-json", lambda: _live_json_parts(tournament))
    head = json.dumps(
        {"event": tournament.name, "round": clock_payload(rnd) if rnd else None}, cls=DjangoJSONEncoder
    ).encode()
    body = head[:-1] + b", " + rest[1:]
    response = HttpResponse(body, content_type="application/json")
    response["Cache-Control"] = f"public, max-age={settings.PUBLIC_CACHE_SECONDS}"
    return response


HALL_PAGE_SECONDS = 8  # how long a projector shows each page of a long list (``?turn=`` overrides, 2-60)


def hall(request: HttpRequest, slug: str) -> HttpResponse:
    """Projector page: clock, seating and table progress, standings; refreshed by polling live.json."""
    tournament = tournament_for_viewer(request, slug)
    live = live_payload(tournament)
    first = live["metrics"][0] if live["metrics"] else ""
    # Every row: the page turns through what does not fit (static/js/hall.js).
    standings = [{**r, "value": metric_text(r.get(first))} for r in live["standings"]]
    try:
        page_seconds = min(max(int(request.GET.get("turn", HALL_PAGE_SECONDS)), 2), 60)
    except ValueError:
        page_seconds = HALL_PAGE_SECONDS
    return render(
        request,
        "tournaments/hall.html",
        {
            "tournament": tournament,
            "live": live,
            "standings": standings,
            "page_seconds": page_seconds,
            "metric_label": metric_label(first),
            "pairs": ranks_pairs(tournament),
        },
    )
