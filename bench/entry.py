"""Hand entry on a phone: how many inputs a referee needs per hand (issue 16).

    python bench/entry.py            # enter every hand, print the counts
    python bench/entry.py --write    # ... and update its section of bench/RESULTS.md
    python bench/entry.py --shots /tmp/fewtaps   # ... and screenshot each variant's form at 375 px
    python bench/entry.py --examples [--variant KEY] [--write]   # every worked example of the specs

``--examples`` enters the specs' worked examples instead (bench/entry_examples.json, issue 27): each
at a table of the example's size whose first hand the example's dealer deals, after the hands that
set up the state the spec scores it from (entered by the service, not counted), under the event
configuration the spec uses (Laza's illustrative point table). Prints the inputs per example, per
variant the median and the most, and the five heaviest.

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
    # The worked examples' extras (entry_examples.json): the table's seats, the hands entered before
    # (not counted), the event's configuration, the spec's hand (whose envelope the table must deal).
    table: int | None = None
    before: tuple[dict, ...] = ()
    config: dict | None = None
    hand: dict | None = None
    # An example of several hands (a sequence): its rows are entered in order at one table, the first
    # one's ``before`` ahead of them all; ``number`` is the hand's number at the table.
    sequence: str | None = None
    number: int = 1


def examples(variant: str | None = None) -> list[Case]:
    """The specs' worked examples (entry_examples.json), of ``variant`` only if given."""
    data = json.loads(Path(__file__).with_name("entry_examples.json").read_text(encoding="utf-8"))
    first = {r["sequence"]: len(r["before"]) for r in data["examples"] if r.get("position") == 1}
    return [
        Case(
            variant=row["variant"],
            name=row["name"],
            kind="example",
            why=row["source"],
            steps=tuple(map(tuple, row["steps"])),
            points=row["points"],
            table=row["table"],
            before=tuple(row["before"]),
            config=row.get("config"),
            hand=row["hand"],
            sequence=row.get("sequence"),
            number=first[row["sequence"]] + row["position"] if row.get("sequence") else len(row["before"]) + 1,
        )
        for row in data["examples"]
        if variant in (None, row["variant"])
    ]


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
    out: dict[int, tuple[str, str]] = {}
    tables: dict[str, tuple[str, str]] = {}  # a sequence's table
    for i, case in enumerate(cases):
        if case.sequence in tables:
            out[i] = tables[case.sequence]
            continue
        slug = f"entry-{i}"
        table = running_table(boss, case.variant, size=case.table, slug=slug, referee="ref", seed="entry")
        if case.hand is not None:
            set_up(boss, table, case)
        out[i] = (slug, f"/e/{slug}/round/1/table/1/")
        if case.sequence:
            tables[case.sequence] = out[i]
    connections.close_all()
    return out


def set_up(boss, table, case: Case) -> None:
    """The table as the example finds it: the event's configuration, the dealer who deals the example
    (the deal rotates from the table's first dealer through the hands before it) and those hands."""
    from tournaments.tables import hands

    event = table.round.tournament
    if case.config is not None:
        event.config = case.config
        event.save(update_fields=["config"])
    positions = sorted(table.seats.values_list("position", flat=True))
    dealer = positions.index(case.hand["dealer"])
    table.first_dealer = positions[(dealer - len(case.before)) % len(positions)]
    table.save(update_fields=["first_dealer"])
    for fields in case.before:
        setup = hands.table_setup(table, event)
        envelope = hands.next_envelope(setup, table.hands.order_by("number").last())
        hands.enter_hand(boss, table, {**envelope, **fields})


# --- the referee's phone ---------------------------------------------------------------------------


# The steps that are one tap: what each taps (a folded section's title, the more-chips, a box, a chip).
CLICKS = {
    "open": "details.fieldset:has([name='{name}']) > summary",
    "more": "fieldset:has(input[name='{name}']) details.more-chips > summary",
    "check": "input[name='{name}']",
    "tap": "label.chip:has(input[name='{name}'][value='{value}'])",
}


def run(page, case: Case) -> int:
    """Enter ``case`` on the open table page; the number of inputs it took."""
    form = page.locator("form.hand-form")
    inputs = 0
    for step in case.steps:
        action, name = step[0], step[1]
        if action in CLICKS:
            form.locator(CLICKS[action].format(name=name, value=step[2] if len(step) > 2 else "")).click()
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


def enter(cases: list[Case], shots: str | None = None) -> list[tuple[Case, int, bool, dict]]:
    """Enter every case on its table page in the browser: (case, inputs, points as the spec, stored points)."""
    from load import server_env, start_server
    from public_load import collect_static

    from tests.support.processes import free_port

    database = f"sqlite:///{tempfile.mkdtemp(prefix='tarok-entry-')}/entry.sqlite3"
    env = server_env(database)
    os.environ.update({k: env[k] for k in ("DJANGO_SETTINGS_MODULE", "DATABASE_URL", "DEBUG", "SECRET_KEY")})
    os.environ["SECURE_SSL_REDIRECT"] = "false"
    pages = build(cases)
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
            for i, case in enumerate(cases):
                slug, path = pages[i]
                page.goto(base + path)
                if shots and case.variant not in shot:
                    Path(shots).mkdir(parents=True, exist_ok=True)
                    page.locator("#entry").scroll_into_view_if_needed()
                    page.screenshot(path=f"{shots}/{case.variant}.png")
                    page.screenshot(path=f"{shots}/{case.variant}-full.png", full_page=True)
                    shot.add(case.variant)
                try:
                    n = run(page, case)
                except Exception as error:  # a step the page cannot take: report it, go on
                    print(f"  step failed: {str(error).splitlines()[0][:300]}", file=sys.stderr)
                    n = -1
                hand = Hand.objects.filter(table__round__tournament__slug=slug, number=case.number).first()
                stored = dict(hand.points) if hand else {}
                ok = stored == case.points
                if not ok and not hand:
                    err = page.locator("#preview").inner_text() if page.locator("#preview").count() else ""
                    print(f"  not stored: {err.strip()[:400]}", file=sys.stderr)
                if hand and case.hand and any(hand.input.get(k) != case.hand.get(k) for k in ("seats", "dealer")):
                    print(f"  dealt otherwise than the spec: {hand.input.get('seats')} by {hand.input.get('dealer')}")
                results.append((case, n, ok, stored))
                flag = "" if ok else f"  MISMATCH: stored {stored}, spec {case.points}"
                print(f"{case.variant} {case.name}: {n} inputs{flag}", flush=True)
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    return results


