"""What every benchmark shares: timing and writing its own section of bench/RESULTS.md."""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "RESULTS.md"

T = TypeVar("T")


def setup_path() -> None:
    """Let ``python bench/x.py`` import the project from anywhere."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))


def setup_django(**env: str) -> None:
    """Set Django up for a benchmark: production settings (DEBUG off) on a fresh SQLite file unless
    DATABASE_URL names a database; ``env`` sets more variables unless they are set already."""
    setup_path()
    defaults = {
        "DATABASE_URL": f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "false",
        "SECRET_KEY": "bench-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz",
        "SECURE_SSL_REDIRECT": "false",
        **env,
    }
    for name, value in defaults.items():
        os.environ.setdefault(name, value)
    import django

    django.setup()
    # The process as the server's is: the site loaded and its objects frozen out of the garbage
    # collector's walks (config/wsgi.py), so that an in-process figure is the server's.
    import config.wsgi  # noqa: F401


def wants_write(doc: str, argv: list[str] | None) -> bool:
    """The ``--write`` option of a benchmark that has no other (described by its docstring's first line)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--write", action="store_true")
    return parser.parse_args(argv).write


def timed_build(build: Callable[[], T]) -> tuple[T, float]:
    """What ``build`` returns and the seconds it took."""
    start = time.perf_counter()
    value = build()
    return value, time.perf_counter() - start


def times_ms(fn: Callable[[], object], runs: int, clock: Callable[[], float] = time.perf_counter) -> list[float]:
    """Milliseconds each of ``runs`` calls took on ``clock`` (the wall clock unless told)."""
    times = []
    for _ in range(runs):
        start = clock()
        fn()
        times.append((clock() - start) * 1000)
    return times


def median_ms(fn: Callable[[], object], runs: int = 15, clock: Callable[[], float] = time.perf_counter) -> float:
    return statistics.median(times_ms(fn, runs, clock))


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile, the nearest of the values (no interpolation)."""
    values = sorted(values)
    return values[min(len(values) - 1, round(p / 100 * (len(values) - 1)))]


def p50_p95(times: list[float]) -> tuple[float, float]:
    return statistics.median(times), percentile(times, 95)


def database() -> str:
    """The database the figures come from, as a section names it."""
    from django.db import connection

    return "PostgreSQL" if connection.vendor == "postgresql" else "SQLite"


def commit() -> str:
    """The commit the figures come from (``+changes`` when the tree differs from it)."""
    import subprocess

    def git(*args: str) -> str:
        try:
            return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=10).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            return ""

    head = git("rev-parse", "--short=10", "HEAD")
    if not head:
        return "no git checkout"
    changed = git("status", "--porcelain", "--untracked-files=no", "--", ".", ":!bench/RESULTS.md")
    return head + (" +changes" if changed else "")


def machine() -> str:
    """One line naming the machine, the code and the load the figures were taken on (a stale or noisy
    figure says so itself)."""
    cpu = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        one, five, fifteen = os.getloadavg()
        load = f"load average {one:.2f} {five:.2f} {fifteen:.2f}"
    except OSError:
        load = "load average unknown"
    return (
        f"{cpu or platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        # UTC whatever the process's zone: Django's TIME_ZONE sets TZ in the benches that set it up.
        f"Python {platform.python_version()}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, commit {commit()}, "
        f"{load} (1, 5, 15 min) when written"
    )


def write_section(title: str, text: str, path: Path = RESULTS) -> None:
    """Replace only the ``## {title}`` section (other benchmarks own the rest); create the file if missing."""
    heading = f"## {title}"
    old = path.read_text(encoding="utf-8") if path.exists() else "# Benchmark results\n"
    lines = old.splitlines(keepends=True)
    start = next((i for i, line in enumerate(lines) if line.rstrip() == heading), None)
    if start is None:
        new = old.rstrip("\n") + "\n\n" + text
    else:
        end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
        tail = "".join(lines[end:])
        new = "".join(lines[:start]) + text + ("\n" + tail if tail else "")
    path.write_text(new, encoding="utf-8")


def write_report(title: str, lines: list[str]) -> None:
    """Write the ``## {title}`` section of bench/RESULTS.md: the heading, a blank line, then ``lines``."""
    write_section(title, "\n".join([f"## {title}", "", *lines]) + "\n")
