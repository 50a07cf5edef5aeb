"""Real-browser tests in headless Debian Chromium (Playwright with executable_path; no browser download)."""

from __future__ import annotations

import os
import shutil

import pytest

from scoring.models import Hand

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="Debian chromium is not installed (./dev.sh installs it)"),
]


@pytest.fixture(scope="session")
def _no_stray_database_sessions(django_db_setup, django_db_blocker):
    """Playwright's sync API runs the test inside its own greenlet, where Django may open a
    second connection that the test-database teardown cannot see; on PostgreSQL that session
    would block dropping the test database. End such sessions before the teardown (this
    fixture depends on the database setup, so it is finalised first)."""
    yield
    with django_db_blocker.unblock():
        from django.db import connection

        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                               "WHERE datname = current_database() AND pid <> pg_backend_pid()")


@pytest.fixture
def page(live_server, _no_stray_database_sessions):
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread; the test's own ORM calls are still synchronous.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run"])
        page = browser.new_page(viewport={"width": 375, "height": 800})
        page.base_url = live_server.url
        yield page
        browser.close()
    os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)


def log_in(page, username):
    page.goto(page.base_url + "/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", f"{username}-password")
    page.locator("main button[type=submit]").click()
    page.wait_for_load_state()


def test_a_referee_enters_a_hand_on_a_phone_and_sees_the_arithmetic_first(running_event, bob, page):
    log_in(page, "bob")
    page.goto(page.base_url + "/e/ljubljana-open/round/1/table/1/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375  # no horizontal scroll
    page.select_option("#id_game", "tri")
    page.select_option("#id_declarer", "B")
    page.select_option("#id_called_king", "hearts")
    page.select_option("#id_partner", "D")
    page.fill("#id_card_points", "48")
    page.locator("#id_card_points").dispatch_event("change")
    # htmx swaps in the engine's preview before anything is saved (taruk2012.md §8.1 E1).
    page.wait_for_selector("#preview .breakdown")
    assert "(25 + 5) / 2 = 15" in page.inner_text("#preview")
    assert not Hand.objects.exists()
    page.locator("#entry button[type=submit]").click()
    page.wait_for_load_state()
    assert "Hand 1 saved" in page.inner_text("main")
    assert Hand.objects.get().points == {"A": 0, "B": 25, "C": 0, "D": 15}


def test_an_error_shows_next_to_the_field_in_the_preview(running_event, bob, page):
    log_in(page, "bob")
    page.goto(page.base_url + "/e/ljubljana-open/round/1/table/1/")
    page.select_option("#id_game", "tri")
    page.select_option("#id_declarer", "C")  # not the forehand
    page.locator("#id_declarer").dispatch_event("change")
    page.wait_for_selector("#preview .errorlist")
    assert "tri can only be played by the forehand" in page.inner_text("#preview")


def test_the_public_draw_page_fits_a_phone(running_event, page):
    page.goto(page.base_url + "/e/ljubljana-open/round/1/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    assert page.locator(".tables .card").count() == 2
