"""Events, players, rounds, tables and seats; the audit log.

Hands (and what guards their writes) are at the end of this module. Invariants that must hold across server
processes (one seat per player per round, unique positions and numbers) are
database constraints, not checks in Python.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scoring.registry import get as get_variant
from scoring.types import Variant
from tournaments.readings.words import settings_errors
from tournaments.results.standings import METRIC_NAMES
from tournaments.rounds.draw_methods import DRAW_METHODS, LADDER_METHODS, in_series, methods_for, refusal
from tournaments.variants import variant_choices, variant_name

POSITIONS = "ABCDEFG"
POSITION_CHOICES = [(p, p) for p in POSITIONS]

# The largest number the columns hold (PostgreSQL's integer; SQLite would store more): every form,
# serializer and file reader that fills one says so at the field, never a database error (a 500).
MAX_INTEGER = 2**31 - 1
# A hand's number within a table (its smallint column holds 32,767): no table plays a thousand.
MAX_HAND_NUMBER = 999


def new_pin() -> str:
    return f"{secrets.randbelow(10**4):04d}"


class Tournament(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("slug"), max_length=80, unique=True)
    variant = models.CharField(_("variant"), max_length=40, choices=variant_choices)
    rounds = models.PositiveSmallIntegerField(
        _("rounds"), default=4, validators=[MinValueValidator(1), MaxValueValidator(30)]
    )
    hands_per_round = models.PositiveSmallIntegerField(
        _("hands per round"), default=12, validators=[MinValueValidator(1), MaxValueValidator(100)]
    )
    round_minutes = models.PositiveSmallIntegerField(
        _("round time limit (minutes)"), default=75, validators=[MinValueValidator(5), MaxValueValidator(600)]
    )
    table_size = models.PositiveSmallIntegerField(
        _("seats per table"), default=4, validators=[MinValueValidator(2), MaxValueValidator(7)]
    )
    config = models.JSONField(_("variant configuration"), default=dict, blank=True)
    # The event's own options that the engine never sees, as the variant declares them
    # (``Variant.options`` with store "settings", e.g. Taruk's table_ties); empty = the defaults.
    event_settings = models.JSONField(_("event settings"), default=dict, blank=True)
    # Standings order: metric names of ``tournaments.results.standings.METRICS``; empty = the variant's default.
    tiebreaks = models.JSONField(_("standings metrics"), default=list, blank=True)
    status = models.CharField(_("status"), max_length=12, choices=Status.choices, default=Status.DRAFT)
    is_public = models.BooleanField(_("public pages"), default=False)
    draw_seed = models.CharField(_("draw seed"), max_length=64, blank=True)
    # How every round is drawn (tournaments.rounds.draw_methods); empty until round 1's draw chooses it.
    # Later rounds keep it; changing it there is a confirmed, audited choice (rounds.draw_round).
    draw_method = models.CharField(
        _("draw method"), max_length=20, blank=True, choices=list(DRAW_METHODS.items()), default=""
    )
    # The all-play-all's schedule, fixed when it starts: {"order": unit ids it was built from,
    # strongest first, "start": the round of its first round}. Withdrawals and late players
    # change single slots of it, never the order (seating.all_play_all).
    draw_schedule = models.JSONField(_("all-play-all schedule"), default=dict, blank=True)
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES, default="en")
    # Printed on the protocols' and standings' headers.
    date = models.DateField(_("date"), null=True, blank=True)
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    organizers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="organized_tournaments", verbose_name=_("organizers"), blank=True
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name

    @property
    def rules(self) -> Variant:
        """The event's variant as the registry holds it (as healthchecks' ``Channel.transport``): the
        site asks this object, never the key. The one place a tournament's key is looked up."""
        return get_variant(self.variant)

    def clean(self) -> None:
        try:
            variant = self.rules
        except KeyError:
            raise ValidationError({"variant": _("Unknown variant.")}) from None
        plan = variant.plan
        if self.table_size and not plan.min_seats <= self.table_size <= plan.max_seats:
            raise ValidationError(
                {
                    "table_size": _("%(variant)s is played at tables of %(min)d to %(max)d seats.")
                    % {"variant": variant_name(self.variant), "min": plan.min_seats, "max": plan.max_seats}
                }
            )
        if self.draw_method and self.draw_method not in methods_for(self.variant, in_series(self)):
            if self.draw_method in LADDER_METHODS:
                raise ValidationError({"draw_method": refusal(self.draw_method)})
            raise ValidationError(
                {
                    "draw_method": _("%(variant)s has no all-play-all schedule.")
                    % {"variant": variant_name(self.variant)}
                }
            )

        if not isinstance(self.tiebreaks, list) or any(m not in METRIC_NAMES for m in self.tiebreaks):
            raise ValidationError({"tiebreaks": _("Choose from: %(m)s.") % {"m": ", ".join(METRIC_NAMES)}})
        errors = variant.validate_config(self.config or None)
        if errors:
            raise ValidationError({"config": [f"{e.field}: {e.message}" for e in errors]})

        if problems := settings_errors(variant, self.event_settings):
            raise ValidationError({"event_settings": problems})


