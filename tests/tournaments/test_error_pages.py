"""Error pages (issue 22 item 13): 403, 404, 500 and a refused form in the reader's language, saying why
where the site knows, with a way back; never Django's bare "403 Forbidden" (tests run with DEBUG off, so
these are the production pages)."""

from __future__ import annotations

from django.test import Client
from django.utils import translation
from django.utils.translation import gettext

from tests.conftest import client_for
from tests.html_forms import form_with
from tournaments.events import services
from tournaments.rounds import services as rounds

HU = {"HTTP_ACCEPT_LANGUAGE": "hu"}


def _in_hungarian(text: str) -> str:
    with translation.override("hu"):
        translated = gettext(text)
    assert translated != text, f"no Hungarian for {text!r}"
    return translated


def _players(event, alice, n: int = 8) -> None:
    for i in range(1, n + 1):
        services.register_player(alice, event, name=f"Igralec {i}", club="TK")


def test_a_referee_opening_an_unpublished_round_sees_why_in_his_language_and_a_way_back(event, alice, rita):
    _players(event, alice)
    rounds.draw_round(alice, event)  # a draft: not published yet
    response = client_for(rita).get(f"/e/{event.slug}/round/1/table/1/", **HU)
    assert response.status_code == 403
    html = response.content.decode()
    assert _in_hungarian("This draw is not published yet.") in html
    assert _in_hungarian("You may not open this page") in html
    assert f'href="/e/{event.slug}/"' in html  # back to the event
    assert "Forbidden" not in html and '<html lang="hu">' in html


def test_a_mistyped_address_in_an_event_answers_a_page_with_the_way_back_to_the_event(event):
    response = Client().get(f"/e/{event.slug}/round/9/", **HU)
    assert response.status_code == 404
    html = response.content.decode()
    assert _in_hungarian("This page does not exist") in html
    assert f'href="/e/{event.slug}/"' in html
    assert "Not Found" not in html and "matches the given query" not in html


def test_an_address_of_no_event_answers_the_404_page_with_the_way_home(db):
    response = Client().get("/e/no-such-event/", **HU)
    assert response.status_code == 404
    html = response.content.decode()
    assert _in_hungarian("This page does not exist") in html
    assert 'href="/"' in html and "/e/no-such-event/" not in html.split("<main>")[1]


def test_a_private_event_refuses_a_stranger_with_the_reason_and_a_log_in(event, alice):
    services.update_tournament(alice, event, is_public=False)
    response = Client().get(f"/e/{event.slug}/standings/", **HU)
    assert response.status_code == 403
    html = response.content.decode()
    assert _in_hungarian("This event's pages are not public.") in html
    assert f"/accounts/login/?next=%2Fe%2F{event.slug}%2Fstandings%2F" in html


def test_a_server_error_answers_the_500_page_in_the_readers_language(db, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr("tournaments.public.views.render", broken)
    response = Client(raise_request_exception=False).get("/", **HU)
    assert response.status_code == 500
    html = response.content.decode()
    assert _in_hungarian("Something went wrong on our side.") in html
    assert 'href="/"' in html and "Server Error" not in html


def test_a_form_sent_with_an_expired_token_is_explained_not_refused_in_english(event, alice):
    """The organizer's players page stayed open while his session changed: the token it carries is stale."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    page = client.get(f"/e/{event.slug}/manage/players/", **HU)
    form = form_with(page.content, "name", action_contains="")
    data = form.data(name="Ana Novak")
    data["csrfmiddlewaretoken"] = "x" * 64  # what an old page carries after the cookie changed
    response = client.post(f"/e/{event.slug}/manage/players/", data, **HU)
    assert response.status_code == 403
    html = response.content.decode()
    assert _in_hungarian("The form could not be sent") in html
    assert "CSRF" not in html and "Forbidden" not in html
    assert f'href="/e/{event.slug}/"' in html
    assert not event.entries.exists()


def test_an_unknown_api_address_answers_the_apis_json_error(db):
    response = Client().get("/api/no-such-thing/", **HU)
    assert response.status_code == 404
    assert response.json()["errors"][0]["code"] == "not_found"
