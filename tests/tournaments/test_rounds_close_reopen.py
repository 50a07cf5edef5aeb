"""Closing a round with tables not done (an audited override) and reopening it for a protest.

The page actions are performed as a person would: GET the round page, post the form it renders.
"""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.conftest import client_for
from tests.support.events import confirm_table, play_table
from tournaments.models import AuditEntry, Round, Seat, Table, Tournament
from tournaments.rounds import services as rounds


def form(html: str, form_id: str) -> tuple[str, dict[str, str], list[str]]:
    """The action, the hidden/text values and the names of the fields of the form with ``form_id``."""
    match = re.search(rf'<form[^>]*id="{form_id}"[^>]*action="([^"]+)"[^>]*>(.*?)</form>', html, re.S)
    if match is None:
        match = re.search(rf'<form[^>]*action="([^"]+)"[^>]*id="{form_id}"[^>]*>(.*?)</form>', html, re.S)
    assert match, f"no form #{form_id}"
    body = match.group(2)
    values = {n: unescape(v) for n, v in re.findall(r'<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"', body)}
    names = re.findall(r'name="([^"]+)"', body)
    return unescape(match.group(1)), values, names


@pytest.fixture
def round1(running_event) -> Round:
    return Round.objects.get(tournament=running_event, number=1)


def round_page(client, event) -> str:
    response = client.get(reverse("round", args=[event.slug, 1]))
    assert response.status_code == 200
    return response.content.decode()


# --- the action --------------------------------------------------------------------------------------


def test_closing_with_tables_not_done_is_refused_naming_each_table_and_why(round1, alice, bob):
    table1, _table2 = Table.objects.filter(round=round1).order_by("number")
    play_table(table1, bob)  # table 1: all hands, not confirmed; table 2: nothing
    with pytest.raises(ValidationError) as exc:
        rounds.close_round(alice, round1)
    message = exc.value.message_dict["override"][0]
    assert "table 1: not confirmed by all players" in message
    assert "table 2: 0 of 2 hands played, not confirmed by all players" in message
    assert Round.objects.get(pk=round1.pk).status == Round.Status.RUNNING
    assert not AuditEntry.objects.filter(action="round.closed").exists()


def test_the_override_needs_a_reason_and_is_audited_with_the_open_tables(round1, alice, bob):
    with pytest.raises(ValidationError) as exc:
        rounds.close_round(alice, round1, override=True, reason="  ")
    assert "reason" in exc.value.message_dict
    rounds.close_round(alice, round1, override=True, reason="table 2 abandoned")
    entry = AuditEntry.objects.get(action="round.closed")
    assert entry.reason == "table 2 abandoned"
    assert [o["table"] for o in entry.after["override"]] == [1, 2]
    assert entry.after["override"][1] == {"table": 2, "hands": 0, "expected": 2, "complete": False, "confirmed": False}


def test_a_round_whose_tables_are_done_and_confirmed_closes_without_override(round1, alice, bob):
    for table in Table.objects.filter(round=round1):
        play_table(table, bob)
        confirm_table(table, bob)
    rounds.close_round(alice, round1)
    entry = AuditEntry.objects.get(action="round.closed")
    assert "override" not in entry.after and entry.reason == ""


def test_reopening_needs_a_reason_runs_the_round_again_and_is_audited(round1, alice, bob):
    rounds.close_round(alice, round1, override=True, reason="x")
    with pytest.raises(ValidationError) as exc:
        rounds.reopen_round(alice, round1, reason="")
    assert "reason" in exc.value.message_dict
    rounds.reopen_round(alice, round1, reason="protest of table 1")
    rnd = Round.objects.get(pk=round1.pk)
    assert (rnd.status, rnd.closed_at, rnd.started_at) == (Round.Status.RUNNING, None, None)
    entry = AuditEntry.objects.get(action="round.reopened")
    assert (entry.reason, entry.actor.username, entry.before["status"]) == ("protest of table 1", "alice", "closed")


def test_only_organizers_reopen(round1, alice, bob, charlie):
    from django.core.exceptions import PermissionDenied

    rounds.close_round(alice, round1, override=True, reason="x")
    for user in (bob, charlie):
        with pytest.raises(PermissionDenied):
            rounds.reopen_round(user, round1, reason="protest")


def test_reopening_the_last_round_makes_the_event_running_again(round1, alice):
    Tournament.objects.filter(pk=round1.tournament_id).update(rounds=1)
    round1.tournament.refresh_from_db()
    rounds.close_round(alice, round1, override=True, reason="x")
    assert Tournament.objects.get(pk=round1.tournament_id).status == Tournament.Status.FINISHED
    rounds.reopen_round(alice, Round.objects.get(pk=round1.pk), reason="protest")
    assert Tournament.objects.get(pk=round1.tournament_id).status == Tournament.Status.RUNNING


