"""Real-browser tests in headless Debian Chromium (Playwright with executable_path; no browser download).

Every test here gets the ``browser`` mark and is skipped where Debian's chromium is missing.
"""

from __future__ import annotations

import os
import shutil
from urllib.parse import urlsplit

import pytest

from tests.support import inflight, wifi

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


def pytest_collection_modifyitems(config, items):
    here = os.path.dirname(__file__)
    skip = pytest.mark.skipif(
        not os.path.exists(CHROMIUM), reason="Debian chromium is not installed (./dev.sh installs it)"
    )
    for item in items:
        if str(item.fspath).startswith(here):
            item.add_marker(pytest.mark.browser)
            item.add_marker(skip)


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
                cursor.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )


class _Browser:
    """The worker's one Chromium, as a test sees it: the pages and contexts a test opens are closed
    when it ends, so the next test starts from a clean browser without paying for a new one."""

    def __init__(self, browser):
        self._browser = browser
        self._contexts = []

    def new_context(self, **kwargs):
        context = self._browser.new_context(**kwargs)
        self._contexts.append(context)
        return context

    def new_page(self, **kwargs):
        return self.new_context(**kwargs).new_page()

    def close_all(self) -> None:
        for context in self._contexts:
            context.close()
        self._contexts.clear()


@pytest.fixture(scope="session")
def _chromium_process(_no_stray_database_sessions):
    """Debian's Chromium, headless, started once per test process (a launch costs a second or two)."""
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread; the test's own ORM calls are still synchronous.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    # Routes see a service worker's own requests too (the offline tests abort them as a lost
    # connection would; Chromium's offline emulation alone does not reach them).
    os.environ["PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS"] = "1"
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield browser
        browser.close()
    os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    os.environ.pop("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", None)


@pytest.fixture
def chromium(live_server, _chromium_process):
    """The browser for a test that opens pages of the live server (several contexts make several
    people); what the test opened is closed after it."""
    browser = _Browser(_chromium_process)
    yield browser
    browser.close_all()
    # A request the closed pages left in flight would hold the tables the database flush empties next.
    assert inflight.wait_until_answered() == 0, "the live server was still answering 15 s after the pages closed"


@pytest.fixture
def page(chromium, live_server):
    """One person's page at phone width (375 px)."""
    page = chromium.new_page(viewport={"width": 375, "height": 800})
    page.base_url = live_server.url
    return page


def log_in(page, username):
    page.goto(page.base_url + "/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", f"{username}-password")
    page.locator("main button[type=submit]").click()
    page.wait_for_load_state()


def go_offline(page) -> None:
    """The hall's Wi-Fi drops. Chromium's offline emulation does not reach a service worker's
    requests nor, under load, every request of a page reloading (playwright#2311): every request
    is also aborted as a lost connection would abort it, and a write that still gets through is
    answered as a lost connection by the server (tests/support/wifi.py), so nothing is stored."""
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(page.url))
    page.context.add_cookies([{"name": wifi.COOKIE, "value": "down", "url": origin}])
    page.context.route("**/*", lambda route: route.abort("internetdisconnected"))
    page.context.set_offline(True)


def go_online(page) -> None:
    page.context.unroute("**/*")
    page.context.clear_cookies(name=wifi.COOKIE)
    page.context.set_offline(False)


def tap(page, name: str, value: str) -> None:
    """Tap the chip that chooses ``value`` for ``name`` (the label a finger lands on)."""
    page.locator(f"label.chip:has(input[name='{name}'][value='{value}'])").click()


def chosen(page, name: str) -> str | None:
    """The value of the chip row ``name`` as the form would post it (None: nothing chosen)."""
    return page.evaluate(f"(document.querySelector(\"input[name='{name}']:checked\") || {{}}).value ?? null")


def type_e1(page) -> None:
    """Type taruk2012.md §8.1 E1 into the Taruk hand form of a table's first hand (dealer A, so B is
    the forehand): tri by B with the king of hearts, D the partner, 48 card points."""
    tap(page, "game", "tri")
    tap(page, "declarer", "B")
    tap(page, "called_king", "hearts")
    tap(page, "partner", "D")
    page.fill("#id_card_points", "48")
