"""The organizer's moves on a round by name: the rounds page's buttons and the API call the same
function for each (publish, start, pause, close, reopen). The moves themselves, with their checks
and audit entries, are ``tournaments.rounds.services``'s."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tournaments.models import Round
from tournaments.rounds import services as rounds


def _publish(actor: Any, rnd: Round, *, override: bool = False, reason: str = "") -> Round:
    return rounds.publish_draw(actor, rnd)


def _start(actor: Any, rnd: Round, *, override: bool = False, reason: str = "") -> Round:
    return rounds.start_clock(actor, rnd)


def _pause(actor: Any, rnd: Round, *, override: bool = False, reason: str = "") -> Round:
    return rounds.pause_clock(actor, rnd)


def _close(actor: Any, rnd: Round, *, override: bool = False, reason: str = "") -> Round:
    return rounds.close_round(actor, rnd, override=override, reason=reason)


def _reopen(actor: Any, rnd: Round, *, override: bool = False, reason: str = "") -> Round:
    return rounds.reopen_round(actor, rnd, reason=reason)


# Each takes the actor, the round, and what close (override, reason) and reopen (reason) read.
ACTIONS: dict[str, Callable[..., Round]] = {
    "publish": _publish,
    "start": _start,
    "pause": _pause,
    "close": _close,
    "reopen": _reopen,
}
# The moves that take no body: one API endpoint names them; close and reopen have their own.
WITHOUT_BODY = ("publish", "start", "pause")


def perform(actor: Any, rnd: Round, action: str, *, override: bool = False, reason: str = "") -> Round:
    """Do ``action`` to ``rnd`` as ``actor`` (KeyError for a name that is no action)."""
    return ACTIONS[action](actor, rnd, override=override, reason=reason)
