"""The API twins of the rounds page: close (with an override), reopen, redraw, re-seat, repeat meetings.

Thin views over ``tournaments.rounds.services``: the actions check the role and write the audit
entry themselves; errors answer the hand-format error list through ``api.exception_handler``.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import access, lookups
from tournaments.api.core import (
    SLUG,
    WRITE_ERRORS,
    Endpoint,
    action_parameter,
    error_responses,
    organizer_event,
    round_answer,
    round_data,
    round_for_viewer,
    valid,
)
from tournaments.api.serializers import (
    DrawSerializer,
    RoundSerializer,
    optional_text,
    plain,
    time_up_after_field,
)
from tournaments.lookups import tournament_for_viewer
from tournaments.models import Round
from tournaments.rounds import actions as round_actions
from tournaments.rounds import services as rounds


class RoundEndpoint(Endpoint):
    # An operation on the event's rounds.
    tag = "rounds"


class RoundList(RoundEndpoint):
    """Rounds with tables, seats, byes and clock

    Unpublished (draft) draws are listed for organizers only."""

    operation_id = "rounds_list"
    answer = RoundSerializer(many=True)

    def get(self, request: Request, slug: str) -> Response:
        tournament = tournament_for_viewer(request, slug)
        return Response(round_data(tournament, lookups.visible_rounds(request.user, tournament)))


class NextRound(RoundEndpoint):
    """Draw the next round (organizers)

    Draws the next round, or redraws the latest one while it is not running (a published draw only with
    confirm_redraw). The draw starts as a draft: publish it to show it to players and referees."""

    operation_id = "round_draw"
    body = DrawSerializer
    answer = RoundSerializer
    code = status.HTTP_201_CREATED

    def post(self, request: Request, slug: str) -> Response:
        tournament = tournament_for_viewer(request, slug)
        data = valid(DrawSerializer, request.data)
        rnd = rounds.draw_round(request.user, tournament, **data)
        return round_answer(tournament, rnd, status.HTTP_201_CREATED)


class Rounds(RoundList, NextRound):
    """The URL of GET ``RoundList`` and POST ``NextRound``."""


class RoundDetail(RoundEndpoint):
    """A round: tables, seats, byes, clock"""

    operation_id = "round_detail"
    answer = RoundSerializer

    def get(self, request: Request, slug: str, number: int) -> Response:
        tournament, rnd = round_for_viewer(request, slug, number)
        return round_answer(tournament, rnd)


class RoundAction(RoundEndpoint):
    """Publish, start or pause a round (organizers)

    publish: draft → seated; start: seated → running, or resume a paused clock; pause: stop the clock (close and
    reopen: their own endpoints). A move the round's state does not allow answers 400 naming the field status."""

    operation_id = "round_action"
    parameters = [SLUG, action_parameter(list(round_actions.WITHOUT_BODY), "What to do with the round.")]
    answer = RoundSerializer

    def post(self, request: Request, slug: str, number: int, action: str) -> Response:
        tournament, rnd = round_for_viewer(request, slug, number)
        round_actions.perform(request.user, rnd, action)  # close, reopen, redraw, re-seat: api_rounds.py
        return round_answer(tournament, rnd)


# --- bodies and answers ---------------------------------------------------------------------------


class CloseSerializer(serializers.Serializer):
    override = serializers.BooleanField(
        default=False, help_text=_("Close although tables are unfinished or unconfirmed (needs a reason).")
    )
    reason = optional_text(2000)


class ReopenSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=2000, help_text=_("Why the round is reopened (e.g. the protest)."))


class RepeatPlayerSerializer(serializers.Serializer):
    start_number = serializers.IntegerField()
    name = serializers.CharField()


class RepeatSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    players = RepeatPlayerSerializer(many=True)
    rounds = serializers.ListField(child=serializers.IntegerField(), help_text=_("Rounds in which they met."))


class OpenTableSerializer(serializers.Serializer):
    table, hands, expected = plain(int, int, int)
    complete, confirmed = plain(bool, bool)
    time_up_after = time_up_after_field()
    reasons = serializers.ListField(child=serializers.CharField())


