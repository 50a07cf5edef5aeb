"""The API twins of the organizer's event pages: create and edit an event, import a player list,
and the generated documents (generate, poll, download).

Each view calls the same action the page calls (``services``, ``importing``, ``documents``), so the
roles, the validation and the audit log are the pages' own.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import pagination, serializers, status
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import access, lookups
from tournaments.api.core import (
    READ_ERRORS,
    SLUG,
    WRITE_ERRORS,
    ApiView,
    Endpoint,
    action_parameter,
    errors_answer,
    refusal,
    valid,
)
from tournaments.api.serializers import (
    EntrySerializer,
    EventDetailSerializer,
    EventSerializer,
    ReasonSerializer,
    RegisterSerializer,
    plain,
)
from tournaments.events import fields as event_fields
from tournaments.events import services
from tournaments.history import audit_text
from tournaments.lookups import tournament_for_viewer
from tournaments.models import AuditEntry, Entry, Tournament
from tournaments.people import registry
from tournaments.readings import rescore
from tournaments.readings.api import readings_errors
from tournaments.readings.config_table_api import creation_config
from tournaments.readings.words import choice_errors, with_readings
from tournaments.results.standings import METRIC_NAMES

ENTRY_ACTIONS = {"withdraw": Entry.Status.WITHDRAWN, "reinstate": Entry.Status.ACTIVE}


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


class PlayersEndpoint(Endpoint):
    # An operation on the event's players (tag "players"; their staff's operations: ``StaffEndpoint``).
    tag = "players"


class StaffEndpoint(Endpoint):
    # An operation on the event's organizers and referees.
    tag = "staff"


class NewEntry(PlayersEndpoint):
    # A player entered in the event by ``enter`` with the body checked (the action checks the role); the
    # answer is his entry.
    answer = EntrySerializer
    code = status.HTTP_201_CREATED

    def enter(self, user: Any, tournament: Tournament, data: dict[str, Any]) -> Entry:
        raise NotImplementedError

    def post(self, request: Request, slug: str) -> Response:
        tournament = tournament_for_viewer(request, slug)
        entry = self.enter(request.user, tournament, valid(self.body, request.data))
        return Response(EntrySerializer(entry).data, status=status.HTTP_201_CREATED)


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
    # Not an Endpoint: its GET is described by the class routed, ``Event``'s docstring (drf-spectacular's fallback).
    @extend_schema(
        operation_id="event_detail",
        tags=["events"],
        parameters=[SLUG],
        responses={200: EventDetailSerializer, **READ_ERRORS},
        summary="An event: its format, the variant's table facts and your role",
    )
    def get(self, request: Request, slug: str) -> Response:
        return Response(event_payload(request, tournament_for_viewer(request, slug)))


class EntryList(PlayersEndpoint):
    """The event's players"""

    operation_id = "entries_list"
    answer = EntrySerializer(many=True)

    def get(self, request: Request, slug: str) -> Response:
        tournament = tournament_for_viewer(request, slug)
        return Response(EntrySerializer(tournament.entries.select_related("player"), many=True).data)


class RegisterEntry(NewEntry):
    """Register a player (organizers)"""

    operation_id = "entry_register"
    body = RegisterSerializer

    def enter(self, user: Any, tournament: Tournament, data: dict[str, Any]) -> Entry:
        return services.register_player(user, tournament, **data)


class Entries(EntryList, RegisterEntry):
    """The URL of GET ``EntryList`` and POST ``RegisterEntry``."""


class EntryAction(PlayersEndpoint):
    """Withdraw or reinstate a player (organizers)"""

    operation_id = "entry_status"
    parameters = [
        SLUG,
        action_parameter(list(ENTRY_ACTIONS), "withdraw or reinstate"),
    ]
    body = ReasonSerializer
    answer = EntrySerializer

    def post(self, request: Request, slug: str, start_number: int, action: str) -> Response:
        tournament = tournament_for_viewer(request, slug)
        entry = get_object_or_404(
            Entry.objects.select_related("player", "tournament"), tournament=tournament, start_number=start_number
        )
        data = valid(ReasonSerializer, request.data)
        entry = services.set_entry_status(request.user, entry, ENTRY_ACTIONS[action], data["reason"])
        return Response(EntrySerializer(entry).data)


