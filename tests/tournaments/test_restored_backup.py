"""A database restored from a backup while the cache keeps its copies (tournaments/public/live.py's data version):
the audit entries' ids repeat after a restore, so a page kept for the history that was rolled back must
not be served for the history written after it.

The restore is a real one: SQLite's backup API on the test database (a snapshot copied back whole),
pg_dump and pg_restore on PostgreSQL; the sequences come back with the rows, so the next ids repeat.
"""

from __future__ import annotations

import re
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest
from django.db import connection

from tests.conftest import client_for
from tests.support.taruk_hands import tri_in
from tournaments.models import AuditEntry, Table
from tournaments.public.live import data_version
from tournaments.tables import hands


def _pg_binary(name: str) -> str:
    found = shutil.which(name) or next(iter(sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"))[-1:]), None)
    if not found:
        pytest.skip(f"{name} is not installed (Debian package postgresql-client)")
    return str(found)


@pytest.fixture
def backup(transactional_db, tmp_path):
    """``take()`` a backup of the whole database, ``restore()`` it over the database as it is then."""
    s = connection.settings_dict
    if connection.vendor == "sqlite":
        snapshot = sqlite3.connect(":memory:")

        def take() -> None:
            connection.ensure_connection()
            connection.connection.backup(snapshot)

        def restore() -> None:
            connection.ensure_connection()
            snapshot.backup(connection.connection)

        yield take, restore
        snapshot.close()
        return
    if connection.vendor != "postgresql":
        pytest.skip(f"no backup tool for {connection.vendor}")
    dump = tmp_path / "backup.dump"
    target = ["-h", s["HOST"] or "localhost", "-p", str(s["PORT"] or 5432), "-U", s["USER"] or "postgres"]
    env = {"PGPASSWORD": s["PASSWORD"] or ""}

    def run(*args: str) -> None:
        subprocess.run(args, check=True, capture_output=True, env={**__import__("os").environ, **env})

    def take_pg() -> None:
        run(_pg_binary("pg_dump"), *target, "-Fc", "-f", str(dump), s["NAME"])

    def restore_pg() -> None:
        connection.close()
        run(
            _pg_binary("pg_restore"),
            *target,
            "--clean",
            "--if-exists",
            "--single-transaction",
            "-d",
            s["NAME"],
            str(dump),
        )

    yield take_pg, restore_pg


def declarer_points(client, event, declarer: str) -> dict[str, int]:
    """The declarer's game points as every public copy shows them: the standings page, live.json
    and the API's standings."""
    page = client.get(f"/e/{event.slug}/standings/").content.decode()
    row = next(r for r in re.split(r"<tr[^>]*>", page) if declarer + " " in r)
    live = {r["name"]: r for r in client.get(f"/e/{event.slug}/live.json").json()["standings"]}
    api = {r["name"]: r for r in client.get(f"/api/events/{event.slug}/standings/").json()["rows"]}
    return {
        "page": int(re.search(r"(-?\d+)\*</em>", row.replace("−", "-"))[1]),
        "live": live[declarer]["game_points"],
        "api": api[declarer]["metrics"]["game_points"],
    }


def tri(table: Table, card_points: int) -> dict:
    """Taruk 2012 E1 (taruk2012.md §8.1) as the table's next hand, with ``card_points``."""
    envelope = hands.next_envelope(hands.table_setup(table, table.round.tournament), table.hands.last())
    return tri_in(envelope, card_points)


def test_a_restored_backup_then_another_hand_shows_the_new_history_not_a_kept_copy(running_event, bob, backup):
    take, restore = backup
    table = Table.objects.get(round__tournament=running_event, number=1)
    declarer = table.seats.select_related("entry__player").get(position=tri(table, 48)["declarer"]).entry.player.name
    client = client_for(None)
    client.get(f"/e/{running_event.slug}/standings/")
    take()

    hands.enter_hand(bob, table, tri(table, 48))  # E1: won, 48 -> 50, diff +15, G = 10 + 15 = 25
    rolled_back = AuditEntry.objects.order_by("-id").values_list("id", flat=True).first()
    assert declarer_points(client, running_event, declarer) == {"page": 25, "live": 25, "api": 25}  # now kept

    restore()
    table = Table.objects.get(round__tournament=running_event, number=1)
    assert not table.hands.exists()
    hands.enter_hand(bob, table, tri(table, 20))  # lost: 20 -> 20, diff 20 - 35 = -15, G = -(10 + 15) = -25
    assert AuditEntry.objects.order_by("-id").values_list("id", flat=True).first() == rolled_back  # the ids repeat

    assert declarer_points(client, running_event, declarer) == {"page": -25, "live": -25, "api": -25}


def test_the_data_version_differs_for_two_histories_with_the_same_last_id(running_event, bob, backup):
    take, restore = backup
    table = Table.objects.get(round__tournament=running_event, number=1)
    take()
    hands.enter_hand(bob, table, tri(table, 48))
    first = data_version(running_event)
    restore()
    table = Table.objects.get(round__tournament=running_event, number=1)
    hands.enter_hand(bob, table, tri(table, 48))  # the same hand again, entered later
    assert data_version(running_event) != first
