"""The table page: referees enter, preview, correct and confirm hands; everyone may read.

Views stay thin: ``hands`` does the writing, the engine the scoring.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.security import client_ip
from scoring.types import HandScore
from tournaments import access
from tournaments.incidents.services import correction_prefill
from tournaments.lookups import table_for_viewer
from tournaments.models import Hand, Round, Table, Tournament
from tournaments.rounds import timeup_views as timeup
from tournaments.rounds.clock import clock_payload
from tournaments.tables import confirmations, lines, misdeals
from tournaments.tables import hands as services
from tournaments.tables import offline_views as offline
from tournaments.tables.chart import progression
from tournaments.tables.handforms import JsonHandForm, entry_form, form_class
from tournaments.tables.table_view import TableView, table_view


def _names(table: Table) -> dict[str, str]:
    return {s.position: s.entry.player.name for s in table.seats.all()}


def _new_form(tournament: Tournament, table: Table, previous: Any, data: Any = None, *, view: TableView | None = None):
    """The entry form of the table's next hand (after ``previous``; with ``view``, after its last)."""
    if view is not None:
        setup, previous, envelopes = view.setup, view.last, view.next_envelopes
    else:
        setup = services.table_setup(table, tournament)
        envelopes = services.next_envelopes(setup, previous)
    number = previous.number + 1 if previous else 1

    def earlier(dealer: str) -> int:  # asked only by a variant whose misdeal depends on the dealer's (Taruk)
        if view is not None:
            return view.misdeals_before_next.get(dealer, 0)
        return misdeals.earlier_misdeals(table, dealer, number)

    return entry_form(
        tournament.variant,
        envelopes,
        names=_names(table),
        positions=setup.positions,
        config=setup.config,
        data=data,
        earlier=earlier,
    )


def table_page(request: HttpRequest, slug: str, number: int, table_no: int) -> HttpResponse:
    tournament, table = table_for_viewer(request, slug, number, table_no)
    view = table_view(table, tournament)
    form = None
    if access.can_enter_hands(request.user, tournament, table.number) and table.round.status == Round.Status.RUNNING:
        form = _new_form(tournament, table, None, view=view) if not view.progress.complete else None
    return render(request, "scoring/table.html", _context(request, tournament, table, view, form))


def _context(request, tournament, table, view: TableView, form, preview=None, entry_token=None) -> dict[str, Any]:
    can_write = access.can_enter_hands(request.user, tournament, table.number)
    clock = clock_payload(table.round)
    judge_confirmation = view.judge_confirmation
    ahead, pieces = _ahead(table, view, form) if can_write else (None, [])
    last = view.last
    return {
        # The entry form says which hand it enters, and carries a token so that posting it twice
        # (a double tap, a retry after a timeout) stores one hand (services.enter_hand).
        "entry_number": (last.number + 1) if last else 1,
        "entry_token": entry_token or uuid.uuid4().hex,
        "judge_confirmation": judge_confirmation,
        # Only the judge countersigns with seat A (confirmations.confirm_by_judge): the form is his alone.
        "is_judge": can_write and access.is_judge(request.user, tournament),
        "tournament": tournament,
        "table": table,
        "round": table.round,
        "view": view,
        "progress": view.progress,
        "form": form,
        "preview": preview,
        "can_write": can_write,
        # Correction links only where a correction can be saved (a closed round: organizers only).
        "can_correct": can_write and services.may_change_hands(request.user, table, tournament),
        "state_lines": lines.breakdown(tournament.rules.state_words(last.state_after if last else {})),
        "next_dealer": form.envelope["dealer"] if form else None,
        "seats": view.seats,
        "confirmed": {s.position for s in view.seats if s.confirmed},
        "clock": clock,
        "time_up": timeup.form_context(table, view.progress, expired=clock["expired"])
        if timeup.may_record(request.user, table)
        else None,
        "variant": tournament.rules,
        "offline": offline.page_config(request, table, ahead) if can_write else None,
        "pieces_ahead": pieces,
        "chart": progression(view.positions, [list(line.running.values()) for line in view.hands])
        if view.hands
        else None,
    }


