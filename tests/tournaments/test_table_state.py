"""The carried table state in words (scoring/table_state.py), as the table page shows it."""

from __future__ import annotations

import pytest
from django.utils import translation

from tests.pending import use_pending
from tournaments.table_state import describe


@pytest.mark.parametrize(
    ("state", "lines"),
    [
        ({}, []),
        ({"radelci": {"A": 0, "B": 0, "C": 0, "D": 0}}, ["No radelci"]),
        ({"radelci": {"A": 1, "B": 0, "C": 2, "D": 0}}, ["Radelci: A ○, C ○○"]),
        ({"double_round_remaining": 0}, []),
        ({"double_round_remaining": 1}, ["Double round: the next played hand counts double."]),
        ({"double_round_remaining": 5}, ["Double round: the next 5 played hands count double."]),
        # tarokk-laza.md §5.5 L8's state out: A/D attacked, so C/B attacks next.
        (
            {"pairs": [["A", "D"], ["C", "B"]], "deals_played": 1, "last_attack": 0},
            ["Pairs: A+D v C+B", "Attacks next: C+B", "1 deal played"],
        ),
        ({"mystery": [1, "x"]}, ['mystery: [1, "x"]']),
    ],
)
def test_each_variants_state_reads_as_words(state, lines):
    with translation.override("en"):
        assert describe(state) == lines


def test_the_state_is_told_in_the_pages_language(monkeypatch):
    use_pending(monkeypatch, "sheets")  # "Radelcev ni" (the director's day: Slovenian wording)
    with translation.override("sl"):
        assert describe({"radelci": {"A": 0}}) == ["Radelcev ni"]
    with translation.override("hu"):
        assert describe({"double_round_remaining": 2}) == [
            "Dupla kör: a következő 2 lejátszott leosztás duplán számít."
        ]
