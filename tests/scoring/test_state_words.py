"""A variant tells the state its table carries in words (``Variant.describe_state``, issue 23): Taruk's
radelci (taruk2012.md §4.4), the Vadász double round (tarokk-vadasz.md §1.8), the Laza pairs and attack
(tarokk-laza.md §5.3); a variant without one, and a key a variant does not know, show the state as it is.
The lines are messages (``scoring.text``), rendered in the reader's language like breakdown lines."""

from __future__ import annotations

import pytest

from scoring.registry import VARIANTS
from scoring.text import render


@pytest.mark.parametrize(
    ("key", "state", "lines"),
    [
        ("taruk2012", {}, []),
        ("taruk2012", {"radelci": {"A": 0, "B": 0, "C": 0, "D": 0}}, ["No radelci"]),
        ("taruk2012", {"radelci": {"A": 1, "B": 0, "C": 2, "D": 0}}, ["Radelci: A ○, C ○○"]),
        ("tarokk-vadasz", {"double_round_remaining": 0}, []),
        ("tarokk-vadasz", {"double_round_remaining": 1}, ["Double round: the next played hand counts double."]),
        ("tarokk-vadasz", {"double_round_remaining": 5}, ["Double round: the next 5 played hands count double."]),
        # tarokk-laza.md §5.5 L8's state out: A/D attacked, so C/B attacks next.
        (
            "tarokk-laza",
            {"pairs": [["A", "D"], ["C", "B"]], "deals_played": 1, "last_attack": 0},
            ["Pairs: A+D v C+B", "Attacks next: C+B", "1 deal played"],
        ),
        ("ulti-mausz", {}, []),
        ("tarokk-illusztralt", {"mystery": [1, "x"]}, ['mystery: [1, "x"]']),
        ("taruk2012", {"radelci": {"A": 1}, "mystery": 2}, ["Radelci: A ○", "mystery: 2"]),
    ],
)
def test_each_variant_tells_its_state_in_words(key, state, lines):
    assert [render(line) for line in VARIANTS[key].state_words(state)] == lines


def test_the_words_render_in_the_readers_language():
    assert render(VARIANTS["taruk2012"].state_words({"radelci": {"A": 0}})[0], "sl") == "Radelcev ni"
    (double,) = VARIANTS["tarokk-vadasz"].state_words({"double_round_remaining": 2})
    assert render(double, "hu") == "Dupla kör: a következő 2 lejátszott leosztás duplán számít."
    (deals,) = VARIANTS["tarokk-laza"].state_words({"deals_played": 3})
    assert render(deals, "sl") == "3 odigrana deljenja"
