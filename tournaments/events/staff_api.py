"""API twins of the organizer's pages for people (issue 11 items 2, 13, 14): referee accounts and
their tables, entry edits and late entries, the PIN list, the seat lookup and the player's page.

Same access checks, audited actions and error format as ``tournaments.api.core``.
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.api.core import (
    NOT_FOUND,
    READ_ERRORS,
    SLUG,
    organizer_event,
    valid,
)
from tournaments.api.serializers import MAX_INT, EntrySerializer, RegisterSerializer, optional_text, plain
from tournaments.events import services
from tournaments.events.api import NewEntry, PlayersEndpoint, StaffEndpoint
from tournaments.lookups import tournament_for_viewer
from tournaments.models import Entry, Referee, Tournament
from tournaments.rounds import whereabouts

USERNAME = OpenApiParameter("username", OpenApiTypes.STR, OpenApiParameter.PATH, description="The referee's user name.")
START_NUMBER = OpenApiParameter(
    "start_number", OpenApiTypes.INT, OpenApiParameter.PATH, description="The player's start number in the event."
)

# --- serializers ----------------------------------------------------------------------------------


class TablesField(serializers.ListField):
    child = serializers.IntegerField(min_value=1, max_value=MAX_INT)


class RefereeSerializer(serializers.Serializer):
    username = serializers.CharField(source="user.username")
    tables = serializers.ListField(
        source="table_numbers",
        child=serializers.IntegerField(),
        help_text=_("Table numbers this referee may write; empty: every table."),
    )


class RefereeAccountSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(
        max_length=128,
        write_only=True,
        style={"input_type": "password"},
        help_text=_("The first password; Django's password rules apply."),
    )
    tables = TablesField(required=False, default=list, help_text=_("Empty: every table."))


class RefereeTablesSerializer(serializers.Serializer):
    tables = TablesField(help_text=_("Table numbers this referee may write; empty: every table."))


class EntryEditSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120, required=False)
    club = serializers.CharField(max_length=120, required=False, allow_blank=True)
    start_number = serializers.IntegerField(min_value=1, max_value=MAX_INT, required=False)
    reason = optional_text(2000)


class LateAddSerializer(RegisterSerializer):
    reason = optional_text(2000)


class PinSerializer(serializers.Serializer):
    start_number = serializers.IntegerField()
    name = serializers.CharField(source="player.name")
    status = serializers.CharField()
    pin = serializers.CharField()


class SeatPlaceSerializer(serializers.Serializer):
    round, table, position = plain(int, int | None, str | None)
    bye, table_url = plain(bool, str | None)
    seat_url = serializers.CharField(
        allow_null=True, help_text=_("The player's seat page: his table's totals and his confirmation.")
    )


class PlayerLineSerializer(serializers.Serializer):
    # A player as the event lists him: the head of a seat lookup's row and of his page. (No docstring:
    # drf-spectacular would make it the description of both.)
    start_number, name, club = plain(int, str, str)
    team, status = plain(str, str)


class LookupRowSerializer(PlayerLineSerializer):
    url = serializers.CharField(help_text=_("The player's page."))
    seat = SeatPlaceSerializer(allow_null=True, help_text=_("Where the player sits in the current round."))


class PlayerRoundSerializer(serializers.Serializer):
    round, status = plain(int, str)
    table, position, bye = plain(int | None, str | None, bool)
    hands, game_points, ranking_points = plain(int, int | None, str)
    confirmed, table_url = plain(bool, str | None)
    seat_url = serializers.CharField(allow_null=True, help_text=_("The player's seat page of that round."))


class MetricSerializer(serializers.Serializer):
    key, label, value = plain(str, str, str)


class StandingSerializer(serializers.Serializer):
    rank, of, provisional = plain(int, int, bool)
    metrics = MetricSerializer(many=True)


class PlayerPageSerializer(PlayerLineSerializer):
    current = SeatPlaceSerializer(allow_null=True)
    rounds = PlayerRoundSerializer(many=True)
    standing = StandingSerializer(allow_null=True)


# --- views ----------------------------------------------------------------------------------------


def _referees(tournament: Any) -> Any:
    return tournament.referees.select_related("user").order_by("user__username")


class RefereeList(StaffEndpoint):
    """The event's referees and their tables (organizers)"""

    operation_id = "referees_list"
    answer = RefereeSerializer(many=True)

    def get(self, request: Request, slug: str) -> Response:
        tournament = organizer_event(request, slug)
        return Response(RefereeSerializer(_referees(tournament), many=True).data)


class RefereeAccountCreate(StaffEndpoint):
    """Create a referee's login and make it a referee of the event (organizers)

    The organizer chooses the user name and the first password and hands them to the referee. An existing user is
    made a referee with PUT .../referees/{username}/."""

    operation_id = "referee_account_create"
    body = RefereeAccountSerializer
    answer = RefereeSerializer
    code = status.HTTP_201_CREATED

    def post(self, request: Request, slug: str) -> Response:
        tournament = tournament_for_viewer(request, slug)
        v = valid(RefereeAccountSerializer, request.data)
        referee = services.create_referee_account(request.user, tournament, v["username"], v["password"], v["tables"])
        return Response(RefereeSerializer(referee).data, status=status.HTTP_201_CREATED)


class Referees(RefereeList, RefereeAccountCreate):
    """The URL of GET ``RefereeList`` and POST ``RefereeAccountCreate``."""


class RefereeEndpoint(StaffEndpoint):
    # An operation on one referee of the event (his user name in the path).
    parameters = [SLUG, USERNAME]


