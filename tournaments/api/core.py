"""The REST API's base: its view class, its error shape, the parameters and lookups every package's API shares.

Reads check ``access`` as the HTML pages do (a public event, or its staff; an
unpublished draw only for organizers). Writes call the audited actions of
``services``, ``rounds`` and ``hands``, which check the actor's role
themselves and raise ``PermissionDenied`` (403; 401 when the request has no credentials).
Every error answers the error list of hand-format.md, ``{"errors": [{"field", "code", "message"}]}``, whatever
raised it (``exception_handler``). JSON in, JSON out.
"""

from __future__ import annotations

import inspect
import json
from typing import Any, ClassVar

from django.conf import settings
from django.core.exceptions import NON_FIELD_ERRORS, PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db.models import Prefetch
from django.http import Http404
from django.utils import translation
from drf_spectacular.settings import spectacular_settings
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_view
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework import exceptions, status
from rest_framework.parsers import JSONParser
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import Serializer
from rest_framework.settings import api_settings
from rest_framework.views import APIView
from rest_framework.views import exception_handler as drf_exception_handler

from scoring.registry import VARIANTS
from tournaments import access, lookups
from tournaments.api.serializers import (
    ByeSerializer,
    ErrorSerializer,
    RoundHeadSerializer,
    TableSummarySerializer,
)
from tournaments.lookups import tournament_for_viewer
from tournaments.models import Bye, Round, Seat, Table, Tournament
from tournaments.public import live
from tournaments.results.load import table_totals
from tournaments.tables import confirmations, hands, lines
from tournaments.tables.handforms.base import hand_labels

# --- errors ---------------------------------------------------------------------


def _join(path: str, key: Any) -> str:
    if key in ("", api_settings.NON_FIELD_ERRORS_KEY, NON_FIELD_ERRORS):
        return path
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else str(key)


def _from_detail(detail: Any, path: str = "") -> list[dict[str, str]]:
    """DRF's nested error details as hand-format errors, the field as a path (``input.card_points``)."""
    if isinstance(detail, dict):
        return [e for key, value in detail.items() for e in _from_detail(value, _join(path, key))]
    if isinstance(detail, list):
        return [
            e
            for i, item in enumerate(detail)
            for e in _from_detail(item, _join(path, i) if isinstance(item, (dict, list)) else path)
        ]
    return [{"field": path, "code": getattr(detail, "code", None) or "invalid", "message": str(detail)}]


def _from_django(exc: DjangoValidationError) -> list[dict[str, str]]:
    """An action's ValidationError, field by field where it names one."""
    by_field = exc.error_dict.items() if hasattr(exc, "error_dict") else [("", exc.error_list)]
    return [
        {"field": _field_of(field, error), "code": error.code or "invalid", "message": message}
        for field, errors in by_field
        for error in errors
        for message in error
    ]


def _field_of(field: str, error: DjangoValidationError) -> str:
    """A unique constraint reports under ``__all__``; name its fields but the event, which the URL gives."""
    checked = (error.params or {}).get("unique_check") if error.code == "unique_together" else None
    if field == NON_FIELD_ERRORS and checked:
        return ",".join(f for f in checked if f != "tournament")
    return _join("", field)


def errors_answer(errors: list[dict[str, Any]], code: int = status.HTTP_400_BAD_REQUEST, **more: Any) -> Response:
    """An answer with the error list above (and ``more`` members beside it), for what a view refuses itself."""
    return Response({"errors": errors, **more}, status=code)


