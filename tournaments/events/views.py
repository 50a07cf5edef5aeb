"""Organizer pages: create and edit an event, its organizers and referees."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from django.apps import apps
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring.registry import VARIANTS
from tournaments import access
from tournaments.events import services
from tournaments.events.forms import OrganizerForm, RefereeForm, TournamentForm
from tournaments.events.staff_forms import RefereeAccountForm, RefereeTablesForm
from tournaments.history.audit import ACTION_LABELS
from tournaments.history.audit_text import AUDIT_PAGE_SIZE
from tournaments.history.audit_text import sentences as audit_sentences
from tournaments.history.phrases import moment_text
from tournaments.lookups import tournament_for_organizer
from tournaments.models import Tournament
from tournaments.pages.helpers import form_action, form_errors_from
from tournaments.readings import rescore
from tournaments.readings.words import with_readings
from tournaments.variants import variant_choices


@login_required
def tournament_create(request: HttpRequest) -> HttpResponse:
    if not access.can_create_tournament(request.user):
        raise PermissionDenied(_("You may not create events."))
    variant = request.GET.get("variant") or next(iter(VARIANTS))  # the registry's first: Taruk 2012
    initial = {"variant": variant}
    with contextlib.suppress(KeyError):
        initial.update(services.variant_defaults(variant))
    form = TournamentForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        fields = form.cleaned_data
        fields["config"], fields["event_settings"] = with_readings(
            fields["variant"], fields.get("config"), {}, form.chosen_readings
        )
        try:
            tournament = services.create_tournament(request.user, **fields)
        except ValidationError as exc:
            form_errors_from(form, exc)
        else:
            messages.success(request, _("Event created."))
            return redirect("tournament", slug=tournament.slug)
    return render(
        request,
        "tournaments/form.html",
        {"form": form, "title": _("New event"), "variants": variant_choices(), "chosen_variant": variant},
    )


@login_required
def tournament_edit(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for_organizer(request, slug)
    form = TournamentForm(request.POST or None, instance=Tournament.objects.get(pk=tournament.pk))
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.update_tournament(request.user, tournament, **form.cleaned_data)
            if rescore.has_hands(tournament) and rescore.readings_differ(tournament, form.chosen_readings):
                # Re-scoring moves points: the organizer sees the standings diff first.
                messages.success(request, _("Event saved. Check the effect of the new readings before applying them."))
                return redirect(
                    reverse("readings-confirm", args=[tournament.slug]) + "?" + urlencode(form.chosen_readings)
                )
            rescore.set_readings(request.user, tournament, form.chosen_readings)
        except ValidationError as exc:
            form_errors_from(form, exc)
        else:
            messages.success(request, _("Event saved."))
            return redirect("tournament", slug=tournament.slug)
    return render(request, "tournaments/form.html", {"form": form, "title": _("Edit event"), "tournament": tournament})


@login_required
def staff(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for_organizer(request, slug)
    referee_form = RefereeForm(prefix="ref")
    organizer_form = OrganizerForm(prefix="org")
    account_form = RefereeAccountForm(prefix="acct")
    if request.method == "POST":

        def create_account(data: dict[str, Any]) -> str:
            user = data["username"]
            services.create_referee_account(request.user, tournament, user, data["password"], data["tables"])
            return _("Account %(user)s created; give the referee the user name and password.") % {"user": user}

        def set_referee(data: dict[str, Any]) -> str:
            services.set_referee(request.user, tournament, data["username"], data["tables"])
            return _("Referee saved.")

        def add_organizer(data: dict[str, Any]) -> str:
            services.add_organizer(request.user, tournament, data["username"])
            return _("Organizer added.")

        if "acct-username" in request.POST:
            account_form = RefereeAccountForm(request.POST, prefix="acct")
            done = form_action(request, account_form, create_account)
        elif "ref-username" in request.POST:
            referee_form = RefereeForm(request.POST, prefix="ref")
            done = form_action(request, referee_form, set_referee)
        else:
            organizer_form = OrganizerForm(request.POST, prefix="org")
            done = form_action(request, organizer_form, add_organizer)
        if done:
            return redirect("staff", slug=slug)
    return render(
        request,
        "tournaments/staff.html",
        {
            "tournament": tournament,
            "referees": tournament.referees.select_related("user"),
            "organizers": tournament.organizers.all(),
            "referee_form": referee_form,
            "organizer_form": organizer_form,
            "account_form": account_form,
        },
    )


@login_required
@require_POST
def referee_tables(request: HttpRequest, slug: str, username: str) -> HttpResponse:
    """Change the tables a referee may write (the staff page's form on each referee's row)."""
    tournament = tournament_for_organizer(request, slug)
    form = RefereeTablesForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for errors in form.errors.values() for e in errors))
        return redirect("staff", slug=slug)
    if not tournament.referees.filter(user__username=username).exists():
        raise Http404
    try:
        services.set_referee(request.user, tournament, username, form.cleaned_data["tables"])
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("Referee saved."))
    return redirect("staff", slug=slug)


@login_required
@require_POST
def referee_remove(request: HttpRequest, slug: str, username: str) -> HttpResponse:
    tournament = tournament_for_organizer(request, slug)
    try:
        services.remove_referee(request.user, tournament, username)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    return redirect("staff", slug=slug)


def _positive(value: str) -> int | None:
    """A filter value: a whole number the columns can hold, else no filter."""
    return int(value) if value.isdigit() and 0 < int(value) <= 32767 else None


def _target_names() -> dict[str, Any]:
    """What an audit entry is about, in words: each model's translated name by its ``target_type``."""
    return {m._meta.model_name: m._meta.verbose_name for m in apps.get_models()}


@login_required
def audit_log(request: HttpRequest, slug: str) -> HttpResponse:
    """Every entry of the event, newest first, a page at a time; filtered by round and table."""
    tournament = tournament_for_organizer(request, slug)
    # Newest first by id, the order they were written in: the index (tournament, -id) serves a page without
    # sorting the event's whole log (by created_at it sorted 49k rows at 1,024 players).
    entries = tournament.audit_entries.select_related("actor").order_by("-id")
    round_no, table_no = _positive(request.GET.get("round", "")), _positive(request.GET.get("table", ""))
    if round_no is not None:
        entries = entries.filter(round_number=round_no)
    if table_no is not None:
        entries = entries.filter(table_number=table_no)
    page = Paginator(entries, AUDIT_PAGE_SIZE).get_page(request.GET.get("page"))
    names = _target_names()
    entries = list(page.object_list)
    for e, text in zip(entries, audit_sentences(tournament, entries), strict=True):
        e.sentence = text
        e.when = moment_text(e.created_at)
        # The raw record stays one click away, as JSON: the form the log is stored and exported in.
        e.before_json = "" if e.before is None else json.dumps(e.before, ensure_ascii=False)
        e.after_json = "" if e.after is None else json.dumps(e.after, ensure_ascii=False)
        e.action_label = ACTION_LABELS.get(e.action, e.action)
        e.target_label = names.get(e.target_type, e.target_type)
    filters = urlencode({k: v for k, v in (("round", round_no), ("table", table_no)) if v is not None})
    return render(
        request,
        "tournaments/audit.html",
        {
            "tournament": tournament,
            "entries": entries,
            "page": page,
            "round": round_no,
            "table": table_no,
            "filters": f"&{filters}" if filters else "",
            "round_numbers": tournament.round_set.order_by("number").values_list("number", flat=True),
        },
    )
