"""Helpers the draw tests share: drawing a round through the rounds page's form as rendered, and
running a round through to its close without hands (what the draw tests need of a round)."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

from django.urls import reverse

from tests.html_forms import form_with
from tournaments.models import Round, Seat, Tournament
from tournaments.rounds import services as rounds


def rounds_page(client: Any, event: Tournament) -> str:
    return reverse("rounds", args=[event.slug])


def draw_form(client: Any, event: Tournament):
    """The rounds page's draw form as rendered (the one with the method field)."""
    page = client.get(rounds_page(client, event))
    assert page.status_code == 200
    return form_with(page.content, "method")


def draw_on_the_page(client: Any, event: Tournament, **typed: str):
    """GET the rounds page, POST its draw form as rendered with what the director typed or chose."""
    found = draw_form(client, event)
    return client.post(found.action or rounds_page(client, event), found.data(**typed))


def play_out(actor: Any, rnd: Round) -> None:
    """Publish, start and close the round (with the override: no hands are needed for a draw test)."""
    rounds.publish_draw(actor, rnd)
    rounds.start_clock(actor, rnd)
    rounds.close_round(actor, rnd, override=True, reason="draw test")


def tables_of(rnd: Round) -> list[set[int]]:
    """The round's tables as sets of start numbers."""
    tables: dict[int, set[int]] = {}
    for number, start in Seat.objects.filter(round=rnd).values_list("table__number", "entry__start_number"):
        tables.setdefault(number, set()).add(start)
    return [tables[n] for n in sorted(tables)]


def pair_counts(event: Tournament) -> Counter[frozenset[int]]:
    """How often each pair of start numbers shared a table over the event's rounds."""
    counts: Counter[frozenset[int]] = Counter()
    for rnd in event.round_set.all():
        for table in tables_of(rnd):
            counts.update(frozenset(p) for p in itertools.combinations(sorted(table), 2))
    return counts