class LotTieSerializer(serializers.Serializer):
    table = serializers.IntegerField(help_text=_("The previous round's table; 0: the players back from a bye."))
    players = RepeatPlayerSerializer(many=True, help_text=_("In the lot's order."))


class ClubPairSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    club = serializers.CharField()
    players = RepeatPlayerSerializer(many=True)
    reason = serializers.ChoiceField(choices=list(rounds.CLUB_REASONS))
    why = serializers.CharField()


class DrawPinSerializer(serializers.Serializer):
    start_number, name, table = plain(int, str, int)


class DrawReportSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    repeats = RepeatSerializer(many=True)
    lot_ties = LotTieSerializer(
        many=True, help_text=_("Where the standings' lot ordered players equal on place and points (rule 7).")
    )
    club_pairs = ClubPairSerializer(many=True, help_text=_("Two players of one club at one table, and why."))
    pins = DrawPinSerializer(many=True, help_text=_("Players the director pinned to a table of the draft."))
    stale_after = serializers.ListField(
        child=serializers.IntegerField(),
        help_text=_("Earlier rounds reopened after this draw was made: its seating may be out of date."),
    )
    open_tables = OpenTableSerializer(many=True, help_text=_("Tables not done (a running round)."))
    warnings = serializers.ListField(child=serializers.CharField())


CONFLICTS = {
    **WRITE_ERRORS,
    400: error_responses(
        "The round's state does not allow it (field status), tables are not done (field override, naming each "
        "table), or the reason is missing (field reason)."
    ),
}


# --- views ----------------------------------------------------------------------------------------


class RoundWrite(RoundEndpoint):
    # A write on round ``number`` (organizers): ``act`` with the body ``body`` checked; the answer is the
    # round after it.
    answer = RoundSerializer
    errors = CONFLICTS

    def act(self, request: Request, rnd: Round, data: dict[str, Any]) -> Round | None:
        raise NotImplementedError

    def post(self, request: Request, slug: str, number: int) -> Response:
        tournament, rnd = round_for_viewer(request, slug, number)
        return round_answer(tournament, self.act(request, rnd, valid(self.body, request.data)) or rnd)


class CloseRound(RoundWrite):
    """Close a running round (organizers)

    running → closed. A round with unfinished or unconfirmed tables is refused (400, field override, each table
    named with why) unless override is true and a reason is given; the audit entry keeps the open tables and the
    reason."""

    operation_id = "round_close"
    body = CloseSerializer
    examples = [
        OpenApiExample(
            "Override", value={"override": True, "reason": "Table 3 abandoned, judge's ruling"}, request_only=True
        )
    ]

    def act(self, request: Request, rnd: Round, data: dict[str, Any]) -> None:
        round_actions.perform(request.user, rnd, "close", **data)


class ReopenRound(RoundWrite):
    """Reopen a closed round for a protest (organizers)

    closed → running with the clock paused, so its hands can be corrected; totals and ranking points follow from the
    hands. A later round already drawn is left as it is and reported in stale_after of its repeats report; redraw it
    while it has not started."""

    operation_id = "round_reopen"
    body = ReopenSerializer

    def act(self, request: Request, rnd: Round, data: dict[str, Any]) -> None:
        round_actions.perform(request.user, rnd, "reopen", reason=data["reason"])


def _draw_numbered(request: Request, slug: str, number: int, *, new_allowed: bool) -> Response:
    """Draw round ``number`` again (or, for a re-seat, for the first time) and check it is that round."""
    tournament = organizer_event(request, slug)
    latest = tournament.round_set.order_by("-number").first()
    latest_number = latest.number if latest else 0
    fresh = latest is None or latest.status == Round.Status.CLOSED
    target = latest_number + 1 if fresh else latest_number
    if number != target or (fresh and not new_allowed):
        raise ValidationError(
            {"number": _("Round %(n)d cannot be drawn now; the round to draw is %(m)d.") % {"n": number, "m": target}}
        )
    data = valid(DrawSerializer, request.data)
    rnd = rounds.draw_round(request.user, tournament, **data)
    return round_answer(tournament, rnd, status.HTTP_201_CREATED if fresh else status.HTTP_200_OK)


