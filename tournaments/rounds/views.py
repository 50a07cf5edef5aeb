"""Rounds: the organizer's draw and clock controls, the public draw page and clock JSON."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import access, lookups
from tournaments.events.forms import ADJUST_FORMS, DrawForm, PinForm, SwapForm
from tournaments.lookups import tournament_for_organizer, tournament_for_viewer
from tournaments.models import AuditEntry, Round, Seat, Table, Tournament
from tournaments.pages.helpers import row_url
from tournaments.public import live
from tournaments.public.cache import share
from tournaments.public.spliced import render_page
from tournaments.rounds import actions as round_actions
from tournaments.rounds import services as rounds
from tournaments.rounds import timeup_views as timeup
from tournaments.rounds.clock import clock_payload, moves
from tournaments.rounds.draw_methods import RANDOM
from tournaments.variants import sit_out_rule


@login_required
def manage_rounds(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for_organizer(request, slug)
    form = DrawForm(tournament, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            rnd = rounds.draw_round(
                request.user,
                tournament,
                seed=form.cleaned_data["seed"],
                method=form.cleaned_data["method"] or None,
                confirm_redraw=form.cleaned_data["confirm_redraw"],
                confirm_method=form.cleaned_data.get("confirm_method", False),
            )
        except ValidationError as exc:
            for field, errors in exc.message_dict.items():
                if field == "confirm_method":
                    form.ask_to_confirm_method(" ".join(errors))
                else:
                    form.add_error(field if field in form.fields else None, errors)
        else:
            messages.success(request, _("Round %(n)d drawn with seed %(s)s.") % {"n": rnd.number, "s": rnd.seed})
            return redirect("round", slug=slug, number=rnd.number)
    stale = rounds.stale_rounds(tournament)
    rows = list(tournament.round_set.all())
    for r in rows:
        r.stale_after = stale.get(r.number, [])
        r.can_redraw = r.status in (Round.Status.DRAFT, Round.Status.SEATED) and r.number == rows[-1].number
        if r.stale_after:  # a redraw keeps the method the round was drawn with (all-play-all stays so)
            last = (
                AuditEntry.objects.filter(
                    target_type="round", target_id=str(r.pk), action__in=("round.drawn", "round.redrawn")
                )
                .order_by("-id")
                .first()
            )
            r.redraw_method = ((last.after or {}).get("method") if last else None) or RANDOM
    return render(
        request,
        "tournaments/rounds_manage.html",
        {
            "tournament": tournament,
            "rounds": rows,
            "form": form,
            "reopened": [
                r
                for r in rows
                if r.status == Round.Status.RUNNING and r.closed_at is None and any(o.number > r.number for o in rows)
            ],
            "warnings": rounds.schedule_warnings(tournament),
        },
    )


@login_required
@require_POST
def round_action(request: HttpRequest, slug: str, number: int, action: str) -> HttpResponse:
    tournament = tournament_for_organizer(request, slug)
    rnd = lookups.round_of(request.user, tournament, number)
    if action not in round_actions.ACTIONS:
        raise Http404
    done = _done_message(rnd, action)
    try:
        round_actions.perform(
            request.user,
            rnd,
            action,
            override=request.POST.get("override") == "on",
            reason=request.POST.get("reason", ""),
        )
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        if done:
            messages.success(request, done % {"n": rnd.number})
        if action == "reopen" and rounds.stale_rounds(tournament):
            messages.warning(request, _("A later round was drawn from this round's results: see the rounds page."))
    return redirect("round", slug=slug, number=number)


def _done_message(rnd: Round, action: str) -> str | None:
    """What the page says once ``action`` is done to ``rnd`` (its state before: start begins or resumes)."""
    if action == "start" and rnd.status == Round.Status.RUNNING:
        return _("Round %(n)d: the clock runs again.")
    return {
        "publish": _("Round %(n)d: the draw is published."),
        "start": _("Round %(n)d started: the clock runs."),
        "pause": _("Round %(n)d: the clock is paused."),
        "close": _("Round %(n)d closed."),
        "reopen": _("Round %(n)d reopened."),
    }.get(action)


@login_required
@require_POST
def round_adjust(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The draft round page's swap and pin forms (``rounds.adjust_draw``)."""
    tournament = tournament_for_organizer(request, slug)
    rnd = lookups.round_of(request.user, tournament, number)
    form_class = ADJUST_FORMS.get(request.POST.get("action", ""))
    if form_class is None:
        raise Http404
    form = form_class(request.POST)
    errors: dict[str, list[str]] = {}
    if form.is_valid():
        try:
            rounds.adjust_draw(request.user, rnd, form_class.action, **form.cleaned_data)
        except ValidationError as exc:
            errors = exc.message_dict
        else:
            messages.success(request, _("Draw changed; the repeat meetings are counted again."))
    else:
        errors = form.errors
    for field, texts in errors.items():
        label = form.fields[field].label if field in form.fields else ""
        for text in texts:
            messages.error(request, f"{capfirst(label)}: {text}" if label else text)
    return redirect(reverse("round", args=[slug, number]) + "#adjust")