def _ahead(table: Table, view: TableView, form: Any) -> tuple[Any, list[str]]:
    """The forms of the hands ahead, for entry without a connection (while the table takes hands)."""
    if form is None:
        return None, []
    return offline.forms_ahead(table, view, pristine=not form.is_bound)


@login_required
@require_POST
def hand_preview(request: HttpRequest, slug: str, number: int, table_no: int) -> HttpResponse:
    """htmx: score the form as it stands, store nothing."""
    tournament, table = table_for_viewer(request, slug, number, table_no)
    access.require_hand_entry(request.user, tournament, table.number)
    previous = table.hands.order_by("number").last()
    return _preview(request, table, _new_form(tournament, table, previous, request.POST))


def _preview(request: HttpRequest, table: Table, form: Any, before_number: int | None = None) -> HttpResponse:
    """The engine's arithmetic for the posted form (as the next hand, or in place of hand
    ``before_number``: a correction), or what keeps it from being valid; nothing stored."""
    result = None
    if form.is_valid():
        result = services.preview(table, form.hand(), before_number=before_number)
        if not isinstance(result, HandScore):
            form.add_engine_errors(result)
            result = None
    return render(
        request,
        "scoring/_preview.html",
        {"form": form, "preview": result, "names": _names(table), "positions": [s.position for s in table.seats.all()]},
    )


def _posted_int(request: HttpRequest, name: str) -> int | None:
    """A whole number from the form; None when missing or not a number."""
    try:
        return int(request.POST.get(name, ""))
    except ValueError:
        return None


@login_required
@require_POST
def hand_enter(request: HttpRequest, slug: str, number: int, table_no: int) -> HttpResponse:
    tournament, table = table_for_viewer(request, slug, number, table_no)
    access.require_hand_entry(request.user, tournament, table.number)
    hands = list(table.hands.order_by("number"))
    form = _new_form(tournament, table, hands[-1] if hands else None, request.POST)
    token = request.POST.get("entry_token", "").strip()[: services.MAX_KEY_LENGTH] or None
    answer_json = offline.wants_json(request)  # a hand kept offline, sent by static/js/offline.js
    conflict = None
    if form.is_valid():
        try:
            typed = {k: v for k, v in request.POST.lists() if k not in ("csrfmiddlewaretoken", "entry_token")}
            hand = services.enter_hand(
                request.user,
                table,
                form.hand(),
                number=_posted_int(request, "number"),
                idempotency_key=token,
                request_body=typed,
            )
        except services.HandRejected as exc:
            form.add_engine_errors(exc.errors)
        except (services.HandNumberConflict, services.IdempotencyConflict) as exc:
            if answer_json:
                return offline.conflict(table, str(exc), getattr(exc, "given", None))
            # Nothing stored: the page shows the hands as they are now and the form as typed, for
            # the next hand, with a new token; the referee decides whether to save it. A table that
            # has played its hands takes no next hand: the page without a form, the message on top.
            conflict, token = str(exc), None
            if services.progress_of(table).complete:
                messages.error(request, conflict)
                return redirect(table_url(table))
            hands = list(table.hands.order_by("number"))
            form = _new_form(tournament, table, hands[-1] if hands else None, request.POST)
            form.is_valid()
        except services.NotOpen as exc:
            if answer_json:
                return offline.conflict(table, str(exc), None)
            messages.error(request, str(exc))
            return redirect(table_url(table))
        else:
            if hand.replayed:
                messages.info(
                    request, _("Hand %(n)d was already saved from this form; it is stored once.") % {"n": hand.number}
                )
            else:
                messages.success(request, _("Hand %(n)d saved.") % {"n": hand.number})
            return offline.stored(hand) if answer_json else redirect(table_url(table))
    if answer_json:
        return offline.refused({k: [str(e) for e in v] for k, v in form.errors.items()})
    context = _context(request, tournament, table, table_view(table, tournament), form, entry_token=token)
    context["entry_error"] = conflict
    return render(request, "scoring/table.html", context, status=409 if conflict else 422)


