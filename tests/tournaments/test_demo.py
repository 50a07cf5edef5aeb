"""The demo events a new user sees first."""

from __future__ import annotations

from django.core.management import call_command

from tournaments.models import AuditEntry, Hand, Round, Seat, Tournament


def test_the_demo_creates_a_seated_running_event_of_each_kind_once(db):
    call_command("demo")
    call_command("demo")  # idempotent
    taruk, ulti = Tournament.objects.get(variant="taruk2012"), Tournament.objects.get(variant="ulti-mausz")
    assert (taruk.entries.count(), ulti.entries.count()) == (16, 12)
    for event, seated, tables in ((taruk, 16, 4), (ulti, 12, 4)):
        rnd = Round.objects.get(tournament=event)
        assert rnd.status == Round.Status.RUNNING
        assert Seat.objects.filter(round=rnd).count() == seated
        assert rnd.tables.count() == tables
    assert Hand.objects.filter(table__round__tournament=taruk).count() == 10
    assert Hand.objects.filter(table__round__tournament=ulti).count() == 8
    assert AuditEntry.objects.filter(action="hand.entered").count() == 18
    # ulti-mausz.md §7 example 1 at the first deal of table 1: the declarer wins 2, each defender pays 1.
    first = Hand.objects.get(table__round__tournament=ulti, table__number=1, number=1)
    assert sorted(first.points.values()) == [-1, -1, 2]
    assert ulti.language == "hu"
    # A new Taruk event chooses its readings explicitly (taruk2012.md §4.5), and so does the demo.
    from tournaments.readings import readings

    assert taruk.config == {"radelc": "holder_plays", "partner_share": "magnitude"}
    assert taruk.event_settings == {"table_ties": "competition"}
    assert readings(taruk) == {"radelc": "holder_plays", "partner_share": "magnitude", "table_ties": "competition"}