def refusal(field: str, code: str, message: str, answer: int = status.HTTP_400_BAD_REQUEST) -> Response:
    """One error as the answer: the field named, the code and the sentence."""
    return errors_answer([{"field": field, "code": code, "message": message}], answer)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Engine rejections and form errors 400, role 403, missing 404, stale edit and closed round 409."""
    if isinstance(exc, hands.HandRejected):
        labels = hand_labels(exc.hand, exc.config) if exc.hand is not None else None
        more = {"hand": exc.hand_number} if exc.hand_number is not None else {}
        return errors_answer(lines.error_dicts(exc.errors, labels), **more)
    if isinstance(exc, hands.HandNumberConflict):
        errors = [{"field": "number", "code": "hand_number", "message": str(exc)}]
        return errors_answer(errors, status.HTTP_409_CONFLICT, hand=exc.given, next=exc.expected)
    if isinstance(exc, hands.IdempotencyConflict):
        return refusal("Idempotency-Key", "idempotency_conflict", str(exc), status.HTTP_409_CONFLICT)
    if isinstance(exc, confirmations.PinLocked):
        response = refusal("pin", "locked_out", str(exc), status.HTTP_429_TOO_MANY_REQUESTS)
        response["Retry-After"] = str(exc.retry_after)
        return response
    if isinstance(exc, hands.StaleEdit):
        field = getattr(exc, "field", "version")  # what the client sent of the state it saw
        return refusal(field, "stale_edit", str(exc), status.HTTP_409_CONFLICT)
    if isinstance(exc, hands.NotOpen):
        return refusal("", "not_open", str(exc), status.HTTP_409_CONFLICT)
    if isinstance(exc, DjangoValidationError):
        return errors_answer(_from_django(exc))
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied(*exc.args)  # keeps the action's sentence
    response = drf_exception_handler(exc, context)
    if response is not None:
        response.data = {"errors": _from_detail(exc.detail)}
    return response


class ApiView(APIView):
    """JSON only (the hands are nested JSON); errors in the one format above."""

    parser_classes = [JSONParser]
    renderer_classes = [JSONRenderer]

    def get_exception_handler(self):
        return exception_handler

    def handle_exception(self, exc: Exception) -> Response:
        # Refused without credentials: 401 with "WWW-Authenticate: Token" (sign in and try again),
        # as DRF answers its own permission checks; a signed-in user without the role gets 403.
        # (Only our access checks: a CSRF failure stays 403 with its own message.)
        if isinstance(exc, PermissionDenied) and not self.request.user.is_authenticated:
            exc = exceptions.NotAuthenticated()
        return super().handle_exception(exc)


def error_responses(description: str) -> OpenApiResponse:
    return OpenApiResponse(ErrorSerializer, description=description)


NOT_FOUND = error_responses("No such event, round, table, hand or player.")
NOT_SIGNED_IN = error_responses("No credentials, or a bad token: sign in (session or Token) and try again.")
READ_ERRORS = {
    401: NOT_SIGNED_IN,
    403: error_responses("The event is not public (or the draw not published) and you are not its staff."),
    404: NOT_FOUND,
}
WRITE_ERRORS = {
    400: error_responses("Malformed JSON, a wrong type or a value the action refuses; the field is named."),
    401: NOT_SIGNED_IN,
    403: error_responses("Your role does not allow this action."),
    404: NOT_FOUND,
}
HAND_ERRORS = {
    **WRITE_ERRORS,
    400: error_responses("The engine rejected the hand (hand-format.md errors), or malformed input."),
    409: error_responses(
        "not_open: the round does not take hands (not running, or the table is complete); "
        "stale_edit: somebody saved, moved or deleted the hand since the version you sent "
        "(or the `id` you sent is not the hand at this number)."
    ),
}
ENTRY_ERRORS = {
    **HAND_ERRORS,
    409: error_responses(
        "hand_number: `number` is not the table's next hand (another device entered it, or "
        "a hand was deleted); the body names `hand` and `next`. idempotency_conflict: the "
        "Idempotency-Key was used with another body. not_open: the round does not take "
        "hands."
    ),
}
IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    required=False,
    description="Any unique string up to 100 characters (a UUID). Sending the same key with the same body "
    "again (a retry after a timeout) answers the hand the first request stored, with the header "
    "`Idempotent-Replayed: true`, and stores nothing; the same key with another body answers 409.",
)
SLUG = OpenApiParameter("slug", OpenApiTypes.STR, OpenApiParameter.PATH, description="The event's slug.")


def action_parameter(actions: list[str], description: str) -> OpenApiParameter:
    """The ``action`` path segment of an endpoint that does one of several things."""
    return OpenApiParameter("action", OpenApiTypes.STR, OpenApiParameter.PATH, enum=actions, description=description)


API_NOTE = inspect.cleandoc(ApiView.__doc__ or "")
HTTP_METHODS = ("get", "post", "put", "patch", "delete")


class Endpoint(ApiView):
    """One operation of the API (one HTTP method), documented by what a subclass declares rather than by a
    decorator repeating the shape every endpoint shares.

    A family of endpoints (``RoundWrite``) declares what its members share and may implement the method; each
    member declares the rest: its ``operation_id``, its ``answer`` (and ``body``), and its words in its
    docstring, the summary first and after a blank line the description, as the code's reader and the
    schema's read them. Several members make one URL by inheriting from all of them (``Rounds``)."""

    tag: ClassVar[str]
    operation_id: ClassVar[str]
    description: ClassVar[str | None] = None  # a description the docstring cannot hold (composed, computed)
    parameters: ClassVar[list[OpenApiParameter]] = [SLUG]
    body: ClassVar[Any] = None
    answer: ClassVar[Any]
    code: ClassVar[int] = status.HTTP_200_OK
    errors: ClassVar[dict[Any, Any] | None] = None  # None: READ_ERRORS for a GET, WRITE_ERRORS otherwise
    examples: ClassVar[list[OpenApiExample]] = []

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "operation_id" in cls.__dict__:  # a member, not a family
            (method,) = (m for m in HTTP_METHODS if hasattr(cls, m))
            extend_schema_view(**{method: extend_schema(**cls.documentation(method))})(cls)

    @classmethod
    def documentation(cls, method: str) -> dict[str, Any]:
        """The arguments of ``extend_schema`` for this operation. Without a description, the operation keeps
        the note drf-spectacular gave every operation before endpoints were declared (``ApiView``'s)."""
        errors = cls.errors if cls.errors is not None else READ_ERRORS if method == "get" else WRITE_ERRORS
        summary, _blank, description = inspect.cleandoc(cls.__dict__["__doc__"]).partition("\n\n")
        return {
            "operation_id": cls.operation_id,
            "tags": [cls.tag],
            "parameters": cls.parameters,
            "request": cls.body,
            "responses": {cls.code: cls.answer, **errors},
            "summary": " ".join(summary.split()),
            "description": cls.description or " ".join(description.split()) or API_NOTE,
            "examples": cls.examples,
        }


