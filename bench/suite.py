"""The test suite's cost: where one run's worker-seconds go, by kind of check, and what fits in six minutes.

    python bench/suite.py                    # ./dev.sh test (every core; DATABASE_URL as set), its durations grouped
    python bench/suite.py --write            # ... and update its section of bench/RESULTS.md
    python bench/suite.py -- -m "not browser"    # pytest arguments after --
    python bench/suite.py --log run.log      # read a saved run's output (printed, never written)

Runs the README's test command with every test's durations (``--durations=0 --durations-min=0``) and
reads the machine's CPU counters (/proc/stat) before and after: the wall time, how busy the cores were,
and the setup + call + teardown seconds of every test, summed per kind of check (KINDS, first match).
A kind's projection is the wall time the same run would take without it, at this run's ratio of wall
time to worker-seconds. Issue 23's target is six minutes of wall time per database on two cores; the
table says which checks would have to leave the per-database runs to get there.
"""

from __future__ import annotations

import argparse
import fnmatch
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from report import ROOT, machine, write_report

TARGET_S = 360

# Kinds of check, by test file (the first pattern that matches a test's file names its kind).
KINDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "browser: whole events and a season, as people run them",
        ("tests/browser/test_full_event*.py", "tests/browser/test_season_flow.py"),
    ),
    ("browser: axe on every page", ("tests/browser/test_accessibility.py",)),
    ("browser: the other pages' behaviour", ("tests/browser/*",)),
    ("API contract (Schemathesis against the OpenAPI schema)", ("tests/test_api_contract.py",)),
    ("no-500 crawl of every page and form", ("tests/test_no_server_errors.py", "tests/test_fuzz_no_server_errors.py")),
    ("every word in Slovenian and Hungarian", ("tests/test_every_word.py",)),
    (
        "concurrency, load, a real Celery worker",
        ("tests/test_concurrency.py", "tests/test_load_bench.py", "tests/tournaments/test_celery_worker.py"),
    ),
    ("engine (pure Python, no Django)", ("tests/scoring/*",)),
    ("site (Django's test client)", ("tests/*",)),
)

DURATION = re.compile(r"^\s*([\d.]+)s (setup|call|teardown)\s+(\S+?)::(.+)$")
SUMMARY = re.compile(r"(\d+) passed.* in ([\d.]+)s")


def kind_of(path: str) -> str:
    return next(label for label, patterns in KINDS if any(fnmatch.fnmatch(path, p) for p in patterns))


def cpu_ticks() -> tuple[int, int]:
    """(busy, total) jiffies of all cores since boot."""
    fields = [int(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = fields[3] + fields[4]
    return sum(fields) - idle, sum(fields)


def worker_seconds(log: str) -> tuple[Counter, Counter]:
    """Seconds and tests per kind, from pytest's durations."""
    seconds: Counter = Counter()
    tests: Counter = Counter()
    for line in log.splitlines():
        m = DURATION.match(line)
        if m:
            kind = kind_of(m.group(3))
            seconds[kind] += float(m.group(1))
            if m.group(2) == "call":
                tests[kind] += 1
    return seconds, tests


def report(log: str, wall: float, busy: float | None, workers: int) -> list[str]:
    seconds, tests = worker_seconds(log)
    total = sum(seconds.values())
    if not total:
        return ["No test durations in this output (pytest's --durations=0 prints them)."]
    ratio = wall / total  # wall seconds per worker-second of this run (workers, startup, the tail)
    m = SUMMARY.search(log)
    lines = [
        f"{machine()}; {workers} workers.",
        "",
        f"`./dev.sh test` ({_database()}): **{_clock(wall)}** of wall time, "
        f"{m.group(1) if m else '?'} tests passed; "
        + (f"the cores {busy:.0%} busy; " if busy is not None else "")
        + f"{total:,.0f} worker-seconds of tests (setup + call + teardown).",
        "",
        "| kind of check | tests | worker-s | share | wall without it | without it and the rows above |",
        "|---|---|---|---|---|---|",
    ]
    left = total
    for label, _ in KINDS:
        s = seconds[label]
        left -= s
        lines.append(
            f"| {label} | {tests[label]} | {s:,.0f} | {s / total:.0%} | {_clock((total - s) * ratio)} "
            f"| {_clock(max(left, 0.0) * ratio)} |"
        )
    allowed = TARGET_S / ratio
    over = (
        f"{total - allowed:,.0f} ({(total - allowed) / total:.0%}) would have to go"
        if total > allowed
        else "the run fits"
    )
    lines += [
        "",
        f"Six minutes at this run's ratio ({ratio:.3f} s of wall time per worker-second) allow "
        f"{allowed:,.0f} worker-seconds: {over} (a log read with --log counts only the tests pytest printed).",
    ]
    return lines


def _database() -> str:
    """The database the suite ran on, as the project reads DATABASE_URL."""
    return "PostgreSQL" if os.environ.get("DATABASE_URL", "").startswith("postgres") else "SQLite"


def _clock(seconds: float) -> str:
    return f"{int(seconds // 60)}:{int(seconds % 60):02d}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="update the section of bench/RESULTS.md")
    parser.add_argument("--log", type=Path, help="a saved run's output to read instead of running the suite")
    parser.add_argument("pytest_args", nargs="*", help="more pytest arguments (after --)")
    args = parser.parse_args(argv)
    workers = os.cpu_count() or 1
    if os.environ.get("TEST_WORKERS", "auto") != "auto":
        workers = int(os.environ["TEST_WORKERS"]) or 1
    if args.log:
        log = args.log.read_text(encoding="utf-8")
        m = SUMMARY.search(log)
        print("\n".join(report(log, float(m.group(2)) if m else 0.0, None, workers)))
        return 0
    command = [str(ROOT / "dev.sh"), "test", "-p", "no:cacheprovider", "--durations=0", "--durations-min=0"]
    busy0, total0 = cpu_ticks()
    started = time.monotonic()
    with tempfile.TemporaryFile("w+", encoding="utf-8") as out:
        code = subprocess.run([*command, *args.pytest_args], cwd=ROOT, stdout=out, stderr=subprocess.STDOUT).returncode
        out.seek(0)
        log = out.read()
    wall = time.monotonic() - started
    busy1, total1 = cpu_ticks()
    if code != 0:
        print(log[-5000:])
        print(f"the suite failed (exit {code}): no figures", file=sys.stderr)
        return 1
    lines = report(log, wall, (busy1 - busy0) / (total1 - total0), workers)
    print("\n".join(lines))
    if args.write:
        write_report("Test suite (bench/suite.py)", lines)
    return 0


if __name__ == "__main__":
    sys.exit(main())
