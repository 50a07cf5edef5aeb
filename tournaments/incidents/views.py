"""The judge's desk pages: open an incident from a table, the desk (open incidents first), one
incident with its ruling, protest, decision and sanctions, a player's discipline record, and the
incident report for the federation. ``tournaments.incidents.services`` does every write and checks roles."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import access
from tournaments.documents import files as documents
from tournaments.documents.protocols.render import render_pdf
from tournaments.incidents import services as incidents
from tournaments.incidents.forms import DecideForm, OpenIncidentForm, ProtestForm, RuleForm, SanctionForm
from tournaments.lookups import table_for_viewer, tournament_for_viewer
from tournaments.models import Entry, Incident, Referee, Sanction, Seat, Table, Tournament
from tournaments.tables import hands
from tournaments.tables.views import table_url


def _seat_entries(table: Table) -> list[tuple[str, Entry]]:
    seats = Seat.objects.filter(table=table).select_related("entry__player").order_by("position")
    return [(s.position, s.entry) for s in seats]


def _event_entries(tournament: Tournament) -> list[tuple[str, Entry]]:
    rows = tournament.entries.select_related("player").order_by("start_number")
    return [(str(e.start_number), e) for e in rows]


def _error_text(exc: Exception) -> str:
    return " ".join(exc.messages) if isinstance(exc, ValidationError) else str(exc)


@login_required
def incident_open(request: HttpRequest, slug: str, number: int, table_no: int) -> HttpResponse:
    """A referee at the table: the short form, prefilled with the round, the table and the hand
    being played; saving it is the second tap."""
    tournament, table = table_for_viewer(request, slug, number, table_no)
    access.require_incident_opening(request.user, tournament, table.number)
    entries = _seat_entries(table)
    initial = {"hand_number": incidents.hand_being_played(table)}
    form = OpenIncidentForm(request.POST or None, initial=initial, entries=entries, kinds=incidents.kinds(tournament))
    if request.method == "POST" and form.is_valid():
        try:
            incident = incidents.open_incident(request.user, tournament, table=table, **form.action_kwargs())
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, _("Incident %(n)d opened; the judge is told on his desk.") % {"n": incident.pk})
            return redirect(table_url(table))
    return render(
        request,
        "incidents/open.html",
        {"tournament": tournament, "table": table, "round": table.round, "form": form},
        status=422 if form.errors else 200,
    )


def _staff_tournament(request: HttpRequest, slug: str) -> Tournament:
    tournament = get_object_or_404(Tournament, slug=slug)
    if not access.is_staff_of(request.user, tournament):
        raise PermissionDenied(_("The judge's desk is for the event's judge and referees."))
    return tournament


# Stands for an incident's number in the rule form rendered once for the desk.
_EACH = "EACHINCIDENT"


@login_required
def judge_desk(request: HttpRequest, slug: str) -> HttpResponse:
    """Every incident of the event, what waits for the judge first; sanctions per player; judges."""
    tournament = _staff_tournament(request, slug)
    rows = list(incidents.event_incidents(tournament))
    # A short rule form under each open incident, with ids of its own: rendered once, its ids made each
    # incident's (a Django form renders through templates; sixteen renders were 40% of the page).
    rule_form = str(RuleForm(auto_id=f"rule{_EACH}_%s").as_p())
    for i in rows:
        i.rule_form = mark_safe(rule_form.replace(_EACH, str(i.pk)))  # our own form's HTML
    sanctions = tournament.sanctions.select_related("entry__player", "incident", "round").order_by(
        "entry__start_number", "given_at"
    )
    is_organizer = access.is_organizer(request.user, tournament)
    return render(
        request,
        "incidents/desk.html",
        {
            "tournament": tournament,
            "incidents": rows,
            "waiting": sum(1 for i in rows if i.status in (Incident.Status.OPEN, Incident.Status.PROTESTED)),
            "sanctions": sanctions,
            "is_judge": access.is_judge(request.user, tournament),
            "referees": Referee.objects.filter(tournament=tournament).select_related("user") if is_organizer else (),
        },
    )


def _incident(request: HttpRequest, slug: str, pk: int) -> tuple[Tournament, Incident]:
    tournament = _staff_tournament(request, slug)
    return tournament, get_object_or_404(
        Incident.objects.select_related("table__round", "round", "hand", "caller__player", "protest_of", "ruled_by"),
        tournament=tournament,
        pk=pk,
    )


def _party_entries(tournament: Tournament, incident: Incident) -> list[tuple[str, Entry]]:
    if incident.table_id is None:
        return _event_entries(tournament)
    return _seat_entries(incident.table)


def _links(incident: Incident, is_judge: bool, user: Any) -> dict[str, Any]:
    """Where the ruling's score consequence is entered: the correction of the stored hand
    (prefilled from the incident; offered where this judge can save it), or the table's entry form
    when the hand is still to come."""
    if not is_judge or incident.table_id is None:
        return {}
    table = incident.table
    hand = incident.hand or incidents.hand_at(table, incident.hand_number)
    ruled = incident.protest_of if incident.protest_of_id else incident
    out: dict[str, Any] = {"hand": hand, "table_url": table_url(table)}
    tournament = incident.tournament
    may_correct = access.can_enter_hands(user, tournament, table.number) and hands.may_change_hands(
        user, table, tournament
    )
    if hand is not None and may_correct:
        args = [tournament.slug, table.round.number, table.number, hand.number]
        out["correct_url"] = reverse("hand-edit", args=args) + "?" + urlencode({"incident": incident.pk})
        out["false_call"] = incidents.false_call_input(ruled, hand) is not None
    return out


@login_required
def incident_detail(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    tournament, incident = _incident(request, slug, pk)
    is_judge = access.is_judge(request.user, tournament)
    entries = _party_entries(tournament, incident)
    parties = incidents.parties(incident)
    context = {
        "tournament": tournament,
        "incident": incident,
        "is_judge": is_judge,
        "protests": incident.protests.select_related("caller__player"),
        "sanctions": incident.sanctions.select_related("entry__player"),
        "links": _links(incident, is_judge, request.user),
        "can_protest": incidents.may_protest(tournament, incident)
        and access.can_open_incident(request.user, tournament, incident.table.number if incident.table_id else None),
        "rule_form": RuleForm(initial={"outcome": incident.outcome, "ruling": incident.ruling}),
        "protest_form": ProtestForm(entries=[(lbl, e) for lbl, e in entries if e.pk in parties]),
        "decide_form": DecideForm(),
        "sanction_form": SanctionForm(entries=[(lbl, e) for lbl, e in entries if e.status != Entry.Status.EXCLUDED]),
    }
    return render(request, "incidents/detail.html", context)


def _act(request: HttpRequest, slug: str, pk: int, form_class: Any, act: Any, done: str, **form_kwargs: Any):
    """Validate the posted form, call the action, and go back to the incident with a message."""
    tournament, incident = _incident(request, slug, pk)
    if "entries" in form_kwargs:
        form_kwargs["entries"] = _party_entries(tournament, incident)
    form = form_class(request.POST, **form_kwargs)
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for errors in form.errors.values() for e in errors))
    else:
        try:
            result = act(incident, form)
        except (ValidationError, incidents.NotNow) as exc:
            messages.error(request, _error_text(exc))
        else:
            messages.success(request, done % {"n": result.pk if isinstance(result, Incident) else incident.pk})
            if isinstance(result, Incident) and result.pk != incident.pk:
                incident = result
    return redirect("incident", slug=slug, pk=incident.pk)


@login_required
@require_POST
def incident_rule(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    def act(incident: Incident, form: RuleForm) -> Incident:
        return incidents.rule(
            request.user, incident, ruling=form.cleaned_data["ruling"], outcome=form.cleaned_data["outcome"]
        )

    return _act(request, slug, pk, RuleForm, act, _("Incident %(n)d ruled."))


@login_required
@require_POST
def incident_protest(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    def act(incident: Incident, form: ProtestForm) -> Incident:
        by = form.entry(form.cleaned_data["by"])
        return incidents.protest(request.user, incident, by=by, grounds=form.cleaned_data["grounds"])

    return _act(request, slug, pk, ProtestForm, act, _("Protest %(n)d recorded; the jury decides."), entries=[])


@login_required
@require_POST
def incident_decide(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    def act(incident: Incident, form: DecideForm) -> Incident:
        d = form.cleaned_data
        return incidents.decide(request.user, incident, decision=d["decision"], upheld=d["upheld"])

    return _act(request, slug, pk, DecideForm, act, _("Protest %(n)d decided."))


@login_required
@require_POST
def incident_sanction(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    def act(incident: Incident, form: SanctionForm) -> Sanction:
        d = form.cleaned_data
        return incidents.sanction(request.user, incident, form.entry(d["entry_id"]), d["kind"], d["reason"])

    return _act(request, slug, pk, SanctionForm, act, _("Sanction recorded (incident %(n)d)."), entries=[])


@login_required
@require_POST
def judge_rights(request: HttpRequest, slug: str, username: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    referee = get_object_or_404(
        Referee.objects.select_related("user", "tournament"), tournament=tournament, user__username=username
    )
    incidents.set_judge(request.user, referee, request.POST.get("judge") == "1")
    messages.success(request, _("Judge rights of %(u)s saved.") % {"u": username})
    return redirect("judge-desk", slug=slug)


def player_discipline(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """A player's own record: his sanctions and the incidents he was part of, with their rulings.
    Visible as the event's other pages are (the cards are shown openly, MAUSZ 11.§)."""
    tournament = tournament_for_viewer(request, slug)
    entry = get_object_or_404(Entry.objects.select_related("player"), tournament=tournament, start_number=number)
    mine = incidents.player_incidents(tournament, entry)
    return render(
        request,
        "incidents/player.html",
        {
            "tournament": tournament,
            "entry": entry,
            "incidents": mine,
            "sanctions": entry.sanctions.select_related("round", "incident").order_by("given_at"),
            "is_staff": access.is_staff_of(request.user, tournament),
        },
    )