# The examples' figures of each variant's last run, so that one variant at a time can be run and the
# section written from all of them.
EXAMPLES_STORE = Path(tempfile.gettempdir()) / "tarok-entry-examples.json"
EXAMPLE_TARGET, MEDIAN_TARGET = 10, 5


def example_figures(results: list[tuple[Case, int, bool, dict]]) -> dict[str, list[dict]]:
    """Merge this run's figures into the store (by variant); all variants' figures."""
    store = json.loads(EXAMPLES_STORE.read_text()) if EXAMPLES_STORE.exists() else {}
    for variant in {c.variant for c, *_x in results}:
        store[variant] = [
            {"name": c.name, "inputs": n, "ok": ok, "stored": s} for c, n, ok, s in results if c.variant == variant
        ]
    EXAMPLES_STORE.write_text(json.dumps(store, ensure_ascii=False, indent=1))
    return store


def example_summary(store: dict[str, list[dict]], variants: list[str]) -> list[str]:
    """Per variant: the median and the most inputs, and the five heaviest examples."""
    import statistics

    lines = []
    for variant in variants:
        rows = store.get(variant, [])
        if not rows:
            continue
        counts = [r["inputs"] for r in rows]
        heavy = sorted(rows, key=lambda r: -r["inputs"])[:5]
        wrong = sum(1 for r in rows if not r["ok"])
        lines.append(
            f"{variant}: {len(rows)} examples, median {statistics.median(counts):g}, max {max(counts)}, "
            f"over {EXAMPLE_TARGET}: {sum(1 for n in counts if n > EXAMPLE_TARGET)}, points not as the spec: {wrong}; "
            "heaviest: " + "; ".join(f"{r['name']} ({r['inputs']})" for r in heavy)
        )
    return lines


def write_examples(store: dict[str, list[dict]]) -> None:
    """The section of bench/RESULTS.md: every example's inputs, per variant the median, most, heaviest."""
    data = json.loads(Path(__file__).with_name("entry_examples.json").read_text(encoding="utf-8"))
    order = list(dict.fromkeys(r["variant"] for r in data["examples"]))
    rows = "\n".join(
        f"| {v} | {r['name']} | {r['inputs']} | {'yes' if r['ok'] else 'NO'} |" for v in order for r in store.get(v, [])
    )
    summary = "\n".join(f"- {line}" for line in example_summary(store, order))
    left = "\n".join(f"- {r['variant']} {r['name']}: {r['reason']}" for r in data.get("left_out", []))
    title = "Worked examples entered on a phone (bench/entry.py --examples)"
    write_section(
        title,
        f"## {title}\n\n"
        f"`python bench/entry.py --examples --variant KEY` per variant, then `--write`. {machine()}. Every worked "
        "example of the five specs (bench/entry_examples.json) entered on the referee's table page in headless "
        f"Chromium at {WIDTH} x {HEIGHT} with the fewest inputs that give the spec's score (points, state and "
        "breakdown: bench/entry_plan.py); a tap (chip, section title, "
        '"more choices", tick box, save) or a typed number is one input, a select two. The stored points are '
        "compared with the spec's. Each example is a table of its size (Vadász 4 to 7, a five-seat Taruk "
        "table, a four-seat ulti table) whose hand its dealer deals; a state the spec gives it (every seat "
        "holding a radelc; E21's earlier misdeal by the dealer) is set up by hands entered before it and not "
        "counted; an example of several hands (Vadász V15) is entered hand by hand at one table. Target: every "
        f"example <= {EXAMPLE_TARGET}, median per variant <= {MEDIAN_TARGET}.\n\n{summary}\n\n"
        + (
            f"Left out (the page cannot enter them as the spec gives them):\n\n{left}\n\n"
            if left
            else "None is left out: the page enters every example as the spec gives it.\n\n"
        )
        + f"| variant | example | inputs | points as the spec |\n| --- | --- | --- | --- |\n{rows}\n",
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="update the section of bench/RESULTS.md")
    parser.add_argument("--shots", help="save a screenshot of each variant's form in this folder")
    parser.add_argument("--examples", action="store_true", help="enter the specs' worked examples")
    parser.add_argument("--variant", help="with --examples: only this variant's")
    parser.add_argument("--no-run", action="store_true", help="with --examples --write: write the stored figures")
    args = parser.parse_args(argv)

    if args.examples:
        results = [] if args.no_run else enter(examples(args.variant), args.shots)
        store = example_figures(results)
        for line in example_summary(store, [args.variant] if args.variant else sorted(store)):
            print(line)
        if args.write:
            write_examples(store)
        return 0 if all(ok for *_x, ok, _s in results) else 1

    results = enter(CASES, args.shots)
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