WRITABLE = event_fields.WRITABLE


@extend_schema_field({"type": "object", "additionalProperties": {}})
class ConfigField(serializers.JSONField):
    """The variant's configuration: a JSON object (never null)."""


@extend_schema_field({"type": "array", "items": {"type": "string", "enum": list(METRIC_NAMES)}})
class TiebreaksField(serializers.JSONField):
    """The standings' metrics after the points, in order (never null)."""


class EventWriteSerializer(serializers.ModelSerializer):
    """The event form's fields; what is left out takes the variant's default (like the page's form)."""

    config = ConfigField(required=False, help_text="The variant's configuration (Laza tarokk: its point table).")
    tiebreaks = TiebreaksField(required=False, help_text="The standings' metrics after the points, in order.")
    readings = serializers.DictField(
        child=serializers.CharField(),
        required=False,
        help_text="The readings of the rules (taruk2012.md §4.5), option -> reading, e.g. "
        '{"radelc": "holder_plays", "partner_share": "magnitude", "table_ties": "dense"}. A new Taruk '
        "event must choose radelc.",
    )

    class Meta:
        model = Tournament
        fields = [*WRITABLE, "readings"]
        extra_kwargs = {f: {"required": False} for f in WRITABLE if f not in ("name", "variant")}
        extra_kwargs["slug"] |= {"allow_blank": True, "help_text": "The event's address; left out: made from the name."}
        # The slug's uniqueness is checked by the action (one error shape for pages and API).
        validators: list[Any] = []

    def get_fields(self) -> dict[str, serializers.Field]:
        fields = super().get_fields()
        fields["slug"].validators = []
        return fields


class EventEditSerializer(EventWriteSerializer):
    """The event's settings; the configuration (Laza's point table) changes only through its own
    endpoint, which re-scores the event's hands and audits every changed hand."""

    config = None

    class Meta(EventWriteSerializer.Meta):
        fields = [f for f in EventWriteSerializer.Meta.fields if f != "config"]


class Events(EventList):
    """GET lists (``api.EventList``); POST creates."""

    @extend_schema(
        operation_id="event_create",
        tags=["events"],
        request=EventWriteSerializer,
        responses={201: EventDetailSerializer, **WRITE_ERRORS},
        summary="Create an event (users allowed to create events)",
        description="The same fields as the event form. Fields left out take the variant's defaults "
        "(hands per round, seats per table). An event whose variant declares a configuration table takes it "
        "in `config` (a Laza tarokk event its point table, tarokk-laza.md §4.2: "
        '`{"point_table": {"version": ..., "rows": [...]}}`), checked as on the editor page (errors name '
        "config.point_table.rows[i] and the column); left out, the event starts with the blank template. "
        "The creator becomes its organizer.",
    )
    def post(self, request: Request) -> Response:
        data = EventWriteSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        chosen = fields.pop("readings", {})
        if not access.can_create_tournament(request.user):
            raise PermissionDenied(_("You may not create events."))  # before what the body lacks
        if problems := choice_errors(fields["variant"], chosen, new_event=True):
            return readings_errors(problems)
        fields["config"], refused = creation_config(fields["variant"], fields.get("config"))
        if refused is not None:
            return refused
        fields["config"], fields["event_settings"] = with_readings(fields["variant"], fields["config"], {}, chosen)
        try:
            defaults = services.variant_defaults(fields["variant"])
        except KeyError:
            defaults = {}
        tournament = services.create_tournament(request.user, **{**defaults, **fields})
        return Response(event_payload(request, tournament), status=status.HTTP_201_CREATED)


