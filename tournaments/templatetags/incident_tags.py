"""The judge's desk on the table page: the two-tap "Incident" button for the referee, and for the
judge the sanctions the table's players already have (MAUSZ 11.§). One include line in the table
template: ``{% load incident_tags %}{% incident_bar %}``."""

from __future__ import annotations

from typing import Any

from django import template

from tournaments import access
from tournaments.incidents import services as incidents
from tournaments.models import Incident

register = template.Library()


@register.inclusion_tag("incidents/_table_bar.html", takes_context=True)
def incident_bar(context: dict[str, Any]) -> dict[str, Any]:
    request, tournament, table = context["request"], context["tournament"], context["table"]
    user = request.user
    is_judge = access.is_judge(user, tournament)
    out: dict[str, Any] = {
        "tournament": tournament,
        "table": table,
        "is_judge": is_judge,
        "can_open": is_judge or (user.is_authenticated and access.can_open_incident(user, tournament, table.number)),
    }
    if not (is_judge or out["can_open"]):
        return out
    out["open_here"] = table.incidents.filter(status__in=[Incident.Status.OPEN, Incident.Status.PROTESTED]).count()
    if is_judge:
        seats = list(context["seats"])
        given = incidents.sanctions_by_entry(tournament, [s.entry_id for s in seats])
        out["sanctioned"] = [
            {"position": s.position, "entry": s.entry, "sanctions": given[s.entry_id]}
            for s in seats
            if s.entry_id in given
        ]
    return out
