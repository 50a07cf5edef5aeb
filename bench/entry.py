"""Hand entry on a phone: how many inputs a referee needs per hand (issue 16).

    python bench/entry.py            # enter every hand, print the counts
    python bench/entry.py --write    # ... and update its section of bench/RESULTS.md
    python bench/entry.py --shots /tmp/fewtaps   # ... and screenshot each variant's form at 375 px

Builds one running event per hand in a fresh SQLite file (hand 1 of table 1, so no earlier hand's
state changes the score), starts the production server (gunicorn) on it, and drives the table page
in headless Debian Chromium at 375 x 812 as a referee: each hand is entered with the fewest inputs
the form allows, and every input is counted as a person makes it: a tap on a chip, a folded
section's title or the save button is one; a typed number is one; a select is two (open, pick).
Then the stored hand's points (Hand rows) are compared with the spec's arithmetic, written next
to each hand. Prints ``<variant> <hand>: <n> inputs`` per hand and last
``typical max: <n>, complex max: <n>``. Targets: typical <= 6, complex <= 10.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from report import machine, setup_path, write_section

setup_path()

TYPICAL_TARGET, COMPLEX_TARGET = 6, 10
WIDTH, HEIGHT = 375, 812
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@dataclass(frozen=True)
class Case:
    """A hand as the referee enters it: ``steps`` are ("tap", field, value), ("type", field, number),
    ("select", field, value) or ("open", field) (tap the title of the folded section holding field)."""

    variant: str
    name: str
    kind: str  # "typical" or "complex"
    why: str  # the spec's arithmetic for ``points``
    steps: tuple[tuple[str, ...], ...]
    points: dict[str, int]


# The hands, with the spec's arithmetic for each (data: entry_cases.json beside this file).
CASES = [
    Case(**{**row, "steps": tuple(map(tuple, row["steps"]))})
    for row in json.loads((Path(__file__).with_name("entry_cases.json")).read_text(encoding="utf-8"))["cases"]
]


# --- the event ------------------------------------------------------------------------------------


def build(cases: list[Case]) -> dict[int, tuple[str, str]]:
    """One running event per case (case index -> (event slug, table 1's page path)); users boss, ref."""
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.db import connections

    from tests.tournaments.variant_tables import running_table

    call_command("migrate", verbosity=0)
    boss = User.objects.create_superuser("boss", password="boss-password")
    User.objects.create_user("ref", password="ref-password")
    out = {}
    for i, case in enumerate(cases):
        slug = f"entry-{i}"
        running_table(boss, case.variant, slug=slug, referee="ref", seed="entry")
        out[i] = (slug, f"/e/{slug}/round/1/table/1/")
    connections.close_all()
    return out


# --- the referee's phone ---------------------------------------------------------------------------


def run(page, case: Case) -> int:
    """Enter ``case`` on the open table page; the number of inputs it took."""
    form = page.locator("form.hand-form")
    inputs = 0
    for step in case.steps:
        action, name = step[0], step[1]
        if action == "open":
            form.locator(f"details:has([name='{name}']) > summary").click()
            inputs += 1
        elif action == "tap":
            form.locator(f"label.chip:has(input[name='{name}'][value='{step[2]}'])").click()
            inputs += 1
        elif action == "type":
            form.locator(f"[name='{name}']").fill(step[2])
            inputs += 1
        elif action == "select":
            form.locator(f"select[name='{name}']").select_option(step[2])
            inputs += 2
    page.wait_for_timeout(700)  # the preview follows the last change (htmx, 250-600 ms)
    form.locator(".entry-bar button[type=submit]").click()
    page.wait_for_load_state()
    return inputs + 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="update the section of bench/RESULTS.md")
    parser.add_argument("--shots", help="save a screenshot of each variant's form in this folder")
    args = parser.parse_args(argv)

    from load import free_port, server_env, start_server
    from public_load import collect_static

    database = f"sqlite:///{tempfile.mkdtemp(prefix='tarok-entry-')}/entry.sqlite3"
    env = server_env(database)
    os.environ.update({k: env[k] for k in ("DJANGO_SETTINGS_MODULE", "DATABASE_URL", "DEBUG", "SECRET_KEY")})
    os.environ["SECURE_SSL_REDIRECT"] = "false"
    pages = build(CASES)
    collect_static()
    port = free_port()
    log = Path(tempfile.mkdtemp(prefix="tarok-entry-log-")) / "server.log"
    server = start_server(env, port, workers=1, log=log)
    base = f"http://127.0.0.1:{port}"
    results: list[tuple[Case, int, bool, dict]] = []
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"  # Playwright's sync API runs an event loop here
    try:
        from playwright.sync_api import sync_playwright

        from tournaments.models import Hand

        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
            page.goto(base + "/accounts/login/")
            page.fill("#id_username", "ref")
            page.fill("#id_password", "ref-password")
            page.locator("main button[type=submit]").click()
            page.wait_for_load_state()
            shot: set[str] = set()
            for i, case in enumerate(CASES):
                slug, path = pages[i]
                page.goto(base + path)
                if args.shots and case.variant not in shot:
                    Path(args.shots).mkdir(parents=True, exist_ok=True)
                    page.locator("#entry").scroll_into_view_if_needed()
                    page.screenshot(path=f"{args.shots}/{case.variant}.png")
                    page.screenshot(path=f"{args.shots}/{case.variant}-full.png", full_page=True)
                    shot.add(case.variant)
                n = run(page, case)
                hand = Hand.objects.filter(table__round__tournament__slug=slug, number=1).first()
                stored = dict(hand.points) if hand else {}
                ok = stored == case.points
                if not ok and not hand:
                    err = page.locator("#preview").inner_text() if page.locator("#preview").count() else ""
                    print(f"  not stored: {err.strip()[:400]}", file=sys.stderr)
                results.append((case, n, ok, stored))
                flag = "" if ok else f"  MISMATCH: stored {stored}, spec {case.points}"
                print(f"{case.variant} {case.name}: {n} inputs{flag}", flush=True)
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    typical = max((n for c, n, _ok, _s in results if c.kind == "typical"), default=0)
    complex_ = max((n for c, n, _ok, _s in results if c.kind == "complex"), default=0)
    all_ok = all(ok for *_x, ok, _s in results)
    print(f"typical max: {typical}, complex max: {complex_}")
    if args.write:
        rows = "\n".join(
            f"| {c.variant} | {c.name} | {c.kind} | {n} | {'yes' if ok else 'NO'} |" for c, n, ok, _s in results
        )
        met = typical <= TYPICAL_TARGET and complex_ <= COMPLEX_TARGET
        write_section(
            "Hand entry on a phone (bench/entry.py)",
            "## Hand entry on a phone (bench/entry.py)\n\n"
            f"{machine()}. Headless Chromium at {WIDTH} x {HEIGHT}, the referee's table page; a tap (chip, "
            "section title, save) or a typed number is one input, a select two. Points checked against the spec.\n\n"
            "| variant | hand | kind | inputs | points as the spec |\n| --- | --- | --- | --- | --- |\n"
            f"{rows}\n\n**typical max: {typical}** (target {TYPICAL_TARGET}), **complex max: {complex_}** "
            f"(target {COMPLEX_TARGET}): {'met' if met else 'NOT met'}.\n",
        )
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
