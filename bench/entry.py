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
    steps: tuple[tuple[str, ...], ...]
    points: dict[str, int]  # from the spec, see the comment at each case


CASES = [
    # taruk2012.md §8.1 E1: tri by the forehand B (preset), king of hearts, partner D, 48 card points:
    # game 10 + round5(48 - 35) = 15 -> 25; the partner (25 + 5) / 2 = 15 (P15's reading).
    Case(
        "taruk2012",
        "tri with partner",
        "typical",
        (
            ("tap", "game", "tri"),
            ("tap", "called_king", "hearts"),
            ("tap", "partner", "D"),
            ("type", "card_points", "48"),
        ),
        {"A": 0, "B": 25, "C": 0, "D": 15},
    ),
    # Rule 20: klop, each player loses his own card points rounded to 5: 10, 25, 20, 15 (sum 70).
    Case(
        "taruk2012",
        "klop",
        "typical",
        (
            ("tap", "game", "klop"),
            ("type", "klop_A", "10"),
            ("type", "klop_B", "25"),
            ("type", "klop_C", "20"),
            ("type", "klop_D", "15"),
        ),
        {"A": -10, "B": -25, "C": -20, "D": -15},
    ),
    # E1 with trula announced and made, kontra'd: trula 20 announced x kontra 2 = 40 -> B 25 + 40 = 65,
    # the partner (65 + 5) / 2 = 35.
    Case(
        "taruk2012",
        "tri, trula announced with kontra",
        "complex",
        (
            ("tap", "game", "tri"),
            ("tap", "called_king", "hearts"),
            ("tap", "partner", "D"),
            ("type", "card_points", "48"),
            ("open", "b_trula"),
            ("tap", "b_trula", "made"),
            ("tap", "b_trula_kontra", "2"),
        ),
        {"A": 0, "B": 65, "C": 0, "D": 35},
    ),
    # E1 with a renons by C: C -70 (rule 24's default), the hand otherwise as played.
    Case(
        "taruk2012",
        "tri with renons",
        "complex",
        (
            ("tap", "game", "tri"),
            ("tap", "called_king", "hearts"),
            ("tap", "partner", "D"),
            ("type", "card_points", "48"),
            ("open", "renons_seat"),
            ("tap", "renons_seat", "C"),
        ),
        {"A": 0, "B": 25, "C": -70, "D": 15},
    ),
    # ulti-mausz.md §2 row 1: parti in zöld, value 1 per defender; B takes 60 card points at a table of three:
    # B +2, A and C -1.
    Case(
        "ulti-mausz",
        "parti",
        "typical",
        (
            ("tap", "trump", "zold"),
            ("tap", "declarer", "B"),
            ("type", "declarer_tricks", "6"),
            ("type", "declarer_card_points", "60"),
        ),
        {"A": -1, "B": 2, "C": -1},
    ),
    # The same parti entered without counting: the sheet's verdict "made" instead of the card points
    # (rules.by_sheet, issue 16's made/failed alternative): B +2, A and C -1.
    Case(
        "ulti-mausz",
        "parti by the sheet's verdict",
        "typical",
        (
            ("tap", "trump", "zold"),
            ("tap", "declarer", "B"),
            ("type", "declarer_tricks", "6"),
            ("open", "r_parti"),
            ("tap", "r_parti", "made"),
        ),
        {"A": -1, "B": 2, "C": -1},
    ),
    # Row 3: 40-100 in zöld, value 4 per defender; B announced the trump 40 (the form presets it for
    # the declarer of a 40-100) and reached 100 (60 + 40).
    Case(
        "ulti-mausz",
        "40-100",
        "typical",
        (
            ("tap", "bid", "40-100"),
            ("tap", "trump", "zold"),
            ("tap", "declarer", "B"),
            ("type", "declarer_tricks", "6"),
            ("type", "declarer_card_points", "60"),
        ),
        {"A": -4, "B": 8, "C": -4},
    ),
    # Row 5: ulti in zöld (4 + parti 1), the ulti kontra'd (x2): B won the last trick with the trump
    # seven and 60 card points: ulti 4 x 2 + parti 1 = 9 per defender.
    Case(
        "ulti-mausz",
        "ulti with kontra",
        "complex",
        (
            ("tap", "bid", "ulti"),
            ("tap", "trump", "zold"),
            ("tap", "declarer", "B"),
            ("type", "declarer_tricks", "6"),
            ("type", "declarer_card_points", "60"),
            ("tap", "trump7", "B:won"),
            ("open", "k_ulti"),
            ("tap", "k_ulti", "2"),
        ),
        {"A": -9, "B": 18, "C": -9},
    ),
    # ulti-mausz.md Example 27: renonsz 13.3.4 by the declarer C in a makk ulti, the ulti kontra'd:
    # V = ulti 4 x 2 + parti 1 = 9; C pays each defender 9 (no ulti penalty).
    Case(
        "ulti-mausz",
        "renonsz in a kontra'd ulti",
        "complex",
        (
            ("tap", "bid", "ulti"),
            ("tap", "trump", "makk"),
            ("tap", "declarer", "C"),
            ("open", "k_ulti"),
            ("tap", "k_ulti", "2"),
            ("open", "renonsz_case"),
            ("select", "renonsz_case", "13.3.4"),
            ("tap", "renonsz_offender", "C"),
        ),
        {"A": 9, "B": 9, "C": -18},
    ),
    # tarokk-vadasz.md §4 V1: B with partner D, 3 talon cards (G = 1), 50 card points, 5 tricks: S = +1.
    Case(
        "tarokk-vadasz",
        "2 v 2 won",
        "typical",
        (
            ("tap", "declarer", "B"),
            ("tap", "partner", "D"),
            ("tap", "declarer_talon_taken", "3"),
            ("type", "declarer_card_points", "50"),
            ("tap", "declarer_tricks", "5"),
        ),
        {"A": -1, "B": 1, "C": -1, "D": 1},
    ),
    # V1 again without counting: the sheet's count "won" (48-70) instead of the 50 card points scores
    # the same (rules.COUNT_RESULTS): S = +1. No volát, so no tricks either.
    Case(
        "tarokk-vadasz",
        "2 v 2 won by the sheet's count",
        "typical",
        (
            ("tap", "declarer", "B"),
            ("tap", "partner", "D"),
            ("tap", "declarer_talon_taken", "3"),
            ("tap", "count_result", "won"),
        ),
        {"A": -1, "B": 1, "C": -1, "D": 1},
    ),
    # tarokk-vadasz.md §4 V16: A with C, 2 talon cards (G = 2), 60 card points, 6 tricks, the dupla
    # announced by A and failed (60 < 71): game +2, failed dupla -4 x 2 = -8, S = -6.
    Case(
        "tarokk-vadasz",
        "announced dupla failed",
        "complex",
        (
            ("tap", "declarer", "A"),
            ("tap", "partner", "C"),
            ("tap", "declarer_talon_taken", "2"),
            ("type", "declarer_card_points", "60"),
            ("tap", "declarer_tricks", "6"),
            ("open", "decl_dupla"),
            ("tap", "decl_dupla", "announced"),
            ("tap", "decl_dupla_by", "A"),
        ),
        {"A": -6, "B": 6, "C": -6, "D": 6},
    ),
    # tarokk-laza.md §3.2 with the bench's point table (kassza made 30; trul failed 10): the attack's
    # kassza made with kontra 2 x 30 = 60; the defence's trul failed -10 (not zero-sum, §3.1).
    Case(
        "tarokk-laza",
        "kontra'd bid and a failed one",
        "complex",
        (
            ("select", "attack_1", "kassza"),
            ("tap", "attack_1_result", "made_k"),
            ("select", "defence_1", "trul"),
            ("tap", "defence_1_result", "failed"),
        ),
        {"A": 60, "B": -10, "C": -10, "D": 60},
    ),
    # tarokk-laza.md §4: the attack's kassza made, the defence's trul made (the bench's point table,
    # ILLUSTRATIVE, NOT FROM THE RULES: kassza 30, trul 30; picking a bid presets "made"): each pair
    # scores its own made bids (less its failed ones; not zero-sum, as L8): both pairs +30.
    Case(
        "tarokk-laza",
        "two bids",
        "typical",
        (
            ("select", "attack_1", "kassza"),
            ("select", "defence_1", "trul"),
        ),
        {"A": 30, "B": 30, "C": 30, "D": 30},
    ),
    # tarokk-illusztralt.md §4 E1: hármas by A with C, 52 card points, 5 tricks: G = 1 won.
    Case(
        "tarokk-illusztralt",
        "hármas 2 v 2",
        "typical",
        (
            ("tap", "bid", "harmas"),
            ("tap", "declarer", "A"),
            ("tap", "partner", "C"),
            ("type", "declarer_card_points", "52"),
            ("tap", "declarer_tricks", "5"),
        ),
        {"A": 1, "B": -1, "C": 1, "D": -1},
    ),
    # §4 E7 without its other figures: hármas by A with C, volát announced and made (all 9 tricks,
    # 90 card points): the game is not paid, announced volát 6G = 6, the silent dupla absorbed.
    Case(
        "tarokk-illusztralt",
        "hármas, volát announced",
        "complex",
        (
            ("tap", "bid", "harmas"),
            ("tap", "declarer", "A"),
            ("tap", "partner", "C"),
            ("type", "declarer_card_points", "90"),
            ("tap", "declarer_tricks", "9"),
            ("open", "fig1"),
            ("tap", "fig1", "volat"),
        ),
        {"A": 6, "B": -6, "C": 6, "D": -6},
    ),
    # §4 E12 without its figures: a kettes (G = 2) stopped by D's renonsz in the play: R = 2, the
    # offender pays R to each of the three others.
    Case(
        "tarokk-illusztralt",
        "kettes stopped by a renonsz",
        "complex",
        (
            ("tap", "outcome", "renonsz"),
            ("tap", "bid", "kettes"),
            ("tap", "declarer", "A"),
            ("tap", "partner", "C"),
            ("tap", "renonsz_offender", "D"),
            ("tap", "renonsz_kind", "play"),
        ),
        {"A": 2, "B": 2, "C": 2, "D": -6},
    ),
]


# --- the event ------------------------------------------------------------------------------------


def build(cases: list[Case]) -> dict[int, tuple[str, str]]:
    """One running event per case (case index -> (event slug, table 1's page path)); users boss, ref."""
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.db import connections

    from scoring.registry import VARIANTS
    from tests.samples import sample_config
    from tournaments import rounds, services

    call_command("migrate", verbosity=0)
    boss = User.objects.create_superuser("boss", password="boss-password")
    User.objects.create_user("ref", password="ref-password")
    out = {}
    for i, case in enumerate(cases):
        slug = f"entry-{i}"
        size = VARIANTS[case.variant].plan.min_seats
        event = services.create_tournament(
            boss,
            name=f"{case.variant} {case.name}",
            slug=slug,
            variant=case.variant,
            table_size=size,
            hands_per_round=8,
            config=sample_config(case.variant),
            is_public=True,
        )
        services.set_referee(boss, event, "ref", [])
        for p in range(size):
            services.register_player(boss, event, name=f"Player {p}", team=f"Pair {p // 2}")
        rnd = rounds.draw_round(boss, event, seed="entry")
        rounds.publish_draw(boss, rnd)
        rounds.start_clock(boss, rnd)
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
