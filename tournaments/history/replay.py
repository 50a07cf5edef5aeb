"""Rebuilding table totals from the audit log alone, and comparing them with the stored hands.

The log is replayed in the order it was written. A table's totals depend only on each hand's
latest points, keyed by the hand's stable id (its number moves when an earlier hand is deleted):

- ``hand.entered``, ``hand.corrected``, ``hand.rescored``: the hand's points are ``after["points"]``;
- ``hand.deleted``: the hand is gone;
- ``hand.renumbered``: only its number changes, which moves no points.

Where time was up at a table (taruk2012.md §7.2) decides which hands are its result: the latest
``table.time_up`` entry holds it (``after["after_hand"]``; a log from before that action has
``table.time_expired`` with ``after["hands"]``, which the migration carried over the same way).

Pure functions over plain data (STYLE.md §1); the command ``audit_replay`` loads and prints.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from tournaments.tables.progress import running_totals

TableKey = tuple[int, int]  # (round number, table number)

SETS_POINTS = ("hand.entered", "hand.corrected", "hand.rescored")
REMOVES = ("hand.deleted",)


@dataclass(frozen=True)
class LogRow:
    action: str
    round_number: int | None
    table_number: int | None
    hand_id: int | None
    after: Any


def replay(rows: Iterable[LogRow]) -> tuple[dict[TableKey, dict[int, dict[str, int]]], list[str]]:
    """(table -> hand id -> points, problems with the log itself), from the entries in written order."""
    tables: dict[TableKey, dict[int, dict[str, int]]] = {}
    problems: list[str] = []
    for row in rows:
        if row.action not in SETS_POINTS + REMOVES:
            continue
        if row.round_number is None or row.table_number is None or row.hand_id is None:
            problems.append(f"{row.action}: the entry names no round, table or hand")
            continue
        hands = tables.setdefault((row.round_number, row.table_number), {})
        if row.action in REMOVES:
            hands.pop(row.hand_id, None)
        else:
            points = (row.after or {}).get("points") if isinstance(row.after, dict) else None
            if not isinstance(points, dict):
                problems.append(f"{row.action} of hand id {row.hand_id}: no points after")
                continue
            hands[row.hand_id] = {str(k): int(v) for k, v in points.items()}
    return tables, problems


def totals(hands: dict[int, dict[str, int]]) -> dict[str, int]:
    """Each seat's total over the hands (the table's one running sum, ``progress.running_totals``)."""
    running = running_totals(hands.values())
    return running[-1] if running else {}


def differences(
    logged: dict[TableKey, dict[int, dict[str, int]]], stored: dict[TableKey, dict[int, dict[str, int]]]
) -> list[str]:
    """Every way the replayed tables differ from the stored ones, one line each."""
    lines: list[str] = []
    for key in sorted(set(logged) | set(stored)):
        where = f"round {key[0]}, table {key[1]}"
        log_hands, db_hands = logged.get(key, {}), stored.get(key, {})
        for hand_id in sorted(set(log_hands) - set(db_hands)):
            lines.append(f"{where}: hand id {hand_id} is in the log but not stored")
        for hand_id in sorted(set(db_hands) - set(log_hands)):
            lines.append(f"{where}: hand id {hand_id} is stored but not in the log")
        for hand_id in sorted(set(log_hands) & set(db_hands)):
            if log_hands[hand_id] != db_hands[hand_id]:
                lines.append(f"{where}: hand id {hand_id}: log {log_hands[hand_id]}, stored {db_hands[hand_id]}")
        log_totals, db_totals = totals(log_hands), totals(db_hands)
        for position in sorted(set(log_totals) | set(db_totals)):
            a, b = log_totals.get(position, 0), db_totals.get(position, 0)
            if a != b:
                lines.append(f"{where}: seat {position}: total {a} from the log, {b} stored")
    return lines


TIME_UP = {"table.time_up": "after_hand", "table.time_expired": "hands"}  # action -> its key in ``after``


def replay_time_up(rows: Iterable[LogRow]) -> dict[TableKey, int | None]:
    """Where time was up at each table the log records it for, from the entries in written order."""
    out: dict[TableKey, int | None] = {}
    for row in rows:
        key = TIME_UP.get(row.action)
        if key is None or row.round_number is None or row.table_number is None:
            continue
        value = (row.after or {}).get(key) if isinstance(row.after, dict) else None
        out[(row.round_number, row.table_number)] = value if isinstance(value, int) else None
    return out


def time_up_differences(logged: dict[TableKey, int | None], stored: dict[TableKey, int | None]) -> list[str]:
    """Every table whose stored record of where time was up is not the log's, one line each."""

    def text(value: int | None) -> str:
        return "none" if value is None else str(value)

    lines = []
    for key in sorted(set(logged) | {k for k, v in stored.items() if v is not None}):
        a, b = logged.get(key), stored.get(key)
        if a != b:
            where = f"round {key[0]}, table {key[1]}"
            lines.append(f"{where}: time was up after hand {text(a)} in the log, {text(b)} stored")
    return lines
