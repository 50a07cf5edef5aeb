"""The API twins of the series pages: a series' settings, member events, organizers, the final's fill
and declines, its audit log, and the ladder (JSON, answered from the public cache like the event pages).

Each write calls the same audited service the page calls (``services``), with the same role checks;
errors answer the one error list of the API (``tournaments.api.core.exception_handler``).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from scoring.series.jsonio import dumps
from scoring.series.model import TIE_BREAKS
from tournaments.api.core import Endpoint, SiteEndpoint, valid
from tournaments.api.serializers import plain
from tournaments.events.api import AuditEntrySerializer, AuditPage, OrganizerSerializer
from tournaments.models import Tournament
from tournaments.public import live
from tournaments.public.cache import share_series
from tournaments.seasons import access, services
from tournaments.seasons.audit_sentences import series_sentences
from tournaments.seasons.ladder import payload
from tournaments.seasons.models import Series, SeriesEvent
from tournaments.seasons.versions import series_version_key, series_version_of

SERIES = OpenApiParameter("slug", OpenApiTypes.STR, OpenApiParameter.PATH, description="The series' slug.")
EVENT = OpenApiParameter("event", OpenApiTypes.STR, OpenApiParameter.PATH, description="A member event's slug.")
NUMBER = {"max_digits": 12, "decimal_places": 4, "coerce_to_string": False}

# --- bodies ------------------------------------------------------------------------------------------------


class SeriesWriteSerializer(serializers.ModelSerializer):
    """A series' settings (season.md §3–§5, §7). Left out on create: the defaults (all results count,
    negative results count, ties by best result then latest event, the default table by place)."""

    table = serializers.ListField(
        child=serializers.DecimalField(**NUMBER),
        required=False,
        max_length=1000,
        help_text=_("fixed_by_place: the points of place 1, 2, 3 …; none beyond the table's end."),
    )
    tie_breaks = serializers.ListField(
        child=serializers.ChoiceField(choices=list(TIE_BREAKS)), required=False, max_length=3
    )
    final = serializers.SlugField(
        required=False,
        allow_null=True,
        help_text=_("The member event that is the series' final (null: none)."),
    )

    class Meta:
        model = Series
        fields = [*services.SETTING_FIELDS, "final"]
        extra_kwargs = {f: {"required": False} for f in services.SETTING_FIELDS if f not in ("name", "points")}
        extra_kwargs["slug"] |= {
            "allow_blank": True,
            "help_text": _("The series' address; left out: made from the name."),
        }
        validators: list[Any] = []  # the slug's uniqueness: the action's (one error shape for pages and API)

    def get_fields(self) -> dict[str, serializers.Field]:
        fields = super().get_fields()
        fields["slug"].validators = []
        return fields

    def changes(self) -> tuple[dict[str, Any], Tournament | str | None]:
        data = dict(self.validated_data)
        if "table" in data:
            data["table"] = [int(v) if v == v.to_integral_value() else float(v) for v in data["table"]]
        final: Tournament | str | None = ""
        if "final" in data:
            slug = data.pop("final")
            final = None if slug is None else get_object_or_404(Tournament, slug=slug)
        return data, final


class MemberWriteSerializer(serializers.Serializer):
    weight = serializers.DecimalField(
        max_digits=7,
        decimal_places=3,
        min_value=Decimal("0.001"),
        max_value=Decimal(1000),
        required=False,
        coerce_to_string=False,
        help_text=_("Multiplies the event's series points (e.g. 0.5 for a helper event)."),
    )
    always_counts = serializers.BooleanField(required=False, help_text=_("Counted on top of the best results."))
    position = serializers.IntegerField(required=False, min_value=1, max_value=10_000, help_text=_("1 = first."))


class MemberAddSerializer(MemberWriteSerializer):
    event = serializers.SlugField(help_text=_("The event's slug (an event you organize, in no series yet)."))


class DeclineSerializer(serializers.Serializer):
    player = serializers.IntegerField(min_value=1, help_text=_("The player's id (``player`` in the ladder)."))
    reason = serializers.CharField(max_length=500, required=False, allow_blank=True, default="")


# --- answers -----------------------------------------------------------------------------------------------


class MemberSerializer(serializers.Serializer):
    event = serializers.CharField(source="tournament.slug")
    name = serializers.CharField(source="tournament.name")
    position = serializers.IntegerField()
    weight = serializers.DecimalField(max_digits=7, decimal_places=3, coerce_to_string=False)
    always_counts = serializers.BooleanField()
    final = serializers.BooleanField(source="is_final")


class SeriesSerializer(serializers.ModelSerializer):
    events = MemberSerializer(source="members", many=True, read_only=True)
    organizer = serializers.SerializerMethodField()

    class Meta:
        model = Series
        fields = [*services.SETTING_FIELDS, "events", "organizer"]

    def get_organizer(self, series: Series) -> bool:
        request = self.context.get("request")
        return bool(request and access.is_series_organizer(request.user, series))


class LadderPlayerSerializer(serializers.Serializer):
    player, name, club = plain(int, str, str)
    entered = serializers.BooleanField(help_text=_("Has an entry in the final."))


class QualificationSerializer(serializers.Serializer):
    final = serializers.CharField(help_text=_("The final's slug."))
    places = serializers.IntegerField()
    ties_at_cut = serializers.CharField()
    entered = LadderPlayerSerializer(many=True, help_text=_("Who the final's places go to, in ladder order."))
    reserves = LadderPlayerSerializer(many=True, help_text=_("The next ones, in the order they move up."))
    declined = LadderPlayerSerializer(many=True)
    tied_at_cut = LadderPlayerSerializer(many=True)


class ResultCellSerializer(serializers.Serializer):
    points = serializers.FloatField(allow_null=True, help_text=_("Null: a Heine no result."))
    counted = serializers.BooleanField()
    provisional = serializers.BooleanField()


class LadderLineSerializer(serializers.Serializer):
    rank, player, name = plain(int, int, str)
    club, total, events = plain(str, float, int)
    results = serializers.DictField(child=ResultCellSerializer(), help_text=_("By event slug; absent: not played."))


class LadderEventSerializer(serializers.Serializer):
    slug, name, date = plain(str, str, dt.date | None)
    variant, status, weight = plain(str, str, float)
    always_counts, final, provisional = plain(bool, bool, bool)
    players = serializers.IntegerField()


class LadderSerializer(serializers.Serializer):
    series = serializers.DictField()
    settings = serializers.DictField()
    events = LadderEventSerializer(many=True)
    ladder = LadderLineSerializer(many=True)
    cut = serializers.DictField(allow_null=True, help_text=_("The final's cut line: after, tied_across, shown."))
    errors = serializers.ListField(child=serializers.DictField())


# --- views ---------------------------------------------------------------------------------------------------


def _answer(request: Request, series: Series, code: int = status.HTTP_200_OK) -> Response:
    series = Series.objects.prefetch_related("members__tournament").get(pk=series.pk)
    return Response(SeriesSerializer(series, context={"request": request}).data, status=code)


class SeriesEndpoint(Endpoint):
    # An operation of the series API; most are on one series (its slug in the path).
    tag = "series"
    parameters = [SERIES]


class VisibleSeries(SiteEndpoint):
    """Series you may see

    Public series, and those you organize."""

    tag = "series"
    operation_id = "series_list"
    answer = SeriesSerializer(many=True)
    errors = {}

    def get(self, request: Request) -> Response:
        rows = access.visible_series(request.user).prefetch_related("members__tournament")
        return Response(SeriesSerializer(rows, many=True, context={"request": request}).data)


class CreateSeries(SiteEndpoint):
    """Create a series (users allowed to create events)"""

    tag = "series"
    operation_id = "series_create"
    body = SeriesWriteSerializer
    answer = SeriesSerializer
    code = status.HTTP_201_CREATED

    def post(self, request: Request) -> Response:
        if not access.can_create_series(request.user):
            raise PermissionDenied(_("You may not create a series."))
        data = SeriesWriteSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields, final = data.changes()
        series = services.create_series(request.user, **fields)
        if final != "":
            series = services.update_series(request.user, series, final=final)
        return _answer(request, series, status.HTTP_201_CREATED)


class SeriesList(VisibleSeries, CreateSeries):
    """The URL of GET ``VisibleSeries`` and POST ``CreateSeries``."""


class SeriesRead(SeriesEndpoint):
    """A series: its settings and member events"""

    operation_id = "series_detail"
    answer = SeriesSerializer

    def get(self, request: Request, slug: str) -> Response:
        return _answer(request, access.series_for_viewer(request, slug))


class SeriesUpdate(SeriesEndpoint):
    """Change a series' settings (its organizers)

    Any of the settings; the ladder is recomputed at once. Audited."""

    operation_id = "series_update"
    body = SeriesWriteSerializer
    answer = SeriesSerializer

    def patch(self, request: Request, slug: str) -> Response:
        series = access.series_for_organizer(request, slug)
        data = SeriesWriteSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        fields, final = data.changes()
        series = services.update_series(request.user, series, final=final, **fields)
        return _answer(request, series)


class SeriesDetail(SeriesRead, SeriesUpdate):
    """The URL of GET ``SeriesRead`` and PATCH ``SeriesUpdate``."""


class SeriesLadder(SeriesEndpoint):
    """The series ladder (the data of the ladder page, its PDF and its workbook)

    Numbers are exact (0.4875, 29.5). Computed once per change of the series or any of its events."""

    operation_id = "series_ladder"
    answer = LadderSerializer

    def get(self, request: Request, slug: str) -> HttpResponse:
        series = access.series_for_viewer(request, slug)
        version = series_version_of(series.pk)
        key = series_version_key(series, version)
        body = live.cached(
            f"series-ladder-json:{key}", lambda: dumps(payload(series, version)).encode(), live.VERSIONED_SECONDS
        )
        return share_series(HttpResponse(body, content_type="application/json"), series.pk, key)


class SeriesEvents(SeriesEndpoint):
    """Add an event to the series (organizers of both)

    Last in the series' order unless `position` says otherwise. An event belongs to one series."""

    operation_id = "series_event_add"
    body = MemberAddSerializer
    answer = SeriesSerializer
    code = status.HTTP_201_CREATED

    def post(self, request: Request, slug: str) -> Response:
        series = access.series_for_organizer(request, slug)
        data = valid(MemberAddSerializer, request.data)
        event = get_object_or_404(Tournament, slug=data.pop("event"))
        services.add_event(request.user, series, event, **data)
        return _answer(request, series, status.HTTP_201_CREATED)


