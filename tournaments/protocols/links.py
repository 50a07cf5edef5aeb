"""The address printed on every sheet and slip: the site's URL, a table's page, its QR code."""

from __future__ import annotations

import functools

import segno
from django.conf import settings
from django.urls import reverse


def site_url() -> str:
    # SITE_URL: the address players' phones reach; read at call time so settings/tests can change it.
    return str(getattr(settings, "SITE_URL", "http://127.0.0.1:8000")).rstrip("/")


def table_url(slug: str, round_no: int, table_no: int) -> str:
    return site_url() + reverse("table", args=[slug, round_no, table_no])


@functools.lru_cache(maxsize=4096)  # a round's URLs again at the next regeneration; ~8 ms each
def qr_data_uri(url: str) -> str:
    """The table's address as a QR code, embedded (no file, no fetch)."""
    # Error level M survives a crease or a pen mark; a scale of 4 px per module prints crisply at 150 dpi and up.
    return segno.make(url, error="m", micro=False).png_data_uri(scale=4, border=2)
