"""The demo events a new user sees first."""

from __future__ import annotations

from django.core.management import call_command

from tournaments.models import AuditEntry, Hand, Round, Seat, Tournament


def test_the_demo_creates_a_seated_running_event_of_each_kind_once(db):
    call_command("demo")
    call_command("demo")  # idempotent
    taruk, ulti = Tournament.objects.get(slug="demo-taruk-2026"), Tournament.objects.get(slug="demo-ulti-2026")
    assert (taruk.entries.count(), ulti.entries.count()) == (16, 12)
    for event, seated, tables in ((taruk, 16, 4), (ulti, 12, 4)):
        rnd = Round.objects.get(tournament=event)
        assert rnd.status == Round.Status.RUNNING
        assert Seat.objects.filter(round=rnd).count() == seated
        assert rnd.tables.count() == tables
    assert Hand.objects.filter(table__round__tournament=taruk).count() == 10
    assert Hand.objects.filter(table__round__tournament=ulti).count() == 8
    assert AuditEntry.objects.filter(action="hand.entered", tournament__in=[taruk, ulti]).count() == 18
    # ulti-mausz.md §7 example 1 at the first deal of table 1: the declarer wins 2, each defender pays 1.
    first = Hand.objects.get(table__round__tournament=ulti, table__number=1, number=1)
    assert sorted(first.points.values()) == [-1, -1, 2]
    assert ulti.language == "hu"
    # A new Taruk event chooses its readings explicitly (taruk2012.md §4.5), and so does the demo.
    from tournaments.readings.words import readings

    assert taruk.config == {"radelc": "holder_plays", "partner_share": "magnitude"}
    assert taruk.event_settings == {"table_ties": "competition"}
    assert readings(taruk) == {"radelc": "holder_plays", "partner_share": "magnitude", "table_ties": "competition"}


def test_the_demo_has_a_season_of_three_finished_events_a_running_one_and_a_masters_to_fill(db):
    from django.test import Client

    from tournaments.seasons.models import Series

    call_command("demo")
    call_command("demo")  # idempotent
    series = Series.objects.get()
    members = list(series.members.select_related("tournament").order_by("position"))
    statuses = [m.tournament.status for m in members]
    assert statuses[:3] == [Tournament.Status.FINISHED] * 3 and statuses[3] != Tournament.Status.FINISHED
    assert members[4].is_final and members[4].always_counts and series.final_places == 8
    assert members[4].tournament.entries.count() == 0  # to fill
    assert members[3].tournament.draw_method == "ladder_groups"
    # One person across the season's events: Cvetka (SLO-103), of players 1-12, 3-14, 5-16, 1-12, in three.
    cvetka = [
        m.tournament.slug for m in members if m.tournament.entries.filter(player__federation_id="SLO-103").exists()
    ]
    assert cvetka == ["demo-pokal-ljubljana", "demo-pokal-maribor", "demo-pokal-koper"]
    ladder = Client().get(f"/api/series/{series.slug}/ladder/").json()
    assert len(ladder["ladder"]) == 16 and ladder["events"][3]["provisional"] is True
    assert any(not r["counted"] for line in ladder["ladder"] for r in line["results"].values())  # best half drops
