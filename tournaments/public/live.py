"""What the public pages show, computed once per change of the event, not per request.

Every value here is cached under a key that carries the event's data version, its latest audit entry
(the id and the microsecond it was written, see ``version_of``): every change that moves what these
pages show (a hand entered, corrected or deleted, a confirmation, a round drawn, started or closed, a
re-seat, an option changed) is audited in its own transaction, so the new entry commits with the
change, the next request computes afresh and every later one is served from the cache. An INSERT
locks no existing row, so writers of one event never queue on a counter (nor deadlock on one). Only
the clock, which moves with time, is worked out per request (from the cached round).

The standings are computed once per version and shared: the live payload (one payload, one cache
entry, served by the pages' ``live.json`` and the API's ``live``), the standings page's rows, the
hall's lists and the API standings are all made from it.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from django.core.cache import cache
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection
from django.db.models import OuterRef, Prefetch, Subquery
from django.utils.dateparse import parse_datetime
from django.utils.translation import get_language

from tournaments.models import AuditEntry, Round, Seat, Table, Tournament
from tournaments.results.load import StandingRow, event_standings, lot_seed, metric_text, table_totals
from tournaments.results.standings import table_points
from tournaments.rounds.clock import clock_payload
from tournaments.rounds.whereabouts import current_round

logger = logging.getLogger(__name__)
T = TypeVar("T")

VERSIONED_SECONDS = 24 * 3600  # only an eviction bound: a change makes a new key, not an expiry


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


# The data version is the event's latest audit entry: its id and the time it was written, to the
# microsecond. The id alone repeats after a database is restored from a backup (the sequences come
# back with the rows), while a cache that outlived the restore still holds pages made for the
# history that was rolled back; the first entry written after the restore has the same id as the
# rolled-back one but a later time. Both are read from the one index row of the event's latest
# entry (``audit_latest_per_event``) and its table row: no second lookup, no counter to write. A
# per-database token written at migrate time would not do: the backup carries it along.
DataVersion = str
NO_VERSION: DataVersion = "0"
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def version_of(entry_id: int | None, written: datetime | str | None) -> DataVersion:
    """The data version of an event whose latest audit entry is ``entry_id``, written at ``written``."""
    if not entry_id or written is None:
        return NO_VERSION
    if isinstance(written, str):  # SQLite's raw cursor may answer the stored text
        written = parse_datetime(written)
    if written.tzinfo is None:  # stored in UTC (USE_TZ)
        written = written.replace(tzinfo=UTC)
    return f"{entry_id}.{(written - _EPOCH) // timedelta(microseconds=1)}"


def data_version(tournament: Tournament) -> DataVersion:
    """The event's latest audit entry as its data version (one indexed lookup); "0" before any."""
    return data_version_of(tournament.pk)


def data_version_of(tournament_id: int) -> DataVersion:
    """``data_version`` by the event's id. Every public request asks this, so it is one fixed
    statement, not built by the ORM each time."""
    table = connection.ops.quote_name(AuditEntry._meta.db_table)
    column = connection.ops.quote_name(AuditEntry._meta.get_field("tournament").column)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT id, created_at FROM {table} WHERE {column} = %s ORDER BY id DESC LIMIT 1", [tournament_id]
        )
        row = cursor.fetchone()
    return version_of(*row) if row else NO_VERSION


def data_version_annotations() -> dict[str, Subquery]:
    """``data_version``'s two values as annotations of a Tournament queryset (``OuterRef("pk")``), so
    that the event row and its version are read in one statement (``lookups.tournament_and_version``);
    ``version_of(event.latest_entry_id, event.latest_entry_at)`` is then its version."""
    latest = AuditEntry.objects.filter(tournament=OuterRef("pk")).order_by("-id")
    return {
        "latest_entry_id": Subquery(latest.values("id")[:1]),
        "latest_entry_at": Subquery(latest.values("created_at")[:1]),
    }


def version_key(tournament: Tournament, version: DataVersion | None = None) -> str:
    """The event and its data version, as the cache keys and the pages' ETags carry them. The event's
    creation time is part of it, so a database rebuilt with the same ids does not meet an old entry
    in a shared cache."""
    if version is None:
        version = data_version(tournament)
    return f"{tournament.pk}:{tournament.created_at.timestamp():.0f}:{version}"


