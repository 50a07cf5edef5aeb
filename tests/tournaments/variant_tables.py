"""A running table of any variant, and the hand form as the table page renders it, for page
tests that post what a browser would post."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.urls import reverse

from scoring.registry import VARIANTS
from tests.html_forms import form
from tests.samples import sample_config, samples_of
from tests.support.events import new_event, start_round_one
from tournaments.models import Player, Table
from tournaments.tables import hands


def running_table(
    alice: Any,
    key: str,
    *,
    size: int | None = None,
    hands: int = 8,
    slug: str | None = None,
    referee: str = "bob",
    seed: str = "forms",
) -> Table:
    """Table 1 of round 1 of a public ``key`` event (``slug``, else ``<key>-open``) organized by alice, its
    players ``Player 0``, ``Player 1`` ... in pairs, ``referee`` refereeing every table."""
    size = size or VARIANTS[key].plan.min_seats
    fields = {"name": f"{key} open" if slug is None else slug, "table_size": size, "hands_per_round": hands}
    event = new_event(alice, slug or f"{key}-open", key, config=sample_config(key), **fields)
    return start_round_one(alice, event, size, seed, referee)


# Hands a round at the tables of ``every_variant_table``, and sample hands ``fitting_sequence`` deals.
HANDS = 4


@pytest.fixture(params=list(VARIANTS), name="table")
def every_variant_table(request: Any, alice: Any, bob: Any) -> Table:
    """The fixture ``table``: table 1 of a running event of each variant (HANDS a round), bob refereeing."""
    return running_table(alice, request.param, hands=HANDS)


def fitting_sequence(key: str, positions: list[str], seed: int) -> list[dict]:
    """HANDS sample hands of ``key`` at a table of these positions, dealt from A as a new table is."""
    return samples_of(key).random_hand_sequence(random.Random(f"{key}-{seed}"), HANDS, positions, "A")


NAMES = ["Ana Novak", "Bence Kovács", "Črt Žagar", "Dóra Szabó", "Eva Horvat", "Ferenc Tóth", "Gašper Kos"]


def sample_table(
    alice,
    bob,
    key: str,
    language: str,
    hands_count: int = 8,
    config: dict | None = None,
    samples: int | None = None,
    size: int | None = None,
) -> Table:
    """Table 1 of a running ``key`` event in ``language`` (``hands_count`` a round), its players
    named, bob entering ``samples`` of the variant's sample hands (tests/samples) in turn from dealer A."""
    table = running_table(alice, key, hands=hands_count, size=size)
    event = table.round.tournament
    event.language = language
    if config is not None:
        event.config = config
    event.save(update_fields=["language", "config"])
    for i, player in enumerate(Player.objects.filter(entries__tournament=event).order_by("entries__start_number")):
        player.name = NAMES[i]
        player.save(update_fields=["name"])
    positions = sorted(table.seats.values_list("position", flat=True))
    module = samples_of(key)
    count = hands_count if samples is None else samples
    for hand in module.random_hand_sequence(random.Random(f"workbook-{key}"), count, positions, "A"):
        hands.enter_hand(bob, table, hand)
    return table


def table_url(table: Table) -> str:
    return reverse("table", args=[table.round.tournament.slug, table.round.number, table.number])


def enter_url(table: Table) -> str:
    return reverse("hand-enter", args=[table.round.tournament.slug, table.round.number, table.number])


def rendered_form(client: Any, table: Table) -> dict[str, str]:
    """GET the table page; the hand form's fields as the browser would post them untouched."""
    response = client.get(table_url(table))
    assert response.status_code == 200
    fields = form(response.content, enter_url(table)).fields
    assert fields, "the table page shows no hand form"
    return fields


def post_hand(client: Any, table: Table, typed: dict[str, str], fields: dict[str, str] | None = None) -> Any:
    """Post the page's hand form with ``typed`` over the untouched fields (``None`` unchecks a box)."""
    data = {**(fields if fields is not None else rendered_form(client, table)), **typed}
    return client.post(enter_url(table), {k: v for k, v in data.items() if v is not None})
