"""Pages for players (public when the event is public): their own page, "where do I sit",
the seating list of a round sorted by name (a print view)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from tournaments import access, lookups
from tournaments.events.staff_forms import LookupForm
from tournaments.lookups import tournament_for_viewer
from tournaments.models import Entry
from tournaments.rounds import whereabouts


def player_page(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """A player's own page: where he sits now, his results per round, his standing. No PIN here."""
    tournament = tournament_for_viewer(request, slug)
    entry = get_object_or_404(Entry.objects.select_related("player"), tournament=tournament, start_number=number)
    return render(
        request,
        "tournaments/player.html",
        {
            "tournament": tournament,
            "p": whereabouts.player_data(tournament, entry),
            "lookup_form": LookupForm(),
            "is_organizer": access.is_organizer(request.user, tournament),
            "person_url": reverse("person", args=[entry.player_id]),  # his other events (season.md §1.4)
        },
    )


def seat_lookup(request: HttpRequest, slug: str) -> HttpResponse:
    """ "Where do I sit": a name (or part of it) or a start number; the answer names the table and seat."""
    tournament = tournament_for_viewer(request, slug)
    form = LookupForm(request.GET or None)
    results = None
    if form.is_valid() and form.cleaned_data["q"].strip():
        results = whereabouts.lookup(tournament, form.cleaned_data["q"])
        for r in results:
            r["no_seat"] = "" if r["seat"] and r["seat"]["table_url"] else whereabouts.no_seat_text(r["seat"])
    return render(
        request,
        "tournaments/seat_lookup.html",
        {
            "tournament": tournament,
            "lookup_form": form,
            "results": results,
            "round": whereabouts.current_round(tournament),
            "limit": whereabouts.LOOKUP_LIMIT,
        },
    )


def seating_print(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The round's seating sorted by name, for the wall at the door (print view)."""
    tournament = tournament_for_viewer(request, slug)
    rnd = lookups.round_of(request.user, tournament, number)
    with translation.override(tournament.language):
        html = render_to_string(
            "tournaments/seating_print.html",
            {
                "tournament": tournament,
                "round": rnd,
                "rows": whereabouts.seating_list(tournament, rnd),
                "pdf": False,
                "generated_at": timezone.now(),
                "back_url": reverse("round", args=[slug, number]),
            },
            request=request,
        )
    return HttpResponse(html)
