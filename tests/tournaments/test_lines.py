"""The engine's lines and errors on the site, in the reader's language: a Hungarian referee previews an
ulti hand on the table page and reads Hungarian arithmetic; a stored hand's breakdown is re-rendered in
each reader's language (a hand stored as plain English text before stays as it was); the API answers
previews, hands and rejections in the language the request asks for; the hand form shows engine errors
in the page's language."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from tests.conftest import client_for
from tests.support.table_page import in_language, parti_won, posted, preview_url
from tests.tournaments.variant_tables import rendered_form, running_table
from tournaments.models import Hand
from tournaments.tables import hands

pytestmark = pytest.mark.django_db


def test_a_hungarian_referee_previews_an_ulti_hand_in_hungarian(alice, bob):
    table = running_table(alice, "ulti-mausz")
    hand = parti_won(table)
    d, x, y = hand["seats"]
    client = in_language(bob, "hu")
    page = client.post(preview_url(table), posted(hand, rendered_form(client, table))).content.decode()
    assert f"parti (zöld) teljesítve, x1: {x} fizet {d} játékosnak 1; {y} fizet {d} játékosnak 1" in page
    assert "összesen:" in page
    assert " pays " not in page and " made" not in page


def test_an_engine_error_shows_on_the_form_in_the_page_language(alice, bob):
    table = running_table(alice, "ulti-mausz")
    hand = parti_won(table)
    hand["play"]["declarer_card_points"] = None  # a parti needs the card points
    client = in_language(bob, "sl")
    page = client.post(preview_url(table), posted(hand, rendered_form(client, table))).content.decode()
    # the field named as the form labels it (tests/tournaments/test_error_labels.py), the sentence in Slovenian
    assert "igralčeve točke (asi, desetke, zadnji vzetek): pri tej igri obvezen podatek, ali pa izid z lista" in page
    assert "is required for this bid" not in page and "declarer_card_points" not in page


def test_a_stored_breakdown_is_rendered_in_each_readers_language(alice, bob):
    table = running_table(alice, "ulti-mausz")
    hand = parti_won(table)
    d, x, y = hand["seats"]
    stored = hands.enter_hand(alice, table, hand)
    line = stored.breakdown[0]  # kept as a message with its English text, not as the text alone
    assert line["text"] == f"parti (zöld) made, x1: {x} pays {d} 1; {y} pays {d} 1"
    assert '"id": "%(game)s made"' in json.dumps(line) and '"id": "%(payer)s pays %(payee)s %(amount)s"' in json.dumps(
        line
    )
    url = reverse("table", args=[table.round.tournament.slug, table.round.number, table.number])
    english = in_language(bob, "en").get(url).content.decode()
    hungarian = in_language(bob, "hu").get(url).content.decode()
    slovenian = in_language(bob, "sl").get(url).content.decode()
    assert f"{x} pays {d} 1; {y} pays {d} 1" in english
    assert f"{x} fizet {d} játékosnak 1; {y} fizet {d} játékosnak 1" in hungarian
    assert f"{x} plača igralcu {d} 1; {y} plača igralcu {d} 1" in slovenian
    # A hand stored before lines were messages keeps its English text.
    Hand.objects.filter(pk=stored.pk).update(breakdown=["parti (zöld) made, x1: an old line"])
    assert "parti (zöld) made, x1: an old line" in in_language(bob, "hu").get(url).content.decode()


def test_the_api_answers_in_the_language_of_the_request(alice, bob):
    table = running_table(alice, "ulti-mausz")
    hand = parti_won(table)
    d, x, y = hand["seats"]
    base = f"/api/events/{table.round.tournament.slug}/rounds/{table.round.number}/tables/{table.number}/"
    client = client_for(bob)
    preview = client.post(f"{base}preview/", hand, content_type="application/json", HTTP_ACCEPT_LANGUAGE="hu")
    assert preview.status_code == 200, preview.content
    assert (
        preview.json()["breakdown"][0]
        == f"parti (zöld) teljesítve, x1: {x} fizet {d} játékosnak 1; {y} fizet {d} játékosnak 1"
    )
    bad = {**hand, "trump": "kék"}
    rejected = client.post(f"{base}preview/", bad, content_type="application/json", HTTP_ACCEPT_LANGUAGE="sl")
    assert rejected.status_code == 400
    assert rejected.json()["errors"] == [
        {"field": "trump", "code": "invalid_value", "message": "adut mora biti makk, tok, zold ali piros"}
    ]
    hands.enter_hand(alice, table, hand)
    listed = client.get(f"{base}hands/", HTTP_ACCEPT_LANGUAGE="sl").json()
    assert listed[0]["breakdown"][0] == f"parti (zöld) uspel, x1: {x} plača igralcu {d} 1; {y} plača igralcu {d} 1"
    assert (
        client.get(f"{base}hands/", HTTP_ACCEPT_LANGUAGE="en")
        .json()[0]["breakdown"][0]
        .startswith("parti (zöld) made, x1")
    )
