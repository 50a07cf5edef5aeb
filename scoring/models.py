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
        verbose_name = _("PIN attempts")
        verbose_name_plural = _("PIN attempts")

    def __str__(self) -> str:
        return self.scope
