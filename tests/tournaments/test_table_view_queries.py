"""Every reader of one table costs the same number of queries whatever the number of hands: the
table page (the referee's, with its entry form, and the public one), ``table.json``, the API's table
detail, the seat page and its API twin, and the protocol (one table, and a round's)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.conftest import client_for
from tournaments.documents.protocols import build

from .played_table import correct, delete, enter, game, thrown_in, vadasz_table

SLUG = "tarokk-vadasz-open"
TABLE = f"/api/events/{SLUG}/rounds/1/tables/1/"


def _get(user, url):
    client = client_for(user)  # signed in once: the requests counted are the reader's own

    def read():
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)

    return read


READERS = {
    "table page (referee)": lambda t, bob: _get(bob, reverse("table", args=[SLUG, 1, 1])),
    "table page (public)": lambda t, bob: _get(None, reverse("table", args=[SLUG, 1, 1])),
    "table.json": lambda t, bob: _get(None, reverse("table-json", args=[SLUG, 1, 1])),
    "API table detail": lambda t, bob: _get(bob, TABLE),
    "seat page": lambda t, bob: _get(None, reverse("table-seat", args=[SLUG, 1, 1, "A"])),
    "API seat": lambda t, bob: _get(None, TABLE + "seats/A/"),
    "protocol": lambda t, bob: lambda: build.table_protocol(t, filled=True),
    "round protocols": lambda t, bob: lambda: build.round_protocols(t.round, filled=True),
}


def queries(read) -> int:
    read()  # the first request warms what is kept between requests (the content types, the session)
    with CaptureQueriesContext(connection) as ctx:
        read()
    return len(ctx)


@pytest.mark.parametrize("reader", list(READERS))
def test_a_reader_of_a_table_costs_the_same_queries_with_more_hands(reader, alice, bob, django_assert_num_queries):
    table = vadasz_table(alice)
    enter(bob, table)
    read = READERS[reader](table, bob)
    one_hand = queries(read)
    for body in (game, game, thrown_in, game, game):
        enter(bob, table, body)
    correct(bob, table, 2, lambda seats: game(seats, talon=0))
    delete(bob, table, 3)
    assert table.hands.count() == 5
    read()
    with django_assert_num_queries(one_hand):
        read()
