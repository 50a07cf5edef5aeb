"""A referee in a dim hall, on a 375 px phone (issue 16, accessibility): every page he or a player
uses passes axe-core's WCAG 2 A/AA rules and its best practices (labels, contrast, landmarks,
headings), and the table page can be worked from the keyboard, in reading order, with a visible focus.

axe-core is the one bundled in the ``axe-playwright-python`` package: nothing is downloaded.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from scoring.engine import evaluate
from scoring.registry import VARIANTS
from tests.browser.conftest import log_in
from tests.browser.handentry import fill_hand
from tests.conftest import enter_e1
from tests.samples import sample_config, samples_of
from tests.support.events import new_event
from tournaments.events import services
from tournaments.models import Hand, Table
from tournaments.rounds import services as rounds
from tournaments.tables import hands

# What the page is (markup, layout, scripts): no database can change it, so CI's PostgreSQL pass leaves it out.
pytestmark = pytest.mark.page_only

# WCAG 2.0/2.1/2.2 A and AA, and axe's best practices (one main, headings in order, regions).
AXE_OPTIONS = {
    "runOnly": {
        "type": "tag",
        "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
    },
    "resultTypes": ["violations"],
}


# The dark scheme changes the colours and nothing else (site.css: custom properties under
# prefers-color-scheme): in it the rules that read colours are run again, not the whole set.
DARK_OPTIONS = {
    "runOnly": {"type": "rule", "values": ["color-contrast", "link-in-text-block"]},
    "resultTypes": ["violations"],
}
_AXE_SCRIPT = Axe().axe_script


def violations(page: Any, options: dict = AXE_OPTIONS) -> list[str]:
    """axe-core's findings on the page as it shows now: one readable line per failing node. axe-core is
    put into the page once (half a megabyte of script), not for every check."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(_AXE_SCRIPT)
    found = page.evaluate("options => axe.run(document, options)", options)["violations"]
    return [
        f"{v['id']} ({v['impact']}) {' '.join(map(str, node['target']))}: {node.get('failureSummary', '')}"
        for v in found
        for node in v["nodes"]
    ]


def assert_accessible(page: Any, what: str) -> None:
    """No violation in the light scheme, nor a colour one in the dark scheme a phone in a dim hall may be
    set to."""
    for scheme, options in (("light", AXE_OPTIONS), ("dark", DARK_OPTIONS)):
        page.emulate_media(color_scheme=scheme)
        found = violations(page, options)
        assert not found, f"{what}, {scheme} ({page.url}):\n" + "\n".join(found)
    page.emulate_media(color_scheme="light")


def assert_pages_accessible(page: Any, urls: dict[str, str]) -> None:
    """Open each page once its scripts have settled and check it."""
    for what, url in urls.items():
        page.goto(page.base_url + url)
        page.wait_for_load_state("networkidle")
        assert_accessible(page, what)


def open_every_section(page: Any) -> None:
    """Unfold every section of the hand form, also those the chosen game hides, so that each field
    any game shows is checked."""
    page.evaluate(
        "document.querySelectorAll('form.hand-form details').forEach(d => { d.open = true; d.hidden = false; })"
    )


def sample_hands(key: str, table: Table, count: int) -> list[dict]:
    """The first ``count`` deals of a sample sequence (tests.samples) for this table."""
    positions = sorted(table.seats.values_list("position", flat=True))
    return samples_of(key).random_hand_sequence(random.Random(key), count, positions, table.first_dealer)


def playing_event(alice: Any, key: str) -> Any:
    """A public event of this variant, bob its referee, one full table of four; round 1 running."""
    event = new_event(alice, f"{key}-axe", key, name=f"Accessible {key}", config=sample_config(key))
    services.set_referee(alice, event, "bob", [])
    for i in range(1, 5):
        services.register_player(alice, event, name=f"Player {i}", club="TK Test", team=f"Pair {(i + 1) // 2}")
    rnd = rounds.draw_round(alice, event, seed="axe")
    rounds.publish_draw(alice, rnd)
    rounds.start_clock(alice, rnd)
    return event


