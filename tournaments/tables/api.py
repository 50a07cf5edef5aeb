"""API twins of the table page's writes on the table itself: the confirmation by seat A together with the
judge (taruk2012.md §6.5) and where time was up (taruk2012.md §7.2)."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse
from rest_framework import exceptions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from config.security import client_ip
from tournaments import access, lookups
from tournaments.api.core import (
    E1,
    ENTRY_ERRORS,
    HAND_ERRORS,
    IDEMPOTENCY_KEY,
    SLUG,
    Endpoint,
    error_responses,
    names_for,
    valid,
)
from tournaments.api.serializers import (
    ConfirmationSerializer,
    ConfirmSerializer,
    HandCorrectionSerializer,
    HandDeletionSerializer,
    HandEntrySerializer,
    HandScoreSerializer,
    HandSerializer,
    JudgeConfirmationSerializer,
    JudgeConfirmSerializer,
    PreviewQuerySerializer,
    TableSerializer,
    optional_text,
)
from tournaments.models import Hand, Table, Tournament
from tournaments.rounds import timeup
from tournaments.tables import confirmations, hands
from tournaments.tables.table_view import table_view


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


class TableEndpoint(Endpoint):
    # An operation on table ``table_no`` of round ``number``, or on its hands.
    tag = "hands"


class TableDetail(TableEndpoint):
    """A table: seats, hands, totals, progress and the next hand's envelope"""

    operation_id = "table_detail"
    answer = TableSerializer

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


class HandList(TableEndpoint):
    """A table's hands"""

    operation_id = "hands_list"
    answer = HandSerializer(many=True)

    def get(self, request: Request, slug: str, number: int, table_no: int) -> Response:
        tournament, table = lookups.table_for_viewer(request, slug, number, table_no)
        table_hands = table.hands.select_related("entered_by").order_by("number")
        return Response(HandSerializer(table_hands, many=True, context=names_for(request, tournament)).data)