class Referee(models.Model):
    """A user who may enter and correct hands, optionally only at some tables."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="referees")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="refereeing")
    # Table numbers this referee may write; empty means every table.
    table_numbers = models.JSONField(_("limited to tables"), default=list, blank=True)
    # Judge rights (tournaments.incidents.services): rules on incidents, gives sanctions, decides protests.
    judge = models.BooleanField(_("judge"), default=False)

    class Meta:
        verbose_name = _("referee")
        verbose_name_plural = _("referees")
        constraints = [models.UniqueConstraint(fields=["tournament", "user"], name="one_referee_row_per_user")]

    def __str__(self) -> str:
        return f"{self.user} @ {self.tournament}"


class Player(models.Model):
    """One person, kept across events (season.md §1.1): a non-empty federation id names one player;
    one without is told apart by name and club (``tournaments.people.registry``)."""

    name = models.CharField(_("name"), max_length=120)
    club = models.CharField(_("club"), max_length=120, blank=True)
    federation_id = models.CharField(_("federation id"), max_length=40, blank=True)
    strength = models.PositiveIntegerField(
        _("strength number"), null=True, blank=True, help_text=_("Ranking order: 1 is the strongest.")
    )

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["name"]
        constraints = [
            # season.md §1.1, across server processes: two imports entering one new id at once.
            models.UniqueConstraint(
                fields=["federation_id"], condition=~Q(federation_id=""), name="one_player_per_federation_id"
            )
        ]

    def __str__(self) -> str:
        return self.name


class Entry(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("Active")
        WITHDRAWN = "withdrawn", _("Withdrawn")
        # Excluded by the judge (MAUSZ 11.§; tournaments.incidents.services.exclude): never seated again.
        EXCLUDED = "excluded", _("Excluded")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    start_number = models.PositiveIntegerField(_("start number"))
    status = models.CharField(_("status"), max_length=12, choices=Status.choices, default=Status.ACTIVE)
    # For fixed-pair variants (Laza tarokk) both partners' entries share a team name.
    team = models.CharField(_("team"), max_length=120, blank=True)
    # The player types this on the referee's device to confirm a table result.
    pin = models.CharField(_("confirmation PIN"), max_length=6, default=new_pin)

    class Meta:
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        ordering = ["start_number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="one_entry_per_player"),
            models.UniqueConstraint(fields=["tournament", "start_number"], name="unique_start_number"),
        ]

    def __str__(self) -> str:
        return f"{self.start_number}. {self.player}"


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        SEATED = "seated", _("Seated")
        RUNNING = "running", _("Running")
        CLOSED = "closed", _("Closed")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField(_("number"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.DRAFT)
    seed = models.CharField(_("draw seed"), max_length=64, blank=True)
    time_limit_minutes = models.PositiveSmallIntegerField(_("time limit (minutes)"), default=75)
    started_at = models.DateTimeField(_("clock started"), null=True, blank=True)
    # The clock: seconds run before the current start; paused when started_at is null.
    elapsed_seconds = models.PositiveIntegerField(_("seconds elapsed before the last pause"), default=0)
    closed_at = models.DateTimeField(_("closed"), null=True, blank=True)
    # What the draw decided that the director should see on the draft (rounds.draw_round): ties the
    # lot broke, club mates it could not keep apart, the players the director pinned to a table.
    draw_notes = models.JSONField(_("draw notes"), default=dict, blank=True)

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["tournament", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="unique_round_number")]

    def __str__(self) -> str:
        return f"{self.tournament} - {_('round')} {self.number}"


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("number"))
    first_dealer = models.CharField(_("first dealer"), max_length=1, choices=POSITION_CHOICES, default="A")
    # Set when every seated player has confirmed the result (taruk2012.md §6.5);
    # cleared by any later correction, which reopens the table.
    confirmed_at = models.DateTimeField(_("confirmed"), null=True, blank=True)
    # taruk2012.md §7.2: when time is up the hand in progress is finished and no new one starts. The
    # referee records after which hand (its number, as the table numbers its hands): a fact about play,
    # never inferred from when hands are typed. Null: the table plays the hands its plan counts.
    time_up_after = models.PositiveSmallIntegerField(_("time was up after hand"), null=True, blank=True)

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="unique_table_number"),
            # A table that stopped by the clock has played at least the hand in progress.
            models.CheckConstraint(
                condition=Q(time_up_after__isnull=True) | Q(time_up_after__gte=1), name="time_up_after_a_hand"
            ),
        ]

    def __str__(self) -> str:
        return f"{_('Table')} {self.number}"


class Seat(models.Model):
    # ``round`` repeats ``table.round`` so that the database itself can refuse a
    # player seated twice in one round (a constraint cannot follow a join).
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    position = models.CharField(_("position"), max_length=1, choices=POSITION_CHOICES)
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="seats")

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["round", "entry"], name="one_seat_per_player_per_round"),
            models.UniqueConstraint(fields=["table", "position"], name="unique_position_per_table"),
            models.CheckConstraint(condition=Q(position__in=list(POSITIONS)), name="position_a_to_g"),
        ]

    def __str__(self) -> str:
        return f"{self.table} {self.position}: {self.entry}"

    def save(self, *args, **kwargs) -> None:
        self.round_id = self.table.round_id
        super().save(*args, **kwargs)


class Bye(models.Model):
    """A player who sits out a whole round because the tables could not take him."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="byes")

    class Meta:
        verbose_name = _("bye")
        verbose_name_plural = _("byes")
        constraints = [models.UniqueConstraint(fields=["round", "entry"], name="one_bye_per_player_per_round")]

    def __str__(self) -> str:
        return f"{self.round}: {_('bye')} {self.entry}"


