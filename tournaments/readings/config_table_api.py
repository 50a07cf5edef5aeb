"""An event's configuration table through the API (``scoring.config_table``: Laza's point table,
tarokk-laza.md §4), and the configuration a new event starts with.

``GET/PUT /api/events/<slug>/<table>/`` (Laza: ``point-table``) reads and replaces the table with the
same checks as the editor page and the same audited action (``rescore.set_config_table``), which
re-scores every hand. The schema lists one path per table the registry's variants declare
(``schema_per_table``), with that table's operation ids (``point_table``, ``point_table_replace``).
"""

from __future__ import annotations

import copy
from typing import Any

from django.utils.translation import gettext as _
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from scoring import config_table as ct
from scoring.registry import VARIANTS
from scoring.text import render
from tournaments.api.core import WRITE_ERRORS, Endpoint, error_responses, errors_answer, organizer_event, refusal
from tournaments.lookups import tournament_for_viewer
from tournaments.models import Tournament
from tournaments.readings import rescore
from tournaments.readings.config_table_text import problem_text, refused_hand_text
from tournaments.variants import rules_of


class ConfigTableSerializer(serializers.Serializer):
    version = serializers.CharField()
    revision = serializers.CharField(help_text="Send it back with a PUT: a table changed meanwhile is refused.")
    rows = serializers.ListField(child=serializers.DictField(), help_text="One object per row: column -> value.")


class ConfigTablePutSerializer(serializers.Serializer):
    version = serializers.CharField(max_length=ct.MAX_VERSION)
    revision = serializers.CharField(help_text="The revision of the table this change starts from (GET).")
    reason = serializers.CharField(
        required=False, allow_blank=True, help_text="Needed once the event has hands: they are all scored again."
    )
    rows = serializers.ListField(child=serializers.DictField(), help_text="One object per row: column -> value.")


class ConfigTableChangeSerializer(ConfigTableSerializer):
    changed = serializers.BooleanField(help_text="False when the table sent equals the stored one (a retry).")
    rescored = serializers.ListField(
        child=serializers.DictField(child=serializers.IntegerField()),
        help_text="{round, table, hand} of each hand whose score changed.",
    )


def _body(table: ct.ConfigTable, tournament: Tournament) -> dict[str, Any]:
    config = tournament.config
    return {"version": table.version_of(config), "revision": table.revision(config), "rows": table.rows(config)}


def problem_errors(
    table: ct.ConfigTable, problems: list[ct.Problem], prefix: str = "rows", top: str = ""
) -> list[dict[str, Any]]:
    """The problems as the API's errors: ``field`` is the JSON path (``rows[3].made``), ``row`` 1-based."""
    out = []
    for p in problems:
        if p.row is None:
            field = f"{top}{p.column}" if p.column else prefix
        else:
            field = f"{prefix}[{p.row - 1}]" + (f".{p.column}" if p.column else "")
        message = problem_text(table, p)
        out.append({"field": field, "code": p.code, "message": message, "row": p.row, "column": p.column})
    return out


def _declared(tournament: Tournament, word: str) -> ct.ConfigTable | None:
    table = tournament.rules.config_table
    return table if table is not None and table.slug == word else None


class ConfigTableRead(Endpoint):
    """The event's configuration table

    Every column as the engine reads it (the rules' defaults filled in)."""

    tag = "events"
    operation_id = "config_table"
    answer = ConfigTableSerializer

    def get(self, request: Request, slug: str, table: str) -> Response:
        tournament = tournament_for_viewer(request, slug)
        found = _declared(tournament, table)
        if found is None or found.stored(tournament.config) is None:
            return refusal("", "not_found", _("This event has no such table."), status.HTTP_404_NOT_FOUND)
        return Response(_body(found, tournament))