class RedrawRound(RoundWrite):
    """Draw a round again while it has not started

    The latest round, draft or published (published: confirm_redraw true), is drawn again: round 1 from the seed or
    by strength, later rounds re-seated from the results (e.g. after a reopened round was closed again). A running
    or closed round answers 400 (field status)."""

    operation_id = "round_redraw"
    body = DrawSerializer

    def post(self, request: Request, slug: str, number: int) -> Response:
        rnd = round_for_viewer(request, slug, number)[1]
        if rnd.status not in (Round.Status.DRAFT, Round.Status.SEATED):
            raise ValidationError({"status": _("Round %(n)d has started; it is not drawn again.") % {"n": number}})
        return _draw_numbered(request, slug, number, new_allowed=False)


class ReseatRound(RoundWrite):
    """Re-seat round N from the results of round N-1 (organizers)

    Draws round N (N >= 2) from the standings after the previous, closed round: Taruk by rule 7 (exchanges within a
    place group avoid earlier meetings), other variants strongest with strongest avoiding repeats. 201 for a new
    round, 200 when a round not yet started is re-seated again (published: confirm_redraw true). The repeats report
    lists what remains."""

    operation_id = "round_reseat"
    body = DrawSerializer
    code = status.HTTP_201_CREATED
    errors = {200: RoundSerializer, **CONFLICTS}  # 200 when a round not yet started is re-seated again

    def post(self, request: Request, slug: str, number: int) -> Response:
        if number < 2:
            raise ValidationError({"number": _("Round 1 is drawn, not re-seated.")})
        return _draw_numbered(request, slug, number, new_allowed=True)


class DrawReport(RoundEndpoint):
    """A draw's repeat meetings, lot ties, club mates, pins, stale flag, open tables and warnings (staff)

    Every pair at a table of the round who met before, with the rounds; lot_ties the ties of rule 7's list the
    standings' lot decided; club_pairs two players of one club at one table and why the draw left them; pins the
    players pinned to a table; stale_after names earlier rounds reopened after this draw; open_tables the tables not
    done; warnings e.g. an all-play-all longer than the event."""

    operation_id = "round_repeats"
    answer = DrawReportSerializer

    def get(self, request: Request, slug: str, number: int) -> Response:
        tournament, rnd = round_for_viewer(request, slug, number)
        if not access.is_staff_of(request.user, tournament):
            raise PermissionDenied(_("Only the event's staff see the draw report."))
        report = {
            "round": rnd.number,
            "repeats": rounds.repeat_report(rnd),
            "lot_ties": rounds.lot_report(rnd),
            "club_pairs": rounds.club_report(rnd),
            "pins": rounds.pin_report(rnd),
            "stale_after": rounds.stale_rounds(tournament).get(rnd.number, []),
            "open_tables": rounds.open_tables(rnd) if rnd.status == Round.Status.RUNNING else [],
            "warnings": rounds.schedule_warnings(tournament),
        }
        return Response(DrawReportSerializer(report).data)


class AdjustSerializer(serializers.Serializer):
    action = serializers.ChoiceField(
        choices=list(rounds.ADJUSTMENTS), help_text=_("swap two players, or pin a player to a table.")
    )
    player = serializers.IntegerField(min_value=1, help_text=_("Start number."))
    other = serializers.IntegerField(min_value=1, required=False, help_text=_("swap: the other player's start number."))
    table = serializers.IntegerField(min_value=1, required=False, help_text=_("pin: the table."))
    reason = optional_text(500)


class AdjustRound(RoundWrite):
    """Swap two players or pin a player to a table in a draft draw (organizers)

    swap: the two change places (seats, or a seat and a bye; a fixed pair moves with its partner). pin: the player
    changes places with the one at that table whose move adds the fewest repeat meetings, then club mates, and stays
    there when the draft is drawn again. Audited; the repeats report counts again. A round that is not a draft
    answers 400 (field status)."""

    operation_id = "round_adjust"
    body = AdjustSerializer
    examples = [OpenApiExample("Swap", value={"action": "swap", "player": 3, "other": 11}, request_only=True)]

    def act(self, request: Request, rnd: Round, data: dict[str, Any]) -> Round:
        return rounds.adjust_draw(request.user, rnd, data.pop("action"), **data)
