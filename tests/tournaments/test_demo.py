"""The demo event a new user sees first."""

from __future__ import annotations

from django.core.management import call_command

from scoring.models import Hand
from tournaments.models import AuditEntry, Entry, Round, Seat


def test_the_demo_creates_a_seated_running_event_once(db):
    call_command("demo")
    call_command("demo")  # idempotent
    assert Entry.objects.count() == 16
    rnd = Round.objects.get()
    assert rnd.status == Round.Status.RUNNING
    assert Seat.objects.filter(round=rnd).count() == 16
    assert Hand.objects.count() == 10
    assert AuditEntry.objects.filter(action="hand.entered").count() == 10
