"""Engine errors name the field as the hand form labels it, in the reader's language, never by its JSON key
("felvevő", not "declarer"; "20/40 … bemondta", not "m_tok"): on the hand form, in its preview and in the
API's messages. The API keeps the JSON path in ``field`` for programs."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.utils import translation

from scoring.text import _
from scoring.types import HandError
from tests.conftest import client_for
from tests.support.table_page import in_language, parti_won, posted, preview_url
from tests.tournaments.variant_tables import post_hand, rendered_form, running_table
from tournaments.tables import lines

pytestmark = pytest.mark.django_db


def label_in(lang: str, msgid: str) -> str:
    with translation.override(lang):
        return translation.gettext(msgid)


def errors_of(page: str) -> list[str]:
    """The texts of the page's error lists."""
    return [re.sub(r"<[^>]+>", "", li) for li in re.findall(r'<ul class="errorlist[^"]*"[^>]*>(.*?)</ul>', page, re.S)]


def test_a_sentence_names_its_field_by_the_label_given():
    error = HandError("play.declarer_tricks", "missing_field", _("%(field)s is required", field="declarer_tricks"))
    labels = {"play.declarer_tricks": "a felvevő ütései"}.get
    with translation.override("hu"):
        assert lines.message(error, labels).startswith("a felvevő ütései")
        assert lines.message(error) == label_in("hu", "%(field)s is required") % {"field": "declarer_tricks"}
    other = HandError(
        "attack[3]",
        "inconsistent",
        _("%(bid)s is already recorded for this pair at %(field)s", bid="Gém", field="attack[1]"),
    )
    assert "second line" in lines.message(other, {"attack[1]": "second line"}.get)


@pytest.mark.parametrize("lang", ["hu", "sl"])
def test_posting_an_ulti_hand_without_declarer_names_the_declarer_field_in_the_readers_language(alice, bob, lang):
    table = running_table(alice, "ulti-mausz")
    hand = parti_won(table)
    client = in_language(bob, lang)
    fields = rendered_form(client, table)
    response = post_hand(client, table, {**posted(hand, fields), "declarer": ""}, fields)
    assert response.status_code == 422  # the form again: nothing stored
    assert not table.hands.exists()
    page = response.content.decode()
    shown = " ".join(errors_of(page))
    assert label_in(lang, "declarer") in shown
    assert "declarer" not in shown


@pytest.mark.parametrize("lang", ["hu", "sl"])
def test_the_preview_lists_a_marriage_error_under_the_marriages_label_not_its_key(alice, bob, lang):
    table = running_table(alice, "ulti-mausz")
    hand = parti_won(table)
    _d, x, _y = hand["seats"]
    hand = {
        **hand,
        "bid": "40-100",
        "trump": "makk",
        "play": {**hand["play"], "marriages": [{"seat": x, "suit": "tok"}]},
    }
    client = in_language(bob, lang)
    page = client.post(preview_url(table), posted(hand, rendered_form(client, table))).content.decode()
    shown = " ".join(errors_of(page))
    suit = label_in(lang, "tök")
    assert (label_in(lang, "20/40 in %(suit)s announced by") % {"suit": suit}) in shown
    assert "m_tok" not in shown and "marriages" not in shown


def test_the_api_keeps_the_json_path_and_names_the_field_by_its_label(alice, bob):
    table = running_table(alice, "ulti-mausz")
    hand = parti_won(table)
    hand["play"] = {**hand["play"], "declarer_card_points": None}
    base = f"/api/events/{table.round.tournament.slug}/rounds/{table.round.number}/tables/{table.number}/"
    client: Any = client_for(bob)
    rejected = client.post(f"{base}preview/", hand, content_type="application/json", HTTP_ACCEPT_LANGUAGE="hu")
    assert rejected.status_code == 400
    (error,) = rejected.json()["errors"]
    assert error["field"] == "play.declarer_card_points"
    assert error["message"].startswith(label_in("hu", "declarer's card points (aces, tens, last trick)"))
    assert "declarer_card_points" not in error["message"]
