"""Organizer pages for the player list: add, import with preview, withdraw."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import services
from ..forms import ImportForm, PlayerForm
from ..importing import ImportResult, PlayerRow, parse_players
from ..models import Entry
from .helpers import form_errors_from, tournament_for_organizer

SESSION_KEY = "player-import:{}"


@login_required
def players(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for_organizer(request, slug)
    form = PlayerForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            entry = services.register_player(request.user, tournament, **form.cleaned_data)
        except ValidationError as exc:
            form_errors_from(form, exc)
        else:
            messages.success(request, _("%(name)s entered as number %(n)d.")
                             % {"name": entry.player.name, "n": entry.start_number})
            return redirect("players", slug=slug)
    return render(request, "tournaments/players.html", {
        "tournament": tournament,
        "entries": tournament.entries.select_related("player"),
        "form": form,
        "import_form": ImportForm(),
    })


@login_required
def players_import(request: HttpRequest, slug: str) -> HttpResponse:
    """Upload → preview with a per-row error report → confirm. Nothing is saved before the confirm."""
    tournament = tournament_for_organizer(request, slug)
    key = SESSION_KEY.format(tournament.pk)
    if request.method == "POST" and "confirm" in request.POST:
        rows = request.session.get(key)
        if not rows:
            messages.error(request, _("Nothing to import; upload the file again."))
            return redirect("players", slug=slug)
        try:
            entries = services.import_players(request.user, tournament, rows)
        except ValidationError as exc:
            # The preview stays (in the session and on the page): the organizer sees why and may retry.
            messages.error(request, " ".join(exc.messages))
            preview = ImportResult([PlayerRow(line=i, **row) for i, row in enumerate(rows, start=2)], [])
            return render(request, "tournaments/players_import.html", {
                "tournament": tournament, "form": ImportForm(), "result": preview,
            })
        request.session.pop(key, None)
        messages.success(request, _("%(n)d players entered.") % {"n": len(entries)})
        return redirect("players", slug=slug)
    form = ImportForm(request.POST or None, request.FILES or None)
    result = None
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        existing = set(tournament.entries.exclude(player__federation_id="")
                       .values_list("player__federation_id", flat=True))
        result = parse_players(upload.read(), upload.name, existing)
        if result.ok:
            request.session[key] = [
                {k: v for k, v in r.as_dict().items() if k not in ("line", "errors")} for r in result.rows
            ]
        else:
            request.session.pop(key, None)
    return render(request, "tournaments/players_import.html", {
        "tournament": tournament, "form": form, "result": result,
    })


@login_required
@require_POST
def entry_status(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = tournament_for_organizer(request, slug)
    entry = get_object_or_404(Entry, tournament=tournament, start_number=number)
    status = request.POST.get("status", "")
    try:
        services.set_entry_status(request.user, entry, status, request.POST.get("reason", ""))
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    return redirect("players", slug=slug)
