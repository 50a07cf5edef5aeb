"""The new-event form (issue: "The director's day", low items): each error stands in its own field's
block, and the organizer need not type a slug: it is made from the name, unique, and stays editable."""

from __future__ import annotations

import re

from django.urls import reverse

from tests.conftest import client_for
from tests.html_forms import form_with
from tests.support.api import send
from tournaments.models import Tournament

NEW = reverse("tournament-create") + "?variant=ulti-mausz"


def field_block(html: str, name: str) -> str:
    """The element of the form that holds the field ``name``'s input: from the opening tag of its block
    (the innermost <div> or <p> around it) to the block's end."""
    at = html.index(f'name="{name}"')
    start = max(html.rfind("<div", 0, at), html.rfind("<p", 0, at))
    end = html.index("</div>" if html.startswith("<div", start) else "</p>", at)
    return html[start:end]


def test_each_error_of_the_new_event_form_stands_in_its_own_fields_block(alice):
    client = client_for(alice)
    new = form_with(client.get(NEW).content, "name")
    response = client.post(NEW, new.data(name="Kupa", rounds="0", table_size="9"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Ensure this value is greater than or equal to 1." in field_block(html, "rounds")
    assert "is played at tables of 3 to 4 seats" in field_block(html, "table_size")
    # The field before each one shows no error of it.
    assert "errorlist" not in field_block(html, "variant")
    assert "errorlist" not in field_block(html, "round_minutes")
    assert not Tournament.objects.exists()


def test_the_slug_is_made_from_the_name_unique_and_editable(alice):
    client = client_for(alice)
    for expected in ("oszi-kupa-budapest", "oszi-kupa-budapest-2"):
        new = form_with(client.get(NEW).content, "name")
        assert new.fields["slug"] == ""
        response = client.post(NEW, new.data(name="Őszi Kupa – Budapest"))
        assert response.status_code == 302, response.content.decode()[-2000:]
        assert response["Location"] == f"/e/{expected}/"
    assert Tournament.objects.filter(slug="oszi-kupa-budapest-2", name="Őszi Kupa – Budapest").exists()
    typed = form_with(client.get(NEW).content, "name")
    assert client.post(NEW, typed.data(name="Döntő", slug="mausz-donto-2026"))["Location"] == "/e/mausz-donto-2026/"
    taken = client.post(NEW, typed.data(name="Döntő", slug="mausz-donto-2026"))
    assert "already exists" in field_block(taken.content.decode(), "slug")
    # On the edit page an emptied slug keeps the address; another one moves it.
    edit = reverse("tournament-edit", args=["mausz-donto-2026"])
    page = form_with(client.get(edit).content, "slug")
    assert client.post(edit, page.data(slug="")).status_code == 302
    assert Tournament.objects.filter(slug="mausz-donto-2026").exists()
    # The API twin: no slug, an address from the name.
    made = send(client, "post", "/api/events/", {"name": "Őszi Kupa – Budapest", "variant": "ulti-mausz"})
    assert (made.status_code, made.json()["slug"]) == (201, "oszi-kupa-budapest-3")
    assert re.fullmatch(r"[a-z0-9-]+", made.json()["slug"])
