"""The hall's Wi-Fi down for one phone, made airtight at the server (the browser tests' offline switch).

Chromium's offline emulation and the abort route of ``go_offline`` stop a page's requests, but not every
one: under load a page reloading offline can run its script before the emulation is back on, and its
service worker's request can pass the route (playwright#2311); a hand then reached the server from a
phone that was offline (test_offline_entry: a local run on 28 Nov 2026, CI on 29 Nov). ``go_offline``
also gives the phone's browser context this cookie; its writes are answered as a proxy answers a lost
connection (503, not JSON), which the page takes for no connection, and nothing is stored.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpResponse

COOKIE = "test-hall-wifi"


class HallWifi:
    """Middleware (tests/settings.py): no write from a phone whose Wi-Fi is down."""

    def __init__(self, get_response: Callable[[Any], Any]) -> None:
        self.get_response = get_response

    def __call__(self, request: Any) -> Any:
        if request.method == "POST" and request.COOKIES.get(COOKIE) == "down":
            return HttpResponse("no connection", status=503, content_type="text/plain")
        return self.get_response(request)
