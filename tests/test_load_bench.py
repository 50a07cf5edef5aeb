"""bench/load.py still runs: two referees for three seconds on a SQLite file exit 0 (no 5xx, nothing
lost, doubled or stale accepted). The real figures come from the long runs in bench/RESULTS.md."""

from __future__ import annotations

import os

from tests.support.processes import python


def test_the_load_bench_runs_clean_on_sqlite():
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "CELERY_BROKER_URL"}}
    run = python("bench/load.py", "--seconds", "3", "--referees", "2", "--workers", "2", env=env, timeout=120)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "stale accepted     0" in run.stdout
