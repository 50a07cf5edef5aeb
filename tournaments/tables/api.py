"""API twins of the table page's writes on the table itself: the confirmation by seat A together with the
judge (taruk2012.md §6.5) and where time was up (taruk2012.md §7.2)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import lookups
from tournaments.api.core import HAND_ERRORS, SLUG, ApiView, names_for, table_answer, valid
from tournaments.api.serializers import (
    JudgeConfirmationSerializer,
    JudgeConfirmSerializer,
    TableSerializer,
    optional_text,
)
from tournaments.rounds import timeup
from tournaments.tables import hands


class ConfirmByJudge(ApiView):
    @extend_schema(
        operation_id="table_confirm_judge",
        tags=["hands"],
        parameters=[SLUG],
        request=JudgeConfirmSerializer,
        responses={
            200: JudgeConfirmationSerializer,
            **HAND_ERRORS,
            409: OpenApiResponse(
                description="not_open: the table has hands to play, is already "
                "confirmed, or seat A has not confirmed with the PIN yet."
            ),
        },
        summary="Close the table's protocol as seat A together with the judge (organizers; referees of the table)",
        description="taruk2012.md §6.5: instead of every player's PIN, seat A confirms with the PIN (the confirm "
        "endpoint) and then the judge — you, with your own login — confirms with a written reason. "
        "Audited (table.confirmed_by_judge); shown in the table's `judge_confirmation`. A later "
        "correction reopens the table.",
        examples=[
            OpenApiExample(
                "player left", request_only=True, value={"reason": "D left after the last hand; totals checked with A"}
            )
        ],
    )
    def post(self, request: Request, slug: str, number: int, table_no: int) -> Response:
        tournament, table = lookups.table_for_viewer(request, slug, number, table_no)
        data = valid(JudgeConfirmSerializer, request.data)
        judge = hands.confirm_by_judge(request.user, table, data["reason"])
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


class TimeUp(ApiView):
    @extend_schema(
        operation_id="table_time_up",
        tags=["hands"],
        parameters=[SLUG],
        request=TimeUpSerializer,
        responses={
            200: TableSerializer,
            **HAND_ERRORS,
            409: OpenApiResponse(
                description="not_open: the round is not running (organizers may still change a closed round); "
                "stale_edit (field current): another record was stored since you read the table."
            ),
        },
        summary="Record after which hand time was up at the table (organizers; referees of the table)",
        description="taruk2012.md §7.2: when time is up the hand in progress is finished and scored and no new "
        "hand is started. The round clock refuses no hand by itself (hands are typed after the whistle); "
        "this record ends the table: it is complete once it has hand `after_hand`. `after_hand` may not be "
        "below a hand already entered, nor beyond the table's planned hands (400, field after_hand). "
        "Changing or clearing a record needs a `reason` and reopens the players' confirmations. Audited "
        "(table.time_up). The answer is the table, as its detail.",
        examples=[OpenApiExample("time up after hand 9", request_only=True, value={"after_hand": 9})],
    )
    def put(self, request: Request, slug: str, number: int, table_no: int) -> Response:
        tournament, table = lookups.table_for_viewer(request, slug, number, table_no)
        data = valid(TimeUpSerializer, request.data)
        current = data.get("current", timeup.KEEP)
        table = timeup.record_time_up(
            request.user, table, data["after_hand"], reason=data.get("reason", ""), current=current
        )
        return table_answer(request, tournament, table)
