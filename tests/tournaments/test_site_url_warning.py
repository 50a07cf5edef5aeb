"""QR codes that work (the director's day, item 14): the PIN slips and the protocols print SITE_URL;
while it is the default, or names another host than the one the organizer is using, the pages he
prints from say so before he prints."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import client_for

README = Path(__file__).resolve().parents[2] / "README.md"
PAGES = [
    "manage/players/",
    "manage/players/pin-slips/",
    "manage/documents/",
    "round/1/protocols/",
    "round/1/table/1/protocol/",
]


def warning(html: str) -> str | None:
    found = re.search(r'<p class="warning[^"]*" role="alert">(.*?)</p>', html, re.S)
    return found[1] if found else None


@pytest.mark.parametrize("page", PAGES)
def test_the_default_address_is_flagged_before_printing(seated, alice, settings, page):
    settings.SITE_URL = settings.SITE_URL_DEFAULT
    html = client_for(alice).get(f"/e/{seated.slug}/{page}").content.decode()
    text = warning(html)
    assert text is not None and "http://127.0.0.1:8000" in text and "SITE_URL" in text


@pytest.mark.parametrize("page", PAGES)
def test_an_address_other_than_the_one_in_use_is_flagged(seated, alice, settings, page):
    settings.SITE_URL = "https://tarok.example"
    settings.ALLOWED_HOSTS = ["hall.local", "tarok.example"]  # a second address of the same site
    html = client_for(alice).get(f"/e/{seated.slug}/{page}", HTTP_HOST="hall.local:8000").content.decode()
    text = warning(html)
    assert text is not None and "https://tarok.example" in text and "hall.local:8000" in text


@pytest.mark.parametrize("page", PAGES)
def test_no_warning_when_the_codes_print_the_address_in_use(seated, alice, settings, page):
    settings.SITE_URL = "https://tarok.example"
    settings.ALLOWED_HOSTS = ["tarok.example"]
    response = client_for(alice).get(f"/e/{seated.slug}/{page}", HTTP_HOST="tarok.example", secure=True)
    assert response.status_code == 200
    assert warning(response.content.decode()) is None


def test_the_warning_is_in_the_organizers_language_and_stays_off_the_paper(seated, alice, settings):
    settings.SITE_URL = settings.SITE_URL_DEFAULT
    seated.language = "hu"  # the slips are in the event's language; the warning is for the organizer
    seated.save(update_fields=["language"])
    html = client_for(alice).get(f"/e/{seated.slug}/manage/players/pin-slips/").content.decode()
    assert '<p class="warning no-print"' in html and "The QR codes print" in warning(html)
    pdf = client_for(alice).get(f"/e/{seated.slug}/manage/players/pin-slips.pdf").content
    from tests.pdf_text import pdf_text

    assert "SITE_URL" not in pdf_text(pdf)[1]


def test_the_readme_says_so_in_step_3_of_running_an_event():
    text = README.read_text(encoding="utf-8")
    step3 = text.split("3. **O — PINs.**", 1)[1].split("\n4. ", 1)[0]
    assert "SITE_URL" in step3 and "warn" in step3
