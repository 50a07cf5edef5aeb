"""The organizer confirms a change of readings on an event with hands, having seen the
standings before and after (taruk2012.md §4.5)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournaments.lookups import tournament_for_organizer
from tournaments.pages.helpers import form_errors_from
from tournaments.readings.forms import ConfirmReadingsForm
from tournaments.readings.rescore import ChangeRefused, set_readings
from tournaments.readings.words import options_of


@login_required
def readings_confirm(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for_organizer(request, slug)
    posted = request.method == "POST"
    form = ConfirmReadingsForm(tournament.variant, request.POST if posted else request.GET)
    form.fields["reason"].required = posted  # the page opens from the event form with no reason yet
    change = refused = None
    try:
        if form.is_valid() and posted:
            set_readings(request.user, tournament, form.chosen(), reason=form.cleaned_data["reason"])
            messages.success(request, _("Readings changed; every hand was scored again."))
            return redirect("tournament", slug=tournament.slug)
        change = set_readings(request.user, tournament, form.chosen(), dry_run=True)
    except ValidationError as exc:
        form_errors_from(form, exc)
    except ChangeRefused as exc:
        refused = exc.broken
    options = options_of(tournament.variant)
    return render(
        request,
        "tournaments/readings_confirm.html",
        {
            "tournament": tournament,
            "form": form,
            "change": change,
            "refused": refused,
            "rows": [
                (_(o.label), o.rule, _(o.reading(change.before[o.key]).label), _(o.reading(change.after[o.key]).label))
                for o in options
                if change and change.before[o.key] != change.after[o.key]
            ],
        },
    )