def fill_next_hand(page: Any, key: str, table: Table) -> None:
    """Type the table's next sample deal into the page's hand form and wait for the engine's preview."""
    hand = sample_hands(key, table, table.hands.count() + 1)[-1]
    fill_hand(page, "#entry form", key, hand)
    page.locator("#entry form [name]:visible").last.dispatch_event("change")
    # htmx posts a preview at most 600 ms after the last change (table.html's hx-trigger); the check
    # must see the one of this hand, with its points after the stored hands, not an earlier one.
    last = table.hands.order_by("number").last()
    points = evaluate(hand, last.state_after if last else {}, table.round.tournament.config or None).points
    positions = sorted(table.seats.values_list("position", flat=True))
    expect(page.locator("#preview .preview:not(.bad) td")).to_have_text([str(points[p]) for p in positions])
    expect(page.locator("#entry form.htmx-request")).to_have_count(0)


@pytest.mark.parametrize("key", list(VARIANTS))
def test_a_referees_pages_pass_axe_on_a_phone(key, alice, bob, page):
    event = playing_event(alice, key)
    table = Table.objects.get(round__tournament=event, number=1)
    hands.enter_hand(bob, table, sample_hands(key, table, 1)[0])
    base = f"/e/{event.slug}"

    log_in(page, "bob")

    page.goto(page.base_url + f"{base}/round/1/table/1/")
    assert_accessible(page, "the table page")
    fill_next_hand(page, key, table)
    open_every_section(page)
    assert_accessible(page, "the table page with a hand typed in and every section open")

    page.goto(page.base_url + f"{base}/round/1/table/1/hands/1/")
    open_every_section(page)
    assert page.locator("#id_reason").is_visible()
    assert_accessible(page, "the hand correction page")

    page.goto(page.base_url + f"{base}/round/1/table/1/incident/")
    assert page.locator("main form textarea, main form select").count()
    assert_accessible(page, "the incident form")


def test_the_public_pages_pass_axe_on_a_phone(alice, bob, page):
    event = playing_event(alice, "taruk2012")
    table = Table.objects.get(round__tournament=event, number=1)
    hands.enter_hand(bob, table, sample_hands("taruk2012", table, 1)[0])
    base = f"/e/{event.slug}"
    assert_pages_accessible(
        page,
        {
            "the round page": f"{base}/round/1/",
            "the standings": f"{base}/standings/",
            "the hall": f"{base}/hall/",
            "a player's page": f"{base}/player/1/",
            "the login page": "/accounts/login/",
        },
    )


def test_a_referee_tabs_through_the_table_page_in_reading_order_with_a_visible_focus(alice, bob, page):
    event = playing_event(alice, "taruk2012")
    table = Table.objects.get(round__tournament=event, number=1)
    log_in(page, "bob")
    page.goto(page.base_url + f"/e/{event.slug}/round/1/table/1/")
    fill_next_hand(page, "taruk2012", table)
    first_field = page.get_attribute("#entry form [name]:not([type=hidden]):visible >> nth=0", "name")
    page.focus(".brand")  # from the top of the page

    stops = []  # every tab stop up to the hand's save button
    for _ in range(200):
        page.keyboard.press("Tab")
        stops.append(page.evaluate(TAB_STOP))
        if stops[-1]["save"]:
            break
    keys = [s["key"] for s in stops]
    assert stops[-1]["save"], f"the save button is never reached by Tab: {keys}"
    names = [s["name"] for s in stops]
    assert first_field in names, f"the hand form's first field is never reached: {keys}"
    assert names.index(first_field) < 10, f"too many stops before the hand form: {keys}"
    # Reading order: each stop follows the one before it in the page (no positive tabindex).
    orders = [s["order"] for s in stops]
    assert orders == sorted(orders), f"Tab jumps around the page: {keys}"
    # The arithmetic is read before the save button, and announced when it changes.
    assert page.evaluate(
        "document.querySelector('#preview').compareDocumentPosition("
        "document.querySelector('#entry [type=submit]')) & Node.DOCUMENT_POSITION_FOLLOWING"
    )
    assert page.get_attribute("#preview", "aria-live") == "polite"
    unseen = [s["key"] for s in stops if not s["seen"]]
    assert not unseen, f"no visible focus on {unseen}"
    # Enter on the focused save button saves the hand.
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert "Hand 1 saved" in page.inner_text("main")
    assert Hand.objects.filter(table=table).count() == 1