def table_url(table: Table) -> str:
    return reverse("table", args=[table.round.tournament.slug, table.round.number, table.number])


@login_required
def hand_edit(request: HttpRequest, slug: str, number: int, table_no: int, hand_no: int) -> HttpResponse:
    """Correct or delete an earlier hand, with a reason; later hands are rescored."""
    tournament, table = table_for_viewer(request, slug, number, table_no)
    access.require_hand_entry(request.user, tournament, table.number)
    hand = Hand.objects.filter(table=table, number=hand_no).first()
    posted_id = _posted_int(request, "hand") if request.method == "POST" else None
    if posted_id is not None and (hand is None or posted_id != hand.pk):
        # The form was opened on another hand, which has since moved or been deleted: the
        # correction must not land on the hand that now has its number.
        moved = Hand.objects.filter(pk=posted_id, table=table).first()
        if moved is None:
            messages.error(
                request,
                _("The hand you were editing (hand %(n)d) has been deleted since you opened it; nothing was stored.")
                % {"n": hand_no},
            )
        else:
            messages.error(
                request,
                _(
                    "The hand you were editing is now hand %(m)d (a hand before it was deleted); "
                    "nothing was stored. Check it and correct it again."
                )
                % {"m": moved.number},
            )
        return redirect(table_url(table))
    if hand is None:
        raise Http404
    cls, kwargs = _correction_form(request, tournament, table, hand)
    error, prefill_reason = None, ""
    version_shown = request.POST.get("version", hand.version)
    if request.method == "POST":
        reason = request.POST.get("reason", "").strip()
        version = _posted_int(request, "version")
        try:
            if version is None:
                raise services.StaleEdit(_("version: missing or not a whole number; reload the hand and try again."))
            if "delete" in request.POST:
                services.delete_hand(request.user, hand, expected_version=version, reason=reason)
                messages.success(
                    request, _("Hand %(n)d deleted; later hands renumbered and rescored.") % {"n": hand_no}
                )
                return redirect(table_url(table))
            form = cls(request.POST, **kwargs)
            if form.is_valid():
                services.correct_hand(request.user, hand, form.hand(), expected_version=version, reason=reason)
                messages.success(request, _("Hand %(n)d corrected; later hands rescored.") % {"n": hand_no})
                return redirect(table_url(table))
        except services.StaleEdit as exc:
            error = str(exc)
            form = cls(request.POST, **kwargs)
            form.is_valid()
            current = Hand.objects.filter(pk=hand.pk).first()
            if version is not None and current is not None and current.version != version:
                # Saved by someone else meanwhile: the page shows what is stored now and keeps what
                # this referee typed, with the stored version, so saving again is his decision.
                hand, version_shown = current, current.version
                error = _(
                    "Hand %(n)d was changed by someone else since you opened it; nothing was stored. What is "
                    "stored now is shown under “Now”; your version is kept in the form: save it again to "
                    "replace theirs."
                ) % {"n": current.number}
        except services.HandRejected as exc:
            form = cls(request.POST, **kwargs)
            form.is_valid()
            deleting = "delete" in request.POST
            if isinstance(exc, services.DeletionRefused):
                error = exc.sentence()
            elif exc.hand_number not in (None, hand_no):
                error = _("The correction would make hand %(n)d invalid: %(e)s") % {
                    "n": exc.hand_number,
                    "e": services.reasons(exc),
                }
            else:
                form.add_engine_errors([e for e in exc.errors if e.field != "reason"])
                if any(e.field == "reason" for e in exc.errors):
                    error = _("A deletion needs a reason.") if deleting else _("A correction needs a reason.")
        except services.NotOpen as exc:
            error = str(exc)
            form = cls(request.POST, **kwargs)
    else:  # opened from the judge's desk (?incident=N): the ruling's consequence prefilled
        prefilled, prefill_reason = correction_prefill(request.user, hand, request.GET.get("incident"))
        form = cls(initial=cls.initial_from(prefilled), **kwargs)
    return render(
        request,
        "scoring/hand_edit.html",
        {
            "tournament": tournament,
            "table": table,
            "hand": hand,
            "form": form,
            "error": error,
            "version": version_shown,
            "reason": request.POST.get("reason", prefill_reason),
        },
        status=200 if error is None and (request.method == "GET" or form.is_valid()) else 422,
    )


