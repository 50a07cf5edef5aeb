"""A strict Content-Security-Policy: scripts from our files only, so no template may hold an inline
script or event handler (tests/browser/test_content_security_policy.py loads the pages in Chromium)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


def _policy(response) -> dict[str, list[str]]:
    return {d.split()[0]: d.split()[1:] for d in response["Content-Security-Policy"].split(";") if d.strip()}


def test_every_page_carries_a_policy_that_allows_no_inline_script(running_event):
    for url in ("/", "/accounts/login/", "/e/ljubljana-open/", "/api/docs/", "/health/"):
        policy = _policy(Client().get(url))
        assert policy["script-src"] == ["'self'"], url
        assert policy["default-src"] == ["'self'"]
        assert policy["object-src"] == ["'none'"] and policy["frame-ancestors"] == ["'none'"]


@pytest.mark.parametrize("template", sorted(TEMPLATES.rglob("*.html")), ids=lambda p: str(p.relative_to(TEMPLATES)))
def test_no_template_holds_an_inline_script_or_event_handler(template):
    text = template.read_text()
    assert not re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", text), "inline <script>: put it in static/js/"
    handlers = re.findall(r"\son[a-z]+\s*=", text)
    assert not handlers, f"inline event handler {handlers}: use data-confirm / data-autosubmit / data-print"
