"""API twin of the table page's confirmation by seat A together with the judge (taruk2012.md §6.5)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import hands

from . import lookups
from .api import HAND_ERRORS, SLUG, ApiView, names_for, valid
from .serializers import JudgeConfirmationSerializer, JudgeConfirmSerializer


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
