"""The standings page explains its order under the table, in the reader's language: each tie-break in use,
in the event's order, with its name, abbreviation and what it means (not only in a column's tooltip)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from tests.conftest import client_for
from tournaments.results.standings import METRICS

pytestmark = pytest.mark.django_db


def legend_of(page: str) -> str:
    found = re.search(r"<section class=\"legend\" data-tiebreaks>(.*?)</section>", page, re.S)
    assert found, "the standings page has no tie-break legend"
    return found.group(1)


@pytest.mark.parametrize("lang", ["sl", "hu", "en"])
def test_a_visitor_reads_each_tie_break_explained_under_the_table(running_event, alice, lang):
    client = client_for(alice)
    client.cookies["django_language"] = lang
    page = client.get(reverse("standings", args=[running_event.slug])).content.decode()
    legend = legend_of(page)
    metrics = running_event.tiebreaks  # empty: the variant's default order
    keys = re.findall(r'<li data-metric="(\w+)">', legend)
    assert keys and set(keys) <= set(METRICS)
    if metrics:
        assert keys == list(metrics)
    with translation.override(lang):
        assert translation.gettext("Order and tie-breaks") in legend
        items = re.findall(r"<li data-metric=\"\w+\">(.*?)</li>", legend, re.S)
        for key, item in zip(keys, items, strict=True):
            metric = METRICS[key]
            assert f"<b>{translation.gettext(metric.name)}</b>" in item
            assert translation.gettext(metric.help) in item
    # The column heads name the same metrics in the same order.
    heads = re.findall(r'<th class="num" data-metric="(\w+)"', page)
    assert heads == keys
