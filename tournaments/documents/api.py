"""The API twins of the documents' pages: the list of an event's documents, one document's status (and
queuing it), and its file."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import access
from tournaments.api.core import READ_ERRORS, SLUG, ApiView, Endpoint, error_responses, refusal
from tournaments.api.serializers import plain
from tournaments.documents import files as documents
from tournaments.documents import jobs
from tournaments.documents.reads import document_for, serve, status_payload
from tournaments.lookups import tournament_for_viewer
from tournaments.models import GeneratedFile

KEY = OpenApiParameter(
    "key",
    OpenApiTypes.STR,
    OpenApiParameter.PATH,
    description="standings-pdf, standings-xlsx, hands-xlsx, players-xlsx or "
    "round-<n>-protocols-blank / round-<n>-protocols-filled",
)


# A download is the file itself, in its own media type (a PDF or an XLSX), never JSON.
DOWNLOAD = {
    (200, media_type): OpenApiResponse(OpenApiTypes.BINARY, description="The PDF or XLSX file.")
    for media_type in sorted({kind.content_type for kind in documents.KINDS.values()})
}


class DocumentStatusSerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField(required=False)
    status = serializers.CharField(help_text=_("empty (never generated), queued, running, done or failed"))
    status_display, progress = plain(str, int)
    error, download_url = plain(str, str | None)


class DocumentEndpoint(Endpoint):
    # An operation on one of the event's documents (its key in the path).
    tag = "documents"
    parameters = [SLUG, KEY]


class Documents(DocumentEndpoint):
    """Every protocol and export of the event with its state (organizers)"""

    operation_id = "documents_list"
    parameters = [SLUG]
    answer = DocumentStatusSerializer(many=True)

    def get(self, request: Request, slug: str) -> Response:
        tournament = tournament_for_viewer(request, slug)
        access.require_organizer(request.user, tournament)
        out = []
        for item in documents.documents_overview(tournament):
            payload = status_payload(item.get("row"), tournament, item["key"])
            out.append({**payload, "label": str(item.get("label", ""))})
        return Response(out)


class DocumentState(DocumentEndpoint):
    """A document's state: poll it after asking for it"""

    operation_id = "document_status"
    answer = DocumentStatusSerializer

    def get(self, request: Request, slug: str, key: str) -> Response:
        tournament, _kind = document_for(request, slug, key)
        row = GeneratedFile.objects.filter(tournament=tournament, key=key).first()
        fresh = documents.is_fresh(row, documents.fingerprint(tournament, key))
        payload = status_payload(row if fresh or (row and row.status != "done") else None, tournament, key)
        return Response(payload, headers={"Cache-Control": "no-store"})


class DocumentGenerate(DocumentEndpoint):
    """Generate a document in the background (or answer the current one)

    Queues the document unless the stored one is current; poll its state, then download it from `download_url`."""

    operation_id = "document_generate"
    answer = DocumentStatusSerializer
    code = status.HTTP_202_ACCEPTED

    def post(self, request: Request, slug: str, key: str) -> Response:
        tournament, _kind = document_for(request, slug, key)
        row = jobs.request_document(request.user, tournament, key)
        row.refresh_from_db()
        return Response(status_payload(row, tournament, key), status=status.HTTP_202_ACCEPTED)


class Document(DocumentState, DocumentGenerate):
    """The URL of GET ``DocumentState`` and POST ``DocumentGenerate``."""


class DocumentFile(ApiView):
    @extend_schema(
        operation_id="document_download",
        tags=["documents"],
        parameters=[SLUG, KEY],
        responses={
            **DOWNLOAD,
            409: error_responses("The document is not generated or not current: ask for it first."),
            **READ_ERRORS,
        },
        summary="Download a generated document",
    )
    def get(self, request: Request, slug: str, key: str) -> Any:
        tournament, kind = document_for(request, slug, key)
        row = GeneratedFile.objects.filter(tournament=tournament, key=key).first()
        if not documents.is_fresh(row, documents.fingerprint(tournament, key)):
            message = _("The document is not ready; generate it and wait until its state is done.")
            return refusal("key", "not_ready", message, status.HTTP_409_CONFLICT)
        return serve(row, tournament, kind)