class Confirmation(models.Model):
    """A seated player's confirmation of a table's result (the signature on the protocol)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="confirmations")
    position = models.CharField(_("position"), max_length=1, choices=POSITION_CHOICES)
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+")
    confirmed_at = models.DateTimeField(_("confirmed"), auto_now_add=True)
    # The totals the player saw; a correction deletes the rows (audited) to reopen the table.
    totals = models.JSONField(_("totals confirmed"))

    class Meta:
        verbose_name = _("confirmation")
        verbose_name_plural = _("confirmations")
        constraints = [models.UniqueConstraint(fields=["table", "position"], name="one_confirmation_per_seat")]

    def __str__(self) -> str:
        return f"{self.table} {self.position}"


class AuditQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise PermissionError("the audit log is append-only")

    def delete(self):
        raise PermissionError("the audit log is append-only")


class AuditEntry(models.Model):
    """One state change: who, when, what, before and after. Append-only."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.SET_NULL, null=True, blank=True, related_name="audit_entries"
    )
    # A series' own changes (its settings, members, the final's fill: ``tournaments.seasons``).
    series = models.ForeignKey(
        "tournaments.Series", on_delete=models.SET_NULL, null=True, blank=True, related_name="audit_entries"
    )
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    action = models.CharField(_("action"), max_length=60)
    target_type = models.CharField(_("target type"), max_length=40)
    target_id = models.CharField(_("target id"), max_length=40)
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)
    reason = models.TextField(_("reason"), blank=True)
    created_at = models.DateTimeField(_("time"), auto_now_add=True, db_index=True)
    # Where the change happened, copied from the target when the entry is written (audit.log), so
    # the log read alone places every entry: ``audit_replay`` rebuilds table totals from it.
    round_number = models.PositiveSmallIntegerField(_("round"), null=True, blank=True)
    table_number = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)
    hand_number = models.PositiveSmallIntegerField(_("hand number"), null=True, blank=True)
    # The hand's primary key: it never moves, while its number changes when an earlier hand is deleted.
    hand_id = models.PositiveBigIntegerField(_("hand id"), null=True, blank=True)

    objects = AuditQuerySet.as_manager()

    class Meta:
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit entries")
        ordering = ["-created_at", "-id"]
        indexes = [
            # The audit page filters an event's log by round and table.
            models.Index(fields=["tournament", "round_number", "table_number"], name="audit_by_table"),
            # The public pages' cache key: the event's latest entry (``live.data_version``).
            models.Index(fields=["tournament", "-id"], name="audit_latest_per_event"),
            # A series' data version: its own latest entry (``seasons.versions``).
            models.Index(fields=["series", "-id"], name="audit_latest_per_series"),
        ]

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.action} {self.target_type}#{self.target_id}"

    def save(self, *args, **kwargs) -> None:
        if self.pk is not None:
            raise PermissionError("the audit log is append-only")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise PermissionError("the audit log is append-only")


