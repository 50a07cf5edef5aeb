"""Rebuild every table's totals, and where time was up, from the audit log alone and compare them with
the stored hands and tables.

    python manage.py audit_replay [slug ...]

Prints each difference and exits with status 1 if there is any (0 when the log and the hands agree).
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from tournaments.history.replay import TIME_UP, LogRow, differences, replay, replay_time_up, time_up_differences
from tournaments.models import AuditEntry, Hand, Table, Tournament


class Command(BaseCommand):
    help = "Rebuild table totals and where time was up from the audit log alone; compare them with the database."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("slugs", nargs="*", help="events to check (default: every event)")

    def handle(self, *args: Any, slugs: list[str], **options: Any) -> None:
        events = Tournament.objects.order_by("pk")
        if slugs:
            events = events.filter(slug__in=slugs)
            missing = set(slugs) - set(events.values_list("slug", flat=True))
            if missing:
                raise CommandError(f"no such event: {', '.join(sorted(missing))}")
        failed = 0
        for event in events:
            rows = (
                LogRow(*values)
                for values in AuditEntry.objects.filter(tournament=event)
                .order_by("id")
                .values_list("action", "round_number", "table_number", "hand_id", "after")
                .iterator()
            )
            logged, problems = replay(rows)
            stored: dict = {}
            for hand_id, rnd, table, points in Hand.objects.filter(table__round__tournament=event).values_list(
                "pk", "table__round__number", "table__number", "points"
            ):
                stored.setdefault((rnd, table), {})[hand_id] = points
            time_up_rows = (
                LogRow(*values)
                for values in AuditEntry.objects.filter(tournament=event, action__in=list(TIME_UP))
                .order_by("id")
                .values_list("action", "round_number", "table_number", "hand_id", "after")
            )
            time_up = {
                (rnd, table): after
                for rnd, table, after in Table.objects.filter(round__tournament=event).values_list(
                    "round__number", "number", "time_up_after"
                )
            }
            lines = problems + differences(logged, stored) + time_up_differences(replay_time_up(time_up_rows), time_up)
            tables = len(set(logged) | set(stored))
            if lines:
                failed += 1
                self.stdout.write(f"{event.slug}: {len(lines)} difference(s) in {tables} table(s)")
                for line in lines:
                    self.stdout.write(f"  {line}")
            else:
                hands = sum(len(h) for h in stored.values())
                self.stdout.write(f"{event.slug}: {tables} table(s), {hands} hand(s) agree with the log")
        if failed:
            raise CommandError(f"{failed} event(s) differ from their audit log")
