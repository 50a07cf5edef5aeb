"""The judge's desk in Chromium: a referee at 375 px opens a renonsz claim from the table page in two
taps; the organizer at 1280 px rules it a false call, follows the prefilled correction (the engine's
case 10.3.g charges the caller: ulti-mausz.md Example 1, declarer +2, partner +1, caller −3), then
gives a red card and excludes the player; the filled protocol shows the claim as a footnote on its
hand, and the standings mark the excluded player."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import log_in
from tests.support.incidents import _seated, ulti_table_with_example_1
from tournaments.models import Entry, Hand, Incident, Sanction
from tournaments.tables import hands


def test_a_renonsz_claim_from_the_table_to_the_corrected_hand_and_an_exclusion(chromium, live_server, alice, bob):
    table, parti, (declarer, caller, partner) = ulti_table_with_example_1(alice)
    hand = hands.enter_hand(bob, table, parti)
    event = table.round.tournament
    seats = _seated(table)
    referee = chromium.new_page(viewport={"width": 375, "height": 800})
    referee.base_url = live_server.url
    log_in(referee, "bob")
    referee.goto(f"{live_server.url}/e/{event.slug}/round/1/table/1/")
    referee.click(".incident-bar a.button")
    referee.fill("input[name=hand_number]", "1")
    referee.select_option("select[name=caller]", str(seats[caller].pk))
    referee.check(f"input[name=involved][value='{seats[declarer].pk}']")
    referee.fill("textarea[name=finding]", "the declarer revoked in trick 3")
    referee.click("form.incident-form button[type=submit]")
    referee.wait_for_url("**/table/1/")

    judge = chromium.new_page(viewport={"width": 1280, "height": 900})
    judge.base_url = live_server.url
    log_in(judge, "alice")
    judge.goto(f"{live_server.url}/e/{event.slug}/manage/judge/")
    rule = judge.locator("section.incident-open form.rule-form")
    rule.locator("select[name=outcome]").select_option("not_found")
    rule.locator("textarea[name=ruling]").fill("tricks inspected: no violation")
    rule.locator("button[type=submit]").click()
    judge.click(".consequence a.button")
    # The correction page loads after the click: wait for its preset case (the chip 10.3.g, checked).
    expect(judge.locator("input[name=renonsz_case][value='10.3.g']")).to_be_checked()
    judge.click("button[name=save]")
    judge.wait_for_url("**/table/1/")
    assert Hand.objects.get(pk=hand.pk).points == {declarer: 2, partner: 1, caller: -3}

    judge.goto(f"{live_server.url}/e/{event.slug}/manage/judge/{Incident.objects.get().pk}/")
    judge.on("dialog", lambda dialog: dialog.accept())
    for kind in ("red", "exclusion"):
        judge.select_option("select[name=entry_id]", str(seats[caller].pk))
        judge.select_option("select[name=kind]", kind)
        judge.fill("input[name=reason]", "insulted the jury")
        judge.click("form.sanction-form button[type=submit]")
        judge.wait_for_load_state()
    assert list(Sanction.objects.values_list("kind", flat=True)) == ["red", "exclusion"]
    assert Entry.objects.get(pk=seats[caller].pk).status == Entry.Status.EXCLUDED
    judge.goto(f"{live_server.url}/e/{event.slug}/round/1/table/1/")
    assert "exclusion" in judge.locator(".table-sanctions").inner_text()

    # The filled protocol carries the claim on hand 1's line and the ruling as its footnote.
    judge.goto(f"{live_server.url}/e/{event.slug}/round/1/table/1/protocol/")
    assert judge.locator("tr.incident td.num sup").all_inner_texts() == ["1"]
    note = judge.locator(".incidents li").first.inner_text()
    assert "Hand 1" in note and "renonsz claim" in note and "no violation: a false call" in note
    assert "the declarer revoked in trick 3 — tricks inspected: no violation" in note
    # The standings page marks the excluded player, not his tablemates (the struck round result:
    # tests/tournaments/test_incidents.py).
    judge.goto(f"{live_server.url}/e/{event.slug}/standings/")
    excluded = judge.locator(f"tr#p-{seats[caller].start_number}")
    assert "excluded" in excluded.inner_text()
    assert "excluded" not in judge.locator(f"tr#p-{seats[declarer].start_number}").inner_text()
