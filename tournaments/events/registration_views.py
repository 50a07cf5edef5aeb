"""Organizer pages for the player list: add, import with preview, withdraw."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.documents import files as documents
from tournaments.documents.protocols import links
from tournaments.documents.protocols import render as protocol_render
from tournaments.events import services
from tournaments.events.forms import ImportForm, PlayerForm
from tournaments.events.importing import ImportResult, PlayerRow
from tournaments.events.staff_forms import EntryEditForm, LateAddForm, LookupForm
from tournaments.lookups import tournament_for_organizer
from tournaments.models import Entry
from tournaments.pages.helpers import form_errors_from, row_url
from tournaments.people import registry
from tournaments.rounds import whereabouts

SESSION_KEY = "player-import:{}"
# Rows per page of the organizer's players page: a 1,024-player event renders a page in time, not all
# at once (each row carries two forms); the search looks through every player, not the page shown.
PLAYERS_PAGE_SIZE = 100


def _saved(request: HttpRequest, form: Any, action: Callable[[], Entry]) -> Entry | None:
    """The entry ``action`` saved, or None with its refusal shown on ``form`` (a player who may be one
    of the site's: the form asks the organizer, season.md §1.2)."""
    try:
        return action()
    except ValidationError as exc:
        if "match" in getattr(exc, "error_dict", {}) and "match" not in form.fields:
            form.ask_match()
        form_errors_from(form, exc)
        return None


def _named(entry: Entry) -> dict[str, Any]:
    return {"name": entry.player.name, "n": entry.start_number}


def _row_links(slug: str, entries: list[Entry]) -> None:
    """Each row's links and status label, for the players page (the template's per-row work, once)."""
    person, edit = row_url("person"), row_url("entry-edit", slug)
    pin, status = row_url("entry-pin", slug), row_url("entry-status", slug)
    labels = dict(Entry.Status.choices)
    for e in entries:
        n = e.start_number
        e.person_url, e.edit_url, e.pin_url, e.status_url = person(e.player_id), edit(n), pin(n), status(n)
        e.status_label = labels.get(e.status, e.status)


@login_required
def players(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for_organizer(request, slug)
    # Once a round exists a new player is a late entry: audited as such, seated from the next draw.
    late = tournament.round_set.exists()
    form = (LateAddForm if late else PlayerForm)(request.POST or None)
    if request.method == "POST" and form.is_valid():
        add = services.late_add_player if late else services.register_player
        fields = {**form.cleaned_data, "match": form.cleaned_data.get("match") or registry.ASK}
        entry = _saved(request, form, lambda: add(request.user, tournament, **fields))
        if entry is not None:
            messages.success(request, _("%(name)s entered as number %(n)d.") % _named(entry))
            if late:
                messages.info(
                    request, _("Seated from the draw of round %(n)d.") % {"n": services.next_draw_number(tournament)}
                )
            # The page the new player's row is on (start numbers ascend: the last page, as a rule).
            before = tournament.entries.filter(start_number__lt=entry.start_number).count()
            return redirect(f"{reverse('players', args=[slug])}?page={before // PLAYERS_PAGE_SIZE + 1}")
    search = LookupForm(request.GET or None)
    query = search.cleaned_data["q"].strip() if search.is_valid() else ""
    entries = services.entry_pins(request.user, tournament)
    if query:  # accents and case aside (names.matches): read in Python, every player
        entries = [e for e in entries if whereabouts.entry_matches(e, query, club=True)]
    page = Paginator(entries, PLAYERS_PAGE_SIZE).get_page(request.GET.get("page"))
    entries = list(page.object_list)
    _row_links(slug, entries)
    return render(
        request,
        "tournaments/players.html",
        {
            "tournament": tournament,
            # The organizer's own page: the PINs are shown here (and on the slips), never on public pages.
            "entries": entries,
            "page": page,
            "search": search,
            "query": query,
            "query_param": f"&{urlencode({'q': query})}" if query else "",
            "form": form,
            "late": late,
            "next_draw": services.next_draw_number(tournament) if late else None,
            "import_form": ImportForm(),
            "site_warning": links.site_url_warning(request),
        },
    )


def _answers(request: HttpRequest, rows: list[dict]) -> dict[str, str]:
    """The preview's answers to its matches by name and club: the file's line -> accept or reject."""
    return {str(r["line"]): request.POST[f"match-{r['line']}"] for r in rows if f"match-{r['line']}" in request.POST}


@login_required
def players_import(request: HttpRequest, slug: str) -> HttpResponse:
    """Upload → preview with a per-row error report and each row's match with the site's players (the
    organizer answers those by name and club) → confirm. Nothing is saved before the confirm."""
    tournament = tournament_for_organizer(request, slug)
    key = SESSION_KEY.format(tournament.pk)
    if request.method == "POST" and "confirm" in request.POST:
        rows = request.session.get(key)
        if not rows:
            messages.error(request, _("Nothing to import; upload the file again."))
            return redirect("players", slug=slug)
        answers = _answers(request, rows)
        try:
            entries = services.import_players(request.user, tournament, rows, answers)
        except ValidationError as exc:
            # The preview stays (in the session and on the page, the answers given): he sees why, retries.
            messages.error(request, " ".join(exc.messages))
            preview = ImportResult([PlayerRow(**row) for row in rows], [])
            for row in preview.rows:
                if row.match:
                    row.match["answer"] = answers.get(str(row.line), "")
            return render(
                request,
                "tournaments/players_import.html",
                {"tournament": tournament, "form": ImportForm(), "result": preview},
            )
        request.session.pop(key, None)
        messages.success(request, _("%(n)d players entered.") % {"n": len(entries)})
        return redirect("players", slug=slug)
    form = ImportForm(request.POST or None, request.FILES or None)
    result = None
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        result = services.check_import(tournament, upload.read(), upload.name, request.user)
        if result.ok:
            # The file's line numbers stay with the rows: a refused confirm shows the same preview.
            request.session[key] = [{k: v for k, v in r.as_dict().items() if k != "errors"} for r in result.rows]
        else:
            request.session.pop(key, None)
    return render(
        request, "tournaments/players_import.html", {"tournament": tournament, "form": form, "result": result}
    )


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


@login_required
@require_POST
def entry_new_pin(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """A player lost his slip: issue him a new PIN (audited); print his slip again from the list."""
    tournament = tournament_for_organizer(request, slug)
    entry = get_object_or_404(Entry.objects.select_related("player"), tournament=tournament, start_number=number)
    entry = services.issue_new_pin(request.user, entry, request.POST.get("reason") or _("PIN slip lost"))
    messages.success(
        request,
        _("New PIN for %(name)s (number %(n)d): %(pin)s. The old one no longer works; print his slip again.")
        % {**_named(entry), "pin": entry.pin},
    )
    return redirect(f"{reverse('players', args=[slug])}#entry-{entry.start_number}")


@login_required
def entry_edit(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Correct a player's name, club or start number (audited)."""
    tournament = tournament_for_organizer(request, slug)
    entry = get_object_or_404(Entry.objects.select_related("player"), tournament=tournament, start_number=number)
    initial = {"name": entry.player.name, "club": entry.player.club, "start_number": entry.start_number}
    form = EntryEditForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        saved = _saved(request, form, lambda: services.update_entry(request.user, entry, **form.cleaned_data))
        if saved is not None:
            messages.success(request, _("%(name)s saved as number %(n)d.") % _named(saved))
            return redirect("players", slug=slug)
    return render(request, "tournaments/entry_edit.html", {"tournament": tournament, "entry": entry, "form": form})


def _slips(actor, tournament, number: int | None = None) -> list[dict]:
    """One slip per active player (or only number ``number``'s, a lost slip printed again): name,
    start number, PIN and a QR code to the player's own page."""
    site = links.site_url()
    out = []
    for e in services.entry_pins(actor, tournament):
        wanted = e.status == Entry.Status.ACTIVE if number is None else e.start_number == number
        if not wanted:
            continue
        url = site + whereabouts.player_url(tournament, e.start_number)
        out.append(
            {
                "name": e.player.name,
                "club": e.player.club,
                "team": e.team,
                "start_number": e.start_number,
                "pin": e.pin,
                "url": url,
                "qr": links.qr_data_uri(url),
            }
        )
    return out


def _slip_number(request: HttpRequest) -> int | None:
    """``?n=<start number>``: one player's slip only; anything else: every active player's."""
    n = request.GET.get("n", "")
    return int(n) if n.isdigit() else None


def pin_slips_html(actor, tournament, *, pdf: bool, extra: dict | None = None, number: int | None = None) -> str:

    return render_to_string(
        "tournaments/pin_slips.html",
        {
            "tournament": tournament,
            "slips": _slips(actor, tournament, number),
            "pdf": pdf,
            "generated_at": timezone.now(),
            **(extra or {}),
        },
    )


@login_required
def pin_slips(request: HttpRequest, slug: str) -> HttpResponse:
    """Print view of the PIN slips (organizers): cut them apart and hand one to each player."""
    tournament = tournament_for_organizer(request, slug)
    number = _slip_number(request)
    extra = {
        "back_url": reverse("players", args=[slug]),
        "pdf_url": reverse("pin-slips-pdf", args=[slug]) + (f"?n={number}" if number else ""),
        "site_warning": links.site_url_warning(request),  # in the organizer's language, before the slips'
    }
    with translation.override(tournament.language):
        return HttpResponse(pin_slips_html(request.user, tournament, pdf=False, extra=extra, number=number))


@login_required
def pin_slips_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for_organizer(request, slug)
    with translation.override(tournament.language):
        html = pin_slips_html(request.user, tournament, pdf=True, number=_slip_number(request))
        pdf = protocol_render.render_pdf(html)
    response = HttpResponse(pdf, content_type="application/pdf")
    name = documents.file_name(tournament, lambda: _("PIN slips"), "pdf")
    response["Content-Disposition"] = f'inline; filename="{name}"'
    # PINs are secrets: no shared cache may keep the file.
    response["Cache-Control"] = "private, no-store"
    return response