class EnterHand(TableEndpoint):
    """Enter the table's next hand (organizers; referees of this table)"""

    operation_id = "hand_enter"
    parameters = [SLUG, IDEMPOTENCY_KEY]
    body = HandEntrySerializer  # `number`; the hand's fields go beside it (HAND_BODY_HELP)
    answer = HandSerializer
    code = status.HTTP_201_CREATED
    errors = ENTRY_ERRORS
    examples = [OpenApiExample("taruk2012.md §8.1 E1", value={"number": 1, **E1}, request_only=True)]
    description = (
        HAND_BODY_HELP + " `number` (required, beside the hand's fields) is the hand number you "
        "enter, the table's next one: two devices entering the same hand get 409 "
        "hand_number for the second, and nothing is stored. The round must be "
        "running and the table not complete (else 409)."
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


class Hands(HandList, EnterHand):
    """The URL of GET ``HandList`` and POST ``EnterHand``."""


class Preview(TableEndpoint):
    """Score a hand without storing it (organizers; referees of this table)"""

    operation_id = "hand_preview"
    parameters = [
        SLUG,
        OpenApiParameter(
            "hand",
            OpenApiTypes.INT,
            OpenApiParameter.QUERY,
            required=False,
            description="Score the body in place of this hand (a correction); default: as the table's next hand.",
        ),
    ]
    body = OpenApiTypes.OBJECT
    answer = HandScoreSerializer
    errors = {k: v for k, v in HAND_ERRORS.items() if k != 409}
    examples = [OpenApiExample("taruk2012.md §8.1 E1", value=E1, request_only=True)]
    description = (
        HAND_BODY_HELP + " The preview applies the engine's rules only; entering the hand also "
        "checks the envelope against the table and that the round is running."
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


class HandRead(TableEndpoint):
    """One hand"""

    operation_id = "hand_detail"
    answer = HandSerializer

    def get(self, request: Request, slug: str, number: int, table_no: int, hand_no: int) -> Response:
        tournament, table = lookups.table_for_viewer(request, slug, number, table_no)
        return Response(HandSerializer(_hand(table, hand_no), context=names_for(request, tournament)).data)


def _correct(request: Request, slug: str, number: int, table_no: int, hand_no: int, partial: bool) -> Response:
    """A PUT (the whole hand: the stored envelope under the body) or a PATCH (the changed fields) of a hand."""
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


class CorrectHand(TableEndpoint):
    """Correct a hand: replace its variant fields (organizers; referees of this table)

    `input` holds the hand's variant fields; the envelope stays the stored one. `version` is the version you read
    (409 stale_edit when somebody saved it since); `reason` goes to the audit log. Later hands are rescored; a
    confirmed table is reopened. A correction that would make a later hand invalid answers 400 with that hand's
    number in `hand`."""

    operation_id = "hand_correct"
    body = HandCorrectionSerializer
    answer = HandSerializer
    errors = HAND_ERRORS
    examples = [
        OpenApiExample(
            "recounted",
            request_only=True,
            value={"version": 1, "reason": "recounted", "input": {**E1, "card_points": 30}},
        )
    ]

    def put(self, request: Request, slug: str, number: int, table_no: int, hand_no: int) -> Response:
        return _correct(request, slug, number, table_no, hand_no, partial=False)


class PatchHand(TableEndpoint):
    """Correct some fields of a hand (organizers; referees of this table)

    As PUT, but `input` holds only the fields that change; they replace the stored ones (a shallow merge: to drop
    a field, PUT the whole hand)."""

    operation_id = "hand_patch"
    body = HandCorrectionSerializer
    answer = HandSerializer
    errors = HAND_ERRORS
    examples = [
        OpenApiExample(
            "recounted", request_only=True, value={"version": 1, "reason": "recounted", "input": {"card_points": 30}}
        )
    ]

    def patch(self, request: Request, slug: str, number: int, table_no: int, hand_no: int) -> Response:
        return _correct(request, slug, number, table_no, hand_no, partial=True)


class DeleteHand(TableEndpoint):
    """Delete a hand (organizers; referees of this table)

    Body `{"version", "reason"}` (or the same as query parameters). Later hands move up one number and are
    rescored; a confirmed table is reopened."""

    operation_id = "hand_delete"
    # Documented as query parameters (a DELETE body is not part of OpenAPI): one of the two is required.
    parameters = [SLUG, HandDeletionSerializer]
    body = HandDeletionSerializer
    code = status.HTTP_204_NO_CONTENT
    answer = OpenApiResponse(description="Deleted; later hands renumbered and rescored.")
    errors = HAND_ERRORS

    def delete(self, request: Request, slug: str, number: int, table_no: int, hand_no: int) -> Response:
        _, table = lookups.table_for_viewer(request, slug, number, table_no)
        data = valid(HandDeletionSerializer, request.data or request.query_params)
        hand = _addressed(table, hand_no, data.get("id"))
        hands.delete_hand(request.user, hand, expected_version=data["version"], reason=data["reason"])
        return Response(status=status.HTTP_204_NO_CONTENT)


class HandDetail(HandRead, CorrectHand, PatchHand, DeleteHand):
    """The URL of GET ``HandRead``, PUT ``CorrectHand``, PATCH ``PatchHand`` and DELETE ``DeleteHand``."""


class Confirm(TableEndpoint):
    """A seated player confirms the table's result with his PIN (on a referee's device)

    The caller must be allowed to enter hands at the table. A table with hands still to play answers 409 not_open
    (checked before the PIN); a wrong PIN 400 (field pin, code wrong_pin). Wrong PINs are counted per seat and per
    signed-in account (not per address: referees behind one hall address do not share a budget): after repeated
    failures the answer is 429 locked_out with Retry-After (seconds) until the lock ends."""

    operation_id = "table_confirm"
    body = ConfirmSerializer
    answer = ConfirmationSerializer
    errors = {
        **HAND_ERRORS,
        429: error_responses("locked_out: too many wrong PINs for the seat or by your account; see Retry-After."),
    }

    def post(self, request: Request, slug: str, number: int, table_no: int) -> Response:
        _, table = lookups.table_for_viewer(request, slug, number, table_no)
        data = valid(ConfirmSerializer, request.data)
        position = data["position"]
        try:
            confirmation = confirmations.confirm_table(
                request.user, table, position, data["pin"], address=client_ip(request) or None
            )
        except confirmations.WrongPin as exc:
            seated = {s.position for s in table.seats.all()}
            field = "pin" if position in seated else "position"
            raise exceptions.ValidationError({field: [exceptions.ErrorDetail(str(exc), "wrong_pin")]}) from None
        confirmation.table_confirmed = Table.objects.filter(pk=table.pk, confirmed_at__isnull=False).exists()
        return Response(ConfirmationSerializer(confirmation).data)


class ConfirmByJudge(TableEndpoint):
    """Close the table's protocol as seat A together with the judge (organizers; referees of the table)

    taruk2012.md §6.5: instead of every player's PIN, seat A confirms with the PIN (the confirm endpoint) and then
    the judge — you, with your own login — confirms with a written reason. Audited (table.confirmed_by_judge); shown
    in the table's `judge_confirmation`. A later correction reopens the table."""

    operation_id = "table_confirm_judge"
    body = JudgeConfirmSerializer
    answer = JudgeConfirmationSerializer
    errors = {
        **HAND_ERRORS,
        409: OpenApiResponse(
            description="not_open: the table has hands to play, is already "
            "confirmed, or seat A has not confirmed with the PIN yet."
        ),
    }
    examples = [
        OpenApiExample(
            "player left", request_only=True, value={"reason": "D left after the last hand; totals checked with A"}
        )
    ]

    def post(self, request: Request, slug: str, number: int, table_no: int) -> Response:
        tournament, table = lookups.table_for_viewer(request, slug, number, table_no)
        data = valid(JudgeConfirmSerializer, request.data)
        judge = confirmations.confirm_by_judge(request.user, table, data["reason"])
        return Response(JudgeConfirmationSerializer(judge, context=names_for(request, tournament)).data)


class TimeUpSerializer(serializers.Serializer):
    after_hand = serializers.IntegerField(
        allow_null=True,
        help_text=_(
            "The hand after which time was up (its number at the table): hands up to it are accepted, a "
            "later one is refused, and the table is complete once it has it. null clears the record."
        ),
    )
    reason = optional_text(2000)
    current = serializers.IntegerField(
        allow_null=True,
        required=False,
        help_text=_("The record you saw (null: none): another one stored meanwhile answers 409 stale_edit."),
    )


class TimeUp(TableEndpoint):
    """Record after which hand time was up at the table (organizers; referees of the table)

    taruk2012.md §7.2: when time is up the hand in progress is finished and scored and no new hand is started. The
    round clock refuses no hand by itself (hands are typed after the whistle); this record ends the table: it is
    complete once it has hand `after_hand`. `after_hand` may not be below a hand already entered, nor beyond the
    table's planned hands (400, field after_hand). Changing or clearing a record needs a `reason` and reopens the
    players' confirmations. Audited (table.time_up). The answer is the table, as its detail."""

    operation_id = "table_time_up"
    body = TimeUpSerializer
    answer = TableSerializer
    errors = {
        **HAND_ERRORS,
        409: OpenApiResponse(
            description="not_open: the round is not running (organizers may still change a closed round); "
            "stale_edit (field current): another record was stored since you read the table."
        ),
    }
    examples = [OpenApiExample("time up after hand 9", request_only=True, value={"after_hand": 9})]

    def put(self, request: Request, slug: str, number: int, table_no: int) -> Response:
        tournament, table = lookups.table_for_viewer(request, slug, number, table_no)
        data = valid(TimeUpSerializer, request.data)
        current = data.get("current", timeup.KEEP)
        table = timeup.record_time_up(
            request.user, table, data["after_hand"], reason=data.get("reason", ""), current=current
        )
        return table_answer(request, tournament, table)
