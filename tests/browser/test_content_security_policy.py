"""The pages, the htmx hand form and the API docs work under the Content-Security-Policy: Chromium
reports no violation while a referee and an organizer use them."""

from __future__ import annotations

import pytest

from tests.browser.conftest import log_in, type_e1
from tests.conftest import enter_e1

# What the page is (markup, layout, scripts): no database can change it, so CI's PostgreSQL pass leaves it out.
pytestmark = pytest.mark.page_only


def _watch(page) -> list[str]:
    violations: list[str] = []
    page.on("console", lambda m: "Content Security Policy" in m.text and violations.append(m.text))
    return violations


def test_a_referee_uses_the_table_page_without_a_policy_violation(running_event, bob, page):
    violations = _watch(page)
    log_in(page, "bob")
    page.goto(page.base_url + "/e/ljubljana-open/round/1/table/1/")
    type_e1(page)
    page.locator("#id_card_points").dispatch_event("change")
    page.wait_for_selector("#preview .breakdown")  # htmx swapped the preview in
    page.locator("#entry button[type=submit]").click()
    page.wait_for_load_state()
    assert "Hand 1 saved" in page.inner_text("main")
    with page.expect_navigation():
        page.select_option("select[name=language]", "sl")  # data-autosubmit replaces onchange=
    assert page.evaluate("document.documentElement.lang") == "sl"
    assert violations == []


def test_a_referee_is_asked_before_deleting_a_hand(running_event, bob, page):
    from tournaments.models import Hand, Table

    table = Table.objects.get(round__tournament=running_event, number=1)
    enter_e1(bob, table)
    violations = _watch(page)
    log_in(page, "bob")
    page.goto(page.base_url + "/e/ljubljana-open/round/1/table/1/hands/1/")
    questions: list[str] = []

    def dismiss(dialog):
        questions.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", dismiss)
    page.fill("[name=reason]", "entered twice")
    page.locator("button[name=delete]").click()
    assert questions == ["Delete this hand? Later hands move up and are rescored."]
    assert page.url.endswith("/hands/1/")
    assert Hand.objects.filter(table=table).count() == 1
    assert violations == []


def test_the_api_docs_render_under_the_policy(running_event, page):
    violations = _watch(page)
    page.goto(page.base_url + "/api/docs/")
    page.wait_for_selector(".swagger-ui .info .title", timeout=20000)
    assert "Tarok tournaments API" in page.inner_text(".swagger-ui .info .title")
    assert violations == []
