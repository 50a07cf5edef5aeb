"""Serializers of the REST API (``tournaments.api.core``): plain shapes in and out.

Output serializers only rename and nest what the models, ``results`` and the
live payload already hold; input serializers check types and sizes before an
action function (``services``, ``rounds``, ``hands``) sees the data.
Nothing here writes.
"""

from __future__ import annotations

import datetime as dt
import types
from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournaments import access
from tournaments.models import MAX_INTEGER, POSITIONS, Entry, Hand, Round, Tournament
from tournaments.people.registry import DECISIONS as MATCH_DECISIONS
from tournaments.readings.words import readings
from tournaments.results.load import event_metrics
from tournaments.rounds.clock import clock_payload
from tournaments.rounds.draw_methods import DRAW_METHODS
from tournaments.tables import lines
from tournaments.variants import sit_out_rule, variant_name

# Bounds that keep numbers inside a database integer (no overflow errors on odd input).
MAX_INT = MAX_INTEGER
# A write stores version + 1, which must fit the column too (PostgreSQL: integer out of range).
MAX_VERSION = MAX_INT - 1


def enum_field(values: list[str]) -> type[serializers.ChoiceField]:
    """A choice field documented as an inline enum. As named enum components the event, entry
    and round statuses would collide on the name "status", and the generator's naming override
    is a setting; wrapped in ``allOf`` the enum stays where it is used."""

    @extend_schema_field({"allOf": [{"type": "string", "enum": list(values)}]})
    class EnumField(serializers.ChoiceField):
        def __init__(self, **kwargs: Any) -> None:
            super().__init__(choices=list(values), **kwargs)

    return EnumField


EventStatusField = enum_field(Tournament.Status.values)
EntryStatusField = enum_field(Entry.Status.values)
RoundStatusField = enum_field(Round.Status.values)
PositionField = enum_field(list(POSITIONS))


PLAIN_FIELDS: dict[type, type[serializers.Field]] = {
    int: serializers.IntegerField,
    float: serializers.FloatField,
    bool: serializers.BooleanField,
    str: serializers.CharField,
    dt.date: serializers.DateField,
    dt.datetime: serializers.DateTimeField,
}


def plain(*kinds: Any) -> tuple[serializers.Field, ...]:
    """Plain fields of a payload, one per Python type, for a tuple assignment in the serializer's body:
    ``rank, name = plain(int, str)``; ``int | None`` allows null. The fields keep the order they are named
    in (DRF orders declared fields by creation), so the schema and the answers are as with one line each."""
    fields = []
    for kind in kinds:
        if isinstance(kind, types.UnionType):
            (kind,) = (k for k in kind.__args__ if k is not type(None))
            fields.append(PLAIN_FIELDS[kind](allow_null=True))
        else:
            fields.append(PLAIN_FIELDS[kind]())
    return tuple(fields)


class ErrorItemSerializer(serializers.Serializer):
    field = serializers.CharField(help_text=_("Path of the offending member (dots and indices); empty: the whole."))
    code = serializers.CharField(help_text=_("A short machine word, e.g. missing_field, invalid_value, stale_edit."))
    message = serializers.CharField()


class ErrorSerializer(serializers.Serializer):
    """Every error answer: the error list of hand-format.md."""

    errors = ErrorItemSerializer(many=True)
    hand = serializers.IntegerField(
        required=False, help_text=_("For a rejected hand: its number (a correction may make a later hand invalid).")
    )


# --- events -----------------------------------------------------------------


class VariantFactsSerializer(serializers.Serializer):
    key, name, rules_version = plain(str, str, str)
    min_seats = serializers.IntegerField(source="plan.min_seats")
    max_seats = serializers.IntegerField(source="plan.max_seats")
    players_per_hand = serializers.SerializerMethodField()
    sits_out = serializers.SerializerMethodField()  # the plan's sentences, translated; "" if everybody plays
    default_hands_per_round = serializers.IntegerField(source="plan.default_hands_per_round")
    zero_sum = serializers.BooleanField(source="plan.zero_sum")

    def get_players_per_hand(self, variant: Any) -> list[int]:
        return [variant.plan.players_per_hand]

    def get_sits_out(self, variant: Any) -> str:
        return " ".join(sit_out_rule(variant.key, seats) for seats in variant.plan.sits_out)


