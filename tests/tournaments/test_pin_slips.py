"""Players never saw their PINs (issue 11 item 2): organizers see them on the players page and print slips."""

from __future__ import annotations

import re

import pytest

from tests.conftest import client_for
from tournaments.models import Entry


def pins(event) -> list[str]:
    return list(Entry.objects.filter(tournament=event).values_list("pin", flat=True))


@pytest.fixture
def fixed_pins(running_event):
    # Distinct PINs that cannot appear by chance in the page's other numbers.
    for i, e in enumerate(Entry.objects.filter(tournament=running_event).order_by("start_number"), start=1):
        Entry.objects.filter(pk=e.pk).update(pin=f"9{i}7{i}"[:4])
    return running_event


def test_the_organizers_players_page_shows_every_pin(fixed_pins, alice):
    html = client_for(alice).get(f"/e/{fixed_pins.slug}/manage/players/").content.decode()
    for pin in pins(fixed_pins):
        assert f">{pin}<" in html


@pytest.mark.parametrize("who", ["bob", "rita", "charlie", None])
def test_a_referee_a_stranger_or_the_public_cannot_see_the_pins(fixed_pins, who, request):
    client = client_for(request.getfixturevalue(who) if who else None)
    for url in ("manage/players/", "manage/players/pin-slips/", "manage/players/pin-slips.pdf"):
        response = client.get(f"/e/{fixed_pins.slug}/{url}")
        assert response.status_code in (302, 403), url  # anonymous: to the login page
        assert not any(pin in response.content.decode(errors="ignore") for pin in pins(fixed_pins))


def test_no_public_page_shows_a_pin(fixed_pins, alice):
    """Even the organizer's view of the public pages leaves the PINs out (a projector or a shared screen)."""
    slug = fixed_pins.slug
    client = client_for(alice)
    for url in (
        f"/e/{slug}/",
        f"/e/{slug}/standings/",
        f"/e/{slug}/hall/",
        f"/e/{slug}/live.json",
        f"/e/{slug}/round/1/",
        f"/e/{slug}/player/1/",
        f"/e/{slug}/seat/?q=Player",
        f"/e/{slug}/round/1/seating/",
        f"/api/events/{slug}/players/1/",
        f"/api/events/{slug}/entries/",
    ):
        body = client.get(url).content.decode()
        assert not any(re.search(rf"\b{pin}\b", body) for pin in pins(fixed_pins)), url


def test_the_slips_name_each_player_with_number_pin_and_a_qr_to_his_own_page(fixed_pins, alice, settings):
    settings.SITE_URL = "https://tarok.example"
    response = client_for(alice).get(f"/e/{fixed_pins.slug}/manage/players/pin-slips/")
    html = response.content.decode()
    entry = Entry.objects.select_related("player").get(tournament=fixed_pins, start_number=3)
    assert html.count('class="slip"') == 8
    slip = html.split(entry.player.name, 1)[1].split('class="slip"', 1)[0]
    assert "<b>3</b>" in slip and entry.pin in slip
    assert f"https://tarok.example/e/{fixed_pins.slug}/player/3/" in html
    assert html.count("data:image/png;base64,") == 8


def test_the_slips_leave_out_withdrawn_players(fixed_pins, alice):
    Entry.objects.filter(tournament=fixed_pins, start_number=2).update(status=Entry.Status.WITHDRAWN)
    html = client_for(alice).get(f"/e/{fixed_pins.slug}/manage/players/pin-slips/").content.decode()
    assert html.count('class="slip"') == 7


def test_the_slips_pdf_is_a_pdf_kept_out_of_shared_caches(fixed_pins, alice):
    response = client_for(alice).get(f"/e/{fixed_pins.slug}/manage/players/pin-slips.pdf")
    assert response.status_code == 200
    assert response.content.startswith(b"%PDF")
    assert "no-store" in response["Cache-Control"]


def test_the_players_page_links_to_the_slips(fixed_pins, alice):
    html = client_for(alice).get(f"/e/{fixed_pins.slug}/manage/players/").content.decode()
    assert f"/e/{fixed_pins.slug}/manage/players/pin-slips/" in html
    assert f"/e/{fixed_pins.slug}/manage/players/pin-slips.pdf" in html
