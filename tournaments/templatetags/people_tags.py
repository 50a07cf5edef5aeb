"""``{% person user tournament %}``: someone who acted in the event, named as the page's reader may
read him (``access.PeopleNames``: the user name for the event's staff, else the full name or the role)."""

from __future__ import annotations

from typing import Any

from django import template

from tournaments.access import PeopleNames

register = template.Library()


@register.simple_tag(takes_context=True)
def person(context: dict[str, Any], user: Any, tournament: Any) -> str | None:
    request = context.get("request")
    return PeopleNames(getattr(request, "user", None), tournament)(user)
