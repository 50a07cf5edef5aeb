"""The carried table state in words on the referee's table page, in the reader's language: each variant
tells its own state (``Variant.describe_state``; the words of each: tests/scoring/test_state_words.py)."""

from __future__ import annotations

from django.urls import reverse

from tests.conftest import client_for


def test_the_table_page_tells_the_state_in_the_readers_language(complete, bob):
    # Hand 1 klop gave every seat a radelc (taruk2012.md §4.4); hand 2, the next, used them all (§3.7).
    url = reverse("table", args=[complete.round.tournament.slug, 1, complete.number])
    page = client_for(bob).get(url, HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    assert '<p class="muted table-state">Nincs radelc</p>' in page
    page = client_for(bob).get(url, HTTP_ACCEPT_LANGUAGE="sl").content.decode()
    assert '<p class="muted table-state">Radelcev ni</p>' in page