def _correction_form(request: HttpRequest, tournament: Tournament, table: Table, hand: Hand) -> tuple[type, dict]:
    """The form class of a correction of ``hand`` (the JSON form on request) and its arguments: the
    hand keeps its own dealer and seats."""
    cls = form_class(tournament.variant)
    if request.GET.get("json") == "1" or request.POST.get("json") == "1":
        cls = JsonHandForm
    setup = services.table_setup(table, tournament)
    envelope = {k: hand.input.get(k) for k in ("variant", "seats", "dealer")}
    kwargs = {"envelope": envelope, "names": _names(table), "table_positions": setup.positions, "config": setup.config}
    return cls, kwargs


@login_required
@require_POST
def hand_edit_preview(request: HttpRequest, slug: str, number: int, table_no: int, hand_no: int) -> HttpResponse:
    """htmx on the correction page: score the form in place of hand ``hand_no``, store nothing."""
    tournament, table = table_for_viewer(request, slug, number, table_no)
    access.require_hand_entry(request.user, tournament, table.number)
    hand = Hand.objects.filter(table=table, number=hand_no).first()
    if hand is None:
        raise Http404
    cls, kwargs = _correction_form(request, tournament, table, hand)
    return _preview(request, table, cls(request.POST, **kwargs), before_number=hand.number)


@login_required
@require_POST
def table_confirm(request: HttpRequest, slug: str, number: int, table_no: int) -> HttpResponse:
    _tournament, table = table_for_viewer(request, slug, number, table_no)
    position = request.POST.get("position", "")
    try:
        confirmations.confirm_table(
            request.user, table, position, request.POST.get("pin", ""), address=client_address(request)
        )
    except (confirmations.WrongPin, services.NotOpen, confirmations.PinLocked) as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("Confirmed by %(p)s.") % {"p": position})
    return redirect(table_url(table))


def client_address(request: HttpRequest) -> str | None:
    """The address PIN attempts are counted for: the one sign-in throttling uses (``client_ip``:
    REMOTE_ADDR, or behind PROXY_COUNT proxies the address they saw, never a forgeable header)."""
    return client_ip(request) or None


@login_required
@require_POST
def table_confirm_judge(request: HttpRequest, slug: str, number: int, table_no: int) -> HttpResponse:
    """taruk2012.md §6.5: seat A (with the PIN) together with the judge, who gives a reason."""
    _tournament, table = table_for_viewer(request, slug, number, table_no)
    try:
        confirmations.confirm_by_judge(request.user, table, request.POST.get("reason", ""))
    except services.NotOpen as exc:
        messages.error(request, str(exc))
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("Table %(t)d confirmed by seat A and the judge.") % {"t": table.number})
    return redirect(table_url(table))


def table_json(request: HttpRequest, slug: str, number: int, table_no: int) -> JsonResponse:
    """Per-table scores for live pages and the score-progression chart."""
    tournament, table = table_for_viewer(request, slug, number, table_no)
    view = table_view(table, tournament)
    return JsonResponse(
        {
            "table": view.number,
            "round": view.round,
            "positions": view.positions,
            "names": view.names,
            "expected_hands": view.progress.expected,
            "time_up_after": view.progress.time_up_after,  # taruk2012.md §7.2, as the referee recorded it
            "complete": view.progress.complete,
            "confirmed": view.confirmed,
            "totals": view.totals,
            "hands": [
                {"number": line.number, "dealer": line.dealer, "points": line.stored.points, "running": line.running}
                for line in view.hands
            ],
        }
    )
