"""A series' data version: what its public pages are kept under (``tournaments.public.cache``).

The ladder changes when the series changes (its settings, members, weights, the final's fill: each
an audit entry naming the series) or when any member event's standing changes (an audit entry
naming the event, ``tournaments.public.live``). Audit entries' ids only grow, so the latest entry among the
series' own and its member events' is a version that moves with every one of those changes; it is
written as an event's is (``live.version_of``: the id and the microsecond), so a restored database
never meets a copy made for the history it rolled back. One fixed statement, an indexed lookup per
member event (``audit_latest_per_event``) and one for the series (``audit_latest_per_series``).
"""

from __future__ import annotations

from django.db import connection

from tournaments.models import AuditEntry
from tournaments.public.live import NO_VERSION, DataVersion, version_of
from tournaments.seasons.models import Series, SeriesEvent


def _statement() -> str:
    q = connection.ops.quote_name
    audit = q(AuditEntry._meta.db_table)
    members = q(SeriesEvent._meta.db_table)
    series_col = q(AuditEntry._meta.get_field("series").column)
    event_col = q(AuditEntry._meta.get_field("tournament").column)
    member_series = q(SeriesEvent._meta.get_field("series").column)
    member_event = q(SeriesEvent._meta.get_field("tournament").column)
    return (
        f"SELECT id, created_at FROM {audit} WHERE id = (SELECT MAX(latest) FROM ("
        f"SELECT (SELECT id FROM {audit} WHERE {series_col} = %s ORDER BY id DESC LIMIT 1) AS latest "
        f"UNION ALL SELECT (SELECT a.id FROM {audit} a WHERE a.{event_col} = m.{member_event} "
        f"ORDER BY a.id DESC LIMIT 1) FROM {members} m WHERE m.{member_series} = %s) AS versions)"
    )


def series_version_of(series_id: int) -> DataVersion:
    """The data version of the series ``series_id``: its latest audit entry or its member events'."""
    with connection.cursor() as cursor:
        cursor.execute(_statement(), [series_id, series_id])
        row = cursor.fetchone()
    return version_of(*row) if row else NO_VERSION


def series_version_key(series: Series, version: DataVersion | None = None) -> str:
    """The series and its data version as cache keys and ETags carry them (the creation time guards a
    database rebuilt with the same ids, as ``live.version_key`` does for an event)."""
    if version is None:
        version = series_version_of(series.pk)
    return f"series{series.pk}:{series.created_at.timestamp():.0f}:{version}"
