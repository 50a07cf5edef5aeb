"""API twin of the judge's desk: incidents (list, open, rule, protest, decide), sanctions, judge rights
and a player's discipline record. Same roles and audited actions as the pages (``tournaments.incidents.services``)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import access
from tournaments.api.core import READ_ERRORS, SLUG, WRITE_ERRORS, Endpoint, error_responses, valid
from tournaments.api.serializers import optional_text, plain
from tournaments.incidents import services as incidents
from tournaments.lookups import tournament_for_viewer
from tournaments.models import MAX_HAND_NUMBER, Entry, Incident, Referee, Sanction, Table, Tournament

STATE_ERRORS = {
    **WRITE_ERRORS,
    409: error_responses(
        "not_open: the incident is not in a state that takes this step (a protest already made, a protest "
        "not open, a player already excluded), or the corrected hand's round does not take corrections; "
        "stale_edit: the hand changed since the version you sent."
    ),
}
INCIDENT_ID = OpenApiParameter("id", int, OpenApiParameter.PATH, description="The incident's number.")
START_NUMBER = OpenApiParameter("start_number", int, OpenApiParameter.PATH, description="The player's start number.")


class SanctionSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    start_number = serializers.IntegerField(source="entry.start_number")
    name = serializers.CharField(source="entry.player.name")
    kind = serializers.ChoiceField(choices=Sanction.Kind.choices)
    incident = serializers.IntegerField(source="incident_id")
    round = serializers.IntegerField(source="round.number", allow_null=True, default=None)
    reason, given_at, lifted_at = plain(str, dt.datetime, dt.datetime | None)


class IncidentSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    kind = serializers.ChoiceField(choices=Incident.Kind.choices)
    status = serializers.ChoiceField(choices=Incident.Status.choices)
    time = serializers.DateTimeField(source="opened_at")
    round = serializers.IntegerField(source="round.number", allow_null=True, default=None)
    table = serializers.IntegerField(source="table.number", allow_null=True, default=None)
    hand_number = serializers.IntegerField(allow_null=True)
    hand_id = serializers.IntegerField(allow_null=True, help_text="The stored hand the ruling's consequence changed.")
    caller = serializers.IntegerField(
        source="caller.start_number", allow_null=True, default=None, help_text="Start number; null: the referee."
    )
    involved = serializers.SerializerMethodField()
    finding = serializers.CharField()
    outcome = serializers.ChoiceField(choices=Incident.Outcome.choices)
    ruling = serializers.CharField()
    ruled_by = serializers.CharField(source="ruled_by.username", allow_null=True, default=None)
    ruled_at = serializers.DateTimeField(allow_null=True)
    protest_of = serializers.IntegerField(source="protest_of_id", allow_null=True)
    sanctions = SanctionSerializer(many=True, source="sanctions.all")

    def get_involved(self, incident: Incident) -> list[int]:
        return sorted(e.start_number for e in incident.involved.all())


class CorrectionSerializer(serializers.Serializer):
    hand = serializers.JSONField(help_text="The hand's corrected input (hand-format.md), as for a correction.")
    version = serializers.IntegerField(help_text="The hand's version the correction was made from.")


class OpenSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(
        choices=Incident.Kind.choices, help_text="Not protest: a protest is made against a ruling."
    )
    finding = serializers.CharField(max_length=2000)
    round = serializers.IntegerField(required=False, allow_null=True, default=None)
    table = serializers.IntegerField(required=False, allow_null=True, default=None)
    hand_number = serializers.IntegerField(
        required=False, allow_null=True, default=None, min_value=1, max_value=MAX_HAND_NUMBER
    )
    caller = serializers.IntegerField(required=False, allow_null=True, default=None, help_text="null: the referee")
    involved = serializers.ListField(child=serializers.IntegerField(), required=False, default=list)


class RuleSerializer(serializers.Serializer):
    ruling = serializers.CharField(max_length=2000)
    outcome = serializers.ChoiceField(
        choices=Incident.Outcome.choices,
        help_text="upheld and rejected are the jury's (decide).",
        required=False,
        default="",
        allow_blank=True,
    )
    hand_number = serializers.IntegerField(
        required=False, allow_null=True, default=None, min_value=1, max_value=MAX_HAND_NUMBER
    )
    correction = CorrectionSerializer(required=False, allow_null=True, default=None)


class ProtestSerializer(serializers.Serializer):
    by = serializers.IntegerField(help_text="The protesting player's start number.")
    grounds = serializers.CharField(max_length=2000)


class DecideSerializer(serializers.Serializer):
    decision = serializers.CharField(max_length=2000)
    upheld = serializers.BooleanField()
    correction = CorrectionSerializer(required=False, allow_null=True, default=None)


class SanctionInSerializer(serializers.Serializer):
    start_number = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=Sanction.Kind.choices)
    reason = optional_text(500)


class JudgeSerializer(serializers.Serializer):
    username = serializers.CharField(read_only=True, source="user.username")
    judge = serializers.BooleanField()


class DisciplineSerializer(serializers.Serializer):
    start_number, name, excluded = plain(int, str, bool)
    sanctions = SanctionSerializer(many=True)
    incidents = IncidentSerializer(many=True)


def _staff(request: Request, slug: str) -> Tournament:
    tournament = tournament_for_viewer(request, slug)
    if not access.is_staff_of(request.user, tournament):
        raise PermissionDenied(_("The judge's desk is for the event's judge and referees."))
    return tournament


def _entry(tournament: Tournament, start_number: int | None, field: str) -> Entry | None:
    if start_number is None:
        return None
    entry = tournament.entries.select_related("player").filter(start_number=start_number).first()
    if entry is None:
        raise serializers.ValidationError({field: [_("No player with start number %(n)d.") % {"n": start_number}]})
    return entry


def _incident(request: Request, slug: str, pk: int) -> Incident:
    tournament = _staff(request, slug)
    return get_object_or_404(incidents.event_incidents(tournament), pk=pk)


def _fresh(incident: Incident) -> dict[str, Any]:
    return IncidentSerializer(incidents.event_incidents(incident.tournament).get(pk=incident.pk)).data


def _correction(data: dict | None) -> incidents.Correction | None:
    return incidents.Correction(data["hand"], data["version"]) if data else None


class JudgeEndpoint(Endpoint):
    # An operation of the judge's desk.
    tag = "judge"


class IncidentList(JudgeEndpoint):
    """The event's incidents, what waits for the judge first (organizers, referees)

    The judge's desk and the incident report: open incidents, then protested, ruled, closed."""

    operation_id = "incidents_list"
    answer = IncidentSerializer(many=True)

    def get(self, request: Request, slug: str) -> Response:
        tournament = _staff(request, slug)
        return Response(IncidentSerializer(incidents.event_incidents(tournament), many=True).data)