class Event(EventDetail):
    """GET reads (``api.EventDetail``); PATCH edits."""

    @extend_schema(
        operation_id="event_update",
        tags=["events"],
        parameters=[SLUG],
        request=EventEditSerializer,
        responses={200: EventDetailSerializer, **WRITE_ERRORS},
        summary="Change an event's settings (organizers)",
        description="Only the fields sent change. The variant cannot change once a round exists.",
    )
    def patch(self, request: Request, slug: str) -> Response:
        tournament = tournament_for_viewer(request, slug)
        if isinstance(request.data, dict) and "config" in request.data:
            message = _(
                "The point table changes through its own page or the point-table endpoint, which re-scores the hands."
            )
            return refusal("config", "read_only", message)
        data = EventEditSerializer(tournament, data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        chosen = fields.pop("readings", {})
        if problems := choice_errors(fields.get("variant", tournament.variant), chosen, new_event=False):
            return readings_errors(problems)
        if rescore.has_hands(tournament) and rescore.readings_differ(tournament, chosen):
            message = _("The event has hands: change the readings through the readings endpoint (dry run, then apply).")
            return readings_errors(dict.fromkeys(chosen, message))
        with transaction.atomic():
            tournament = services.update_tournament(request.user, tournament, **fields)
            rescore.set_readings(request.user, tournament, chosen)
        return Response(event_payload(request, tournament))


class ImportRequestSerializer(serializers.Serializer):
    file = serializers.FileField(
        help_text=_(
            "CSV or XLSX; first row: column names (name required; club, federation id, strength, team optional)."
        )
    )
    dry_run = serializers.BooleanField(
        required=False, default=False, help_text=_("Check the file and answer the rows without entering them.")
    )
    matches = serializers.JSONField(
        binary=True,
        required=False,
        default=dict,
        help_text=_(
            "The answer to each row that may be a player of the site by name and club (the dry run's match "
            '"maybe"): the file\'s line -> "accept" (the same person) or "reject" (a new player), as JSON, e.g. '
            '{"4": "accept", "7": "reject"}.'
        ),
    )

    def validate_matches(self, value: Any) -> dict[str, str]:
        if not isinstance(value, dict) or any(v not in registry.DECISIONS for v in value.values()):
            raise serializers.ValidationError(_('An object of line -> "accept" or "reject".'))
        return {str(k): v for k, v in value.items()}


class KnownPlayerSerializer(serializers.Serializer):
    id, name = plain(int, str)
    club, federation_id = plain(str, str)
    events = serializers.ListField(child=serializers.CharField(), help_text=_("His events you may see, newest first."))
    event_count = serializers.IntegerField(help_text=_("The events he is entered in."))
    url = serializers.CharField(help_text=_("His page."))
    text = serializers.CharField()


class MatchSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(
        choices=[registry.NEW, registry.SAME, registry.MAYBE],
        help_text=_(
            "new: a new player; same: the site's player of this federation id; maybe: the site's player of this "
            "name and club, entered as him only if the import's matches accept it."
        ),
    )
    player = KnownPlayerSerializer(allow_null=True)


class ImportRowSerializer(serializers.Serializer):
    line, name, club = plain(int, str, str)
    federation_id, strength, team = plain(str, int | None, str)
    warnings = serializers.ListField(
        child=serializers.CharField(),
        help_text=_(
            "A name already in the event or on an earlier line: entered anyway, check it is not the same player."
        ),
    )
    match = MatchSerializer(allow_null=True)


class EntriesImport(PlayersEndpoint):
    """Import a player list from a file (organizers)

    All or nothing, as on the page: a file with any error enters nobody and answers every error, the field naming
    the file's line (`line 4: name`). With `dry_run` the checked rows are answered and nothing is entered, each with
    its warnings (a name already in the event or the file, compared without case, spaces and accents, where
    federation ids do not tell the players apart) and its match with the site's players (season.md §1.2): by
    federation id the same player, by name and club (without case and accents) maybe. The import then enters each
    row of a `maybe` as that player or as a new one as `matches` answers it; a `maybe` without an answer enters
    nobody (error field `matches.<line>`, code `match_pending`)."""

    parser_classes = [MultiPartParser, FormParser, JSONParser]
    operation_id = "entries_import"
    body = {"multipart/form-data": ImportRequestSerializer}
    answer = EntrySerializer(many=True)
    code = status.HTTP_201_CREATED
    errors = {200: ImportRowSerializer(many=True), **WRITE_ERRORS}  # 200: the dry run's checked rows

    def post(self, request: Request, slug: str) -> Response:
        tournament = tournament_for_viewer(request, slug)
        access.require_organizer(request.user, tournament)
        data = ImportRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        upload = data.validated_data["file"]
        result = services.check_import(tournament, upload.read(), upload.name or "", request.user)
        if not result.ok:
            errors = [{"field": "file", "code": "invalid", "message": m} for m in result.errors]
            errors += [
                {"field": _("line %(n)d") % {"n": row.line}, "code": "invalid", "message": m}
                for row in result.rows
                for m in row.errors
            ]
            return errors_answer(errors)
        rows = [{k: v for k, v in r.as_dict().items() if k not in ("errors",)} for r in result.rows]
        if data.validated_data["dry_run"]:
            return Response(ImportRowSerializer(rows, many=True).data)
        entries = services.import_players(request.user, tournament, rows, data.validated_data["matches"])
        return Response(EntrySerializer(entries, many=True).data, status=status.HTTP_201_CREATED)


class OrganizerSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)