class SeriesEventEndpoint(SeriesEndpoint):
    # A change of one member event of the series, by the series' organizers; the answer is the series.
    parameters = [SERIES, EVENT]
    answer = SeriesSerializer

    def member(self, request: Request, slug: str, event: str) -> tuple[Series, SeriesEvent]:
        series = access.series_for_organizer(request, slug)
        found = SeriesEvent.objects.select_related("tournament")
        return series, get_object_or_404(found, series=series, tournament__slug=event)


class SeriesEventUpdate(SeriesEventEndpoint):
    """Re-weight, mark or move a member event (organizers)"""

    operation_id = "series_event_update"
    body = MemberWriteSerializer

    def patch(self, request: Request, slug: str, event: str) -> Response:
        series, member = self.member(request, slug, event)
        services.update_event(request.user, series, member, **valid(MemberWriteSerializer, request.data))
        return _answer(request, series)


class SeriesEventRemove(SeriesEventEndpoint):
    """Take an event out of the series (organizers)"""

    operation_id = "series_event_remove"

    def delete(self, request: Request, slug: str, event: str) -> Response:
        series, member = self.member(request, slug, event)
        services.remove_event(request.user, series, member)
        return _answer(request, series)


class SeriesEventDetail(SeriesEventUpdate, SeriesEventRemove):
    """The URL of PATCH ``SeriesEventUpdate`` and DELETE ``SeriesEventRemove``."""


