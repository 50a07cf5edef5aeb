"""A hand as stored: the referee's input exactly as entered, plus the engine's result.

Totals and standings are derived from these rows, never typed in twice.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import POSITION_CHOICES, Table


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
