"""Each button of the round page says what it did, as the other pages' actions do (a Django message):
the director who closes a round sees that it is closed."""

from __future__ import annotations

import html

from tests.conftest import client_for
from tests.html_forms import form
from tournaments.events import services
from tournaments.models import Round
from tournaments.rounds import services as rounds

ROUND = "/e/ljubljana-open/round/1/"


def press(client, action: str, **typed: str) -> str:
    """GET the round page, post its form for ``action`` as rendered (with what is typed), follow."""
    found = form(client.get(ROUND).content, f"/{action}/")
    response = client.post(found.action, found.data(**typed), follow=True)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def test_every_round_action_on_the_page_confirms_with_a_message(event, alice):
    for i in range(1, 9):
        services.register_player(alice, event, name=f"Player {i}")
    rounds.draw_round(alice, event, seed="messages")
    client = client_for(alice)
    assert "Round 1: the draw is published." in press(client, "publish")
    assert "Round 1 started: the clock runs." in press(client, "start")
    assert "Round 1: the clock is paused." in press(client, "pause")
    assert "Round 1: the clock runs again." in press(client, "start")
    page = press(client, "close", override="on", reason="the hall closes")  # no hand was played
    assert "Round 1 closed." in page
    assert Round.objects.get(tournament=event, number=1).status == Round.Status.CLOSED
    assert "Round 1 reopened." in press(client, "reopen", reason="protest at table 2")