class SetReferee(RefereeEndpoint):
    """Make an existing user a referee, or change the tables he may write (organizers)"""

    operation_id = "referee_set"
    body = RefereeTablesSerializer
    answer = RefereeSerializer

    def put(self, request: Request, slug: str, username: str) -> Response:
        tournament = tournament_for_viewer(request, slug)
        data = valid(RefereeTablesSerializer, request.data)
        referee = services.set_referee(request.user, tournament, username, data["tables"])
        return Response(RefereeSerializer(referee).data)


class RemoveReferee(RefereeEndpoint):
    """Remove a referee from the event (organizers)

    The user account stays; only the role in this event ends."""

    operation_id = "referee_remove"
    answer = None
    code = status.HTTP_204_NO_CONTENT

    def delete(self, request: Request, slug: str, username: str) -> Response:
        tournament = organizer_event(request, slug)
        get_object_or_404(Referee, tournament=tournament, user__username=username)
        services.remove_referee(request.user, tournament, username)
        return Response(status=status.HTTP_204_NO_CONTENT)


class RefereeDetail(SetReferee, RemoveReferee):
    """The URL of PUT ``SetReferee`` and DELETE ``RemoveReferee``."""


def _entry(tournament: Any, start_number: int) -> Entry:
    return get_object_or_404(
        Entry.objects.select_related("player", "tournament"), tournament=tournament, start_number=start_number
    )


class EntryWrite(PlayersEndpoint):
    # A write on player ``start_number`` (organizers): ``act`` with the body checked; the answer is his entry
    # after it, as ``answer`` serializes it.
    parameters = [SLUG, START_NUMBER]

    def act(self, user: Any, entry: Entry, data: dict[str, Any]) -> Entry:
        raise NotImplementedError

    def write(self, request: Request, slug: str, start_number: int) -> Response:
        entry = _entry(organizer_event(request, slug), start_number)
        entry = self.act(request.user, entry, valid(self.body, request.data))
        return Response(self.answer(entry).data)


class EntryDetail(EntryWrite):
    """Correct a player's name or club, or change the start number (organizers)

    Only the fields sent change. A start number must be free in the event."""

    operation_id = "entry_edit"
    body = EntryEditSerializer
    answer = EntrySerializer

    def act(self, user: Any, entry: Entry, data: dict[str, Any]) -> Entry:
        return services.update_entry(user, entry, **data)

    def patch(self, request: Request, slug: str, start_number: int) -> Response:
        return self.write(request, slug, start_number)


class LateEntries(NewEntry):
    """Enter a player after the event began (organizers)

    The player is seated from the next draw (a drafted, unpublished draw must be drawn again to include him).
    Withdraw with POST .../entries/{n}/withdraw/."""

    operation_id = "entry_late_add"
    body = LateAddSerializer

    def enter(self, user: Any, tournament: Tournament, data: dict[str, Any]) -> Entry:
        return services.late_add_player(user, tournament, **data)


class Pins(PlayersEndpoint):
    """Every player's confirmation PIN (organizers only)"""

    operation_id = "pins_list"
    answer = PinSerializer(many=True)

    def get(self, request: Request, slug: str) -> Response:
        tournament = tournament_for_viewer(request, slug)
        response = Response(PinSerializer(services.entry_pins(request.user, tournament), many=True).data)
        response["Cache-Control"] = "private, no-store"
        return response


class NewPinSerializer(serializers.Serializer):
    reason = optional_text(2000)


class EntryPin(EntryWrite):
    """Issue a player a new confirmation PIN (organizers only)

    A player lost his PIN slip: he gets a new PIN and the old one stops working; confirmations he gave with it
    stand. Audited (entry.pin_changed, without the PINs). Print his slip again with the players page's PIN slips
    (?n=<start number>)."""

    operation_id = "entry_new_pin"
    body = NewPinSerializer
    answer = PinSerializer

    def act(self, user: Any, entry: Entry, data: dict[str, Any]) -> Entry:
        return services.issue_new_pin(user, entry, data["reason"])

    def post(self, request: Request, slug: str, start_number: int) -> Response:
        response = self.write(request, slug, start_number)
        response["Cache-Control"] = "private, no-store"
        return response


class SeatLookup(PlayersEndpoint):
    """Where do I sit: players matching a name or start number, with their current seat"""

    operation_id = "seat_lookup"
    parameters = [
        SLUG,
        OpenApiParameter(
            "q",
            OpenApiTypes.STR,
            OpenApiParameter.QUERY,
            required=False,
            description="A start number, or words of a name or team (accents and case aside: cuk finds Čuk). "
            "Left out or blank: no players.",
        ),
    ]
    answer = LookupRowSerializer(many=True)
    description = f"At most {whereabouts.LOOKUP_LIMIT} players."

    def get(self, request: Request, slug: str) -> Response:
        tournament = tournament_for_viewer(request, slug)
        query = str(request.query_params.get("q", ""))[:120]
        return Response(LookupRowSerializer(whereabouts.lookup(tournament, query), many=True).data)


class PlayerPage(PlayersEndpoint):
    """A player's page: current seat, results per round, standing (never the PIN)"""

    operation_id = "player_page"
    parameters = [SLUG, START_NUMBER]
    answer = PlayerPageSerializer
    errors = {**READ_ERRORS, 404: NOT_FOUND}

    def get(self, request: Request, slug: str, start_number: int) -> Response:
        tournament = tournament_for_viewer(request, slug)
        entry = get_object_or_404(
            Entry.objects.select_related("player"), tournament=tournament, start_number=start_number
        )
        return Response(PlayerPageSerializer(whereabouts.player_data(tournament, entry)).data)
