"""The address printed on every sheet and slip: the site's URL, a table's page, its QR code."""

from __future__ import annotations

import functools
from urllib.parse import urlsplit

import segno
from django.conf import settings
from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext as _


def site_url() -> str:
    # SITE_URL: the address players' phones reach; read at call time so settings/tests can change it.
    return str(getattr(settings, "SITE_URL", settings.SITE_URL_DEFAULT)).rstrip("/")


def site_url_warning(request: HttpRequest) -> str:
    """Why the QR codes about to be printed may not open on the players' phones, or "": the site's
    address (``SITE_URL``) is still the default, which only this machine reaches, or it names
    another host than the one the organizer is using (a copy of the site, a forgotten setting)."""
    url = site_url()
    if url == settings.SITE_URL_DEFAULT.rstrip("/"):
        return _(
            "The QR codes print the address %(url)s: SITE_URL is not set, and players' phones cannot "
            "open that address. Set SITE_URL to the site's public address before printing."
        ) % {"url": url}
    here = request.get_host().lower()
    if urlsplit(url).netloc.lower() != here:
        return _(
            "The QR codes print the address %(url)s (SITE_URL), but you are using %(here)s. Check that "
            "players' phones open %(url)s before printing, or set SITE_URL to this site's address."
        ) % {"url": url, "here": here}
    return ""


def table_url(slug: str, round_no: int, table_no: int) -> str:
    return site_url() + reverse("table", args=[slug, round_no, table_no])


@functools.lru_cache(maxsize=4096)  # a round's URLs again at the next regeneration; ~8 ms each
def qr_data_uri(url: str) -> str:
    """The table's address as a QR code, embedded (no file, no fetch)."""
    # Error level M survives a crease or a pen mark; a scale of 4 px per module prints crisply at 150 dpi and up.
    return segno.make(url, error="m", micro=False).png_data_uri(scale=4, border=2)
