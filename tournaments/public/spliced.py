"""Pages whose long lists are rendered once per change: the page around them is rendered per request
(it differs for signed-in staff, and holds the clock) and the lists' cached bytes are put in its place.

A list of 1,024 rows is a few hundred kilobytes: pushed through the template engine on every request
it would be copied by every enclosing block and encoded again; spliced in as bytes it is copied once."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

# Template output escapes "<" in every value it prints, so only a template itself can write a marker.
MARKER = re.compile(rb"<!--part:(\w+)-->")


def render_page(
    request: HttpRequest, template: str, context: Mapping[str, Any], parts: Mapping[str, bytes]
) -> HttpResponse:
    """``template`` rendered with ``{{ name }}`` a marker for each of ``parts``, each marker then
    replaced by the part's bytes (UTF-8 HTML, already escaped where it holds data)."""
    markers = {name: mark_safe(f"<!--part:{name}-->") for name in parts}
    shell = render_to_string(template, {**context, **markers}, request).encode()
    pieces = MARKER.split(shell)  # text, name, text, name, ..., text
    for i in range(1, len(pieces), 2):
        pieces[i] = parts[pieces[i].decode()]
    return HttpResponse(b"".join(pieces))


def part_read(value: str | None) -> str:
    """The ``?part=`` a page with polled rows reads: ``rows`` or nothing (the public cache keys on it)."""
    return "rows" if value == "rows" else ""


# What such a page reads from its address (``tournaments.public.cache.share``'s ``reads``).
ROWS_PART_READS = {"part": part_read}


def rows_part(request: HttpRequest, etag: str, rows: bytes) -> HttpResponse | None:
    """``?part=rows``: the rows alone, or 304 while the page's script still holds ``etag`` (so a phone
    fetches the rows only after a change); None when the whole page is asked for."""
    if part_read(request.GET.get("part")) != "rows":
        return None
    response = HttpResponseNotModified() if request.headers.get("If-None-Match") == etag else HttpResponse(rows)
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response
