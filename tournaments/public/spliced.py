"""Pages whose long lists are rendered once per change: the page around them is rendered per request
(it differs for signed-in staff, and holds the clock) and the lists' cached bytes are put in its place.

A list of 1,024 rows is a few hundred kilobytes: pushed through the template engine on every request
it would be copied by every enclosing block and encoded again; spliced in as bytes it is copied once."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.http import HttpRequest, HttpResponse
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