def versioned(
    tournament: Tournament,
    name: str,
    compute: Callable[[], T],
    *,
    per_language: bool = False,
    version: DataVersion | None = None,
) -> T:
    """``compute()`` once per change of the event (its data version), through ``cached``;
    ``per_language`` for values that hold translated words; ``version`` when the caller has read it."""
    key = f"{name}:{version_key(tournament, version)}"
    if per_language:
        key += f":{get_language()}"
    return cached(key, compute, VERSIONED_SECONDS)


# --- the standings, once per version ----------------------------------------------------------


def standings(tournament: Tournament, version: DataVersion | None = None) -> tuple[list[str], list[StandingRow]]:
    """``results.event_standings`` once per change: every public page and the API derive from it."""
    return versioned(tournament, "standings", lambda: event_standings(tournament), version=version)


def standings_payload(tournament: Tournament, version: DataVersion | None = None) -> dict[str, Any]:
    """The standings as the live pages show them: plain values, no words (the cached JSON serves
    every language; the pages translate the column heads)."""
    metrics, rows = standings(tournament, version)
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
                "excluded": r.excluded,
                "playing": r.line.playing,
                "per_round": r.per_round,
                "running": r.running,
                **{m: r.line.metrics.get(m) for m in metrics},
                "text": {m: metric_text(r.line.metrics.get(m)) for m in metrics},
            }
            for r in rows
        ],
    }


# --- the live payload: one function, one cache entry -----------------------------------------------


def tables_state(tournament: Tournament, rnd: Round) -> list[dict[str, Any]]:
    """Each table of ``rnd``: hands played of expected, complete, confirmed, and each seat's name,
    running total and (once the table is complete) ranking points."""
    totals = {t.table_id: t for t in table_totals(tournament, [rnd.number])}
    tables = Table.objects.filter(round=rnd).prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("entry__player").order_by("position"))
    )
    out = []
    for t in tables:
        tt = totals[t.pk]  # table_totals has a row for every table of the round, with or without hands
        by_pos = tt.by_position
        # taruk2012.md §6.1: ranking points once the table is complete; before, the totals are running.
        ranking = _ranking(tournament, by_pos) if tt.complete and tt.hands else {}
        out.append(
            {
                "number": t.number,
                "hands": tt.hands,
                "expected": tt.expected,
                "time_up_after": tt.time_up_after,  # taruk2012.md §7.2, as the referee recorded it
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


def _ranking(tournament: Tournament, totals: dict[str, int]) -> dict[str, float]:
    """A complete table's ranking points under the event's table ties; {} for a size the ladder does not know."""
    points = table_points(tournament.variant, totals, tournament.event_settings)
    return {p: float(v) for p, v in points.items()}


@dataclass(frozen=True)
class LiveData:
    """The live payload but its head: the current round (for the clock) and the JSON of the metrics,
    the lot, the standings and the current round's tables, encoded once."""

    round: Round | None
    body: bytes  # a JSON object: {"metrics": ..., "lot": ..., "standings": ..., "tables": ...}


def _encode(value: Any) -> bytes:
    return json.dumps(value, cls=DjangoJSONEncoder, ensure_ascii=False, separators=(",", ":")).encode()


def live_data(tournament: Tournament, version: DataVersion | None = None) -> LiveData:
    """The one cached live payload of the event (per change, not per request)."""

    def compute() -> LiveData:
        rnd = current_round(tournament)
        data = {**standings_payload(tournament, version), "tables": tables_state(tournament, rnd) if rnd else []}
        return LiveData(rnd, _encode(data))

    return versioned(tournament, "live", compute, version=version)


def live_json(tournament: Tournament, version: DataVersion | None = None) -> bytes:
    """The live payload as JSON: the event's name and the round's clock (per request: it moves with
    time) joined in front of the cached rest; what the hall and the standings page poll."""
    data = live_data(tournament, version)
    head = _encode({"event": tournament.name, "round": clock_payload(data.round) if data.round else None})
    return head[:-1] + b"," + data.body[1:]


def live_payload(tournament: Tournament, version: DataVersion | None = None) -> dict[str, Any]:
    """The live payload as a dict (the hall's first paint): what ``live_json`` encodes."""
    return json.loads(live_json(tournament, version))