class Organizers(StaffEndpoint):
    """Add an organizer to the event (organizers)

    The user must exist. Answers the event's organizers."""

    operation_id = "organizer_add"
    body = OrganizerSerializer
    answer = OrganizerSerializer(many=True)
    code = status.HTTP_201_CREATED

    def post(self, request: Request, slug: str) -> Response:
        tournament = tournament_for_viewer(request, slug)
        data = OrganizerSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.add_organizer(request.user, tournament, data.validated_data["username"])
        names = tournament.organizers.order_by("username").values_list("username", flat=True)
        return Response([{"username": n} for n in names], status=status.HTTP_201_CREATED)


class AuditEntrySerializer(serializers.ModelSerializer):
    """An entry as stored (raw before/after), plus ``text``: the entry as a sentence in the request's
    language (``audit_text``), given by the view in ``context["sentences"]`` by entry id."""

    actor = serializers.SlugRelatedField(slug_field="username", read_only=True)
    text = serializers.SerializerMethodField(
        help_text="The entry as a sentence in the request's language: where, what, who, when, what changed, why."
    )

    class Meta:
        model = AuditEntry
        fields = [f.name for f in AuditEntry._meta.fields if f.name != "tournament"] + ["text"]

    def get_text(self, obj: AuditEntry) -> str:
        return self.context.get("sentences", {}).get(obj.pk, "")


class AuditPage(pagination.PageNumberPagination):
    page_size = 100
    max_page_size = 500
    page_size_query_param = "page_size"


class AuditLog(Endpoint):
    """The event's audit log, newest first, a page at a time (organizers)"""

    pagination_class = AuditPage  # the schema documents the page (count, next, previous, results)
    tag = "events"
    operation_id = "audit_log"
    answer = AuditEntrySerializer(many=True)

    def get(self, request: Request, slug: str) -> Response:
        tournament = tournament_for_viewer(request, slug)
        access.require_organizer(request.user, tournament)
        paginator = self.pagination_class()
        entries = AuditEntry.objects.filter(tournament=tournament).select_related("actor").order_by("-id")
        page = paginator.paginate_queryset(entries, request, view=self)
        texts = dict(zip((e.pk for e in page), audit_text.sentences(tournament, page), strict=True))
        data = AuditEntrySerializer(page, many=True, context={"sentences": texts}).data
        return paginator.get_paginated_response(data)