class OpenIncident(JudgeEndpoint):
    """Open an incident (referees of the table; the judge)

    Who called it (`caller`: a start number, null for the referee), the players involved, the caller's finding.
    With `round` and `table` the players must sit at that table. Audited (incident.opened)."""

    operation_id = "incident_open"
    body = OpenSerializer
    answer = IncidentSerializer
    code = status.HTTP_201_CREATED
    examples = [
        OpenApiExample(
            "renonsz claim",
            request_only=True,
            value={
                "kind": "renonsz",
                "round": 1,
                "table": 2,
                "hand_number": 5,
                "caller": 3,
                "involved": [7],
                "finding": "7 did not follow suit in trick 4",
            },
        )
    ]

    def post(self, request: Request, slug: str) -> Response:
        tournament = _staff(request, slug)
        v = valid(OpenSerializer, request.data)
        table = None
        if v["table"] is not None:
            table = get_object_or_404(
                Table.objects.select_related("round"),
                round__tournament=tournament,
                round__number=v["round"] or 0,
                number=v["table"],
            )
        incident = incidents.open_incident(
            request.user,
            tournament,
            kind=v["kind"],
            finding=v["finding"],
            table=table,
            hand_number=v["hand_number"],
            caller=_entry(tournament, v["caller"], "caller"),
            involved=[_entry(tournament, n, "involved") for n in v["involved"]],
        )
        return Response(_fresh(incident), status=status.HTTP_201_CREATED)


class Incidents(IncidentList, OpenIncident):
    """The URL of GET ``IncidentList`` and POST ``OpenIncident``."""


class IncidentDetail(JudgeEndpoint):
    """One incident with its ruling and sanctions (organizers, referees)"""

    operation_id = "incident_detail"
    parameters = [SLUG, INCIDENT_ID]
    answer = IncidentSerializer

    def get(self, request: Request, slug: str, pk: int) -> Response:
        return Response(IncidentSerializer(_incident(request, slug, pk)).data)