class EventSerializer(serializers.ModelSerializer):
    status = EventStatusField(read_only=True)
    variant_name = serializers.SerializerMethodField()

    class Meta:
        model = Tournament
        fields = ["slug", "name", "variant", "variant_name", "status", "is_public", "rounds", "language", "created_at"]

    def get_variant_name(self, tournament: Tournament) -> str:
        return variant_name(tournament.variant)


class RoleSerializer(serializers.Serializer):
    organizer = serializers.BooleanField()
    referee = serializers.BooleanField()
    referee_tables = serializers.ListField(
        child=serializers.IntegerField(),
        allow_null=True,
        help_text=_("Tables the user may write as a referee; null: every table."),
    )


class EventDetailSerializer(EventSerializer):
    standings_metrics = serializers.SerializerMethodField(
        help_text=_("The standings order: the event's tie-breaks, or the variant's default.")
    )
    variant_facts = serializers.SerializerMethodField()
    active_entries = serializers.IntegerField(read_only=True)
    readings = serializers.SerializerMethodField(
        help_text=_("The readings of the rules in force (taruk2012.md §4.5): option -> reading.")
    )
    your_role = serializers.SerializerMethodField()

    class Meta(EventSerializer.Meta):
        fields = [
            *EventSerializer.Meta.fields,
            "hands_per_round",
            "round_minutes",
            "table_size",
            "draw_method",
            "config",
            "standings_metrics",
            "readings",
            "variant_facts",
            "active_entries",
            "your_role",
        ]

    def get_standings_metrics(self, tournament: Tournament) -> list[str]:
        return event_metrics(tournament)

    @extend_schema_field(serializers.DictField(child=serializers.CharField()))
    def get_readings(self, tournament: Tournament) -> dict[str, str]:
        return readings(tournament)

    @extend_schema_field(VariantFactsSerializer)
    def get_variant_facts(self, tournament: Tournament) -> dict[str, Any]:
        return VariantFactsSerializer(tournament.rules).data

    @extend_schema_field(RoleSerializer)
    def get_your_role(self, tournament: Tournament) -> dict[str, Any]:
        return self.context["role"]


# --- entries ----------------------------------------------------------------


class EntrySerializer(serializers.ModelSerializer):
    name = serializers.CharField(source="player.name")
    club = serializers.CharField(source="player.club")
    strength = serializers.IntegerField(source="player.strength", allow_null=True)
    status = EntryStatusField(read_only=True)
    player = serializers.IntegerField(
        source="player_id", read_only=True, help_text=_("His record on the site, across events (/api/players/<id>/).")
    )

    class Meta:
        model = Entry
        fields = ["start_number", "name", "club", "team", "strength", "status", "player"]


def optional_text(max_length: int, **kwargs: Any) -> serializers.CharField:
    """A text field that may be left out or blank (then "")."""
    return serializers.CharField(max_length=max_length, required=False, allow_blank=True, default="", **kwargs)


TIME_EXPIRED_HELP = _("Time was up at the table (time_up_after is set).")


def time_expired_field() -> serializers.BooleanField:
    return serializers.BooleanField(help_text=TIME_EXPIRED_HELP)


def time_up_after_field(**kwargs: Any) -> serializers.IntegerField:
    """Where time was up at a table (taruk2012.md §7.2), as every table payload gives it."""
    return serializers.IntegerField(
        allow_null=True,
        help_text=_(
            "taruk2012.md §7.2: the hand after which time was up, as the referee recorded it; the table is "
            "complete once it has that hand. Null: the table plays its planned hands."
        ),
        **kwargs,
    )


class RegisterSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    club = optional_text(120)
    federation_id = optional_text(40, help_text=_("A known federation id reuses that player's record."))
    strength = serializers.IntegerField(min_value=1, max_value=MAX_INT, required=False, allow_null=True, default=None)
    team = optional_text(120, help_text=_("Fixed pairs (Laza tarokk): both partners get the same team name."))
    start_number = serializers.IntegerField(
        min_value=1,
        max_value=MAX_INT,
        required=False,
        allow_null=True,
        default=None,
        help_text=_("Empty: the next free number."),
    )
    match = serializers.ChoiceField(
        choices=MATCH_DECISIONS,
        required=False,
        default="ask",
        help_text=_(
            "When the site has a player of this name and club (without case and accents) and no federation id "
            "tells them apart: accept (enter him) or reject (a new player). Left out, such a match is refused "
            "(field match, code match_pending) naming that player."
        ),
    )


class ReasonSerializer(serializers.Serializer):
    reason = optional_text(2000)


# --- rounds -----------------------------------------------------------------


class ClockSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    status = RoundStatusField(read_only=True)
    running = serializers.BooleanField()
    remaining_seconds = serializers.IntegerField(help_text=_("Negative once the limit has passed."))
    remaining = serializers.CharField(help_text=_("The same, as h:mm:ss or m:ss."))
    limit_seconds = serializers.IntegerField()
    expired = serializers.BooleanField()


class SeatSerializer(serializers.Serializer):
    position = serializers.CharField()
    start_number = serializers.IntegerField(source="entry.start_number")
    name = serializers.CharField(source="entry.player.name")
    club = serializers.CharField(source="entry.player.club")


class ByeSerializer(serializers.Serializer):
    start_number = serializers.IntegerField(source="entry.start_number")
    name = serializers.CharField(source="entry.player.name")


class TableSummarySerializer(serializers.Serializer):
    """A table in a round listing; ``context["totals"]`` maps table id -> ``results.TableTotals``."""

    number = serializers.IntegerField()
    first_dealer = serializers.CharField()
    confirmed = serializers.SerializerMethodField()
    time_expired = serializers.SerializerMethodField(help_text=TIME_EXPIRED_HELP)
    time_up_after = time_up_after_field(read_only=True)
    hands = serializers.SerializerMethodField(help_text=_("Hands played that count for the round."))
    totals = serializers.SerializerMethodField(help_text=_("Position -> points so far."))
    seats = SeatSerializer(many=True, source="seats.all")

    def get_confirmed(self, table: Any) -> bool:
        return table.confirmed_at is not None

    def get_time_expired(self, table: Any) -> bool:
        return table.time_up_after is not None

    def get_hands(self, table: Any) -> int:
        totals = self.context["totals"].get(table.pk)
        return totals.hands if totals else 0

    def get_totals(self, table: Any) -> dict[str, int]:
        totals = self.context["totals"].get(table.pk)
        return dict(totals.by_position) if totals else {s.position: 0 for s in table.seats.all()}


class RoundSerializer(serializers.ModelSerializer):
    status = RoundStatusField(read_only=True)
    clock = serializers.SerializerMethodField()
    tables = TableSummarySerializer(many=True, source="tables.all")
    byes = ByeSerializer(many=True, source="byes.all")

    class Meta:
        model = Round
        fields = [
            "number",
            "status",
            "seed",
            "time_limit_minutes",
            "started_at",
            "closed_at",
            "clock",
            "tables",
            "byes",
        ]

    @extend_schema_field(ClockSerializer)
    def get_clock(self, rnd: Round) -> dict[str, Any]:
        return clock_payload(rnd)


class RoundHeadSerializer(RoundSerializer):
    """A round's own fields and clock, without its tables and byes (``api.core.round_data`` adds them)."""

    tables = None
    byes = None

    class Meta(RoundSerializer.Meta):
        fields = [f for f in RoundSerializer.Meta.fields if f not in ("tables", "byes")]


class DrawSerializer(serializers.Serializer):
    method = serializers.ChoiceField(
        choices=list(DRAW_METHODS),
        required=False,
        help_text=_(
            "Round 1 at random from the seed or by strength; later rounds are re-seated by results; "
            "all_play_all: the MAUSZ final schedule. Left out: the event's draw method (before round 1: the "
            "all-play-all where the variant has one that fits the event's rounds, else random)."
        ),
    )
    seed = serializers.CharField(
        max_length=64,
        required=False,
        allow_blank=True,
        default="",
        help_text=_("Empty: the event's seed, or a new random one."),
    )
    confirm_redraw = serializers.BooleanField(default=False, help_text=_("Needed to replace a published draw."))
    confirm_method = serializers.BooleanField(
        default=False,
        help_text=_(
            "Needed to draw a later round with another method than the event's; without it the answer (400, field "
            "confirm_method) says what the change does."
        ),
    )