class SiteEndpoint(Endpoint):
    # An operation of the site rather than of one event or series: nothing of theirs in the path.
    parameters = []


# taruk2012.md §8.1 E1 (hand 1 at a table whose first dealer is A): 25 for B, 15 for D.
E1 = {"game": "tri", "declarer": "B", "called_king": "hearts", "partner": "D", "card_points": 48}

# --- lookups ----------------------------------------------------------------------


def round_data(tournament: Tournament, rnds: Any) -> list[dict[str, Any]]:
    """Rounds with tables, seats, byes, clock and table totals. The rounds' tables and byes (most of the
    answer: 256 tables a round at 1,024 players) are read and serialized once per change of the event,
    the rounds' own fields and clocks on every read; the same few queries for any size."""
    rnds = list(rnds.order_by("number"))
    numbers = [r.number for r in rnds]
    key = "api-rounds:" + ",".join(map(str, numbers))
    bodies = live.versioned(tournament, key, lambda: _round_bodies(tournament, numbers)) if rnds else {}
    return [{**RoundHeadSerializer(r).data, **bodies[r.number]} for r in rnds]


def _round_bodies(tournament: Tournament, numbers: list[int]) -> dict[int, dict[str, Any]]:
    """Round number -> its tables (seats, totals) and byes, as the API answers them."""
    tables = (
        Table.objects.filter(round__tournament=tournament, round__number__in=numbers)
        .select_related("round")
        .order_by("number")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("entry__player").order_by("position")))
    )
    byes = Bye.objects.filter(round__tournament=tournament, round__number__in=numbers).select_related(
        "entry__player", "round"
    )
    totals = {t.table_id: t for t in table_totals(tournament, numbers)}
    out: dict[int, dict[str, Any]] = {n: {"tables": [], "byes": []} for n in numbers}
    for table in tables:
        out[table.round.number]["tables"].append(table)
    for bye in byes.order_by("entry__start_number"):
        out[bye.round.number]["byes"].append(bye)
    return {
        n: {
            "tables": TableSummarySerializer(part["tables"], many=True, context={"totals": totals}).data,
            "byes": ByeSerializer(part["byes"], many=True).data,
        }
        for n, part in out.items()
    }


