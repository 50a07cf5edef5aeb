"""The REST API: thin views over the same access checks and action functions as the pages.

Reads check ``access`` as the HTML pages do (a public event, or its staff; an
unpublished draw only for organizers). Writes call the audited actions of
``services``, ``rounds`` and ``hands``, which check the actor's role
themselves and raise ``PermissionDenied`` (403; 401 when the request has no credentials).
Every error answers the error list of hand-format.md, ``{"errors": [{"field", "code", "message"}]}``, whatever
raised it (``exception_handler``). JSON in, JSON out.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.exceptions import NON_FIELD_ERRORS, PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.settings import spectacular_settings
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from drf_spectacular.views import SpectacularSwaggerSplitView
from rest_framework import exceptions, status
from rest_framework.parsers import JSONParser
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import Serializer
from rest_framework.settings import api_settings
from rest_framework.views import APIView
from rest_framework.views import exception_handler as drf_exception_handler

from config.security import client_ip
from tournaments import access, lookups
from tournaments.api.serializers import (
    ConfirmationSerializer,
    ConfirmSerializer,
    DrawSerializer,
    EntrySerializer,
    ErrorSerializer,
    EventDetailSerializer,
    EventSerializer,
    HandCorrectionSerializer,
    HandDeletionSerializer,
    HandEntrySerializer,
    HandScoreSerializer,
    HandSerializer,
    PreviewQuerySerializer,
    ReasonSerializer,
    RegisterSerializer,
    RoundSerializer,
    TableSerializer,
)
from tournaments.events import services
from tournaments.lookups import tournament_for_viewer
from tournaments.models import Bye, Entry, Hand, Round, Seat, Table, Tournament
from tournaments.results.load import table_totals
from tournaments.rounds import actions as round_actions
from tournaments.rounds import services as rounds
from tournaments.tables import hands, lines
from tournaments.tables.handforms.base import hand_labels
from tournaments.tables.table_view import table_view

ENTRY_ACTIONS = {"withdraw": Entry.Status.WITHDRAWN, "reinstate": Entry.Status.ACTIVE}

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


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Engine rejections and form errors 400, role 403, missing 404, stale edit and closed round 409."""
    if isinstance(exc, hands.HandRejected):
        labels = hand_labels(exc.hand, exc.config) if exc.hand is not None else None
        body: dict[str, Any] = {"errors": lines.error_dicts(exc.errors, labels)}
        if exc.hand_number is not None:
            body["hand"] = exc.hand_number
        return Response(body, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, hands.HandNumberConflict):
        return Response(
            {
                "errors": [{"field": "number", "code": "hand_number", "message": str(exc)}],
                "hand": exc.given,
                "next": exc.expected,
            },
            status=status.HTTP_409_CONFLICT,
        )
    if isinstance(exc, hands.IdempotencyConflict):
        return Response(
            {"errors": [{"field": "Idempotency-Key", "code": "idempotency_conflict", "message": str(exc)}]},
            status=status.HTTP_409_CONFLICT,
        )
    if isinstance(exc, hands.PinLocked):
        return Response(
            {"errors": [{"field": "pin", "code": "locked_out", "message": str(exc)}]},
            status=status.HTTP_429_TOO_MANY_REQUESTS,
            headers={"Retry-After": str(exc.retry_after)},
        )
    if isinstance(exc, hands.StaleEdit):
        field = getattr(exc, "field", "version")  # what the client sent of the state it saw
        return Response(
            {"errors": [{"field": field, "code": "stale_edit", "message": str(exc)}]},
            status=status.HTTP_409_CONFLICT,
        )
    if isinstance(exc, hands.NotOpen):
        return Response(
            {"errors": [{"field": "", "code": "not_open", "message": str(exc)}]}, status=status.HTTP_409_CONFLICT
        )
    if isinstance(exc, DjangoValidationError):
        return Response({"errors": _from_django(exc)}, status=status.HTTP_400_BAD_REQUEST)
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


def _errors(description: str) -> OpenApiResponse:
    return OpenApiResponse(ErrorSerializer, description=description)