# --- tables and hands ---------------------------------------------------------


class BreakdownField(serializers.ListField):
    """A hand's breakdown lines in the request's language (tournaments.tables.lines)."""

    def to_representation(self, data):
        return lines.breakdown(data)


@extend_schema_field({"type": "string", "nullable": True})
class PersonNameField(serializers.Field):
    """Who did something, named as the reader may read it (``access.PeopleNames`` in the context as
    ``names``: the user name for the event's staff, the full name or the role for anyone else)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(read_only=True, **kwargs)

    def to_representation(self, user: Any) -> str | None:
        names = self.context.get("names") or access.PeopleNames(None, None)
        return names(user)


class HandSerializer(serializers.ModelSerializer):
    dealer = PositionField(read_only=True)
    entered_by = PersonNameField(
        help_text=_("Who entered it: the user name for the event's staff, else the full name or the role.")
    )
    input = serializers.DictField(help_text=_("The hand as entered (hand-format.md)."))
    points = serializers.DictField(child=serializers.IntegerField(), help_text=_("Position -> points."))
    breakdown = BreakdownField(child=serializers.CharField())
    state_after = serializers.DictField()

    class Meta:
        model = Hand
        fields = [
            "id",
            "number",
            "dealer",
            "played",
            "input",
            "points",
            "breakdown",
            "state_after",
            "rules_version",
            "version",
            "entered_by",
            "created_at",
            "updated_at",
        ]


class TableSeatSerializer(SeatSerializer):
    confirmed = serializers.BooleanField(help_text=_("This player has confirmed the table's result."))


class EnvelopeSerializer(serializers.Serializer):
    """hand-format.md's envelope, which the table decides, and what else the table fixes of the hand as
    its variant declares it (``Variant.table_fields``; tarokk-vadasz: participants and, at 5 and 6 seats,
    talon_arranger): every member is given as the hand must have it."""

    variant = serializers.CharField()
    seats = serializers.ListField(child=serializers.CharField(), help_text=_("The seats that play, in order."))
    dealer = serializers.CharField()

    def to_representation(self, instance: Any) -> dict[str, Any]:
        return {**instance, **super().to_representation(instance)}


class JudgeConfirmationSerializer(serializers.Serializer):
    judge = PersonNameField(
        help_text=_(
            "The organizer or referee who confirmed: the user name for the event's staff, else the full "
            "name or the role."
        ),
    )
    reason = serializers.CharField()
    totals = serializers.DictField(child=serializers.IntegerField(), help_text=_("The totals confirmed."))
    confirmed_at = serializers.DateTimeField()


class JudgeConfirmSerializer(serializers.Serializer):
    reason = serializers.CharField(
        max_length=2000, help_text=_("Why the judge confirms instead of every PIN; kept in the audit log.")
    )


class TableSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    number = serializers.IntegerField()
    round_status = RoundStatusField(read_only=True)
    first_dealer = serializers.CharField()
    confirmed = serializers.BooleanField()
    time_expired = time_expired_field()
    time_up_after = time_up_after_field()
    expected_hands, played_hands, complete = plain(int, int, bool)
    seats = TableSeatSerializer(many=True)
    totals = serializers.DictField(child=serializers.IntegerField(), help_text=_("Position -> points so far."))
    next_envelopes = EnvelopeSerializer(
        many=True,
        help_text=_(
            "The envelopes the next hand may have, the usual one first; empty when complete. Besides variant, "
            "seats and dealer an envelope gives what else the table fixes of the hand (tarokk-vadasz: "
            "participants, and the talon_arranger at 5 and 6 seats); a hand body may leave all of them out."
        ),
    )
    hands = HandSerializer(many=True)
    judge_confirmation = JudgeConfirmationSerializer(
        allow_null=True, help_text=_("taruk2012.md §6.5: confirmed by seat A together with the judge; else null.")
    )


class HandEntrySerializer(serializers.Serializer):
    number = serializers.IntegerField(
        min_value=1, max_value=MAX_INT, help_text=_("The hand number you enter: the table's next one.")
    )


HAND_ID_HELP = _(
    "Optional: the hand's id as you read it. It never moves: if that hand was renumbered or deleted "
    "the request is refused (409) instead of landing on the hand that now has the number."
)


class HandCorrectionSerializer(serializers.Serializer):
    partial_on_patch = False  # PATCH takes version, reason and input too (``api_schema.ApiSchema``)
    id = serializers.IntegerField(min_value=1, max_value=MAX_INT, required=False, help_text=HAND_ID_HELP)
    version = serializers.IntegerField(
        min_value=1, max_value=MAX_VERSION, help_text=_("The hand's version the correction was made from.")
    )
    reason = serializers.CharField(max_length=2000, help_text=_("Why; kept in the audit log."))
    input = serializers.DictField(
        help_text=_(
            "PUT: the hand's variant fields (the envelope defaults to the stored one). "
            "PATCH: only the fields that change, merged into the stored input."
        ),
    )


class HandDeletionSerializer(serializers.Serializer):
    id = serializers.IntegerField(min_value=1, max_value=MAX_INT, required=False, help_text=HAND_ID_HELP)
    version = serializers.IntegerField(min_value=1, max_value=MAX_VERSION)
    reason = serializers.CharField(max_length=2000)


class PreviewQuerySerializer(serializers.Serializer):
    hand = serializers.IntegerField(min_value=1, max_value=MAX_INT, required=False)


class HandScoreSerializer(serializers.Serializer):
    points = serializers.DictField(child=serializers.IntegerField())
    state = serializers.DictField()
    breakdown = BreakdownField(child=serializers.CharField())


class ConfirmSerializer(serializers.Serializer):
    position = PositionField()
    pin = serializers.CharField(max_length=12, help_text=_("The PIN of the player in that seat."))


class ConfirmationSerializer(serializers.Serializer):
    position = serializers.CharField()
    start_number = serializers.IntegerField(source="entry.start_number")
    totals = serializers.DictField(child=serializers.IntegerField(), help_text=_("The totals the player confirmed."))
    table_confirmed = serializers.BooleanField(help_text=_("Every seated player has confirmed."))


# --- standings and live -------------------------------------------------------


class StandingRowSerializer(serializers.Serializer):
    rank, start_number, name = plain(int, int, str)
    club, team = plain(str, str)
    provisional = serializers.BooleanField(
        source="line.provisional", help_text=_("A table of this player is not confirmed yet.")
    )
    playing = serializers.BooleanField(
        source="line.playing", help_text=_("The game points include a table still playing (provisional).")
    )
    per_round = serializers.ListField(
        child=serializers.CharField(allow_blank=True),
        help_text=_(
            "Ranking points per round ('' before the round; the running game points while the table is still playing)."
        ),
    )
    metrics = serializers.DictField(
        source="line.metrics",
        child=serializers.FloatField(allow_null=True),
        help_text=_("The standings metrics by name, in order; head_to_head and lot are null where no tie needed them."),
    )


class StandingsSerializer(serializers.Serializer):
    metrics = serializers.ListField(child=serializers.CharField())
    rows = StandingRowSerializer(many=True)


class LiveTableSeatSerializer(serializers.Serializer):
    position, name, total = plain(str, str, int)


class LiveTableSerializer(serializers.Serializer):
    number, hands, expected = plain(int, int, int)
    time_up_after = time_up_after_field()
    complete = serializers.BooleanField()
    confirmed = serializers.BooleanField()
    seats = LiveTableSeatSerializer(many=True)


class LiveSerializer(serializers.Serializer):
    """Documents ``tournaments.public.live_views.live_payload`` (what the hall page polls)."""

    event = serializers.CharField()
    round = ClockSerializer(allow_null=True, help_text=_("The latest published round's clock."))
    metrics = serializers.ListField(child=serializers.CharField())
    standings = serializers.ListField(
        child=serializers.DictField(),
        help_text=_("rank, start_number, name, club, provisional, per_round and one member per metric."),
    )
    tables = LiveTableSerializer(many=True)
