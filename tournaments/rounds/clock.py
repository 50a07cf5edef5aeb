"""The round clock, as pure arithmetic over what the ``Round`` row stores.

A running clock stores when it was (re)started and how many seconds ran before
that; a paused clock stores only the seconds run. Time-limit rule
(taruk2012.md §7.2): once time is up the hand in progress is finished and
scored, and no new hand is started.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from django.utils import timezone

if TYPE_CHECKING:
    from tournaments.models import Round


@dataclass(frozen=True)
class Clock:
    limit_seconds: int
    elapsed_before: int  # seconds run before ``started_at``
    started_at: datetime | None  # None while paused or not started

    @property
    def running(self) -> bool:
        return self.started_at is not None

    def elapsed(self, now: datetime) -> int:
        run = int((now - self.started_at).total_seconds()) if self.started_at else 0
        return self.elapsed_before + max(run, 0)

    def remaining(self, now: datetime) -> int:
        """Seconds left; negative once the limit has passed."""
        return self.limit_seconds - self.elapsed(now)

    def expired(self, now: datetime) -> bool:
        return self.remaining(now) <= 0

    def expires_at(self) -> datetime | None:
        """The moment time is up, while the clock runs."""
        if self.started_at is None:
            return None
        return self.started_at + timedelta(seconds=self.limit_seconds - self.elapsed_before)

    def paused(self, now: datetime) -> Clock:
        return Clock(self.limit_seconds, self.elapsed(now), None)

    def resumed(self, now: datetime) -> Clock:
        return self if self.running else Clock(self.limit_seconds, self.elapsed_before, now)


def format_seconds(seconds: int) -> str:
    """``1:15:00``, ``4:05``, ``-0:30`` (over time)."""
    sign = "-" if seconds < 0 else ""
    seconds = abs(seconds)
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{sign}{h}:{m:02d}:{s:02d}" if h else f"{sign}{m}:{s:02d}"


def clock_of(rnd: Round) -> Clock:
    """The clock a round's row stores."""
    return Clock(rnd.time_limit_minutes * 60, rnd.elapsed_seconds, rnd.started_at)


def moves(rnd: Round | None) -> bool:
    """Whether what a page shows of ``rnd``'s clock changes with time (it runs)."""
    return rnd is not None and rnd.started_at is not None


def clock_payload(rnd: Round, now: datetime | None = None) -> dict[str, Any]:
    """The round's clock as the pages, the API and the live JSON show it (read per request: it moves)."""
    clock = clock_of(rnd)
    remaining = clock.remaining(now or timezone.now())
    return {
        "round": rnd.number,
        "status": rnd.status,
        "running": clock.running,
        "remaining_seconds": remaining,
        "remaining": format_seconds(remaining),
        "limit_seconds": clock.limit_seconds,
        "expired": remaining <= 0,
    }