# The focused element: what it is, where it sits in the page, and whether a focus ring shows on it
# or on its label (a chip's native input may be hidden behind its label).
TAB_STOP = """() => {
    const e = document.activeElement;
    const ring = x => {
        const s = getComputedStyle(x), r = x.getBoundingClientRect();
        return r.width > 2 && r.height > 2 && s.opacity !== '0'
            && ((s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) || s.boxShadow !== 'none');
    };
    return {key: e.id || e.name || e.textContent.trim(), name: e.name || null,
            seen: [e, ...(e.labels || [])].some(ring),
            save: e.matches('#entry button[type=submit], #entry input[type=submit]'),
            order: Array.from(document.querySelectorAll('*')).indexOf(e)};
}"""


def test_arrowing_through_the_languages_stays_on_the_page_and_enter_switches(running_event, page):
    page.goto(page.base_url + "/e/ljubljana-open/standings/")
    language = page.locator("select[name=language]")
    sent = []  # the forms the page posts
    page.on("request", lambda request: sent.append(request.post_data) if request.method == "POST" else None)
    language.focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    chosen = language.input_value()
    assert chosen != "en"
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.evaluate("document.documentElement.lang") == chosen
    assert page.url.endswith("/e/ljubljana-open/standings/")
    # Arrowing sent nothing: the one form posted is Enter's, with the language arrowed to last.
    assert len(sent) == 1 and f"language={chosen}" in sent[0]


def test_a_tap_on_a_language_still_switches_at_once(running_event, page):
    page.goto(page.base_url + "/e/ljubljana-open/standings/")
    with page.expect_navigation():
        page.select_option("select[name=language]", "sl")
    assert page.evaluate("document.documentElement.lang") == "sl"


def test_the_players_confirmation_on_the_table_page_passes_axe(running_event, alice, bob, page):
    from tournaments.incidents import services as incidents
    from tournaments.models import Referee

    # bob is the table's referee with judge rights: only a judge is offered the countersignature.
    incidents.set_judge(alice, Referee.objects.get(tournament=running_event, user=bob), True)
    table = Table.objects.get(round__tournament=running_event, number=1)
    enter_e1(bob, table)
    enter_e1(bob, table)  # the table's two hands: the players confirm
    log_in(page, "bob")
    page.goto(page.base_url + "/e/ljubljana-open/round/1/table/1/")
    assert_accessible(page, "the players' confirmation")
    # Seat A confirms with the PIN: the judge's way to close the table shows too.
    pin = table.seats.get(position="A").entry.pin
    page.get_by_label("PIN A").fill(pin)
    with page.expect_navigation():
        page.get_by_label("PIN A").press("Enter")
    assert page.locator("#id_judge_reason").is_visible()
    assert_accessible(page, "the judge's confirmation")


def test_the_organizers_pages_pass_axe(alice, bob, page):
    event = playing_event(alice, "tarokk-laza")  # the variant whose point table the organizer edits
    log_in(page, "alice")
    base = f"/e/{event.slug}/manage"
    assert_pages_accessible(
        page,
        {
            "the staff page": f"{base}/staff/",
            "the documents page": f"{base}/documents/",
            "the point-table editor": f"{base}/point-table/",
            "the rounds page": f"{base}/rounds/",
            "the players page": f"{base}/players/",
        },
    )
