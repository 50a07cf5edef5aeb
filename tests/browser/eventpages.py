"""People working an event's pages in headless Chromium, for the full-event runs
(``test_full_event.py``, ``test_full_event_draws.py``): the organizer at a desk (1280 px), referees
on phones (375 px), each in a browser context of his own (own cookies), every 5xx kept."""

from __future__ import annotations

import re

from scoring.registry import VARIANTS
from tests.browser.handentry import fill_hand
from tests.fullevent import DRAW_SEED
from tournaments.models import Round, Tournament

REFEREE_PASSWORD = "kralj-pagat-77"
PHONE = {"width": 375, "height": 812}
DESK = {"width": 1280, "height": 800}


class Person:
    """One person's browser: a page in its own context (own cookies), every response status kept."""

    def __init__(self, browser, base_url: str, viewport: dict, errors: list):
        self.context = browser.new_context(viewport=viewport)
        self.page = self.context.new_page()
        self.page.set_default_timeout(10_000)
        # A table page's first render (its hands ahead) takes seconds on a loaded two-core machine.
        self.page.set_default_navigation_timeout(20_000)
        self.base = base_url
        self.page.on(
            "response", lambda r: errors.append(f"{r.status} {r.request.method} {r.url}") if r.status >= 500 else None
        )

    def go(self, path: str) -> None:
        self.page.goto(self.base + path)

    def open(self, path: str) -> None:
        """Go to ``path`` unless the page is there already: a save lands back on the table page, where
        the referee types the next hand without reloading it."""
        if self.page.url.split("#")[0] != self.base + path:
            self.go(path)

    def log_in(self, username: str, password: str = "") -> None:
        self.go("/accounts/login/")
        self.page.fill("#id_username", username)
        self.page.fill("#id_password", password or f"{username}-password")
        self.page.locator("main button[type=submit]").click()
        self.page.wait_for_load_state()

    def text(self, selector: str = "main") -> str:
        return self.page.inner_text(selector)

    def submit(self, selector: str) -> None:
        with self.page.expect_navigation():
            self.page.locator(selector).click()


def new_event(
    org: Person,
    variant: str,
    name: str,
    slug: str,
    *,
    rounds: int,
    hands_per_round: int,
    table_size: int,
    draw_method: str = "",
) -> Tournament:
    """The organizer creates the event on the *New event* page (a reading the form leaves unchosen,
    §4.5: its default; ``draw_method`` "": chosen at round 1's draw)."""
    org.go(f"/e/new/?variant={variant}")
    page = org.page
    page.fill("#id_name", name)
    page.fill("#id_slug", slug)
    page.fill("#id_rounds", str(rounds))
    page.fill("#id_hands_per_round", str(hands_per_round))
    page.fill("#id_table_size", str(table_size))
    page.check("#id_is_public")
    page.fill("#id_draw_seed", DRAW_SEED)
    if draw_method:
        page.select_option("#id_draw_method", draw_method)
    for option in VARIANTS[variant].options:
        if option.required:
            page.check(f"input[name={option.key}][value={option.default}]")
    org.submit("main form button[type=submit]")
    assert "Event created" in org.text(), org.text()
    return Tournament.objects.get(slug=slug)


def add_referee(org: Person, slug: str, username: str, tables: str) -> None:
    """A referee account made by the organizer on the staff page (``tables``: "" every table)."""
    org.go(f"/e/{slug}/manage/staff/")
    form = org.page.locator("main form").filter(has=org.page.locator("[name=acct-password]"))
    form.locator("[name=acct-username]").fill(username)
    form.locator("[name=acct-password]").fill(REFEREE_PASSWORD)
    form.locator("[name=acct-tables]").fill(tables)
    with org.page.expect_navigation():
        form.locator("button").click()
    assert username in org.text(), org.text()


def pins(org: Person, slug: str) -> dict[int, str]:
    """The PINs as the organizer's players page shows them (start number -> PIN)."""
    org.go(f"/e/{slug}/manage/players/")
    found_pins = {}
    for row in org.page.locator("main table tbody tr").all():
        cells = [c.strip() for c in row.locator("td").all_inner_texts()]
        found = [c for c in cells if re.fullmatch(r"\d{4,6}", c)]
        if found and cells[0].isdigit():
            found_pins[int(cells[0])] = found[-1]
    assert found_pins, "the players page shows no PINs"
    return found_pins


def start_round(org: Person, event: Tournament, number: int, *, method: str = "", choose: str = "") -> Round:
    """Rounds page: draw the next round (``method``: the one the form must preselect; ``choose``: the
    one the organizer picks instead), publish it, start its clock."""
    org.go(f"/e/{event.slug}/manage/rounds/")
    if method:
        assert org.page.input_value("#id_method") == method
    if choose:
        org.page.select_option("#id_method", choose)
    org.submit("main form button")
    org.submit("main form[action$='/publish/'] button")
    org.submit("main form[action$='/start/'] button")
    rnd = Round.objects.get(tournament=event, number=number)
    assert rnd.status == Round.Status.RUNNING
    return rnd


def close_round(org: Person, rnd: Round) -> None:
    """Round page: *Close the round*, confirmed in the browser's dialog."""
    org.go(f"/e/{rnd.tournament.slug}/round/{rnd.number}/")
    org.page.once("dialog", lambda d: d.accept())
    org.submit("main form[action$='/close/'] button")
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.CLOSED


def close_round_anyway(org: Person, rnd: Round, reason: str) -> None:
    """Round page: tables not confirmed by the players' PINs; *Close the round* with the override ticked
    and its reason."""
    org.go(f"/e/{rnd.tournament.slug}/round/{rnd.number}/")
    form = org.page.locator("#close-override")
    form.locator("[name=override]").check()
    form.locator("[name=reason]").fill(reason)
    with org.page.expect_navigation():
        form.locator("button").click()
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.CLOSED


def save_hand(ref: Person, url: str, variant: str, hand: dict) -> str:
    """The referee opens the table page (or is on it), types the hand and saves it; the page's text after."""
    ref.open(url)
    fill_hand(ref.page, "#entry form.hand-form", variant, hand)
    ref.submit("#entry form.hand-form button[type=submit]")
    return ref.text()


def confirm(ref: Person, url: str, numbers: dict[str, int], pins: dict[int, str]) -> None:
    """Each player (position -> start number) types his PIN on the referee's phone."""
    for position, start_number in sorted(numbers.items()):
        ref.open(url)
        form = ref.page.locator("#confirm form").filter(has=ref.page.locator(f"[value='{position}']"))
        form.locator("[name=pin]").fill(pins[start_number])
        with ref.page.expect_navigation():
            form.locator("button").click()
        assert f"Confirmed by {position}" in ref.text(), ref.text()
