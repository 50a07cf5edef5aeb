"""The series pages as an organizer and the public use them: every action by GETting the page, filling
the form it renders and posting it (season.md §2, §3–§5 settings, §7 the final, §8 the ladder page)."""

from __future__ import annotations

import html
from decimal import Decimal

import pytest
from django.urls import reverse

from tests.conftest import client_for
from tests.html_forms import form_with, forms, submit
from tests.seasons_support import SEASON_PLAYERS, finished_event, new_event, press
from tournaments.models import AuditEntry, Entry
from tournaments.seasons import services
from tournaments.seasons.models import FinalSeat, Series, SeriesEvent


@pytest.fixture
def season(alice):
    """A public series of two finished events (players 1-8, then 3-10) and a Masters not yet drawn."""
    series = services.create_series(alice, name="Season 2026", points="event_total", is_public=True)
    for name, players in (("Spring Cup", SEASON_PLAYERS[:8]), ("Summer Cup", SEASON_PLAYERS[2:10])):
        services.add_event(alice, series, finished_event(alice, name, players))
    masters = new_event(alice, "Masters", [])
    services.add_event(alice, series, masters, always_counts=True)
    return series


def manage_url(series: Series) -> str:
    return reverse("series-manage", args=[series.slug])


def test_an_organizer_creates_a_series_on_its_page(alice):
    client = client_for(alice)
    home = client.get("/")
    assert reverse("series-create") in home.content.decode()
    response = submit(client, reverse("series-create"), "name", {"name": "Pokal Slovenije 2026", "points": "cubic"})
    series = Series.objects.get()
    assert response.status_code == 302 and response["Location"] == manage_url(series)
    assert (series.slug, series.points, list(series.organizers.all())) == ("pokal-slovenije-2026", "cubic", [alice])
    entry = AuditEntry.objects.get(series=series)
    assert entry.action == "series.created" and entry.after["points"] == "cubic"
    ladder = client.get(reverse("series", args=[series.slug])).content.decode()
    assert '<td colspan="4" class="muted">No results yet.</td>' in ladder  # rank, player, total, events played


def test_a_new_series_speaks_its_organizers_language(alice):
    client = client_for(alice)
    client.post("/i18n/setlang/", {"language": "hu", "next": "/"})
    response = submit(client, reverse("series-create"), "name", {"name": "Őszi Kupa", "points": "heine"})
    assert response.status_code == 302
    assert Series.objects.get().language == "hu"  # the form's default: the reader's language


def test_nobody_without_the_right_creates_or_manages_a_series(charlie, season):
    assert client_for(charlie).get(reverse("series-create")).status_code == 403
    assert client_for(charlie).get(manage_url(season)).status_code == 403
    assert client_for(None).get(manage_url(season)).status_code == 302  # to the login
    assert client_for(charlie).post(reverse("series-final-fill", args=[season.slug])).status_code == 403


def test_events_are_added_weighted_moved_and_removed_on_the_manage_page(alice, season):
    client = client_for(alice)
    autumn = new_event(alice, "Autumn Cup", SEASON_PLAYERS[:4])
    page = client.get(manage_url(season))
    add = form_with(page.content, "add-event")
    response = client.post(add.action, add.data(**{"add-event": autumn.slug, "add-weight": "0.5"}))
    assert response.status_code == 302
    member = SeriesEvent.objects.get(tournament=autumn)
    assert (member.position, member.weight, member.always_counts) == (4, Decimal("0.5"), False)
    # In Slovenian the weight is typed with a decimal comma.
    client.post("/i18n/setlang/", {"language": "sl", "next": "/"})
    page = client.get(manage_url(season)).content
    row = form_with(page, f"m{member.pk}-weight")
    client.post(row.action, press(page, row, f"m{member.pk}-action", "save", **{f"m{member.pk}-weight": "0,25"}))
    member.refresh_from_db()
    assert member.weight == Decimal("0.25")
    page = client.get(manage_url(season)).content
    row = form_with(page, f"m{member.pk}-weight")
    client.post(row.action, press(page, row, f"m{member.pk}-action", "up"))
    order = list(season.members.order_by("position").values_list("tournament__name", flat=True))
    assert order == ["Spring Cup", "Summer Cup", "Autumn Cup", "Masters"]
    page = client.get(manage_url(season)).content
    row = form_with(page, f"m{member.pk}-weight")
    client.post(row.action, press(page, row, f"m{member.pk}-action", "remove"))
    assert not SeriesEvent.objects.filter(tournament=autumn).exists()
    actions = list(
        AuditEntry.objects.filter(series=season, tournament=autumn).order_by("id").values_list("action", flat=True)
    )
    assert actions == ["series.event_added", "series.event_changed", "series.event_changed", "series.event_removed"]


def test_the_settings_form_edits_the_table_the_tie_breaks_and_the_final(alice, season):
    client = client_for(alice)
    values = {
        "s-points": "fixed_by_place",
        "s-table_text": "100; 50, 25 12,5",
        "s-count": "best_n",
        "s-best_n": "",
        "s-tie_break_1": "events",
        "s-tie_break_2": "",
        "s-tie_break_3": "",
    }
    response = submit(client, manage_url(season), "s-points", values)
    assert response.status_code == 200  # refused: best_n without n, nothing stored
    errors = [f.fields for f in forms(response.content)]
    assert errors and "n is required when count is best_n" in response.content.decode()
    assert Series.objects.get(pk=season.pk).points == "event_total"
    values |= {"s-best_n": "2", "s-final": "masters", "s-final_places": "6", "s-ties_at_cut": "all"}
    response = submit(client, manage_url(season), "s-points", values)
    assert response.status_code == 302
    season.refresh_from_db()
    assert season.table == [100, 50, 25, 12.5]
    assert (season.count, season.best_n, season.tie_breaks) == ("best_n", 2, ["events"])
    assert season.members.get(is_final=True).tournament.slug == "masters"
    assert (season.final_places, season.ties_at_cut) == (6, "all")
    page = client_for(None).get(reverse("series", args=[season.slug])).content.decode()
    assert "places 1 to 4: 100, 50, 25, 12.5" in page and "The best 2 results count." in page
    assert "Final: Masters, for the best 6 of the ladder before it" in page


