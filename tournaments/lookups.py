"""The lookups the pages and the API share: an event by its slug for a role, the events a user
may see, a round or a table of an event by its numbers (a draft draw for the organizers only).

One function each, so that a page and its API twin cannot answer differently (404 for what does
not exist, 403 for what the user may not see).
"""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, Q, QuerySet
from django.shortcuts import get_object_or_404

from tournaments import access
from tournaments.models import Round, Seat, Table, Tournament
from tournaments.public.live import DataVersion, data_version_annotations, version_of


def tournament_for_viewer(request: Any, slug: str) -> Tournament:
    """The event, if ``request.user`` may read its pages (public, or its staff)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    access.require_view(request.user, tournament)
    return tournament


def tournament_and_version(request: Any, slug: str) -> tuple[Tournament, DataVersion]:
    """``tournament_for_viewer`` and the event's data version (``tournaments.public.live.data_version``) read in
    the same statement: a page computed from them and kept under that version
    (``tournaments.public.cache``) never shows an event row older than its version says."""
    events = Tournament.objects.annotate(**data_version_annotations())
    tournament = get_object_or_404(events, slug=slug)
    access.require_view(request.user, tournament)
    return tournament, version_of(tournament.latest_entry_id, tournament.latest_entry_at)


def tournament_for_organizer(request: Any, slug: str) -> Tournament:
    tournament = get_object_or_404(Tournament, slug=slug)
    access.require_organizer(request.user, tournament)
    return tournament


def visible_events(user: Any) -> QuerySet[Tournament]:
    """The events ``user`` may see, newest first: public ones, and those he organizes or referees
    (every event for a superuser). The home page and the API's event list."""
    visible = Q(is_public=True)
    if user.is_authenticated:
        if user.is_superuser:
            visible = Q()
        else:
            visible |= Q(organizers=user) | Q(referees__user=user)
    return Tournament.objects.filter(visible).distinct().order_by("-created_at")


def visible_rounds(user: Any, tournament: Tournament) -> QuerySet[Round]:
    """The event's rounds ``user`` may see: draft draws only for the organizers."""
    rnds = Round.objects.filter(tournament=tournament)
    if not access.is_organizer(user, tournament):
        rnds = rnds.exclude(status=Round.Status.DRAFT)
    return rnds


def round_of(user: Any, tournament: Tournament, number: int) -> Round:
    """Round ``number`` of the event: 404 when there is none, 403 for a draft draw unless organizer."""
    rnd = get_object_or_404(Round, tournament=tournament, number=number)
    access.require_published(user, tournament, rnd)
    return rnd


def table_of(user: Any, tournament: Tournament, number: int, table_no: int) -> Table:
    """Table ``table_no`` of round ``number``, with its seats and players in position order and the
    judge's countersignature (``table_view`` reads them): 404 when there is none, 403 while the
    round's draw is a draft (unless organizer)."""
    table = get_object_or_404(
        Table.objects.select_related("round__tournament", "judge_confirmation__judge").prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("entry__player").order_by("position"))
        ),
        round__tournament=tournament,
        round__number=number,
        number=table_no,
    )
    access.require_published(user, tournament, table.round)
    return table


def table_for_viewer(request: Any, slug: str, number: int, table_no: int) -> tuple[Tournament, Table]:
    """The event and one of its tables, for whoever may read them (the table page and the API)."""
    tournament = tournament_for_viewer(request, slug)
    return tournament, table_of(request.user, tournament, number, table_no)
