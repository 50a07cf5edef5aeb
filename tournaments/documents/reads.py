"""What the documents' pages and their API share: the lookup of a document with its permission check,
its status as one payload, and the stored file as a response."""

from __future__ import annotations

from typing import Any

from django.http import FileResponse, Http404, HttpRequest
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments import access
from tournaments.documents import files as documents
from tournaments.models import GeneratedFile, Tournament


def document_for(request: HttpRequest, slug: str, key: str) -> tuple[Tournament, str]:
    """The event and the document's kind, after checking who may have it (pages and API)."""
    try:
        kind, params = documents.parse_key(key)
    except KeyError:
        raise Http404 from None
    tournament = get_object_or_404(Tournament, slug=slug)
    if documents.KINDS[kind].public:
        access.require_view(request.user, tournament)
    else:
        access.require_organizer(request.user, tournament)
    if "round" in params and not tournament.round_set.filter(number=params["round"]).exists():
        raise Http404
    return tournament, kind


def status_payload(row: GeneratedFile | None, tournament: Tournament, key: str) -> dict[str, Any]:
    row = documents.settled(row)  # a job whose worker is gone is shown failed
    status = row.status if row else ""
    return {
        "key": key,
        "status": status,
        "status_display": row.get_status_display() if row else _("Not generated"),
        "progress": row.progress if row else 0,
        "error": documents.failure_reason(row),
        "download_url": reverse("document-download", args=[tournament.slug, key]) if status == "done" else None,
    }


def serve(row: GeneratedFile, tournament: Tournament, kind: str) -> FileResponse:
    spec = documents.KINDS[kind]
    return FileResponse(
        row.file.open("rb"),
        content_type=spec.content_type,
        as_attachment=spec.extension != "pdf",
        filename=documents.filename(tournament, row.key),
    )