class GeneratedFile(models.Model):
    """A generated document (protocols PDF, standings PDF, Excel export) stored under MEDIA_ROOT.

    ``fingerprint`` is a hash of everything the document depends on; a request whose
    fingerprint matches a finished row gets the stored file, any other queues a task
    that regenerates it (``tournaments.documents.files``).
    """

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="generated_files")
    kind = models.CharField(_("kind"), max_length=30)
    # One row per document of an event, e.g. "round-3-protocols-filled" or "standings-xlsx".
    key = models.CharField(_("key"), max_length=80)
    fingerprint = models.CharField(_("input fingerprint"), max_length=64, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.QUEUED)
    progress = models.PositiveSmallIntegerField(_("progress (%)"), default=0, validators=[MaxValueValidator(100)])
    file = models.FileField(_("file"), upload_to="documents/", max_length=255, blank=True)
    error = models.TextField(_("error"), blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        verbose_name = _("generated file")
        verbose_name_plural = _("generated files")
        ordering = ["tournament", "key"]
        # One row per document: concurrent requests for the same document meet on this row.
        constraints = [models.UniqueConstraint(fields=["tournament", "key"], name="one_generated_file_per_key")]

    def __str__(self) -> str:
        return f"{self.tournament} {self.key} ({self.status})"


# --- hands: the referee's input as stored, and what guards its writes -------------------


class Hand(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField(_("hand number"))
    dealer = models.CharField(_("dealer"), max_length=1, choices=POSITION_CHOICES)
    input = models.JSONField(_("referee's input"))
    # Derived by the engine like the points: a void deal or a redeal is logged but is
    # not one of the round's hands (ulti-mausz.md §6.2, tarokk redeals).
    played = models.BooleanField(_("counts as a hand of the round"), default=True)
    points = models.JSONField(_("points per position"), default=dict)
    state_after = models.JSONField(_("table state after the hand"), default=dict)
    breakdown = models.JSONField(_("breakdown"), default=list)
    rules_version = models.CharField(_("rules version"), max_length=60)
    # Optimistic locking: an edit names the version it started from and the
    # UPDATE only matches that version, so a stale edit changes no row.
    version = models.PositiveIntegerField(_("version"), default=1)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(_("entered"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        db_table = "scoring_hand"  # created by the former scoring app; kept so no data moves
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        ordering = ["table", "number"]
        constraints = [models.UniqueConstraint(fields=["table", "number"], name="unique_hand_number_per_table")]

    def __str__(self) -> str:
        return f"{self.table} #{self.number}"

    def snapshot(self) -> dict:
        """What the audit log keeps of a hand."""
        return {
            "number": self.number,
            "dealer": self.dealer,
            "input": self.input,
            "played": self.played,
            "points": self.points,
            "state_after": self.state_after,
            "rules_version": self.rules_version,
            "version": self.version,
        }


class TableSums(models.Model):
    """A table's hands summed: how many were entered and how many count for the round, and each seat's
    points over them. The database keeps it (triggers on the hands, migration 0002), whatever writes a
    hand: the site never writes it, and a table without hands has no row. The standings read 1,024 of
    these instead of summing 12,288 hands' JSON on every recompute (issue 25).

    On SQLite, a migration that rebuilds ``scoring_hand`` (an altered field) drops its triggers: such a
    migration must create them again (tests/tournaments/test_table_sums.py fails until it does)."""

    table = models.OneToOneField(
        Table, on_delete=models.DO_NOTHING, db_constraint=False, primary_key=True, related_name="hand_sums"
    )
    entered = models.PositiveIntegerField()  # every hand record (void deals and redeals too)
    played = models.PositiveIntegerField()  # the hands that count for the round
    points = models.JSONField(default=dict)  # position -> the sum of its points over every hand

    class Meta:
        verbose_name = _("hands of a table summed")
        verbose_name_plural = _("hands of tables summed")

    def __str__(self) -> str:
        return f"{self.table_id}: {self.played}/{self.entered} {self.points}"


class JudgeConfirmation(models.Model):
    """taruk2012.md §6.5: the protocol may be closed by seat A together with the judge, instead of
    every player's PIN. Seat A confirms with the PIN; the judge (an organizer or a referee of the
    table) with his own login and a written reason. A correction deletes the row (audited)."""

    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="judge_confirmation")
    judge = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    reason = models.TextField(_("reason"))
    totals = models.JSONField(_("totals confirmed"))
    confirmed_at = models.DateTimeField(_("confirmed"), auto_now_add=True)

    class Meta:
        db_table = "scoring_judgeconfirmation"  # created by the former scoring app; kept so no data moves
        verbose_name = _("confirmation by the judge")
        verbose_name_plural = _("confirmations by the judge")

    def __str__(self) -> str:
        return f"{self.table} {self.judge}"


class IdempotencyKey(models.Model):
    """A hand entry's idempotency key: a retried request (a phone after a timeout, a form posted
    twice) answers the hand the first one stored. The unique constraint, not process memory,
    makes a retry that races the first one fail instead of storing a second hand."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(_("idempotency key"), max_length=100)
    # sha256 of the request body as the action saw it: the same key with another body is a conflict.
    request_hash = models.CharField(max_length=64)
    hand = models.ForeignKey(Hand, on_delete=models.SET_NULL, null=True, related_name="+")
    hand_number = models.PositiveSmallIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "scoring_idempotencykey"  # created by the former scoring app; kept so no data moves
        verbose_name = _("idempotency key")
        verbose_name_plural = _("idempotency keys")
        constraints = [models.UniqueConstraint(fields=["table", "key"], name="unique_idempotency_key_per_table")]

    def __str__(self) -> str:
        return self.key


class PinThrottle(models.Model):
    """Failed PIN attempts of one scope (a table seat, or a client address), kept in the database
    so that every server process counts the same failures; updated under a row lock."""

    scope = models.CharField(max_length=150, unique=True)
    failures = models.PositiveIntegerField(default=0)
    locked_until = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "scoring_pinthrottle"  # created by the former scoring app; kept so no data moves
        verbose_name = _("PIN attempts")
        verbose_name_plural = _("PIN attempts")

    def __str__(self) -> str:
        return self.scope


from tournaments.incidents.models import Incident, Sanction  # noqa: E402, F401  the judge's desk, in its own module
from tournaments.seasons.models import FinalSeat, Series, SeriesEvent  # noqa: E402, F401  series (season.md §2)