class SeriesOrganizers(SeriesEndpoint):
    """Add an organizer to the series (organizers)"""

    operation_id = "series_organizer_add"
    body = OrganizerSerializer
    answer = OrganizerSerializer(many=True)
    code = status.HTTP_201_CREATED

    def post(self, request: Request, slug: str) -> Response:
        series = access.series_for_organizer(request, slug)
        services.add_organizer(request.user, series, valid(OrganizerSerializer, request.data)["username"])
        names = series.organizers.order_by("username").values_list("username", flat=True)
        return Response([{"username": n} for n in names], status=status.HTTP_201_CREATED)


class FinalEndpoint(SeriesEndpoint):
    # The series' final, for the series' organizers; the answer is who the final's places go to now.
    answer = QualificationSerializer

    def places(self, series: Series) -> Response:
        return Response(services.qualification_payload(series))


class SeriesFinal(FinalEndpoint):
    """Who the final's places go to now (organizers)

    The top K of the ladder before the final, declines skipped, ties at the cut as the series says."""

    operation_id = "series_final"

    def get(self, request: Request, slug: str) -> Response:
        series = access.series_for_organizer(request, slug)
        return self.places(series)


class SeriesFinalFill(FinalEndpoint):
    """Fill the final from the ladder (organizers of the series and the final)

    Enters the top K into the final event (before its first draw). Audited."""

    operation_id = "series_final_fill"

    def post(self, request: Request, slug: str) -> Response:
        series = access.series_for_organizer(request, slug)
        services.fill_final(request.user, series)
        return self.places(series)


class SeriesFinalDecline(FinalEndpoint):
    """A qualified player declines the final (organizers)

    He is marked so and taken out; the next on the ladder takes the place. Audited."""

    operation_id = "series_final_decline"
    body = DeclineSerializer

    def post(self, request: Request, slug: str) -> Response:
        series = access.series_for_organizer(request, slug)
        data = valid(DeclineSerializer, request.data)
        services.decline(request.user, series, data["player"], data["reason"])
        return self.places(series)


class SeriesAudit(SeriesEndpoint):
    """The series' audit log, newest first, a page at a time (organizers)"""

    operation_id = "series_audit"
    answer = AuditEntrySerializer(many=True)

    def get(self, request: Request, slug: str) -> Response:
        series = access.series_for_organizer(request, slug)
        paginator = AuditPage()
        entries = series.audit_entries.select_related("actor", "tournament").order_by("-created_at", "-id")
        page = paginator.paginate_queryset(entries, request, view=self)
        texts = dict(zip((e.pk for e in page), series_sentences(series, page), strict=True))
        data = AuditEntrySerializer(page, many=True, context={"sentences": texts}).data
        return paginator.get_paginated_response(data)
