"""Helpers of the players-across-events tests (season.md §1): a second event, the import's preview and
its confirm as a person posts them."""

from __future__ import annotations

from typing import Any

from django.core.files.uploadedfile import SimpleUploadedFile

from tests.html_forms import forms, submit


def other_event(organizer: Any, *, slug: str = "kranj-cup", name: str = "Kranj Cup", public: bool = True, **more: Any):
    """Another Taruk 2012 event (4 rounds of 12 hands, 75 minutes, tables of four: the defaults),
    organized by ``organizer``."""
    from tests.support.events import new_event

    return new_event(organizer, slug, name=name, is_public=public, **more)


def preview(client: Any, slug: str, text: str) -> str:
    """Upload ``text`` as a CSV through the players page's import form; the preview's HTML."""
    upload = SimpleUploadedFile("players.csv", text.encode())
    response = submit(client, f"/e/{slug}/manage/players/", "file", {"file": upload}, action_contains="import")
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def confirm(client: Any, slug: str, html: str, **answers: str):
    """Press the preview's "Enter N players" with the radio buttons ``answers`` chose (match-<line>)."""
    [found] = [f for f in forms(html) if "confirm" in f.buttons]
    return client.post(found.action or f"/e/{slug}/manage/players/import/", {**found.data(**answers), **found.buttons})