def round_answer(tournament: Tournament, rnd: Round, code: int = status.HTTP_200_OK) -> Response:
    """One round as ``round_data`` gives it: the answer of every round action."""
    return Response(round_data(tournament, Round.objects.filter(pk=rnd.pk))[0], status=code)


def round_for_viewer(request: Request, slug: str, number: int) -> tuple[Tournament, Round]:
    """The event and its round ``number``, if the reader may see them (a draft draw: organizers only)."""
    tournament = tournament_for_viewer(request, slug)
    return tournament, lookups.round_of(request.user, tournament, number)


def organizer_event(request: Request, slug: str) -> Tournament:
    """The event, for its organizers: a reader who may not see it gets the viewer's refusal first."""
    tournament = tournament_for_viewer(request, slug)
    access.require_organizer(request.user, tournament)
    return tournament


def names_for(request: Request, tournament: Tournament) -> dict[str, Any]:
    """A serializer context naming people as ``request.user`` may read them (``access.PeopleNames``)."""
    return {"names": access.PeopleNames(request.user, tournament)}


def valid(serializer: type[Serializer], data: Any) -> Any:
    """``data`` checked by ``serializer``: its validated data, or a 400 naming every bad field."""
    checked = serializer(data=data)
    checked.is_valid(raise_exception=True)
    return checked.validated_data


# --- events and entries --------------------------------------------------------------


# --- rounds -------------------------------------------------------------------------


# --- tables and hands -----------------------------------------------------------------


# --- documentation -------------------------------------------------------------------


class DocsView(SpectacularSwaggerSplitView):
    """Swagger UI from the sidecar's static files, without the validator badge: Swagger UI
    would load it from the internet, and our pages load nothing from there. The split view
    serves its start-up script as a file (``?script``), not inline: the Content-Security-Policy
    allows no inline script."""

    @extend_schema(exclude=True)
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        response = super().get(request, *args, **kwargs)
        ui_settings = spectacular_settings.SWAGGER_UI_SETTINGS
        if isinstance(ui_settings, dict) and "settings" in response.data:
            response.data["settings"] = json.dumps({**ui_settings, "validatorUrl": None})
        return response


# The schemas /api/schema/ made, by language and the variants registered (shared by the process's requests).
_MADE: dict[tuple, Any] = {}


class SchemaView(SpectacularAPIView):
    """``/api/schema/``, made once per process for each of the site's languages. drf-spectacular makes
    it anew for every request (110-180 ms of a core, then 25 ms to write it out; the schema is public,
    anyone may ask); it changes only with the code and with the variants registered (a test registers
    one). A ``lang`` or ``version`` the site does not have is answered as drf-spectacular does, and not
    kept. About 4 MB a language a process."""

    def _get_schema_response(self, request: Any) -> Response:
        version = self.api_version or request.version or self._get_version_parameter(request)
        language = translation.get_language()
        key = (language, tuple((k, id(v)) for k, v in VARIANTS.items()))
        schema = _MADE.get(key) if version is None else None
        if schema is None:
            generator = self.generator_class(urlconf=self.urlconf, api_version=version, patterns=self.patterns)
            schema = generator.get_schema(request=request, public=self.serve_public)
            if version is None and language in dict(settings.LANGUAGES):
                _MADE[key] = schema
        filename = self._get_filename(request, version)
        return Response(data=schema, headers={"Content-Disposition": f'inline; filename="{filename}"'})
