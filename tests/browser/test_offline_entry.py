"""Offline-tolerant entry (issue 16) in headless Chromium at 375 px: the hall's Wi-Fi drops in the
middle of a table; the hands the referee saves meanwhile are kept on the phone, survive a reload,
and are stored once each, in order, when the connection returns. A hand someone else entered
meanwhile is shown with both versions."""

from __future__ import annotations

from types import SimpleNamespace

from playwright.sync_api import expect

from scoring.engine import evaluate
from tests.browser.conftest import chosen, go_offline, go_online, log_in, tap
from tests.browser.handentry import fill_hand
from tests.conftest import set_hands_per_round
from tournaments.models import Hand, IdempotencyKey, Table
from tournaments.tables import hands as services

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


def controlled(page) -> None:
    """Wait until the service worker controls the page (it keeps the page for a reload offline)."""
    page.evaluate(
        "() => navigator.serviceWorker.controller"
        " || new Promise(done => navigator.serviceWorker.addEventListener('controllerchange', done))"
    )


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
    controlled(page)

    go_offline(page)
    for n, hand in enumerate(hands[1:], start=2):
        save(page, hand)
        expect(page.locator("tr.queued")).to_have_count(n - 1)
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

    go_online(page)
    expect(page.locator("main > ul.messages")).to_contain_text("Hand 4 saved")  # shown without a reload
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


def king_game(page, game: str, king: str, partner: str, points: int, declarer: str | None = None) -> None:
    """Tap a Taruk king game into the entry form and save it; the declarer only where given."""
    tap(page, "game", game)
    if declarer:
        tap(page, "declarer", declarer)
    tap(page, "called_king", king)
    tap(page, "partner", partner)
    page.fill("#id_card_points", str(points))
    page.locator("#entry button[type=submit]").click()


def test_offline_the_form_advances_as_online_and_the_page_shows_the_stored_hands_without_a_reload(
    running_event, alice, bob, page
):
    """Issue "The director's day", item 2. Offline, hand 2 and then hand 3 (a dve with the declarer
    left at its default) are kept; hand 3's form is hand 3's: dealer C, forehand D preselected (the
    rotation of taruk2012.md §7.3: dealer A, B, C, D, forehand the seat after him). A hand 4 the
    server refuses (a tri by B, not the forehand A) is shown whole when the connection returns,
    and the stored hands and totals show without a reload.

    Points (taruk2012.md §8.1 E1 and §3.3): tri won with 48 -> 50, diff 15, G = 10 + 15 = 25, partner
    (25 + 5) / 2 = 15; dve won with 48: G = 20 + 15 = 35, partner (35 + 5) / 2 = 20.
    Hand 1 B 25, D 15; hand 2 C 25, A 15; hand 3 D 35, B 20: totals A 15, B 45, C 25, D 50."""
    set_hands_per_round(running_event, 6)
    table = Table.objects.get(round__tournament=running_event, round__number=1, number=1)
    log_in(page, "bob")
    page.goto(page.base_url + URL)
    save(page, tri_hands(table, [48])[0])  # hand 1, online: dealer A, tri by B with D
    expect(page.locator("main > ul.messages")).to_contain_text("Hand 1 saved")
    heading = page.locator("#entry h2")

    go_offline(page)
    expect(heading).to_have_text("Hand 2 — dealer B")
    assert chosen(page, "declarer") == "C"  # the forehand
    king_game(page, "tri", "hearts", "A", 48)
    expect(page.locator("tr.queued")).to_have_count(1)

    # Hand 3's own form: dealer C marked, the seats from D, D (the forehand) the declarer's default.
    expect(heading).to_have_text("Hand 3 — dealer C")
    expect(page.locator("#table-seats .deals-next")).to_have_count(1)
    expect(page.locator("#table-seats tr[data-seat='C'] .deals-next")).to_be_visible()
    expect(page.locator("#entry input[name='declarer']")).to_have_count(5)
    order = page.locator("#entry input[name='declarer']").evaluate_all("inputs => inputs.map(i => i.value)")
    assert order == ["", "D", "A", "B", "C"]
    assert chosen(page, "declarer") == "D" and chosen(page, "game") != "dve"
    king_game(page, "dve", "spades", "B", 48)  # the declarer left at its default
    expect(page.locator("tr.queued")).to_have_count(2)

    expect(heading).to_have_text("Hand 4 — dealer D")
    assert chosen(page, "declarer") == "A"
    king_game(page, "tri", "clubs", "C", 52, declarer="B")  # not the forehand: the server refuses it
    expect(page.locator("tr.queued")).to_have_count(3)
    assert Hand.objects.count() == 1
    page.evaluate("() => { window.sameDocument = true; }")

    go_online(page)
    panel = page.locator(".offline-problem")
    expect(panel).to_contain_text("Hand 4 was refused")
    mine = panel.locator(".offline-mine").inner_text()
    assert "game: tri" in mine and "declarer: B ·" in mine and "card points of the declaring side: 52" in mine
    stored = [(h.number, h.dealer, h.input["game"], h.input["declarer"]) for h in Hand.objects.order_by("number")]
    assert stored == [(1, "A", "tri", "B"), (2, "B", "tri", "C"), (3, "C", "dve", "D")]
    # The page shows them and the totals, without a reload.
    rows = page.locator("table.hands tbody tr:not(.queued):not(.running)").filter(has=page.locator("td.num"))
    expect(page.locator("table.hands tbody tr.running")).to_have_count(3)
    expect(rows.locator("td:nth-child(2)")).to_have_text(["A", "B", "C"])
    totals = {p: page.locator(f"#table-seats tr[data-seat='{p}'] td.num").inner_text() for p in "ABCD"}
    assert totals == {"A": "15", "B": "45", "C": "25", "D": "50"}
    expect(page.locator("main > ul.messages")).to_contain_text("Hand 3 saved")
    assert page.evaluate("() => window.sameDocument") is True
    # The form waits for hand 5 (hand 4 is the refused one, still on the phone): dealer A.
    expect(heading).to_have_text("Hand 5 — dealer A")
