"""The organizer's moves on a round by name (tournaments/rounds/actions.py), the same for the rounds
page and the API; the draw method names declared once (tournaments/rounds/draw_methods.py)."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from tests.conftest import client_for
from tests.html_forms import form, forms
from tournaments.api.serializers import DrawSerializer
from tournaments.api.urls import RoundAction
from tournaments.events.forms import DrawForm
from tournaments.models import AuditEntry, Round
from tournaments.rounds import actions as round_actions
from tournaments.rounds import draw_methods


def _actions(rnd: Round) -> list[str]:
    return list(
        AuditEntry.objects.filter(target_type="round", target_id=str(rnd.pk))
        .order_by("id")
        .values_list("action", flat=True)
    )


def test_each_move_goes_through_the_rounds_action_and_is_audited(running_event, alice):
    rnd = running_event.round_set.get(number=1)
    round_actions.perform(alice, rnd, "pause")
    round_actions.perform(alice, rnd, "start")
    with pytest.raises(ValidationError) as refused:
        round_actions.perform(alice, rnd, "close")  # tables have hands to play: needs the override
    assert "override" in refused.value.message_dict
    round_actions.perform(alice, rnd, "close", override=True, reason="hall closes")
    round_actions.perform(alice, rnd, "reopen", reason="protest at table 2")
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.RUNNING
    assert _actions(rnd)[-4:] == ["round.clock_paused", "round.clock_started", "round.closed", "round.reopened"]


def test_a_name_that_is_no_action_is_refused(running_event, alice):
    with pytest.raises(KeyError):
        round_actions.perform(alice, running_event.round_set.get(number=1), "delete")


def test_only_the_organizers_move_a_round(running_event, bob):
    with pytest.raises(PermissionDenied):
        round_actions.perform(bob, running_event.round_set.get(number=1), "pause")


def test_the_page_the_api_and_the_url_converter_know_the_same_moves(running_event, alice):
    slug = running_event.slug
    page = client_for(alice).get(reverse("round", args=[slug, 1])).content
    rendered = {f.action.rstrip("/").rsplit("/", 1)[-1] for f in forms(page) if "/manage/rounds/1/" in f.action}
    assert {"pause", "close"} <= rendered <= set(round_actions.ACTIONS)
    assert set(RoundAction.words) | {"close", "reopen"} == set(round_actions.ACTIONS)
    # The bodyless moves of the API answer what the page's buttons do.
    response = client_for(alice).post(f"/api/events/{slug}/rounds/1/pause/", content_type="application/json")
    assert response.status_code == 200 and response.json()["clock"]["running"] is False
    start = form(client_for(alice).get(reverse("round", args=[slug, 1])).content, "/start/")
    client_for(alice).post(start.action, start.fields)
    rnd = running_event.round_set.get(number=1)
    assert _actions(rnd)[-2:] == ["round.clock_paused", "round.clock_started"]


def test_the_draw_method_names_are_declared_once(running_event):
    names = list(draw_methods.DRAW_METHODS)
    assert names == ["random", "strength", "all_play_all", "ladder_groups", "ladder_strength"]
    assert list(DrawSerializer().fields["method"].choices) == names
    # The page offers what the variant's plan allows (Taruk has no all-play-all), the event's own first;
    # the series ladder's two only to an event of a series (tests/tournaments/test_seasons_draw.py).
    form = DrawForm(running_event)
    assert [value for value, _label in form.fields["method"].choices] == draw_methods.methods_for("taruk2012")
    assert draw_methods.methods_for("taruk2012") == ["random", "strength"]
    assert draw_methods.methods_for("ulti-mausz") == names[:3]
    assert draw_methods.methods_for("taruk2012", in_series=True) == ["random", "strength", *names[3:]]
    assert form.fields["method"].initial == draw_methods.RANDOM


def test_a_method_the_draw_does_not_know_is_refused_by_form_and_api(running_event, alice):
    assert not DrawForm(running_event, {"method": "swiss"}).is_valid()
    response = client_for(alice).post(
        f"/api/events/{running_event.slug}/rounds/", {"method": "swiss"}, content_type="application/json"
    )
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "method"
