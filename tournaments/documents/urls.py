"""Protocols, standings PDF and exports (tournaments.documents.views); included before tournaments.urls."""

from django.urls import path

from tournaments.documents import views as documents

table = "e/<slug:slug>/round/<int:number>/table/<int:table_no>/"
urlpatterns = [
    path("e/<slug:slug>/manage/documents/", documents.documents_page, name="documents"),
    path("e/<slug:slug>/documents/<str:key>/", documents.document_download, name="document-download"),
    path("e/<slug:slug>/documents/<str:key>/generate/", documents.document_generate, name="document-generate"),
    path("e/<slug:slug>/documents/<str:key>/status.json", documents.document_status, name="document-status"),
    path("e/<slug:slug>/round/<int:number>/protocols/", documents.round_protocols, name="round-protocols"),
    path(table + "protocol/", documents.table_protocol, name="table-protocol"),
    path(table + "protocol.pdf", documents.table_protocol_pdf, name="table-protocol-pdf"),
    path("e/<slug:slug>/standings/print/", documents.standings_print, name="standings-print"),
]
