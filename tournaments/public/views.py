"""Pages anyone may read when the event is public (and its staff always)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments import access, lookups
from tournaments.events.staff_forms import LookupForm
from tournaments.lookups import tournament_and_version
from tournaments.models import Tournament
from tournaments.public.cache import share
from tournaments.rounds import whereabouts
from tournaments.seasons.access import visible_series


def home(request: HttpRequest) -> HttpResponse:
    tournaments = lookups.visible_events(request.user)
    return render(
        request,
        "tournaments/home.html",
        {
            "tournaments": tournaments,
            "can_create": access.can_create_tournament(request.user),
            "series": visible_series(request.user),
        },
    )


def tournament_detail(request: HttpRequest, slug: str) -> HttpResponse:
    tournament, version = tournament_and_version(request, slug)
    response = render(
        request,
        "tournaments/detail.html",
        {
            "tournament": tournament,
            "rounds": tournament.round_set.all(),
            "is_organizer": access.is_organizer(request.user, tournament),
            "entry_count": tournament.entries.filter(status="active").count(),
            **_current_round_facts(tournament),
        },
    )
    return share(response, tournament, version)


def _current_round_facts(tournament: Tournament) -> dict:
    """The real table sizes of the current round ("4 tables of 4, 2 tables of 5") and the seat lookup."""
    rnd = whereabouts.current_round(tournament)
    sizes = whereabouts.table_sizes_text(whereabouts.table_sizes(rnd), rnd.byes.count()) if rnd else ""
    return {"current_round": rnd, "table_sizes": sizes, "lookup_form": LookupForm()}
