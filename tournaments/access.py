"""Who may do what, checked on the server in one place.

Roles: organizers of an event (everything about it), its referees (enter and
correct hands, optionally limited to some tables) and the public (read the
event's published pages only). Superusers act as organizers everywhere.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

from tournaments.models import Referee, Round, Tournament


def can_create_tournament(user: Any) -> bool:
    return bool(user.is_authenticated and user.has_perm("tournaments.add_tournament"))


def organizes(user: Any, organized: Any) -> bool:
    """``user`` is a superuser or one of the organizers of ``organized`` (an event or a series)."""
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    return organized.organizers.filter(pk=user.pk).exists()


def is_organizer(user: Any, tournament: Tournament) -> bool:
    role = _role(user, tournament)
    return organizes(user, tournament) if role is None else role.organizer


def referee_tables(user: Any, tournament: Tournament) -> set[int] | None:
    """The table numbers ``user`` may write as a referee: ``None`` for every
    table, an empty set when the user is no referee of this event."""
    role = _role(user, tournament)
    tables = _referee_row(user, tournament)[0] if role is None else role.tables
    return None if tables is None else set(tables)


@dataclass(frozen=True)
class _Role:
    """What ``user`` is in one event: organizer; the tables he referees (None: all; empty: none); judge."""

    organizer: bool
    tables: frozenset[int] | None
    judge: bool


# A page asks who its viewer is in the event a dozen times (its forms, links and sections); within one
# request the answer is read once (``RolesPerRequest``). Outside a request (tasks, services called
# directly) each question reads its own row, and a change of the event's staff forgets what was read.
_ROLES: ContextVar[dict[tuple[int, int], _Role] | None] = ContextVar("event_roles", default=None)


def _role(user: Any, tournament: Tournament) -> _Role | None:
    """The viewer's role in the event as this request read it; None outside a request."""
    memo = _ROLES.get()
    if memo is None:
        return None
    key = (user.pk, tournament.pk)
    if key not in memo:
        memo[key] = _Role(organizes(user, tournament), *_referee_row(user, tournament))
    return memo[key]


def _referee_row(user: Any, tournament: Tournament) -> tuple[frozenset[int] | None, bool]:
    """(the tables ``user`` referees: None for all, empty for none; has he judge rights?)"""
    if not user.is_authenticated:
        return frozenset(), False
    row = Referee.objects.filter(tournament=tournament, user=user).values_list("table_numbers", "judge").first()
    if row is None:
        return frozenset(), False
    return (frozenset(row[0]) if row[0] else None), bool(row[1])


def forget_roles(**_: Any) -> None:
    """The event's staff changed (a signal): what this request read of it is read again."""
    memo = _ROLES.get()
    if memo:
        memo.clear()


class RolesPerRequest:
    """Middleware: the viewer's roles in an event are read once per request (``_role``)."""

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response

    def __call__(self, request: Any) -> Any:
        token = _ROLES.set({})
        try:
            return self.get_response(request)
        finally:
            _ROLES.reset(token)


def can_enter_hands(user: Any, tournament: Tournament, table_number: int) -> bool:
    if is_organizer(user, tournament):
        return True
    tables = referee_tables(user, tournament)
    return tables is None or table_number in tables


def is_staff_of(user: Any, tournament: Tournament) -> bool:
    """Organizer or referee of the event (may see unpublished pages)."""
    return is_organizer(user, tournament) or referee_tables(user, tournament) != set()


def can_view(user: Any, tournament: Tournament) -> bool:
    return tournament.is_public or is_staff_of(user, tournament)


def require_organizer(user: Any, tournament: Tournament) -> None:
    if not is_organizer(user, tournament):
        raise PermissionDenied(_("Only the organizers of this event may do that."))


def require_hand_entry(user: Any, tournament: Tournament, table_number: int) -> None:
    if not can_enter_hands(user, tournament, table_number):
        raise PermissionDenied(_("You may not enter hands at this table."))


def require_view(user: Any, tournament: Tournament) -> None:
    if not can_view(user, tournament):
        raise PermissionDenied(_("This event's pages are not public."))


def can_see_round(user: Any, tournament: Tournament, rnd: Round) -> bool:
    """A draft draw is the organizers' until it is published; a published one is for every viewer."""
    return rnd.status != Round.Status.DRAFT or is_organizer(user, tournament)


def require_published(user: Any, tournament: Tournament, rnd: Round) -> None:
    if not can_see_round(user, tournament, rnd):
        raise PermissionDenied(_("This draw is not published yet."))


# --- the judge's desk (tournaments.incidents.services) ---------------------------------------------------


def is_judge(user: Any, tournament: Tournament) -> bool:
    """The judge: an organizer of the event, or one of its referees given judge rights."""
    role = _role(user, tournament)
    if role is None:
        return organizes(user, tournament) or _referee_row(user, tournament)[1]
    return role.organizer or role.judge


def can_open_incident(user: Any, tournament: Tournament, table_number: int | None) -> bool:
    """Referees open incidents at the tables they may write (every table if not limited); one away
    from the tables needs an unlimited referee or the judge."""
    if is_judge(user, tournament):
        return True
    tables = referee_tables(user, tournament)
    return tables is None or (table_number is not None and table_number in tables)


def require_judge(user: Any, tournament: Tournament) -> None:
    if not is_judge(user, tournament):
        raise PermissionDenied(_("Only the judge (an organizer, or a referee with judge rights) may do that."))


def require_incident_opening(user: Any, tournament: Tournament, table_number: int | None) -> None:
    if not can_open_incident(user, tournament, table_number):
        raise PermissionDenied(_("You may not open an incident at this table."))


# --- how people who acted in an event are named (who entered a hand, who confirmed as the judge) ---


class PeopleNames:
    """Names of the people who acted in ``tournament``, as ``viewer`` may read them: for the event's staff
    the full name, else the user name (they know the accounts); for anyone else the full name, else his
    role in the event ("Organizer", "Referee"). A user name is half of what a password guesser needs, and
    the public needs only to know who it was (pages and API alike)."""

    def __init__(self, viewer: Any, tournament: Tournament | None) -> None:
        self.staff = bool(viewer is not None and tournament is not None and is_staff_of(viewer, tournament))
        self.tournament = tournament
        self._organizers: set[int] | None = None

    def __call__(self, user: Any) -> str | None:
        if user is None:
            return None
        full = user.get_full_name().strip()
        if full:
            return full
        if self.staff:
            return user.get_username()
        if self._organizers is None:
            self._organizers = (
                set(self.tournament.organizers.values_list("pk", flat=True)) if self.tournament else set()
            )
        return _("Organizer") if user.pk in self._organizers or user.is_superuser else _("Referee")
