"""Protocols, standings PDF and Excel exports: print views, stored documents, their progress.

Who may see what (checked here, on the server):
- a table's protocol (print view and PDF): the organizers, and referees of that table;
- a round's protocols and the Excel exports: the organizers;
- the standings PDF and print view: whoever may view the event (the public only if it is public).
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import access, lookups
from tournaments.documents import files as documents
from tournaments.documents import jobs
from tournaments.documents.protocols import build as protocol_build
from tournaments.documents.protocols import links as protocol_links
from tournaments.documents.protocols import render as protocol_render
from tournaments.documents.reads import document_for, serve, status_payload
from tournaments.lookups import tournament_for_organizer, tournament_for_viewer
from tournaments.models import GeneratedFile, Round, Table, Tournament
from tournaments.public.live import cached

# A table's PDF is kept this long after it was last made; its key changes with the table anyway.
TABLE_PDF_SECONDS = 60 * 60


def _state(request: HttpRequest) -> bool:
    """``?state=blank`` asks for the sheet printed before the round; anything else for the filled one."""
    return request.GET.get("state") != "blank"


def _table_for_referee(request: HttpRequest, slug: str, number: int, table_no: int) -> tuple[Tournament, Table]:
    tournament = get_object_or_404(Tournament, slug=slug)
    if not access.can_enter_hands(request.user, tournament, table_no):
        raise PermissionDenied(_("Only the organizers and this table's referees may print its protocol."))
    return tournament, lookups.table_of(request.user, tournament, number, table_no)


def _query(filled: bool) -> str:
    return "" if filled else "?state=blank"


@login_required
def table_protocol(request: HttpRequest, slug: str, number: int, table_no: int) -> HttpResponse:
    """The browser's print view of one table's protocol: the same template as the PDF."""
    tournament, table = _table_for_referee(request, slug, number, table_no)
    filled = _state(request)
    links = {
        "back_url": reverse("round", args=[slug, number]),
        "pdf_url": reverse("table-protocol-pdf", args=[slug, number, table_no]) + _query(filled),
        "site_warning": protocol_links.site_url_warning(request),
    }
    with translation.override(tournament.language):  # the sheet is in the event's language, like its PDF
        sheet = protocol_build.table_protocol(table, filled=filled)
        return HttpResponse(protocol_render.protocols_html(tournament, [sheet], pdf=False, extra=links))


@login_required
def table_protocol_pdf(request: HttpRequest, slug: str, number: int, table_no: int) -> HttpResponse:
    """One table's protocol as PDF (one page; see bench/protocols.py), rendered once per state of the table.

    Cached by the fingerprint of what the sheet shows rather than made in the background like a
    round's protocols: a referee at the table wants this one page now, not a progress page, and
    the load came from the same unchanged sheet asked for again and again (phones, reprints).
    A new hand, correction, seat or confirmation changes the fingerprint and so renders anew.
    """
    tournament, table = _table_for_referee(request, slug, number, table_no)
    filled = _state(request)

    def render_pdf() -> bytes:
        with translation.override(tournament.language):
            return protocol_render.table_protocol_pdf(table, filled=filled)

    key = f"table-pdf:{documents.table_protocol_fingerprint(table, filled)}"
    pdf = cached(key, render_pdf, TABLE_PDF_SECONDS)
    response = HttpResponse(pdf, content_type=documents.PDF)

    def words() -> str:
        names = {"round": number, "table": table_no}
        if filled:
            return _("round %(round)d, table %(table)d, filled protocol") % names
        return _("round %(round)d, table %(table)d, blank protocol") % names

    response["Content-Disposition"] = f'inline; filename="{documents.file_name(tournament, words, "pdf")}"'
    return response


@login_required
def round_protocols(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Print view of every table of a round (organizers); the stored PDF is a document below."""
    tournament = tournament_for_organizer(request, slug)
    rnd = get_object_or_404(Round.objects.select_related("tournament"), tournament=tournament, number=number)
    filled = _state(request)
    links = {
        "back_url": reverse("documents", args=[slug]),
        "pdf_url": reverse("document-download", args=[slug, documents.protocols_key(number, filled)]),
        "site_warning": protocol_links.site_url_warning(request),
    }
    with translation.override(tournament.language):
        sheets = protocol_build.round_protocols(rnd, filled=filled)
        return HttpResponse(protocol_render.protocols_html(tournament, sheets, pdf=False, extra=links))


def standings_print(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for_viewer(request, slug)
    with translation.override(tournament.language):
        return HttpResponse(
            protocol_render.standings_html(
                tournament,
                pdf=False,
                extra={
                    "back_url": reverse("standings", args=[slug]),
                    "pdf_url": reverse("document-download", args=[slug, "standings-pdf"]),
                },
            )
        )


# --- stored documents -------------------------------------------------------------------------------


def document_download(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    """The stored file when it is current; otherwise queue it and show its progress (then come back here)."""
    try:
        tournament, kind = document_for(request, slug, key)
    except PermissionDenied:
        if request.user.is_authenticated:
            raise
        return redirect_to_login(request.get_full_path())
    row = GeneratedFile.objects.filter(tournament=tournament, key=key).first()
    if documents.is_fresh(row, documents.fingerprint(tournament, key)):
        return serve(row, tournament, kind)
    row = jobs.request_document(request.user, tournament, key)
    row.refresh_from_db()  # without a broker the task ran eagerly at commit
    if row.status == GeneratedFile.Status.DONE and row.file:
        return serve(row, tournament, kind)
    return render(
        request,
        "protocols/waiting.html",
        {
            "tournament": tournament,
            "key": key,
            "label": documents.KINDS[kind].label,
            "row": row,
            "status": status_payload(row, tournament, key),
            "reason": documents.failure_reason(row),
        },
        status=202,
    )


@require_POST
def document_generate(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    tournament, _kind = document_for(request, slug, key)
    row = jobs.request_document(request.user, tournament, key)
    row.refresh_from_db()
    if request.headers.get("Accept", "").startswith("application/json"):
        return JsonResponse(status_payload(row, tournament, key), status=202)
    # Back to the page that asked: a path on this site only (no open redirect; never a view name).
    target = request.POST.get("next", "")
    if not target.startswith("/") or not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        target = reverse("documents", args=[slug])
    return HttpResponseRedirect(target)


def document_status(request: HttpRequest, slug: str, key: str) -> JsonResponse:
    """Polled by static/js/progress.js while a document is queued or running."""
    tournament, _kind = document_for(request, slug, key)
    row = GeneratedFile.objects.filter(tournament=tournament, key=key).first()
    response = JsonResponse(status_payload(row, tournament, key))
    response["Cache-Control"] = "no-store"
    return response


@login_required
def documents_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The organizers' page: every round's protocols (blank and filled) and the event's exports."""
    tournament = tournament_for_organizer(request, slug)
    items = documents.documents_overview(tournament)
    return render(
        request,
        "protocols/documents.html",
        {
            "tournament": tournament,
            "items": items,
            "rounds": tournament.round_set.order_by("number"),
            "site_warning": protocol_links.site_url_warning(request),
        },
    )
