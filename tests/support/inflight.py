"""The live server's requests in flight, counted so that a browser test's teardown waits for them.

A page may still be answering (a poll, a queued hand sent as the page closed) when the test ends; on
SQLite the flush that empties the database between tests then fails ("database table is locked") and
the next test starts on the last one's rows. The browser fixture closes the pages, then waits here.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

_lock = threading.Lock()
_in_flight = 0


class CountInFlight:
    """Middleware (tests/settings.py puts it first): one more request in flight until it has answered."""

    def __init__(self, get_response: Callable[[Any], Any]) -> None:
        self.get_response = get_response

    def __call__(self, request: Any) -> Any:
        global _in_flight
        with _lock:
            _in_flight += 1
        try:
            return self.get_response(request)
        finally:
            with _lock:
                _in_flight -= 1


def wait_until_answered(timeout: float = 15.0) -> int:
    """Wait until no request is in flight (at most ``timeout`` seconds); the number still in flight."""
    deadline = time.monotonic() + timeout
    while _in_flight and time.monotonic() < deadline:
        time.sleep(0.02)
    return _in_flight
