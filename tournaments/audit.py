"""Appending to the audit log: the one way every action records itself."""

from __future__ import annotations

from typing import Any

from django.db import models

from .models import AuditEntry, Tournament


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
    return AuditEntry.objects.create(
        tournament=tournament,
        actor=actor if getattr(actor, "is_authenticated", False) else None,
        action=action,
        target_type=target._meta.model_name,
        target_id=str(target.pk),
        before=before,
        after=after,
        reason=reason,
    )
