"""The judge's desk: incidents at the tables and the sanctions that came of them.

An incident is the record of one call (a renonsz claim, a Taruk "stop", conduct, time, a protest):
who called it, what he found, what the judge ruled. Its score consequence is never stored here: it
is a hand entered or corrected through ``tournaments.tables.hands``, which the incident links to.
Imported at the bottom of ``tournaments.models`` (the app's models module).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.models import Entry, Hand, Round, Table, Tournament


class Incident(models.Model):
    class Kind(models.TextChoices):
        RENONSZ = "renonsz", _("renonsz claim")
        STOP = "stop", _("stop procedure")
        CONDUCT = "conduct", _("conduct")
        TIME = "time", pgettext_lazy("incident kind", "time")  # the round's time limit, not a moment
        PROTEST = "protest", _("protest")
        OTHER = "other", _("other")

    class Status(models.TextChoices):
        OPEN = "open", _("open")
        RULED = "ruled", _("ruled")
        PROTESTED = "protested", _("protested")
        CLOSED = "closed", _("closed")

    class Outcome(models.TextChoices):
        NONE = "", _("—")
        CONFIRMED = "confirmed", _("the violation happened")
        NOT_FOUND = "not_found", _("no violation: a false call")
        OTHER = "other", _("other ruling")
        # A protest's decision by the jury.
        UPHELD = "upheld", _("protest upheld")
        REJECTED = "rejected", _("protest rejected")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="incidents")
    # Where: a table of a round, or the round only (an incident away from the tables), or neither.
    round = models.ForeignKey(Round, on_delete=models.CASCADE, null=True, blank=True, related_name="+")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, null=True, blank=True, related_name="incidents")
    hand_number = models.PositiveSmallIntegerField(_("hand number"), null=True, blank=True)
    # The hand the ruling's score consequence changed (entered or corrected in the hand flow).
    hand = models.ForeignKey(Hand, on_delete=models.SET_NULL, null=True, blank=True, related_name="incidents")
    kind = models.CharField(_("kind"), max_length=12, choices=Kind.choices)
    involved = models.ManyToManyField(Entry, related_name="incidents", blank=True, verbose_name=_("players involved"))
    # Who called it: a player, or (caller empty) the referee.
    caller = models.ForeignKey(
        Entry, on_delete=models.PROTECT, null=True, blank=True, related_name="+", verbose_name=_("called by")
    )
    finding = models.TextField(_("the caller's finding"), blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.OPEN)
    outcome = models.CharField(_("outcome"), max_length=12, choices=Outcome.choices, blank=True, default="")
    ruling = models.TextField(_("ruling"), blank=True)
    ruled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    ruled_at = models.DateTimeField(_("ruled"), null=True, blank=True)
    # A protest is an incident of kind "protest" pointing at the ruling it contests.
    protest_of = models.ForeignKey(
        "self", on_delete=models.CASCADE, null=True, blank=True, related_name="protests", verbose_name=_("protest of")
    )
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    opened_at = models.DateTimeField(_("time"), auto_now_add=True)

    class Meta:
        verbose_name = _("incident")
        verbose_name_plural = _("incidents")
        ordering = ["tournament", "opened_at", "id"]
        constraints = [
            # One protest per ruling: the jury's decision is final (README, Judge's desk).
            models.UniqueConstraint(
                fields=["protest_of"], condition=Q(protest_of__isnull=False), name="one_protest_per_ruling"
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.pk} {self.get_kind_display()}"

    def snapshot(self) -> dict:
        """What the audit log keeps of an incident."""
        return {
            "kind": self.kind,
            "round": self.round.number if self.round_id else None,
            "table": self.table.number if self.table_id else None,
            "hand_number": self.hand_number,
            "hand_id": self.hand_id,
            "caller": self.caller.start_number if self.caller_id else None,
            "involved": sorted(e.start_number for e in self.involved.all()) if self.pk else [],
            "finding": self.finding,
            "status": self.status,
            "outcome": self.outcome,
            "ruling": self.ruling,
            "ruled_by": self.ruled_by.get_username() if self.ruled_by_id else None,
            "protest_of": self.protest_of_id,
        }


class Sanction(models.Model):
    """MAUSZ 11.§: a warning, a yellow or red card, or exclusion from the event, given to a player."""

    class Kind(models.TextChoices):
        WARNING = "warning", pgettext_lazy("sanction", "warning")
        YELLOW = "yellow", _("yellow card")
        RED = "red", _("red card")
        EXCLUSION = "exclusion", _("exclusion")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="sanctions")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="sanctions")
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    incident = models.ForeignKey(Incident, on_delete=models.PROTECT, related_name="sanctions")
    # The round whose result an exclusion strikes (the incident's round, else the round then running).
    round = models.ForeignKey(Round, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    reason = models.TextField(_("reason"), blank=True)
    given_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    given_at = models.DateTimeField(_("given"), auto_now_add=True)
    # Set when the jury upholds a protest against the ruling the sanction came from.
    lifted_at = models.DateTimeField(_("lifted"), null=True, blank=True)

    class Meta:
        verbose_name = _("sanction")
        verbose_name_plural = _("sanctions")
        ordering = ["tournament", "given_at", "id"]

    def __str__(self) -> str:
        return f"{self.entry}: {self.get_kind_display()}"

    def snapshot(self) -> dict:
        return {
            "kind": self.kind,
            "start_number": self.entry.start_number,
            "incident": self.incident_id,
            "round": self.round.number if self.round_id else None,
            "reason": self.reason,
            "lifted_at": self.lifted_at.isoformat() if self.lifted_at else None,
        }
