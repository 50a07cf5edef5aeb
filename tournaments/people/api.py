"""The API twins of the person's pages: his page (season.md §1.4) and the merge (§1.3). The same
payload (``history.person_page``) and the same audited action (``registry.merge_players``)."""

from __future__ import annotations

import datetime as dt

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.api.core import NOT_FOUND, READ_ERRORS, valid
from tournaments.api.serializers import plain
from tournaments.events.api import PlayersEndpoint
from tournaments.models import MAX_INTEGER, Player
from tournaments.people import registry
from tournaments.people.history import person_page

PK = OpenApiParameter("pk", OpenApiTypes.INT, OpenApiParameter.PATH, description="The player's number on the site.")


class MainFigureSerializer(serializers.Serializer):
    key = serializers.CharField(help_text=_("The event's first standings metric, e.g. ranking_points."))
    label, value, text = plain(str, float | None, str)


class SeriesPointsSerializer(serializers.Serializer):
    name = serializers.CharField()
    points = serializers.CharField(help_text=_('His series points from this event, exact ("" for no result).'))
    dropped = serializers.BooleanField(help_text=_("Not counted in his series total (shown in brackets)."))
    provisional = serializers.BooleanField()


class PersonEventSerializer(serializers.Serializer):
    tournament_id, slug, name = plain(int, str, str)
    date, status = plain(dt.date | None, str)
    url = serializers.CharField(help_text=_("His page in that event."))
    start_number = serializers.IntegerField()
    place = serializers.IntegerField(allow_null=True, help_text=_("His place (null before the event starts)."))
    of = serializers.IntegerField(allow_null=True, help_text=_("Places in the event's standings."))
    provisional = serializers.BooleanField(help_text=_("The event is still running."))
    main = MainFigureSerializer(allow_null=True, help_text=_("The event's main figure: its first standings metric."))
    series = SeriesPointsSerializer(allow_null=True)


class LadderStepSerializer(serializers.Serializer):
    tournament_id, name, points = plain(int, str, str)
    dropped, provisional = plain(bool, bool)
    rank = serializers.IntegerField(allow_null=True, help_text=_("His ladder position after this event."))
    of = serializers.IntegerField(allow_null=True)


class PersonSeriesSerializer(serializers.Serializer):
    name = serializers.CharField()
    url = serializers.CharField()
    events = LadderStepSerializer(many=True)


class PersonSerializer(serializers.Serializer):
    id, name, club = plain(int, str, str)
    events = PersonEventSerializer(many=True, help_text=_("His events you may see, newest first."))
    series = PersonSeriesSerializer(many=True, help_text=_("Each series he is in: his ladder after each event."))


class MergeSerializer(serializers.Serializer):
    other = serializers.IntegerField(
        min_value=1, max_value=MAX_INTEGER, help_text=_("The record merged into this one (player number).")
    )
    reason = serializers.CharField(max_length=500)


class Person(PlayersEndpoint):
    """A player across events: his events, places, main figures and series (season.md §1.4)

    Only the events you may see (public ones, and those you organize or referee); a player in none of them is not
    found."""

    operation_id = "person_detail"
    parameters = [PK]
    answer = PersonSerializer
    errors = {**READ_ERRORS, 404: NOT_FOUND}

    def get(self, request: Request, pk: int) -> Response:
        player = get_object_or_404(Player, pk=pk)
        return Response(PersonSerializer(person_page(request.user, player)).data)


class PersonMerge(PlayersEndpoint):
    """Merge another record of the same person into this player (season.md §1.3)

    An organizer of every event of both records, or a superuser. The other's entries move to this player (numbers,
    PINs, seats and scores unchanged), and so do his marks in the series' finals (entered by the fill or declined;
    where both records have one, the final's entry decides), and his record goes; this player keeps his name and
    club, and takes the other's federation id only if he has none. Refused when both are entered in one event
    (field other, naming it). Audited in every event involved (player.merged) with both records and the reason."""

    operation_id = "person_merge"
    parameters = [PK]
    body = MergeSerializer
    answer = PersonSerializer

    def post(self, request: Request, pk: int) -> Response:
        keep = get_object_or_404(Player, pk=pk)
        data = valid(MergeSerializer, request.data)
        other = get_object_or_404(Player, pk=data["other"])
        keep = registry.merge_players(request.user, keep, other, data["reason"])
        return Response(PersonSerializer(person_page(request.user, keep)).data)
