"""Correcting a hand on its page, as a referee does it (issue "The director's day", item 9): the
engine's arithmetic before saving, as on entry; folded sections that hold something open; the
correction links only where a correction can be saved; and the referee who loses a simultaneous
save keeps what he typed.

Numbers: taruk2012.md §8.1 E1 (tri won with 48: B 25, partner D (25 + 5) / 2 = 15) and the same tri
with 30 card points: lost, 30 -> 30, difference 5: G = -10 - 5 = -15, D -(15 + 5) / 2 = -10."""

from __future__ import annotations

import html
import re

import pytest

from tests.conftest import client_for, enter_e1
from tests.html_forms import form_with
from tournaments.models import Hand, Table
from tournaments.rounds import services as rounds
from tournaments.tables import hands as services

URL = "/e/ljubljana-open/round/1/table/1/"
EDIT = URL + "hands/1/"


@pytest.fixture
def table(running_event):
    return Table.objects.get(round__tournament=running_event, round__number=1, number=1)


def correction_form(client):
    page = client.get(EDIT)
    assert page.status_code == 200
    return page.content.decode(), form_with(page.content, "reason")


def test_the_correction_page_shows_the_engines_arithmetic_before_saving(table, bob):
    enter_e1(bob, table)
    client = client_for(bob)
    page, correction = correction_form(client)
    (preview_url,) = re.findall(r'<form[^>]*class="[^"]*hand-form[^"]*"[^>]*hx-post="([^"]+)"', page)
    assert 'id="preview"' in page
    response = client.post(preview_url, correction.data(card_points="30"))
    assert response.status_code == 200
    shown = html.unescape(response.content.decode())
    assert "The engine scores this hand" in shown
    assert re.findall(r'<td class="num">(-?\d+)</td>', shown) == ["0", "-15", "0", "-10"]
    assert Hand.objects.get().input["card_points"] == 48  # nothing stored


def test_a_folded_section_holding_a_value_opens(table, bob):
    """E1 with the dealer's first misdeal (taruk2012.md §5.4: a warning): the correction opens the
    folded penalties to show it. On the table page's new hand the penalties stay folded, while the
    sections the zapisnik marks in one stroke (bonuses, mond) are open from the start."""
    envelope = services.next_envelope(services.table_setup(table, table.round.tournament), None)
    s = envelope["seats"]
    hand = {**envelope, "game": "tri", "declarer": s[0], "called_king": "hearts", "partner": s[2], "card_points": 48}
    misdeal = {"type": "misdeal", "seat": envelope["dealer"], "warning": True}
    services.enter_hand(bob, table, {**hand, "penalties": [misdeal]})
    page, _form = correction_form(client_for(bob))
    assert _opened(page) == {
        "Game": True,
        "Bonuses": True,
        "Klop: card points of each player": False,
        "Mond": True,
        "Penalties": True,
        "Other": False,
    }
    new_hand = client_for(bob).get(URL).content.decode()
    assert _opened(new_hand) == {
        "Game": True,
        "Bonuses": True,
        "Klop: card points of each player": False,
        "Mond": True,
        "Penalties": False,
        "Other": False,
    }


def _opened(page: str) -> dict[str, bool]:
    sections = re.findall(r"<details class=\"fieldset\"([^>]*)>\s*<summary>(.*?)</summary>", page)
    return {title: " open" in attrs for attrs, title in sections}


def test_correction_links_are_offered_only_where_a_correction_can_be_saved(table, alice, bob):
    enter_e1(bob, table)
    assert EDIT in client_for(bob).get(URL).content.decode()  # a running round: the referee corrects
    rounds.close_round(alice, table.round, override=True, reason="the hall closes")
    assert EDIT not in client_for(bob).get(URL).content.decode()  # closed: the referee may not
    assert EDIT in client_for(alice).get(URL).content.decode()  # the organizer still may
    # What the link would lead to: the organizer's correction of the closed round is stored.
    _page, correction = correction_form(client_for(alice))
    response = client_for(alice).post(EDIT, correction.data(card_points="30", reason="protest upheld"))
    assert response.status_code == 302
    assert Hand.objects.get().points == {"A": 0, "B": -15, "C": 0, "D": -10}


def test_the_referee_who_loses_a_simultaneous_save_keeps_what_he_typed(table, bob, rita):
    enter_e1(bob, table)
    phone1, phone2 = client_for(bob), client_for(rita)
    (_page, form1), (_page2, form2) = correction_form(phone1), correction_form(phone2)
    assert phone1.post(EDIT, form1.data(card_points="30", reason="recounted")).status_code == 302
    lost = phone2.post(EDIT, form2.data(card_points="60", reason="my count"))
    assert lost.status_code == 422
    text = html.unescape(lost.content.decode())
    assert "Hand 1 was changed by someone else since you opened it" in text
    assert "Now: A 0 · B -15 · C 0 · D -10" in text  # what the other referee stored
    again = form_with(lost.content, "reason")
    assert again.fields["card_points"] == "60" and again.fields["reason"] == "my count"  # his input
    assert Hand.objects.get().input["card_points"] == 30
    # Having seen theirs, he decides: saving the form as shown now stores his.
    assert phone2.post(EDIT, again.data()).status_code == 302
    assert Hand.objects.get().input["card_points"] == 60