NOT_FOUND = _errors("No such event, round, table, hand or player.")
NOT_SIGNED_IN = _errors("No credentials, or a bad token: sign in (session or Token) and try again.")
READ_ERRORS = {
    401: NOT_SIGNED_IN,
    403: _errors("The event is not public (or the draw not published) and you are not its staff."),
    404: NOT_FOUND,
}
WRITE_ERRORS = {
    400: _errors("Malformed JSON, a wrong type or a value the action refuses; the field is named."),
    401: NOT_SIGNED_IN,
    403: _errors("Your role does not allow this action."),
    404: NOT_FOUND,
}
HAND_ERRORS = {
    **WRITE_ERRORS,
    400: _errors("The engine rejected the hand (hand-format.md errors), or malformed input."),
    409: _errors(
        "not_open: the round does not take hands (not running, or the table is complete); "
        "stale_edit: somebody saved, moved or deleted the hand since the version you sent "
        "(or the `id` you sent is not the hand at this number)."
    ),
}
ENTRY_ERRORS = {
    **HAND_ERRORS,
    409: _errors(
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


# taruk2012.md §8.1 E1 (hand 1 at a table whose first dealer is A): 25 for B, 15 for D.
E1 = {"game": "tri", "declarer": "B", "called_king": "hearts", "partner": "D", "card_points": 48}

# --- lookups ----------------------------------------------------------------------


def _round_data(tournament: Tournament, rnds: Any) -> Any:
    """Rounds with tables, seats, byes, clock and table totals: the same few queries for any size."""
    rnds = rnds.prefetch_related(
        Prefetch(
            "tables",
            queryset=Table.objects.order_by("number").prefetch_related(
                Prefetch("seats", queryset=Seat.objects.select_related("entry__player").order_by("position"))
            ),
        ),
        Prefetch("byes", queryset=Bye.objects.select_related("entry__player").order_by("entry__start_number")),
    ).order_by("number")
    rnds = list(rnds)
    totals = {t.table_id: t for t in table_totals(tournament, [r.number for r in rnds])} if rnds else {}
    return RoundSerializer(rnds, many=True, context={"totals": totals}).data


def round_answer(tournament: Tournament, rnd: Round, code: int = status.HTTP_200_OK) -> Response:
    """One round as ``_round_data`` gives it: the answer of every round action."""
    return Response(_round_data(tournament, Round.objects.filter(pk=rnd.pk))[0], status=code)


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


def _hand(table: Table, hand_no: int) -> Hand:
    return get_object_or_404(Hand.objects.select_related("entered_by"), table=table, number=hand_no)


def _addressed(table: Table, hand_no: int, hand_id: int | None) -> Hand:
    """The hand a correction or deletion is for. With ``id`` (which never moves) it must still be
    the hand at ``hand_no``: one that moved or was deleted is a stale edit (409), never another hand."""
    if hand_id is None:
        return _hand(table, hand_no)
    hand = Hand.objects.filter(table=table, pk=hand_id).first()
    if hand is None:
        raise hands.StaleEdit(_("Hand %(n)d was deleted since you opened it; nothing was stored.") % {"n": hand_no})
    if hand.number != hand_no:
        raise hands.StaleEdit(
            _("The hand you sent (id %(id)d) is now hand %(m)d, not %(n)d; nothing was stored.")
            % {"id": hand_id, "m": hand.number, "n": hand_no}
        )
    return hand


def _with_envelope(hand_input: Any, envelopes: list[dict[str, Any]]) -> Any:
    """The hand with the envelope (variant, seats, dealer) the client left out taken from the table's.

    A given dealer picks among the envelopes the table allows; whatever the client
    gave is kept, and the action checks it against the table under its row lock.
    """
    if not isinstance(hand_input, dict) or not envelopes:
        return hand_input  # the action rejects a hand that is not an object
    chosen = next((e for e in envelopes if e["dealer"] == hand_input.get("dealer")), envelopes[0])
    return {**chosen, **hand_input}


def _next_envelopes(tournament: Tournament, table: Table) -> list[dict[str, Any]]:
    previous = table.hands.order_by("number").last()
    return hands.next_envelopes(hands.table_setup(table, tournament), previous)


# --- events and entries --------------------------------------------------------------


def event_payload(request: Request, tournament: Tournament) -> dict[str, Any]:
    """An event as the API answers it: its settings, the variant's facts and the caller's role."""
    tournament.active_entries = tournament.entries.filter(status=Entry.Status.ACTIVE).count()
    tables = access.referee_tables(request.user, tournament)
    role = {
        "organizer": access.is_organizer(request.user, tournament),
        "referee": tables != set(),
        "referee_tables": None if tables is None else sorted(tables),
    }
    return EventDetailSerializer(tournament, context={"role": role}).data


class EventList(ApiView):
    @extend_schema(
        operation_id="events_list",
        tags=["events"],
        responses=EventSerializer(many=True),
        summary="Events you may see",
        description="Public events, and the events you organize or referee.",
    )
    def get(self, request: Request) -> Response:
        events = lookups.visible_events(request.user)
        return Response(EventSerializer(events, many=True).data)


class EventDetail(ApiView):
    @extend_schema(
        operation_id="event_detail",
        tags=["events"],
        parameters=[SLUG],
        responses={200: EventDetailSerializer, **READ_ERRORS},
        summary="An event: its format, the variant's table facts and your role",
    )
    def get(self, request: Request, slug: str) -> Response:
        return Response(event_payload(request, tournament_for_viewer(request, slug)))


class Entries(ApiView):
    @extend_schema(
        operation_id="entries_list",
        tags=["players"],
        parameters=[SLUG],
        responses={200: EntrySerializer(many=True), **READ_ERRORS},
        summary="The event's players",
    )
    def get(self, request: Request, slug: str) -> Response:
        tournament = tournament_for_viewer(request, slug)
        return Response(EntrySerializer(tournament.entries.select_related("player"), many=True).data)

    @extend_schema(
        operation_id="entry_register",
        tags=["players"],
        parameters=[SLUG],
        request=RegisterSerializer,
        responses={201: EntrySerializer, **WRITE_ERRORS},
        summary="Register a player (organizers)",
    )
    def post(self, request: Request, slug: str) -> Response:
        tournament = tournament_for_viewer(request, slug)
        data = valid(RegisterSerializer, request.data)
        entry = services.register_player(request.user, tournament, **data)
        return Response(EntrySerializer(entry).data, status=status.HTTP_201_CREATED)


class EntryAction(ApiView):
    @extend_schema(
        operation_id="entry_status",
        tags=["players"],
        request=ReasonSerializer,
        parameters=[
            SLUG,
            action_parameter(list(ENTRY_ACTIONS), "withdraw or reinstate"),
        ],
        responses={200: EntrySerializer, **WRITE_ERRORS},
        summary="Withdraw or reinstate a player (organizers)",
    )
    def post(self, request: Request, slug: str, start_number: int, action: str) -> Response:
        tournament = tournament_for_viewer(request, slug)
        entry = get_object_or_404(
            Entry.objects.select_related("player", "tournament"), tournament=tournament, start_number=start_number
        )
        data = valid(ReasonSerializer, request.data)
        entry = services.set_entry_status(request.user, entry, ENTRY_ACTIONS[action], data["reason"])
        return Response(EntrySerializer(entry).data)


# --- rounds -------------------------------------------------------------------------


class Rounds(ApiView):
    @extend_schema(
        operation_id="rounds_list",
        tags=["rounds"],
        parameters=[SLUG],
        responses={200: RoundSerializer(many=True), **READ_ERRORS},
        summary="Rounds with tables, seats, byes and clock",
        description="Unpublished (draft) draws are listed for organizers only.",
    )
    def get(self, request: Request, slug: str) -> Response:
        tournament = tournament_for_viewer(request, slug)
        return Response(_round_data(tournament, lookups.visible_rounds(request.user, tournament)))

    @extend_schema(
        operation_id="round_draw",
        tags=["rounds"],
        parameters=[SLUG],
        request=DrawSerializer,
        responses={201: RoundSerializer, **WRITE_ERRORS},
        summary="Draw the next round (organizers)",
        description="Draws the next round, or redraws the latest one while it is not running "
        "(a published draw only with confirm_redraw). The draw starts as a draft: "
        "publish it to show it to players and referees.",
    )
    def post(self, request: Request, slug: str) -> Response:
        tournament = tournament_for_viewer(request, slug)
        data = valid(DrawSerializer, request.data)
        rnd = rounds.draw_round(request.user, tournament, **data)
        return round_answer(tournament, rnd, status.HTTP_201_CREATED)


class RoundDetail(ApiView):
    @extend_schema(
        operation_id="round_detail",
        tags=["rounds"],
        parameters=[SLUG],
        responses={200: RoundSerializer, **READ_ERRORS},
        summary="A round: tables, seats, byes, clock",
    )
    def get(self, request: Request, slug: str, number: int) -> Response:
        tournament, rnd = round_for_viewer(request, slug, number)
        return round_answer(tournament, rnd)


class RoundAction(ApiView):
    @extend_schema(
        operation_id="round_action",
        tags=["rounds"],
        request=None,
        parameters=[
            SLUG,
            action_parameter(list(round_actions.WITHOUT_BODY), "What to do with the round."),
        ],
        responses={200: RoundSerializer, **WRITE_ERRORS},
        summary="Publish, start or pause a round (organizers)",
        description="publish: draft → seated; start: seated → running, or resume a paused clock; "
        "pause: stop the clock (close and reopen: their own endpoints). A move the round's state "
        "does not allow answers 400 naming the field status.",
    )
    def post(self, request: Request, slug: str, number: int, action: str) -> Response:
        tournament, rnd = round_for_viewer(request, slug, number)
        round_actions.perform(request.user, rnd, action)  # close, reopen, redraw, re-seat: api_rounds.py
        return round_answer(tournament, rnd)


# --- tables and hands -----------------------------------------------------------------

HAND_BODY_HELP = (
    "The body is the hand of hand-format.md: the variant's fields, one of the variants' hands below (the event's "
    "variant decides which; the rules across fields are the engine's, see the variant's spec). The envelope "
    "(`variant`, `seats`, `dealer`, and what else the table fixes: tarokk-vadasz `participants` and, at 5 and "
    "6 seats, `talon_arranger`) may be left out: it is taken from the table's next envelope "
    "(`next_envelopes` of the table, the usual one first). Where the deal need not rotate (a void ulti deal, "
    "a Vadász throw-in) give `dealer` to choose among them. An envelope that is given must match the table's. "
    "Where the paper sheet records only made or failed, that may be given instead of counting card points: "
    'ulti-mausz `results` (`{component: "made" | "failed"}`) for every component of the bid judged by '
    "the count (parti, 40-100, 20-100) stands in for `play.declarer_card_points` and `play.marriages` (a "
    "claimed silent 100 still needs them; given both, the facts decide and `results` must agree); "
    "tarokk-illusztralt and tarokk-vadasz `count_result` (`dupla`, `won`, `lost`, `opponents_dupla`: the "
    "declaring side's card points 71 or more, 48-70, 24-47, 23 or fewer) instead of `declarer_card_points`."
)


class TableDetail(ApiView):
    @extend_schema(
        operation_id="table_detail",
        tags=["hands"],
        parameters=[SLUG],
        responses={200: TableSerializer, **READ_ERRORS},
        summary="A table: seats, hands, totals, progress and the next hand's envelope",
    )
    def get(self, request: Request, slug: str, number: int, table_no: int) -> Response:
        tournament, table = lookups.table_for_viewer(request, slug, number, table_no)
        return table_answer(request, tournament, table)


def table_answer(request: Request, tournament: Tournament, table: Table) -> Response:
    """A table as its detail answers it (and the table writes that answer the table), people named as
    the reader may read them."""
    view = table_view(table, tournament)
    return Response(
        TableSerializer(
            {
                "round": view.round,
                "number": view.number,
                "round_status": view.round_status,
                "first_dealer": view.first_dealer,
                "confirmed": view.confirmed,
                "time_expired": view.progress.time_expired,
                "time_up_after": view.progress.time_up_after,
                "expected_hands": view.progress.expected,
                "played_hands": view.progress.played,
                "complete": view.progress.complete,
                "seats": view.seats,
                "totals": view.totals,
                "next_envelopes": view.next_envelopes,
                "hands": [line.stored for line in view.hands],
                "judge_confirmation": view.judge_confirmation,
            },
            context=names_for(request, tournament),
        ).data
    )


class Hands(ApiView):
    @extend_schema(
        operation_id="hands_list",
        tags=["hands"],
        parameters=[SLUG],
        responses={200: HandSerializer(many=True), **READ_ERRORS},
        summary="A table's hands",
    )
    def get(self, request: Request, slug: str, number: int, table_no: int) -> Response:
        tournament, table = lookups.table_for_viewer(request, slug, number, table_no)
        table_hands = table.hands.select_related("entered_by").order_by("number")
        return Response(HandSerializer(table_hands, many=True, context=names_for(request, tournament)).data)

    @extend_schema(
        operation_id="hand_enter",
        tags=["hands"],
        parameters=[SLUG, IDEMPOTENCY_KEY],
        request=HandEntrySerializer,  # `number`; the hand's fields go beside it (HAND_BODY_HELP)
        responses={201: HandSerializer, **ENTRY_ERRORS},
        summary="Enter the table's next hand (organizers; referees of this table)",
        description=HAND_BODY_HELP + " `number` (required, beside the hand's fields) is the hand number you "
        "enter, the table's next one: two devices entering the same hand get 409 "
        "hand_number for the second, and nothing is stored. The round must be "
        "running and the table not complete (else 409).",
        examples=[OpenApiExample("taruk2012.md §8.1 E1", value={"number": 1, **E1}, request_only=True)],
    )
    def post(self, request: Request, slug: str, number: int, table_no: int) -> Response:
        tournament, table = lookups.table_for_viewer(request, slug, number, table_no)
        body, hand_no = request.data, None
        if isinstance(body, dict):
            entry = valid(HandEntrySerializer, {k: v for k, v in body.items() if k == "number"})
            body, hand_no = {k: v for k, v in body.items() if k != "number"}, entry["number"]
        # Read outside the table lock: a hand entered meanwhile makes the action refuse the number.
        hand_input = _with_envelope(body, _next_envelopes(tournament, table))
        hand = hands.enter_hand(
            request.user,
            table,
            hand_input,
            number=hand_no,
            idempotency_key=request.headers.get("Idempotency-Key"),
            request_body=request.data,
        )
        response = Response(
            HandSerializer(hand, context=names_for(request, tournament)).data, status=status.HTTP_201_CREATED
        )
        if hand.replayed:
            response["Idempotent-Replayed"] = "true"
        return response


class Preview(ApiView):
    @extend_schema(
        operation_id="hand_preview",
        tags=["hands"],
        request=OpenApiTypes.OBJECT,
        parameters=[
            SLUG,
            OpenApiParameter(
                "hand",
                OpenApiTypes.INT,
                OpenApiParameter.QUERY,
                required=False,
                description="Score the body in place of this hand (a correction); default: as the table's next hand.",
            ),
        ],
        responses={200: HandScoreSerializer, **{k: v for k, v in HAND_ERRORS.items() if k != 409}},
        summary="Score a hand without storing it (organizers; referees of this table)",
        description=HAND_BODY_HELP + " The preview applies the engine's rules only; entering the hand also "
        "checks the envelope against the table and that the round is running.",
        examples=[OpenApiExample("taruk2012.md §8.1 E1", value=E1, request_only=True)],
    )
    def post(self, request: Request, slug: str, number: int, table_no: int) -> Response:
        tournament, table = lookups.table_for_viewer(request, slug, number, table_no)
        access.require_hand_entry(request.user, tournament, table.number)
        query = valid(PreviewQuerySerializer, request.query_params)
        hand_no = query.get("hand")
        if hand_no is None:
            envelopes = _next_envelopes(tournament, table)
        else:
            envelopes = [hands.stored_envelope(hands.table_setup(table, tournament), _hand(table, hand_no).input)]
        hand = _with_envelope(request.data, envelopes)
        result = hands.preview(table, hand, before_number=hand_no)
        if isinstance(result, list):
            raise hands.HandRejected(result, hand_no, hand, tournament.config or None)
        return Response(HandScoreSerializer(result).data)  # its breakdown rendered by BreakdownField


class HandDetail(ApiView):
    @extend_schema(
        operation_id="hand_detail",
        tags=["hands"],
        parameters=[SLUG],
        responses={200: HandSerializer, **READ_ERRORS},
        summary="One hand",
    )
    def get(self, request: Request, slug: str, number: int, table_no: int, hand_no: int) -> Response:
        tournament, table = lookups.table_for_viewer(request, slug, number, table_no)
        return Response(HandSerializer(_hand(table, hand_no), context=names_for(request, tournament)).data)

    def _correct(
        self, request: Request, slug: str, number: int, table_no: int, hand_no: int, partial: bool
    ) -> Response:
        tournament, table = lookups.table_for_viewer(request, slug, number, table_no)
        data = valid(HandCorrectionSerializer, request.data)
        hand = _addressed(table, hand_no, data.get("id"))
        setup = hands.table_setup(table, table.round.tournament)
        base = hand.input if partial else hands.stored_envelope(setup, hand.input)
        corrected = hands.correct_hand(
            request.user,
            hand,
            {**base, **data["input"]},
            expected_version=data["version"],
            reason=data["reason"],
        )
        return Response(HandSerializer(corrected, context=names_for(request, tournament)).data)

    @extend_schema(
        operation_id="hand_correct",
        tags=["hands"],
        parameters=[SLUG],
        request=HandCorrectionSerializer,
        responses={200: HandSerializer, **HAND_ERRORS},
        summary="Correct a hand: replace its variant fields (organizers; referees of this table)",
        description="`input` holds the hand's variant fields; the envelope stays the stored one. `version` is "
        "the version you read (409 stale_edit when somebody saved it since); `reason` goes to the "
        "audit log. Later hands are rescored; a confirmed table is reopened. A correction that would "
        "make a later hand invalid answers 400 with that hand's number in `hand`.",
        examples=[
            OpenApiExample(
                "recounted",
                request_only=True,
                value={"version": 1, "reason": "recounted", "input": {**E1, "card_points": 30}},
            )
        ],
    )
    def put(self, request: Request, slug: str, number: int, table_no: int, hand_no: int) -> Response:
        return self._correct(request, slug, number, table_no, hand_no, partial=False)

    @extend_schema(
        operation_id="hand_patch",
        tags=["hands"],
        parameters=[SLUG],
        request=HandCorrectionSerializer,
        responses={200: HandSerializer, **HAND_ERRORS},
        summary="Correct some fields of a hand (organizers; referees of this table)",
        description="As PUT, but `input` holds only the fields that change; they replace the stored ones "
        "(a shallow merge: to drop a field, PUT the whole hand).",
        examples=[
            OpenApiExample(
                "recounted",
                request_only=True,
                value={"version": 1, "reason": "recounted", "input": {"card_points": 30}},
            )
        ],
    )
    def patch(self, request: Request, slug: str, number: int, table_no: int, hand_no: int) -> Response:
        return self._correct(request, slug, number, table_no, hand_no, partial=True)

    @extend_schema(
        operation_id="hand_delete",
        tags=["hands"],
        request=HandDeletionSerializer,
        # Documented as query parameters (a DELETE body is not part of OpenAPI): one of the two is required.
        parameters=[SLUG, HandDeletionSerializer],
        responses={204: OpenApiResponse(description="Deleted; later hands renumbered and rescored."), **HAND_ERRORS},
        summary="Delete a hand (organizers; referees of this table)",
        description='Body `{"version", "reason"}` (or the same as query parameters). Later hands move up '
        "one number and are rescored; a confirmed table is reopened.",
    )
    def delete(self, request: Request, slug: str, number: int, table_no: int, hand_no: int) -> Response:
        _, table = lookups.table_for_viewer(request, slug, number, table_no)
        data = valid(HandDeletionSerializer, request.data or request.query_params)
        hand = _addressed(table, hand_no, data.get("id"))
        hands.delete_hand(request.user, hand, expected_version=data["version"], reason=data["reason"])
        return Response(status=status.HTTP_204_NO_CONTENT)


class Confirm(ApiView):
    @extend_schema(
        operation_id="table_confirm",
        tags=["hands"],
        parameters=[SLUG],
        request=ConfirmSerializer,
        responses={
            200: ConfirmationSerializer,
            **HAND_ERRORS,
            429: _errors("locked_out: too many wrong PINs for the seat or by your account; see Retry-After."),
        },
        summary="A seated player confirms the table's result with his PIN (on a referee's device)",
        description="The caller must be allowed to enter hands at the table. A table with hands still to play "
        "answers 409 not_open (checked before the PIN); a wrong PIN 400 (field pin, code wrong_pin). "
        "Wrong PINs are counted per seat and per signed-in account (not per address: referees behind "
        "one hall address do not share a budget): after repeated failures the answer is 429 locked_out "
        "with Retry-After (seconds) until the lock ends.",
    )
    def post(self, request: Request, slug: str, number: int, table_no: int) -> Response:
        _, table = lookups.table_for_viewer(request, slug, number, table_no)
        data = valid(ConfirmSerializer, request.data)
        position = data["position"]
        try:
            confirmation = hands.confirm_table(
                request.user, table, position, data["pin"], address=client_ip(request) or None
            )
        except hands.WrongPin as exc:
            seated = {s.position for s in table.seats.all()}
            field = "pin" if position in seated else "position"
            raise exceptions.ValidationError({field: [exceptions.ErrorDetail(str(exc), "wrong_pin")]}) from None
        confirmation.table_confirmed = Table.objects.filter(pk=table.pk, confirmed_at__isnull=False).exists()
        return Response(ConfirmationSerializer(confirmation).data)


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
