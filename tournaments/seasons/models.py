"""A series (season, cup, championship) and its member events (season.md §2), the qualification to
its final (§7). Imported at the bottom of ``tournaments.models`` (the app's models module).

The series settings (§3–§5) are columns of ``Series``; the rules that read them are pure
(``scoring.series``) and get them as ``seasons.ladder.settings_of``. A player is the site's
``Player`` row, shared across events (``Entry.player``): the ladder is keyed by it. Team ladders
(a club's or a named group's players within a series) would be one more computation over the same
members and results, not another kind of series.
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scoring.series import DEFAULT_TABLE
from scoring.series.final import TIES_AT_CUT
from scoring.series.model import DEFAULT_TIE_BREAKS, POINTS
from tournaments.models import Player, Tournament


def default_table() -> list[int]:
    """§3.1: ABAKUS "Fixpunkte" for places 1–50, the table the organizer starts from."""
    return [int(v) for v in DEFAULT_TABLE]


def default_tie_breaks() -> list[str]:
    return list(DEFAULT_TIE_BREAKS)


class Series(models.Model):
    class Points(models.TextChoices):
        EVENT_TOTAL = "event_total", _("the event's total")
        FIXED_BY_PLACE = "fixed_by_place", _("a fixed table by place")
        CUBIC = "cubic", _("the Tirol formula (cubic)")
        HEINE = "heine", _("the Heine rule on game points")
        PERCENT_OF_POSSIBLE = "percent_of_possible", _("percent of the possible")

    class Count(models.TextChoices):
        ALL = "all", _("all results")
        BEST_N = "best_n", _("the best n results")
        BEST_HALF = "best_half", _("the best half of the events")

    class TiesAtCut(models.TextChoices):
        LOT = "lot", _("the final's lot decides")
        ALL = "all", _("every tied player enters")

    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("slug"), max_length=80, unique=True)
    season = models.CharField(_("season"), max_length=40, blank=True)
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES, default="en")
    is_public = models.BooleanField(_("public pages"), default=False)
    organizers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="organized_series", verbose_name=_("organizers"), blank=True
    )
    # §3–§5: the series settings (``scoring.series.Settings``).
    points = models.CharField(_("series points"), max_length=24, choices=Points.choices)
    table = models.JSONField(_("points by place"), default=default_table, blank=True)
    count = models.CharField(_("results counted"), max_length=12, choices=Count.choices, default=Count.ALL)
    best_n = models.PositiveSmallIntegerField(
        _("n (best results)"), null=True, blank=True, validators=[MinValueValidator(1), MaxValueValidator(999)]
    )
    minus_counts = models.BooleanField(_("negative results count"), default=True)
    tie_breaks = models.JSONField(_("tie-breaks"), default=default_tie_breaks, blank=True)
    # §7: the final (the member event marked ``is_final``) and its places.
    final_places = models.PositiveSmallIntegerField(
        _("places in the final"), null=True, blank=True, validators=[MinValueValidator(1), MaxValueValidator(9999)]
    )
    ties_at_cut = models.CharField(_("ties at the cut"), max_length=4, choices=TiesAtCut.choices, default=TiesAtCut.LOT)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("series")
        verbose_name_plural = _("series")
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(condition=Q(points__in=list(POINTS)), name="series_points_rule"),
            models.CheckConstraint(condition=Q(ties_at_cut__in=list(TIES_AT_CUT)), name="series_ties_at_cut"),
        ]

    def __str__(self) -> str:
        return self.name


class SeriesEvent(models.Model):
    """A member event, in the series' order (§2.1), with its weight (§3.2) and flags.

    An event belongs to at most one series: the one-to-one column is the guard."""

    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="members")
    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="series_membership", verbose_name=_("event")
    )
    position = models.PositiveSmallIntegerField(_("position"))
    weight = models.DecimalField(
        _("weight"),
        max_digits=7,
        decimal_places=3,
        default=Decimal(1),
        validators=[MinValueValidator(Decimal("0.001")), MaxValueValidator(Decimal(1000))],
    )
    always_counts = models.BooleanField(_("always counts"), default=False)
    is_final = models.BooleanField(_("final"), default=False)

    class Meta:
        verbose_name = _("member event")
        verbose_name_plural = _("member events")
        ordering = ["series", "position", "pk"]
        constraints = [
            models.CheckConstraint(condition=Q(weight__gt=0), name="series_event_weight_positive"),
            models.UniqueConstraint(fields=["series"], condition=Q(is_final=True), name="one_final_per_series"),
        ]

    def __str__(self) -> str:
        return f"{self.series}: {self.tournament}"


class FinalSeat(models.Model):
    """A player the series' "Fill the final" entered into its final (§7.2), or who declined.

    Only these entries are the fill's to add and remove; players the organizer registered in the
    final himself are left alone."""

    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="final_seats")
    # CASCADE: a player's record deleted takes its mark along; a merge (tournaments.people.registry) moves
    # the merged record's mark to the kept one first.
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    declined = models.BooleanField(_("declined"), default=False)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("qualified player")
        verbose_name_plural = _("qualified players")
        constraints = [models.UniqueConstraint(fields=["series", "player"], name="one_final_seat_per_player")]

    def __str__(self) -> str:
        return f"{self.series}: {self.player}"