def test_a_later_draw_is_flagged_and_redrawn_only_once_the_reopened_round_is_closed(round1, alice, bob):
    for table in Table.objects.filter(round=round1):
        play_table(table, bob)
        confirm_table(table, bob)
    rounds.close_round(alice, round1)
    rnd2 = rounds.draw_round(alice, round1.tournament, seed="r2")
    rounds.publish_draw(alice, rnd2)
    assert rounds.stale_rounds(round1.tournament) == {}
    rounds.reopen_round(alice, round1, reason="protest")
    assert rounds.stale_rounds(round1.tournament) == {2: [1]}
    with pytest.raises(ValidationError) as exc:
        rounds.draw_round(alice, round1.tournament, confirm_redraw=True)
    assert "reopened" in exc.value.messages[0]
    rounds.close_round(alice, Round.objects.get(pk=round1.pk))
    rounds.draw_round(alice, round1.tournament, seed="r2", confirm_redraw=True)
    assert rounds.stale_rounds(round1.tournament) == {}


# --- the pages, as a person uses them ------------------------------------------------------------


def test_the_round_page_lists_the_open_tables_and_closes_only_with_the_override_and_a_reason(
    running_event, round1, alice, bob
):
    play_table(Table.objects.get(round=round1, number=1), bob)
    client = client_for(alice)
    html = round_page(client, running_event)
    assert "Table 1: not confirmed by all players" in html
    assert "Table 2: 0 of 2 hands played, not confirmed by all players" in html
    action, values, names = form(html, "close-override")
    assert {"override", "reason"} <= set(names)
    # Without ticking the override: refused, the tables named, nothing closed.
    response = client.post(
        action, {"csrfmiddlewaretoken": values["csrfmiddlewaretoken"], "reason": "late"}, follow=True
    )
    assert "table 2: 0 of 2 hands played" in response.content.decode()
    assert Round.objects.get(pk=round1.pk).status == Round.Status.RUNNING
    # Ticked, with a reason: closed and audited.
    response = client.post(
        action,
        {"csrfmiddlewaretoken": values["csrfmiddlewaretoken"], "override": "on", "reason": "table 2 never sat down"},
        follow=True,
    )
    assert response.status_code == 200
    assert Round.objects.get(pk=round1.pk).status == Round.Status.CLOSED
    assert AuditEntry.objects.get(action="round.closed").reason == "table 2 never sat down"


def test_the_round_page_reopens_a_closed_round_with_a_reason(running_event, round1, alice):
    rounds.close_round(alice, round1, override=True, reason="x")
    client = client_for(alice)
    action, values, names = form(round_page(client, running_event), "reopen")
    assert "reason" in names
    client.post(action, {"csrfmiddlewaretoken": values["csrfmiddlewaretoken"], "reason": "protest at table 2"})
    assert Round.objects.get(pk=round1.pk).status == Round.Status.RUNNING
    assert AuditEntry.objects.get(action="round.reopened").reason == "protest at table 2"


def _round1_closed_round2_published(running_event, round1, alice, bob) -> Round:
    """Round 1 played, confirmed and closed; round 2 drawn and published."""
    for table in Table.objects.filter(round=round1):
        play_table(table, bob)
        confirm_table(table, bob)
    rounds.close_round(alice, round1)
    rnd2 = rounds.draw_round(alice, running_event, seed="r2")
    rounds.publish_draw(alice, rnd2)
    return rnd2


def test_the_rounds_page_flags_a_stale_draw_and_its_redraw_form_redraws_it(running_event, round1, alice, bob):
    _round1_closed_round2_published(running_event, round1, alice, bob)
    rounds.reopen_round(alice, round1, reason="protest")
    client = client_for(alice)
    page = client.get(reverse("rounds", args=[running_event.slug])).content.decode()
    assert "Round 1 is reopened for a protest" in page
    assert 'id="stale-2"' in page and "Drawn before round 1 was reopened" in page
    rounds.close_round(alice, Round.objects.get(pk=round1.pk))
    page = client.get(reverse("rounds", args=[running_event.slug])).content.decode()
    stale = page[page.index('id="stale-2"') :]
    values = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', stale.split("</form>")[0]))
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', stale).group(1)
    response = client.post(reverse("rounds", args=[running_event.slug]), {**values, "csrfmiddlewaretoken": token})
    assert response.status_code == 302
    assert AuditEntry.objects.filter(action="round.redrawn").exists()
    page = client.get(reverse("rounds", args=[running_event.slug])).content.decode()
    assert 'id="stale-2"' not in page


def test_a_started_later_round_is_flagged_but_not_offered_a_redraw(running_event, round1, alice, bob):
    rnd2 = _round1_closed_round2_published(running_event, round1, alice, bob)
    rounds.start_clock(alice, rnd2)
    rounds.reopen_round(alice, round1, reason="protest")
    page = client_for(alice).get(reverse("rounds", args=[running_event.slug])).content.decode()
    assert "It has started, so it stays as it is." in page
    assert "Redraw round 2" not in page


def test_after_an_override_close_a_table_without_hands_is_still_reseated(round1, alice, bob):
    # Table 2 never played: its players tie (no points) and still get a seat in round 2 (rule 7).
    play_table(Table.objects.get(round=round1, number=1), bob)
    rounds.close_round(alice, round1, override=True, reason="table 2 did not play")
    rnd2 = rounds.draw_round(alice, round1.tournament, seed="r2")
    assert Seat.objects.filter(round=rnd2).count() == 8
