"""Standings and live pages: overall standings, hall mode for a projector, and the
small JSON endpoint they poll (cached for a few seconds, STYLE.md §10)."""

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

from ..models import Round, Seat, Table, Tournament
from ..progress import expected_hands, is_complete
from ..results import METRIC_LABELS, PAIR_VARIANTS, event_standings, metric_text, table_totals
from .helpers import tournament_for_viewer
from .rounds import clock_payload

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


def current_round(tournament: Tournament) -> Round | None:
    """The latest published round (draft draws are not shown on live pages)."""
    return tournament.round_set.exclude(status=Round.Status.DRAFT).order_by("-number").first()


def standings_page(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for_viewer(request, slug)
    metrics, rows = event_standings(tournament)
    return render(request, "tournaments/standings.html", {
        "tournament": tournament, "metrics": metrics, "rows": rows,
        "round_numbers": range(1, tournament.rounds + 1), "pairs": tournament.variant in PAIR_VARIANTS,
    })


def _tables_state(tournament: Tournament, rnd: Round) -> list[dict[str, Any]]:
    totals = {t.table_id: t for t in table_totals(tournament, [rnd.number])}
    tables = (Table.objects.filter(round=rnd).annotate(seat_count=Count("seats"))
              .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("entry__player")
                                         .order_by("position"))))
    out = []
    for t in tables:
        tt = totals.get(t.pk)
        hands = tt.hands if tt else 0
        expected = expected_hands(tournament.variant, t.seat_count, tournament.hands_per_round,
                                  tournament.table_size)
        out.append({
            "number": t.number, "hands": hands, "expected": expected,
            "complete": is_complete(hands, expected, t.time_expired), "confirmed": t.confirmed_at is not None,
            "seats": [{"position": s.position, "name": s.entry.player.name,
                       "total": tt.by_position.get(s.position, 0) if tt else 0} for s in t.seats.all()],
        })
    return out


def live_payload(tournament: Tournament) -> dict[str, Any]:
    rnd = current_round(tournament)
    metrics, rows = event_standings(tournament)
    return {
        "event": tournament.name,
        "round": clock_payload(rnd) if rnd else None,
        "metrics": metrics,
        "standings": [
            {"rank": r.rank, "start_number": r.start_number, "name": r.name, "club": r.club,
             "provisional": r.line.provisional, "per_round": r.per_round,
             **{m: r.line.metrics.get(m) for m in metrics if m != "lot"}}
            for r in rows
        ],
        "tables": _tables_state(tournament, rnd) if rnd else [],
    }


def live_json(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for_viewer(request, slug)
    # Cache the encoded JSON, not the dict: a warm hit then costs no serialisation. The timeout is
    # read at request time, so an override in settings or tests takes effect.
    body = cached(f"live:{tournament.pk}",
                  lambda: json.dumps(live_payload(tournament), cls=DjangoJSONEncoder).encode(),
                  settings.PUBLIC_CACHE_SECONDS)
    response = HttpResponse(body, content_type="application/json")
    response["Cache-Control"] = f"public, max-age={settings.PUBLIC_CACHE_SECONDS}"
    return response


HALL_ROWS = 30  # the top of the standings that a projector shows


def hall(request: HttpRequest, slug: str) -> HttpResponse:
    """Projector page: clock, seating and table progress, standings; refreshed by polling live.json."""
    tournament = tournament_for_viewer(request, slug)
    live = live_payload(tournament)
    first = live["metrics"][0] if live["metrics"] else ""
    standings = [{**r, "value": metric_text(r.get(first))} for r in live["standings"][:HALL_ROWS]]
    return render(request, "tournaments/hall.html", {
        "tournament": tournament, "live": live, "standings": standings, "rows": HALL_ROWS,
        "metric_label": METRIC_LABELS.get(first, first), "pairs": tournament.variant in PAIR_VARIANTS})
