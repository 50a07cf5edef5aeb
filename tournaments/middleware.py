"""Refuse NUL characters in user input before any view sees them.

PostgreSQL cannot store a NUL (0x00) in a text column nor ``\\u0000`` in jsonb, so such input
would end as a database error (a 500) wherever it reached a query; SQLite would store it. No
field of ours may contain one, so the request is answered 400 naming the field. Forms already
refuse NUL (Django's CharField), but views also read raw values (a seat letter, a PIN, a
version) and the API and the hand-entry JSON tab take JSON bodies. Uploaded files are not
inspected (an XLSX is binary).
"""

from __future__ import annotations

import json
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.utils.translation import gettext as _

from scoring.common import NUL, nul_paths

API_PREFIX = "/api/"


def nul_message(field: str) -> str:
    """The one sentence for a NUL anywhere (here, and in the hand actions for escaped ``\\u0000``)."""
    return _("%(field)s: contains a NUL character, which no field may hold.") % {"field": field}


def _first_bad_field(request: HttpRequest) -> str | None:
    # The API parses JSON only (a form body answers 415 there): its POST is left unread.
    form = request.method == "POST" and not request.path.startswith(API_PREFIX)
    for query in [request.GET] + ([request.POST] if form else []):
        for key, values in query.lists():
            if NUL in key or any(NUL in v for v in values):
                return key
    if request.content_type == "application/json" and request.body:
        try:
            data = json.loads(request.body)
        except (ValueError, UnicodeDecodeError):
            return None  # not JSON: the view answers that itself
        return next(nul_paths(data), None)
    return None


class RejectNulMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        field = _first_bad_field(request)
        if field is None:
            return self.get_response(request)
        message = nul_message(field or "body")
        if request.path.startswith(API_PREFIX) or request.content_type == "application/json":
            return JsonResponse({"errors": [{"field": field, "code": "invalid_value", "message": message}]},
                                status=400)
        return HttpResponseBadRequest(message, content_type="text/plain; charset=utf-8")