def report_html(tournament: Tournament, *, pdf: bool, extra: dict[str, Any] | None = None) -> str:
    """The incident report for the federation: every incident and ruling in order, then the sanctions."""
    return render_to_string(
        "incidents/report.html",
        {
            "tournament": tournament,
            "incidents": incidents.incidents_in_time(tournament),
            "sanctions": tournament.sanctions.select_related("entry__player", "round", "incident").order_by(
                "entry__start_number", "given_at"
            ),
            "pdf": pdf,
            "generated_at": timezone.now(),
            **(extra or {}),
        },
    )


@login_required
def incident_report(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _staff_tournament(request, slug)
    links = {"back_url": reverse("judge-desk", args=[slug]), "pdf_url": reverse("incident-report-pdf", args=[slug])}
    with translation.override(tournament.language):  # documents are in the event's language
        return HttpResponse(report_html(tournament, pdf=False, extra=links))


@login_required
def incident_report_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _staff_tournament(request, slug)
    with translation.override(tournament.language):
        pdf = render_pdf(report_html(tournament, pdf=True))
    response = HttpResponse(pdf, content_type="application/pdf")
    name = documents.file_name(tournament, lambda: _("incident report"), "pdf")
    response["Content-Disposition"] = f'inline; filename="{name}"'
    response["Cache-Control"] = "private, no-store"
    return response
