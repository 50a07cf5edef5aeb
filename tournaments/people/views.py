"""A person's page across events (season.md §1.4, public for what is public) and the merge of two
records of one person (§1.3, organizers of every event involved)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from tournaments.models import Player
from tournaments.pages.helpers import form_errors_from
from tournaments.people import registry
from tournaments.people.forms import MergeForm
from tournaments.people.history import person_page


def person(request: HttpRequest, pk: int) -> HttpResponse:
    """His events (those the viewer may see), places, main figures and series."""
    player = get_object_or_404(Player, pk=pk)
    return render(
        request,
        "people/player.html",
        {
            "p": person_page(request.user, player),
            "can_merge": registry.may_merge(request.user, registry.events_of(player)),
        },
    )


def _mergeable(request: HttpRequest, pk: int) -> Player:
    """The record kept, for an organizer of each of its events (the merge checks the other's too)."""
    player = get_object_or_404(Player, pk=pk)
    if not registry.may_merge(request.user, registry.events_of(player)):
        raise PermissionDenied(_("Only an organizer of every event of both players (or a superuser) may merge them."))
    return player


@login_required
def person_merge(request: HttpRequest, pk: int) -> HttpResponse:
    """Another record of the same person merged into this one: his entries move here (audited)."""
    keep = _mergeable(request, pk)
    # A record chosen from the list of the same name comes as ?other=<number>: the form starts with it.
    form = MergeForm(request.POST or None, initial={"other": request.GET.get("other", "")})
    if request.method == "POST" and form.is_valid():
        other = Player.objects.filter(pk=form.cleaned_data["other"]).first()
        if other is None:
            form.add_error("other", _("No player has this number."))
        else:
            try:
                registry.merge_players(request.user, keep, other, form.cleaned_data["reason"])
            except ValidationError as exc:
                form_errors_from(form, exc)
            except PermissionDenied as exc:  # the other record is in an event he does not organize
                form.add_error("other", str(exc))
            else:
                messages.success(
                    request,
                    _("%(other)s (player %(n)d) merged into %(name)s.")
                    % {"other": other.name, "n": form.cleaned_data["other"], "name": keep.name},
                )
                return redirect("person", pk=keep.pk)
    look_alikes = registry.look_alikes(keep)
    return render(
        request,
        "people/merge.html",
        {
            "keep": registry.describe([keep], request.user)[keep.pk],
            "look_alikes": list(registry.describe(look_alikes, request.user).values()),
            "form": form,
        },
    )
