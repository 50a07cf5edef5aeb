"""The API twin of the readings page (taruk2012.md §4.5): change an event's readings of the
rules, first as a dry run that answers the standings diff, then applied — the same audited
action as the page (``rescore.set_readings``)."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import access
from tournaments.api.core import WRITE_ERRORS, Endpoint, error_responses, errors_answer
from tournaments.api.serializers import plain
from tournaments.lookups import tournament_for_viewer
from tournaments.readings.rescore import ChangeRefused, set_readings
from tournaments.readings.words import choice_errors


class ReadingsRequestSerializer(serializers.Serializer):
    readings = serializers.DictField(
        child=serializers.CharField(), help_text='Option -> reading, e.g. {"radelc": "holder_plays"}.'
    )
    dry_run = serializers.BooleanField(
        default=True, help_text="True (the default): compute the diff, store nothing. False: apply it."
    )
    reason = serializers.CharField(required=False, allow_blank=True, max_length=500)


class StandingChangeSerializer(serializers.Serializer):
    name = serializers.CharField()
    rank_before, rank_after = plain(int, int)
    ranking_points_before, ranking_points_after = plain(float, float)
    game_points_before, game_points_after = plain(int, int)


class ReadingsChangeSerializer(serializers.Serializer):
    changed = serializers.BooleanField(help_text="False: these readings are in force already.")
    applied = serializers.BooleanField(help_text="False for a dry run: nothing was stored.")
    before = serializers.DictField(child=serializers.CharField())
    after = serializers.DictField(child=serializers.CharField())
    standings = StandingChangeSerializer(many=True, help_text="The standings lines that move.")
    rescored = serializers.ListField(child=serializers.DictField(child=serializers.IntegerField()))


def readings_errors(problems: dict[str, str]) -> Response:
    return errors_answer(
        [{"field": f"readings.{k}".rstrip("."), "code": "invalid", "message": m} for k, m in problems.items()]
    )


class Readings(Endpoint):
    """Change the event's readings of the rules: dry run with the standings diff, then apply (organizers)

    taruk2012.md §4.5. Every hand of the event is scored again in order; the answer lists the standings lines that
    move (rank, ranking points, game points before and after). Send `dry_run: false` with a `reason` to apply
    (audited as tournament.readings_changed)."""

    tag = "events"
    operation_id = "readings_change"
    body = ReadingsRequestSerializer
    answer = ReadingsChangeSerializer
    errors = {
        **WRITE_ERRORS,
        409: error_responses(
            "invalidates_hand: a hand would no longer be valid under the new readings; nothing stored."
        ),
    }

    def post(self, request: Request, slug: str) -> Response:
        tournament = tournament_for_viewer(request, slug)
        access.require_organizer(request.user, tournament)
        data = ReadingsRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        chosen = dict(data.validated_data["readings"])
        if problems := choice_errors(tournament.variant, chosen, new_event=False):
            return readings_errors(problems)
        try:
            change = set_readings(
                request.user,
                tournament,
                chosen,
                reason=data.validated_data.get("reason", ""),
                dry_run=data.validated_data["dry_run"],
            )
        except ChangeRefused as exc:
            refused = [
                {"field": "", "code": "invalidates_hand", "message": str(b.errors[0].message), **asdict(b)}
                for b in exc.broken
            ]
            return errors_answer(refused, 409)
        body: dict[str, Any] = asdict(change)
        return Response(body)
