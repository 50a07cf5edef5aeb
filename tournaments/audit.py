"""Appending to the audit log: the one way every action records itself.

Every entry places itself: the event, round, table and hand (number and stable id) are read
from the target when the entry is written, so call sites pass only the target and the log
alone can be replayed (``manage.py audit_replay``).
"""

from __future__ import annotations

from typing import Any

from django.db import models

from .models import AuditEntry, Round, Table, Tournament


def _place(target: models.Model) -> dict[str, Any]:
    """The event, round, table and hand a target belongs to (whatever of these it has)."""
    place: dict[str, Any] = {}
    if isinstance(target, Tournament):
        place["tournament"] = target
        return place
    if target._meta.model_name == "hand":  # scoring.models.Hand (scoring depends on us, not the reverse)
        place["hand_number"] = target.number
        place["hand_id"] = target.pk
    table = target if isinstance(target, Table) else None
    if table is None and getattr(target, "table_id", None) is not None and hasattr(target, "table"):
        table = target.table
    rnd = target if isinstance(target, Round) else None
    if table is not None:
        place["table_number"] = table.number
        rnd = table.round
    elif rnd is None and getattr(target, "round_id", None) is not None and hasattr(target, "round"):
        rnd = target.round
    if rnd is not None:
        place["round_number"] = rnd.number
        place["tournament"] = rnd.tournament
    elif getattr(target, "tournament_id", None) is not None:
        place["tournament"] = target.tournament
    return place


def log(
    actor: Any,
    action: str,
    target: models.Model,
    *,
    tournament: Tournament | None,
    before: Any = None,
    after: Any = None,
    reason: str = "",
) -> AuditEntry:
    """Append one entry. Call inside the action's transaction so both land or neither."""
    place = _place(target)
    event = place.pop("tournament", None)
    event = tournament if tournament is not None else event
    return AuditEntry.objects.create(
        tournament=event,
        actor=actor if getattr(actor, "is_authenticated", False) else None,
        action=action,
        target_type=target._meta.model_name,
        target_id=str(target.pk),
        before=before,
        after=after,
        reason=reason,
        **place,
    )
