"""Offline-tolerant entry (issue 16) in headless Chromium at 375 px: the hall's Wi-Fi drops in the
middle of a table; the hands the referee saves meanwhile are kept on the phone, survive a reload,
and are stored once each, in order, when the connection returns. A hand someone else entered
meanwhile is shown with both versions."""

from __future__ import annotations

from types import SimpleNamespace

from scoring.engine import evaluate
from tests.browser.conftest import log_in
from tests.browser.handentry import fill_hand
from tests.conftest import set_hands_per_round
from tournaments import hands as services
from tournaments.models import Hand, IdempotencyKey, Table

URL = "/e/ljubljana-open/round/1/table/1/"


def tri_hands(table: Table, card_points: list[int]) -> list[dict]:
    """Hands 1.. of the table: each a tri by the forehand with the third seat as partner, with the
    given card points; dealers and seats as the table rotates them (computed, not stored)."""
    setup = services.table_setup(table, table.round.tournament)
    previous, out = None, []
    for points in card_points:
        envelope = services.next_envelope(setup, previous)
        s = envelope["seats"]
        hand = {**envelope, "game": "tri", "declarer": s[0], "called_king": "hearts", "partner": s[2]}
        hand["card_points"] = points
        out.append(hand)
        previous = SimpleNamespace(
            input=hand, state_after=evaluate(hand, previous.state_after if previous else {}).state
        )
    return out


def go_offline(page) -> None:
    """The hall's Wi-Fi drops. Chromium's offline emulation does not reach a service worker's
    requests nor, under load, every request of a page reloading (playwright#2311): every request
    is also aborted as a lost connection would abort it, so nothing reaches the server."""
    page.context.route("**/*", lambda route: route.abort("internetdisconnected"))
    page.context.set_offline(True)


def go_online(page) -> None:
    page.context.unroute("**/*")
    page.context.set_offline(False)


def save(page, hand: dict) -> None:
    fill_hand(page, "#entry form", "taruk2012", hand)
    page.locator("#entry button[type=submit]").click()


def test_hands_saved_offline_are_kept_and_stored_once_in_order(running_event, alice, bob, page):
    set_hands_per_round(running_event, 6)
    table = Table.objects.get(round__tournament=running_event, round__number=1, number=1)
    hands = tri_hands(table, [48, 40, 52, 60])
    log_in(page, "bob")
    page.goto(page.base_url + URL)
    save(page, hands[0])
    page.wait_for_selector("text=Hand 1 saved")
    page.wait_for_function("navigator.serviceWorker.controller !== null")

    go_offline(page)
    for n, hand in enumerate(hands[1:], start=2):
        save(page, hand)
        page.wait_for_function(f"document.querySelectorAll('tr.queued').length === {n - 1}")
        assert "not yet sent" in page.locator("tr.queued").last.inner_text()
        assert page.input_value("#entry [name=number]") == str(n + 1)
    assert "No connection" in page.inner_text("#offline-banner")
    assert Hand.objects.count() == 1

    page.reload()  # still offline: the page comes from the phone, the hands from its storage
    assert page.locator("tr.queued").count() == 3
    assert [c.strip() for c in page.locator("tr.queued td.num").all_inner_texts()] == ["2", "3", "4"]
    assert "Hands not yet sent: 3" in page.inner_text("#offline-banner")
    assert Hand.objects.count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 375

    with page.expect_navigation():
        go_online(page)
    page.wait_for_selector("text=Hand 4 saved")
    stored = list(Hand.objects.order_by("number").values_list("number", "dealer", "input"))
    assert [(n, d, i["card_points"]) for n, d, i in stored] == [
        (n, h["dealer"], h["card_points"]) for n, h in enumerate(hands, start=1)
    ]
    assert IdempotencyKey.objects.filter(table=table).count() == 4  # one hand per token
    assert page.locator("tr.queued").count() == 0
    assert page.input_value("#entry [name=number]") == "5"


def test_a_hand_someone_else_stored_meanwhile_is_shown_with_both_versions(running_event, bob, rita, page):
    table = Table.objects.get(round__tournament=running_event, round__number=1, number=1)
    mine, theirs = tri_hands(table, [60]), tri_hands(table, [48])
    log_in(page, "bob")
    page.goto(page.base_url + URL)
    go_offline(page)
    save(page, mine[0])
    page.wait_for_selector("tr.queued")
    services.enter_hand(rita, table, theirs[0])  # the other referee's phone had a connection

    go_online(page)
    panel = page.locator(".offline-problem")
    panel.wait_for()
    text = panel.inner_text()
    assert "Hand 1 has already been saved (by rita)" in text
    assert "Stored (saved by rita)" in text and "B 25" in text and "(25 + 5) / 2 = 15" in text  # theirs: E1
    assert "Yours (not sent)" in text and "60" in text  # mine, as typed
    assert Hand.objects.count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 375

    panel.get_by_role("button", name="Open a correction with mine").click()
    page.wait_for_url("**/hands/1/")
    assert page.input_value("[name=card_points]") == "60"
    assert "Your version of hand 1 is filled in" in page.inner_text("main")
    page.fill("[name=reason]", "the other phone had it wrong")
    page.locator("button[name=save]").click()
    page.wait_for_selector("text=Hand 1 corrected")
    assert list(Hand.objects.values_list("number", "input__card_points")) == [(1, 60)]
    assert page.locator("tr.queued").count() == 0
