"""The pages read as Hungarian: "1. forduló", "2. asztal" (number first) and ranking points with a decimal comma."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import client_for

pytestmark = pytest.mark.django_db


def hungarian(user):
    client = client_for(user)
    client.cookies["django_language"] = "hu"
    return client


def play_table_one(alice, event) -> None:
    """Both hands of table 1: the forehand declares tri and wins with 48 card points, first with the player
    opposite, then with the next player as partner: totals 30, 25, 25, 0."""
    from tournaments.tables import hands

    table = event.round_set.get(number=1).tables.get(number=1)
    setup = hands.table_setup(table, event)
    previous = None
    for partner in (2, 1):
        envelope = hands.next_envelope(setup, previous)
        previous = hands.enter_hand(
            alice,
            table,
            {
                **envelope,
                "game": "tri",
                "declarer": envelope["seats"][0],
                "called_king": "hearts",
                "partner": envelope["seats"][partner],
                "card_points": 48,
            },
        )


def test_the_round_and_table_pages_put_the_number_first_in_hungarian(running_event, bob):
    client = hungarian(bob)
    table_page = client.get(reverse("table", args=[running_event.slug, 1, 1])).content.decode()
    assert '<html lang="hu"' in table_page
    assert "1. forduló" in table_page and "1. asztal" in table_page
    assert "Forduló 1" not in table_page and "Asztal 1" not in table_page
    round_page = client.get(reverse("round", args=[running_event.slug, 1])).content.decode()
    assert "<h1>1. forduló" in round_page and "2. asztal" in round_page


def test_the_hall_labels_rounds_and_tables_number_first_and_gives_its_script_the_pattern(running_event, bob):
    page = hungarian(bob).get(reverse("hall", args=[running_event.slug])).content.decode()
    assert "1. forduló" in page and "1. asztal" in page
    assert 'data-table-label="{n}. asztal"' in page and 'data-round="{n}. forduló"' in page


def test_standings_show_shared_ranking_points_with_a_decimal_comma_in_hungarian(running_event, alice):
    play_table_one(alice, running_event)
    url = reverse("standings", args=[running_event.slug])
    hu = hungarian(alice).get(url).content.decode()
    en = client_for(alice).get(url).content.decode()
    # Second place at a table of four earns 1.5 ranking points (taruk2012.md §6.1: 2, 1.5, 1, 0.5).
    assert '<td class="num">1,5</td>' in hu and '<td class="num">1.5</td>' not in hu
    assert '<td class="num">1.5</td>' in en
    assert 'data-decimal=","' in hu


def test_the_hall_shows_ranking_points_with_a_decimal_comma_in_hungarian(running_event, alice):
    play_table_one(alice, running_event)
    page = hungarian(alice).get(reverse("hall", args=[running_event.slug])).content.decode()
    assert '<td class="num">1,5</td>' in page


def test_the_audit_log_names_each_action_in_words_with_the_key_kept_out_of_sight(running_event, alice):
    play_table_one(alice, running_event)
    page = hungarian(alice).get(reverse("audit-log", args=[running_event.slug])).content.decode()
    assert '<td data-action="hand.entered">leosztás rögzítve</td>' in page
    assert '<td data-action="round.published">sorsolás közzétéve</td>' in page
    assert "<code>hand.entered</code>" not in page