def _visible_round(request: HttpRequest, slug: str, number: int) -> tuple[Tournament, Round, bool]:
    tournament = tournament_for_viewer(request, slug)
    rnd = lookups.round_of(request.user, tournament, number)
    return tournament, rnd, access.is_staff_of(request.user, tournament)


def _draw(rnd: Round) -> tuple[list[Table], list]:
    """The round's tables with their seats and players, and its byes (what the round page lists)."""
    tables = list(
        Table.objects.filter(round=rnd).prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("entry__player").order_by("position"))
        )
    )
    return tables, list(rnd.byes.select_related("entry__player").order_by("entry__start_number"))


def round_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The draw: who sits where, at which position; readable on a phone."""
    # The version is read with the event, before the round: a clock started meanwhile makes a newer
    # version, never an old page kept under the new one (tournaments.public.cache).
    tournament, version = lookups.tournament_and_version(request, slug)
    rnd = lookups.round_of(request.user, tournament, number)
    staff = access.is_staff_of(request.user, tournament)
    is_organizer = access.is_organizer(request.user, tournament)
    # The tables (and byes, and for staff the repeat meetings) are rendered once per change of the
    # event, language and audience (the links differ), not per request: the long list is most of the work.
    audience = "organizer" if is_organizer else "staff" if staff else "public"
    draw = live.versioned(
        tournament,
        f"round-page:{rnd.number}:{audience}",
        lambda: _draw_html(tournament, rnd, staff, is_organizer),
        per_language=True,
        version=version,
    )
    response = render_page(
        request,
        "tournaments/round.html",
        {
            "tournament": tournament,
            "round": rnd,
            "is_organizer": is_organizer,
            "staff": staff,
            "clock": clock_payload(rnd),
            "repeats": draw["repeats"],
            "lot_ties": draw["lot"],
            "club_pairs": draw["clubs"],
            "pins": rounds.pin_report(rnd) if staff else [],
            "swap_form": SwapForm() if is_organizer and rnd.status == Round.Status.DRAFT else None,
            "pin_form": PinForm() if is_organizer and rnd.status == Round.Status.DRAFT else None,
            "open_tables": _open_tables(request, rnd) if is_organizer and rnd.status == Round.Status.RUNNING else [],
            "stale_after": rounds.stale_rounds(tournament).get(rnd.number, []) if is_organizer else [],
        },
        {"draw": draw["html"]},
    )
    return share(response, tournament, version, moving=moves(rnd))


def _open_tables(request: HttpRequest, rnd: Round) -> list[dict]:
    """The tables not done, each with its "time was up after hand" form (back to this page)."""
    out = rounds.open_tables(rnd)
    action = row_url("table-time-up", rnd.tournament.slug, rnd.number)
    for o in out:
        o["time_up"] = timeup.open_table_context(o, request.path, action)
    return out


def _draw_html(tournament, rnd: Round, staff: bool, is_organizer: bool) -> dict:
    """The round page's tables and byes as HTML, and the repeat meetings its staff see."""
    tables, byes = _draw(rnd)
    repeats = rounds.repeat_report(rnd) if staff else []
    by_table: dict[int, list] = {}
    for r in repeats:
        by_table.setdefault(r["table"], []).append(r)
    for table in tables:
        table.sit_out_rule = sit_out_rule(tournament.variant, len(table.seats.all()))
        table.repeats = by_table.get(table.number, [])
    html = render_to_string(
        "tournaments/_round_tables.html",
        {
            "tournament": tournament,
            "round": rnd,
            "tables": tables,
            "byes": byes,
            "staff": staff,
            "is_organizer": is_organizer,
        },
    )
    return {
        "html": html.encode(),
        "repeats": repeats,
        "lot": rounds.lot_report(rnd) if staff else [],
        "clubs": rounds.club_report(rnd) if staff else [],
    }


def round_clock(request: HttpRequest, slug: str, number: int) -> JsonResponse:
    _, rnd, _ = _visible_round(request, slug, number)
    return JsonResponse(clock_payload(rnd))
