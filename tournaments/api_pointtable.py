"""The Laza point table through the API (tarokk-laza.md §4), and creating events.

``GET/PUT /api/events/<slug>/point-table/`` reads and replaces the table with the
same checks as the editor page (``tournaments.pointtable``) and the same audited
action (``rescore.set_point_table``), which re-scores every hand.
``POST /api/events/`` creates an event; a Laza event may bring its point table in
``config`` (without one it starts from the blank §4.2 template, as on the page).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import rescore

from . import pointtable as pt
from .api import READ_ERRORS, SLUG, WRITE_ERRORS, ApiView, _errors, organizer_event
from .lookups import tournament_for_viewer
from .models import Tournament
from .pointtable_text import problem_text, refused_hand_text


class PointTableRowSerializer(serializers.Serializer):
    bid = serializers.CharField(help_text="Bid id, e.g. kassza (§4.2 template).")
    name = serializers.CharField(required=False, help_text="Hungarian name for display.")
    made = serializers.IntegerField(allow_null=True, min_value=0, help_text="Points for a made bid; null = blank.")
    failed = serializers.IntegerField(allow_null=True, min_value=0, help_text="Deduction for a failed bid.")
    silent = serializers.IntegerField(allow_null=True, min_value=0, help_text="null = cannot score silently.")
    qualifier = serializers.ChoiceField(choices=["none", "suit", "card"], required=False)
    ladder = serializers.CharField(allow_null=True, required=False)
    ladder_rank = serializers.IntegerField(allow_null=True, required=False)
    only_one = serializers.ListField(
        child=serializers.ListField(), required=False, help_text='[group, position] pairs, e.g. [["extrak", 5]].'
    )
    trophy_rank = serializers.IntegerField(allow_null=True, required=False)
    cards = serializers.ListField(child=serializers.CharField(), allow_null=True, required=False)


class PointTableSerializer(serializers.Serializer):
    version = serializers.CharField()
    revision = serializers.CharField(help_text="Send it back with a PUT: a table changed meanwhile is refused.")
    rows = PointTableRowSerializer(many=True)


class PointTablePutSerializer(serializers.Serializer):
    version = serializers.CharField(max_length=100)
    revision = serializers.CharField(help_text="The revision of the table this change starts from (GET).")
    reason = serializers.CharField(
        required=False, allow_blank=True, help_text="Needed once the event has hands: they are all scored again."
    )
    rows = PointTableRowSerializer(many=True)


class PointTableChangeSerializer(PointTableSerializer):
    changed = serializers.BooleanField(help_text="False when the table sent equals the stored one (a retry).")
    rescored = serializers.ListField(
        child=serializers.DictField(child=serializers.IntegerField()),
        help_text="{round, table, hand} of each hand whose score changed.",
    )


def _body(tournament: Tournament) -> dict[str, Any]:
    return {
        "version": pt.version_of(tournament.config),
        "revision": pt.revision(tournament.config),
        "rows": pt.effective_rows(tournament.config),
    }


def _problem_errors(problems: list[pt.Problem], prefix: str = "rows", top: str = "") -> list[dict[str, Any]]:
    out = []
    for p in problems:
        if p.row is None:
            field = f"{top}{p.column}" if p.column else prefix
        else:
            field = f"{prefix}[{p.row - 1}]" + (f".{p.column}" if p.column else "")
        out.append({"field": field, "code": p.code, "message": problem_text(p), "row": p.row, "column": p.column})
    return out


def _bad(errors: list[dict[str, Any]], code: int = status.HTTP_400_BAD_REQUEST) -> Response:
    return Response({"errors": errors}, status=code)


SPEC_EXAMPLE = OpenApiExample(
    "§5.5 values (ILLUSTRATIVE — NOT FROM THE RULES)",
    value={
        "version": "2",
        "revision": "3a3a43f0d547a5cb",
        "reason": "the federation's table",
        "rows": [
            {"bid": "gem", "made": 20, "failed": 10, "silent": 10},
            {"bid": "kassza", "made": 30, "failed": 10, "silent": None},
            {"bid": "skala", "made": 180, "failed": 20, "silent": None, "trophy_rank": 1},
        ],
    },
    request_only=True,
)


class PointTable(ApiView):
    @extend_schema(
        operation_id="point_table",
        tags=["events"],
        parameters=[SLUG],
        responses={200: PointTableSerializer, **READ_ERRORS},
        summary="The event's Laza point table (tarokk-laza.md §4.2)",
        description="Every column as the engine reads it (the rules' defaults filled in).",
    )
    def get(self, request: Request, slug: str) -> Response:
        tournament = tournament_for_viewer(request, slug)
        if not pt.has_point_table(tournament.config):
            return _bad(
                [{"field": "", "code": "not_found", "message": _("This event has no point table.")}],
                status.HTTP_404_NOT_FOUND,
            )
        return Response(_body(tournament))

    @extend_schema(
        operation_id="point_table_replace",
        tags=["events"],
        parameters=[SLUG],
        request=PointTablePutSerializer,
        examples=[SPEC_EXAMPLE],
        responses={
            200: PointTableChangeSerializer,
            **WRITE_ERRORS,
            400: _errors("A cell the rules refuse: each error names the row (1-based) and the column."),
            409: _errors(
                "stale_edit: the table changed since your revision; invalidates_hand: a hand "
                "(round, table, hand) would no longer be valid. Nothing was stored."
            ),
        },
        summary="Replace the point table and re-score every hand (organizers)",
        description="The same checks and the same audited action as the editor page. Every table's hands "
        "are scored again in order; each hand whose score changes gets a hand.rescored audit entry. "
        "Sending the stored table again changes nothing (changed: false).",
    )
    def put(self, request: Request, slug: str) -> Response:
        tournament = organizer_event(request, slug)
        if not pt.has_point_table(tournament.config) and tournament.variant != pt.VARIANT:
            return _bad(
                [{"field": "", "code": "not_applicable", "message": _("This event's variant has no point table.")}]
            )
        data = request.data
        if not isinstance(data, dict):
            return _bad([{"field": "", "code": "invalid", "message": _("Send a JSON object.")}])
        errors = [
            {"field": k, "code": "unknown_field", "message": _("Unknown field.")}
            for k in data
            if k not in ("version", "revision", "reason", "rows")
        ]
        for key in ("version", "revision", "rows"):
            if key not in data:
                errors.append({"field": key, "code": "required", "message": _("This field is required.")})
        for key in ("version", "revision", "reason"):
            if key in data and not isinstance(data[key], str):
                errors.append({"field": key, "code": "invalid", "message": _("Send text.")})
        if errors:
            return _bad(errors)
        config, problems = pt.check(data["version"], data["rows"])
        if problems or config is None:
            return _bad(_problem_errors(problems))
        try:
            change = rescore.set_point_table(
                request.user, tournament, config, revision=data["revision"], reason=data.get("reason", "")
            )
        except rescore.StalePointTable as exc:
            return _bad([{"field": "revision", "code": "stale_edit", "message": str(exc)}], status.HTTP_409_CONFLICT)
        except rescore.PointTableRefused as exc:
            return _bad(
                [
                    {
                        "field": "rows",
                        "code": "invalidates_hand",
                        "round": b.round,
                        "table": b.table,
                        "hand": b.hand,
                        "message": refused_hand_text(b),
                    }
                    for b in exc.broken
                ],
                status.HTTP_409_CONFLICT,
            )
        tournament.refresh_from_db()
        return Response({**_body(tournament), "changed": change.changed, "rescored": change.rescored})


# --- creating events ------------------------------------------------------------------


def creation_config(variant: str, config: Any) -> tuple[Any, Response | None]:
    """The configuration a new event starts with: a Laza event's point table checked as on the editor
    page (errors name ``config.point_table.rows[i]`` and the column), or the blank template when left out."""
    if variant == pt.VARIANT and config:
        point_table = config.get("point_table") if isinstance(config, dict) else None
        if isinstance(point_table, dict) and set(config) == {"point_table"}:
            _checked, problems = pt.check(point_table.get("version"), point_table.get("rows"))
            if problems:
                return None, _bad(_problem_errors(problems, "config.point_table.rows", "config.point_table."))
    return pt.default_config(variant, config) or {}, None