def test_a_table_that_is_not_numbers_is_refused_naming_the_field(alice, season):
    response = submit(
        client_for(alice), manage_url(season), "s-points", {"s-points": "fixed_by_place", "s-table_text": "100 =A1"}
    )
    assert response.status_code == 200
    assert "“=A1” is not a number." in response.content.decode()
    assert Series.objects.get(pk=season.pk).points == "event_total"


def test_fill_the_final_and_a_player_who_declines_makes_room_for_the_next(alice, season):
    services.update_series(
        alice, season, final=season.members.get(tournament__slug="masters").tournament, final_places=4
    )
    client = client_for(alice)
    page = client.get(manage_url(season))
    fill = next(f for f in forms(page.content) if f.action.endswith("/final/fill/"))
    client.post(fill.action, fill.fields)
    masters = season.members.get(is_final=True).tournament
    ladder = client_for(None).get(f"/api/series/{season.slug}/ladder/").json()["ladder"]
    # event_total of the two cups: the ladder's top 4 enter. The events' lots (seeded by the entries' ids,
    # which on PostgreSQL depend on what ran before in the same database) can leave two players equal on
    # the ladder at the cut: then the final's lot picks among them (ties_at_cut "lot", §7.2).
    cut = ladder[3]["rank"]
    above = {line["name"] for line in ladder if line["rank"] < cut}
    at_cut = {line["name"] for line in ladder if line["rank"] == cut}
    filled = set(masters.entries.values_list("player__name", flat=True))
    assert len(filled) == 4 and above <= filled and filled - above <= at_cut
    first = ladder[0]
    decline = form_with(client.get(manage_url(season)).content, "reason", "/final/decline/")
    assert decline.fields["player"] == str(first["player"])
    client.post(decline.action, decline.data(reason="ill"))
    entered = set(masters.entries.values_list("player__name", flat=True))
    # The fifth moved up: the second to fourth stay, and the last place goes to a player of the fifth's
    # rank (shared with the sixth when the events' lots gave them equal totals: the final's lot decides).
    assert {line["name"] for line in ladder[1:4]} <= entered and len(entered) == 4
    fifth = {line["name"] for line in ladder if line["rank"] == ladder[4]["rank"]}
    assert len((entered - {line["name"] for line in ladder[1:4]}) & fifth) == 1
    assert FinalSeat.objects.get(series=season, player_id=first["player"]).declined
    entry = AuditEntry.objects.filter(series=season, action="series.final_declined").get()
    assert entry.reason == "ill" and entry.tournament == masters
    assert entry.after["player"]["name"] == first["name"]
    assert Entry.objects.filter(tournament=masters).count() == 4


def test_the_public_ladder_page_and_a_private_series(alice, season):
    public = client_for(None)
    page = public.get(reverse("series", args=[season.slug]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Spring Cup" in text and "Summer Cup" in text and "Masters" in text
    season.is_public = False
    season.save()
    from django.core.cache import cache

    cache.clear()
    assert public.get(reverse("series", args=[season.slug])).status_code == 403
    assert public.get(f"/api/series/{season.slug}/ladder/").status_code == 401
    assert client_for(alice).get(reverse("series", args=[season.slug])).status_code == 200


def test_the_audit_page_says_every_change_in_the_readers_language(alice, season):
    services.update_series(alice, season, points="heine")
    client = client_for(alice)
    english = html.unescape(client.get(reverse("series-audit", args=[season.slug])).content.decode())
    assert "Series settings changed by organizer alice" in english
    assert "series points the event's total → the Heine rule on game points" in english
    assert "Event added to the series by organizer alice" in english
    client.post("/i18n/setlang/", {"language": "hu", "next": "/"})
    hungarian = client.get(reverse("series-audit", args=[season.slug])).content.decode()
    assert "Series settings changed" not in hungarian


def test_a_result_the_rule_cannot_read_refuses_the_fill_and_the_ladder_draw_naming_why(alice, season, monkeypatch):
    """percent_of_possible needs possible points (§3.5): where a result has none, the ladder page says so,
    and the fill of the final and a ladder draw are refused with the rule's words, not a 500."""
    from tests.tournaments.draws_support import draw_on_the_page
    from tournaments.seasons import ladder

    masters = season.members.get(tournament__slug="masters").tournament
    services.update_series(alice, season, points="percent_of_possible", final=masters, final_places=2)
    services.add_event(alice, season, autumn := new_event(alice, "Autumn Cup", SEASON_PLAYERS[:8]))
    monkeypatch.setattr(ladder, "best_table_result", lambda tournament, size: 0)
    from django.core.cache import cache

    cache.clear()
    client = client_for(alice)
    page = client.get(reverse("series", args=[season.slug]))
    assert page.status_code == 200 and "max_total" in page.content.decode()
    manage = client.get(manage_url(season)).content.decode()
    assert "max_total" in manage and "/final/fill/" not in manage  # why, and no fill offered
    response = client.post(f"/api/series/{season.slug}/final/fill/")
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "final"
    assert not masters.entries.exists()
    response = draw_on_the_page(client, autumn, method="ladder_groups")
    assert response.status_code == 200 and "max_total" in response.content.decode()
    assert not autumn.round_set.exists()
