"""Appending to the audit log: the one way every action records itself.

Every entry places itself: the event, round, table and hand (number and stable id) are read
from the target when the entry is written, so call sites pass only the target and the log
alone can be replayed (``manage.py audit_replay``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments import bulk
from tournaments.models import AuditEntry, Round, Table, Tournament
from tournaments.seasons.audit_words import ACTION_LABELS as SERIES_ACTION_LABELS


def _place(target: models.Model) -> dict[str, Any]:
    """The event, round, table and hand a target belongs to (whatever of these it has)."""
    place: dict[str, Any] = {}
    if isinstance(target, Tournament):
        place["tournament"] = target
        return place
    if target._meta.model_name == "hand":  # tournaments.models.Hand
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


def log(actor: Any, action: str, target: models.Model, **fields: Any) -> AuditEntry:
    """Append one entry (``fields`` as ``entry`` takes them: ``tournament``, and ``before``, ``after``,
    ``reason``, ``series`` where they apply). Call inside the action's transaction so both land or neither."""
    written = entry(actor, action, target, **fields)
    written.save()
    return written


def entry(
    actor: Any,
    action: str,
    target: models.Model,
    *,
    tournament: Tournament | None,
    before: Any = None,
    after: Any = None,
    reason: str = "",
    series: Any = None,
) -> AuditEntry:
    """The entry ``log`` appends, not yet written (``series``: the series whose change this is,
    ``tournaments.seasons``; with ``tournament`` too when it touches an event). Many of them go in one
    ``append`` (a rule change rescoring a whole event writes ten thousand), in order, inside the action's
    transaction."""
    place = _place(target)
    event = place.pop("tournament", None)
    event = tournament if tournament is not None else event
    return AuditEntry(
        tournament=event,
        series=series,
        actor=actor if getattr(actor, "is_authenticated", False) else None,
        action=action,
        target_type=target._meta.model_name,
        target_id=str(target.pk),
        before=before,
        after=after,
        reason=reason,
        **place,
    )


def append(entries: Sequence[AuditEntry]) -> None:
    """Write ``entries`` (``entry``'s), in order, in one prepared statement: the entries of an action that
    changes many things at once, inside its transaction, all with its time. Their ids are not read back."""
    now = timezone.now()
    for written in entries:
        written.created_at = now
    bulk.insert(AuditEntry, entries)


# The audit page names each action in words; the key stays in the log, its exports and the API.
ACTION_LABELS = {
    "document.requested": _("document requested"),
    "entry.created": _("player registered"),
    "entry.excluded": _("player excluded"),
    "entry.late_added": _("late player added"),
    "entry.pin_changed": _("new PIN issued"),
    "entry.updated": _("player edited"),
    "entry.withdrawn": _("player withdrawn"),
    "entry.active": _("player reinstated"),
    "hand.corrected": _("hand corrected"),
    "hand.deleted": _("hand deleted"),
    "hand.entered": _("hand entered"),
    "hand.renumbered": _("hand renumbered"),
    "hand.rescored": _("hand rescored"),
    "incident.decided": _("protest decided by the jury"),
    "incident.opened": _("incident opened"),
    "incident.protested": _("ruling protested"),
    "incident.ruled": _("incident ruled"),
    "organizer.added": _("organizer added"),
    "player.federation_id_cleared": _("federation id cleared (one player per id)"),
    "player.merged": _("players merged"),
    "referee.account_created": _("referee account created"),
    "referee.judge_set": _("judge rights set"),
    "referee.removed": _("referee removed"),
    "referee.set": _("referee set"),
    "round.clock_paused": _("round clock paused"),
    "round.clock_started": _("round clock started"),
    "round.closed": _("round closed"),
    "round.drawn": _("round drawn"),
    "round.published": _("draw published"),
    "round.redrawn": _("round drawn again"),
    "round.adjusted": _("draft draw changed by hand"),
    "round.reopened": _("round reopened"),
    "sanction.given": _("sanction given"),
    "sanction.lifted": _("sanction lifted"),
    "table.confirmed": _("table confirmed"),
    "table.confirmed_by_judge": _("table confirmed by seat A and the judge"),
    "table.confirmed_by_player": _("player confirmed with PIN"),
    "table.reopened": _("table reopened"),
    "table.time_expired": _("table ended by the time limit"),
    "table.time_up": _("where time was up recorded"),
    "tournament.created": _("event created"),
    "tournament.point_table_changed": _("point table changed"),
    "tournament.updated": _("event edited"),
    **SERIES_ACTION_LABELS,  # a series' changes (tournaments.seasons)
}