class IncidentStep(JudgeEndpoint):
    # A step on incident ``pk`` (a ruling, a protest, the jury's decision, a sanction): ``act`` with the body
    # ``body`` checked; the answer is the incident as it is now (``payload``).
    parameters = [SLUG, INCIDENT_ID]
    answer = IncidentSerializer
    errors = STATE_ERRORS

    def act(self, request: Request, incident: Incident, data: dict[str, Any]) -> Any:
        raise NotImplementedError

    def payload(self, done: Any) -> dict[str, Any]:
        return _fresh(done)

    def post(self, request: Request, slug: str, pk: int) -> Response:
        incident = _incident(request, slug, pk)
        done = self.act(request, incident, valid(self.body, request.data))
        return Response(self.payload(done), status=self.code)


class Rule(IncidentStep):
    """Rule on an incident (the judge)

    The ruling in words and its outcome (`not_found` on a renonsz claim is a false call: at ulti-mausz it is charged
    to the caller, 10.§(3)g). A score consequence comes as `correction` and goes through the hand correction (later
    hands rescored, the table's confirmation reopened). Audited."""

    operation_id = "incident_rule"
    body = RuleSerializer

    def act(self, request: Request, incident: Incident, data: dict[str, Any]) -> Incident:
        return incidents.rule(
            request.user,
            incident,
            ruling=data["ruling"],
            outcome=data["outcome"],
            hand_number=data["hand_number"],
            correction=_correction(data["correction"]),
        )


class Protest(IncidentStep):
    """Record a player's protest against a ruling (referees of the table; the judge)

    Once per ruling, while the event runs; the protest is an incident of kind protest."""

    operation_id = "incident_protest"
    body = ProtestSerializer
    code = status.HTTP_201_CREATED

    def act(self, request: Request, incident: Incident, data: dict[str, Any]) -> Incident:
        by = _entry(incident.tournament, data["by"], "by")
        return incidents.protest(request.user, incident, by=by, grounds=data["grounds"])


class Decide(IncidentStep):
    """Record the jury's decision on a protest (the judge)

    Closes the protest and the ruling. `upheld`: the ruling's sanctions are lifted (an exclusion too). A changed
    score comes as `correction` (the hand correction flow)."""

    operation_id = "incident_decide"
    body = DecideSerializer

    def act(self, request: Request, complaint: Incident, data: dict[str, Any]) -> Incident:
        correction = _correction(data["correction"])
        return incidents.decide(
            request.user, complaint, decision=data["decision"], upheld=data["upheld"], correction=correction
        )


class Sanctions(IncidentStep):
    """Give a player a warning, a yellow or red card, or exclude him (the judge)

    Exclusion (MAUSZ 11.§): the player is marked excluded, never seated again, and his ranking points of the
    incident's round are struck."""

    operation_id = "incident_sanction"
    body = SanctionInSerializer
    answer = SanctionSerializer
    code = status.HTTP_201_CREATED

    def act(self, request: Request, incident: Incident, data: dict[str, Any]) -> Sanction:
        entry = _entry(incident.tournament, data["start_number"], "start_number")
        return incidents.sanction(request.user, incident, entry, data["kind"], data["reason"])

    def payload(self, done: Any) -> dict[str, Any]:
        return SanctionSerializer(done).data


class Judge(JudgeEndpoint):
    """Give a referee judge rights, or take them back (organizers)"""

    operation_id = "judge_set"
    parameters = [SLUG, OpenApiParameter("username", str, OpenApiParameter.PATH)]
    body = JudgeSerializer
    answer = JudgeSerializer

    def put(self, request: Request, slug: str, username: str) -> Response:
        tournament = tournament_for_viewer(request, slug)
        referee = get_object_or_404(
            Referee.objects.select_related("user"), tournament=tournament, user__username=username
        )
        data = valid(JudgeSerializer, request.data)
        referee = incidents.set_judge(request.user, referee, data["judge"])
        return Response(JudgeSerializer(referee).data)


class Discipline(JudgeEndpoint):
    """A player's sanctions and the incidents he was part of (as the event's pages are visible)"""

    operation_id = "player_discipline"
    parameters = [SLUG, START_NUMBER]
    answer = DisciplineSerializer
    errors = {404: OpenApiResponse(description="No such player."), **READ_ERRORS}

    def get(self, request: Request, slug: str, start_number: int) -> Response:
        tournament = tournament_for_viewer(request, slug)
        entry = get_object_or_404(
            Entry.objects.select_related("player"), tournament=tournament, start_number=start_number
        )
        mine = incidents.player_incidents(tournament, entry)
        payload = {
            "start_number": entry.start_number,
            "name": entry.player.name,
            "excluded": entry.status == Entry.Status.EXCLUDED,
            "sanctions": entry.sanctions.select_related("entry__player", "round").order_by("given_at", "id"),
            "incidents": mine,
        }
        return Response(DisciplineSerializer(payload).data)
