"""API twin of a player's own seat page (issue 16, "players' own phones"): read the seat (the
table's hands and totals, the player's standing and confirmation) and confirm it with the player's
PIN. No sign-in: the event's public reading rules apply to the read, and the PIN is the authority
for the confirmation, counted and locked out exactly as on the referee's device."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter
from rest_framework import exceptions, serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from config.security import client_ip
from tournaments import lookups
from tournaments.api.core import READ_ERRORS, SLUG, error_responses, valid
from tournaments.api.serializers import ConfirmationSerializer, plain, time_expired_field, time_up_after_field
from tournaments.events.api import PlayersEndpoint
from tournaments.events.staff_api import StandingSerializer
from tournaments.tables import confirmations, seatview

POSITION = OpenApiParameter(
    "position", OpenApiTypes.STR, OpenApiParameter.PATH, description="The seat's position at the table (A, B, …)."
)


class SeatRowSerializer(serializers.Serializer):
    position, start_number, name = plain(str, int, str)
    total = serializers.IntegerField(help_text=_("The seat's running total of game points at this table."))
    confirmed = serializers.BooleanField(help_text=_("This player has confirmed the table's result."))
    me = serializers.BooleanField(help_text=_("The seat this answer is for."))


class SeatHandSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    dealer = serializers.CharField()
    played = serializers.BooleanField(help_text=_("False: a void deal or redeal, shown but not counted."))
    points = serializers.DictField(child=serializers.IntegerField(), help_text=_("Position -> points of the hand."))
    running = serializers.DictField(child=serializers.IntegerField(), help_text=_("Position -> total after the hand."))
    breakdown = serializers.ListField(
        child=serializers.CharField(), help_text=_("The engine's arithmetic, in the reader's language.")
    )


class SeatPageSerializer(serializers.Serializer):
    round, round_status, table = plain(int, str, int)
    position, start_number, name = plain(str, int, str)
    seats = SeatRowSerializer(many=True)
    totals = serializers.DictField(child=serializers.IntegerField(), help_text=_("Position -> total at the table."))
    expected_hands = serializers.IntegerField()
    played_hands = serializers.IntegerField()
    complete = serializers.BooleanField(help_text=_("The table has played its hands: the players may confirm."))
    time_expired = time_expired_field()
    time_up_after = time_up_after_field()
    hands = SeatHandSerializer(many=True)
    confirmed = serializers.BooleanField(help_text=_("This player has confirmed the table's result."))
    confirmed_at = serializers.DateTimeField(allow_null=True)
    table_confirmed = serializers.BooleanField(help_text=_("Every player (or seat A with the judge) has confirmed."))
    can_confirm = serializers.BooleanField(help_text=_("The table is complete and this seat has not confirmed yet."))
    standing = StandingSerializer(allow_null=True, help_text=_("The player's running standing in the event."))
    urls = serializers.DictField(
        child=serializers.CharField(), help_text=_("player, table, table_json, standings (his row), confirm.")
    )


class SeatPinSerializer(serializers.Serializer):
    pin = serializers.CharField(max_length=12, help_text=_("The PIN of the player in this seat (his PIN slip)."))


class SeatConfirmationSerializer(ConfirmationSerializer):
    created = serializers.BooleanField(help_text=_("False: this seat had confirmed before; nothing changed."))


class SeatDetail(PlayersEndpoint):
    """A player's seat: his table's hands and totals, his standing and his confirmation

    What the player's own seat page shows (the QR on his PIN slip opens his page, which links here). Readable by
    anyone who may read the event; never the PIN."""

    operation_id = "seat_detail"
    parameters = [SLUG, POSITION]
    answer = SeatPageSerializer

    def get(self, request: Request, slug: str, number: int, table_no: int, position: str) -> Response:
        tournament, table = lookups.table_for_viewer(request, slug, number, table_no)
        seat = seatview.seat_of(table, position)
        return Response(SeatPageSerializer(seatview.seat_data(tournament, table, seat)).data)


class SeatConfirm(PlayersEndpoint):
    """A player confirms his own seat's result with his PIN, on his own phone

    taruk2012.md §6.5's signature, on the player's phone instead of the referee's: the same audited action as the
    referee's confirm endpoint (audit `table.confirmed_by_player`, marked `own_phone`), for this seat only. No
    sign-in is needed. Confirming again answers 200 with `created` false and changes nothing; when every seat has
    confirmed the table is confirmed (`table_confirmed`). Wrong PINs are counted per seat and per client address
    within the event (its limit grows with the round's seats): after repeated failures 429 with Retry-After
    (seconds)."""

    permission_classes = [AllowAny]  # the PIN is the authority, as on the page; no sign-in
    operation_id = "seat_confirm"
    parameters = [SLUG, POSITION]
    body = SeatPinSerializer
    answer = SeatConfirmationSerializer
    errors = {
        **READ_ERRORS,
        400: error_responses("wrong_pin: not the PIN of the player in this seat (nothing stored); or no PIN."),
        409: error_responses("not_open: the table has hands still to play (checked before the PIN)."),
        429: error_responses(
            "locked_out: too many wrong PINs for the seat, or from your address in this event; see Retry-After."
        ),
    }
    examples = [OpenApiExample("PIN", request_only=True, value={"pin": "4821"})]

    def post(self, request: Request, slug: str, number: int, table_no: int, position: str) -> Response:
        _event, table = lookups.table_for_viewer(request, slug, number, table_no)
        seat = seatview.seat_of(table, position)
        pin = valid(SeatPinSerializer, request.data)["pin"]
        try:
            confirmation = confirmations.confirm_table(
                request.user, table, seat.position, pin, address=client_ip(request) or None, own_phone=True
            )
        except confirmations.WrongPin as exc:
            raise exceptions.ValidationError({"pin": [exceptions.ErrorDetail(str(exc), "wrong_pin")]}) from None
        table.refresh_from_db(fields=["confirmed_at"])
        confirmation.table_confirmed = table.confirmed_at is not None
        return Response(SeatConfirmationSerializer(confirmation).data)