class ConfigTableReplace(Endpoint):
    """Replace the configuration table and re-score every hand (organizers)

    The same checks and the same audited action as the editor page. Every table's hands are scored again in order;
    each hand whose score changes gets a hand.rescored audit entry. Sending the stored table again changes nothing
    (changed: false)."""

    tag = "events"
    operation_id = "config_table_replace"
    body = ConfigTablePutSerializer
    answer = ConfigTableChangeSerializer
    errors = {
        **WRITE_ERRORS,
        400: error_responses("A cell the rules refuse: each error names the row (1-based) and the column."),
        409: error_responses(
            "stale_edit: the table changed since your revision; invalidates_hand: a hand "
            "(round, table, hand) would no longer be valid. Nothing was stored."
        ),
    }

    def put(self, request: Request, slug: str, table: str) -> Response:
        tournament = organizer_event(request, slug)
        found = _declared(tournament, table)
        if found is None:
            return refusal("", "not_applicable", _("This event has no such table."))
        data = request.data
        if not isinstance(data, dict):
            return refusal("", "invalid", _("Send a JSON object."))
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
            return errors_answer(errors)
        config, problems = ct.check(found, data["version"], data["rows"])
        if problems or config is None:
            return errors_answer(problem_errors(found, problems))
        try:
            change = rescore.set_config_table(
                request.user, tournament, config, revision=data["revision"], reason=data.get("reason", "")
            )
        except rescore.StaleTable as exc:
            return refusal("revision", "stale_edit", str(exc), status.HTTP_409_CONFLICT)
        except rescore.ChangeRefused as exc:
            return errors_answer(
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
        return Response({**_body(found, tournament), "changed": change.changed, "rescored": change.rescored})


class ConfigTable(ConfigTableRead, ConfigTableReplace):
    """The URL of GET ``ConfigTableRead`` and PUT ``ConfigTableReplace``."""


# --- creating events ------------------------------------------------------------------


def creation_config(variant: str, config: Any) -> tuple[Any, Response | None]:
    """The configuration a new event starts with: a table its variant declares, brought in ``config``,
    checked as on the editor page (errors name ``config.<member>.rows[i]`` and the column); the blank
    template when left out."""
    rules = rules_of(variant)
    table = rules.config_table if rules is not None else None
    if table is not None and config:
        stored = table.stored(config)
        if stored is not None and set(config) == {table.member}:
            _checked, problems = ct.check(table, stored.get("version"), stored.get("rows"))
            if problems:
                where = f"config.{table.member}."
                return None, errors_answer(problem_errors(table, problems, where + "rows", where))
    return ct.starting_config(table, config) or {}, None


# --- the schema: one path per declared table -----------------------------------------------------


def schema_per_table(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """drf-spectacular post-processing: ``/api/events/{slug}/{table}/`` becomes one path per table the
    registry's variants declare, with the table's own operation ids (``point_table``,
    ``point_table_replace``), summary and an example of its rows (the blank template's first rows)."""
    paths = result.get("paths", {})
    generic = next((p for p in paths if p.endswith("/{table}/")), None)
    if generic is None:
        return result
    operations = paths.pop(generic)
    for variant in VARIANTS.values():
        table = variant.config_table
        if table is None:
            continue
        ops = copy.deepcopy(operations)
        ident, title = table.slug.replace("-", "_"), render(table.words.title, "en")
        columns = ", ".join(table.keys)
        for method, op in ops.items():
            if not isinstance(op, dict):
                continue
            op["parameters"] = [p for p in op.get("parameters", []) if p.get("name") != "table"]
            op["operationId"] = ident if method == "get" else f"{ident}_replace"
            op["summary"] = f"{title}: {op.get('summary', '')}" if method != "get" else f"The event's {title.lower()}"
            op["description"] = f"{op.get('description', '')} Columns: {columns}.".strip()
            if method == "put":
                example = {"version": "2", "revision": "…", "reason": "…", "rows": table.template()[:3]}
                body = op.get("requestBody", {}).get("content", {}).get("application/json")
                if body is not None:
                    body["examples"] = {"Rows": {"value": example}}
        paths[generic.replace("{table}", table.slug)] = ops
    return result
