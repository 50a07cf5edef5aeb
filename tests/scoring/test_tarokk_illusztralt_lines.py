"""Illusztrált tarokk speaks Slovenian and Hungarian: the breakdown of every worked example of §4 and of
random hands, and the message of every rejected hand, rendered from the project's catalogues
(locale/<lang>/LC_MESSAGES/django.mo) hold no English word and keep the English line's numbers; every
message the module can say has its translation. No Django.
"""

from __future__ import annotations

import random
from typing import Any

from scoring.engine import evaluate
from scoring.text import render
from scoring.types import HandScore
from scoring.variants.tarokk_illusztralt import rules
from tests.samples.tarokk_illusztralt import random_hand
from tests.scoring.examples.tarokk_illusztralt import EXAMPLES, REJECTED, spec_hand
from tests.scoring.lines_check import LinesContract, mutated

# Words of the English lines (the game's own terms -- Hármas, Tulétroá, Pagát ultimó, volát, dupla,
# kontra, renonsz, skart, talon -- are the same in every language and are not here). None of them is a
# Slovenian or Hungarian word ("in", "to", "so", "do", "a", "is", "figure" are, so they are left out).
ENGLISH_LINE_WORDS = set(
    """
    made failed pays paid declarer declaring side opponents won game silent announced absorbed by the of and or
    who each other three from team mate player early end declared disclosed lone has nobody scores all total value
    figures ignored tricks card points official called lay discarded king honour broke rules bid without got none
    ran out thinking time shown accepted invite play discard timeout redeal not with
    """.split()  # noqa: SIM905 (a word list reads best as words)
)
ENGLISH_ERROR_WORDS = set(
    """
    must required unless played hand tricks trick hold between card points every worth least order named king only
    applies silent cannot announced never listed derived counts made nothing result twice side both against
    already declared count stopped needs offender before said unknown field variant keeps state none engine step
    table playing four same after win won holds honour the of and or with without for at an by can lay plays alone
    use self call declarer declaring opponents when not have failed has
    """.split()  # noqa: SIM905 (a word list reads best as words)
)


def spec_hands() -> list[tuple[str, dict[str, Any]]]:
    hands = [(p.id, spec_hand(p.values[0])) for p in EXAMPLES]
    # the §2.6 kinds the examples leave out, and a renonsz after a szubkontra on the game
    e12 = spec_hand(EXAMPLES[11].values[0])
    for kind in ("discard", "invite_discard", "timeout"):
        hands.append((f"renonsz-{kind}", {**e12, "renonsz": {"offender": "D", "kind": kind}}))
    no_honour = {"outcome": "renonsz", "bid": "harmas", "declarer": "A", "partner": "C"}
    hands.append(("renonsz-no_honour", spec_hand({**no_honour, "renonsz": {"offender": "A", "kind": "no_honour"}})))
    hands.append(("renonsz-kontra", {**e12, "game_kontra": 3}))
    lone = {"bid": "szolo", "declarer": "A", "partner": None, "declarer_card_points": 60, "declarer_tricks": 6}
    hands.append(("lone-end-count", spec_hand({**lone, "tarokk_counts": [{"seat": "A", "count": 8, "when": "end"}]})))
    # the sheet's verdict instead of the card points: each line that names it
    e1 = spec_hand(EXAMPLES[0].values[0])
    sheet = {k: v for k, v in e1.items() if k != "declarer_card_points"}
    hands.append(("sheet-won", {**sheet, "count_result": "won"}))
    hands.append(("sheet-lost", {**sheet, "count_result": "lost"}))
    hands.append(("sheet-dupla", {**sheet, "count_result": "dupla", "declarer_tricks": 7}))
    hands.append(("sheet-opponents-dupla", {**sheet, "count_result": "opponents_dupla", "declarer_tricks": 2}))
    rng = random.Random("lines")
    hands += [(f"random-{i}", random_hand(rng)[0]) for i in range(400)]
    return hands


SCORED = [(name, hand, evaluate(hand)) for name, hand in spec_hands()]


def test_the_hungarian_lines_of_the_spec_read_as_a_referee_writes_them():
    """§3.4's two breakdown examples and E12 (renonsz during play)."""
    kettes = spec_hand(EXAMPLES[-1].values[0])
    assert [render(line, "hu") for line in evaluate(kettes).breakdown] == [
        "Játék: Kettes G=2, kontra ×2 → 4, a felvevő párt nyert (52) → A +4, C +4, B −4, D −4",
        "Összesen: A +4, B −4, C +4, D −4",
    ]
    e9 = [render(line, "hu") for line in evaluate(spec_hand(EXAMPLES[8].values[0])).breakdown]
    assert (
        "Pagát ultimó (felvevő párt, bemondva, kontra ×2) bukott → 20 az ellenpártnak → A −20, C −20, B +20, D +20"
    ) in e9
    e12 = [render(line, "hu") for line in evaluate(spec_hand(EXAMPLES[11].values[0])).breakdown]
    assert e12[-2] == (
        "Renonsz (lapjárás) – vétkes: D, aki megszegte a lapdobás szabályait: "
        "R = 16 a másik három játékos mindegyikének → A +16, B +16, C +16, D −48"
    )


def test_the_slovenian_lines_keep_the_hungarian_figure_names():
    """E7: volát announced and made absorbs the silent négy király and dupla."""
    lines = [render(line, "sl") for line in evaluate(spec_hand(EXAMPLES[6].values[0])).breakdown]
    assert "Igra se ne plača: igralčeva stran je naredila volát (vzetki: 9) → 0" in lines
    assert "Négy király (igralčeva stran, tiho) uspešno: 0, pokrije ga volát" in lines
    assert lines[-1] == "Skupaj: A +8, B −8, C +8, D −8"


# Values a mistyped member may hold.
JUNK = [None, -1, 9, 100, "x", "E", True, [], {}, "made", "volat", "kiraly_uhu", "end"]


def invalid_hands() -> list[tuple[str, Any, Any, Any]]:
    hands: list[tuple[str, Any, Any, Any]] = [(p.id, p.values[0], None, None) for p in REJECTED]
    e1 = spec_hand(EXAMPLES[0].values[0])
    hands.append(("state", e1, {"remaining": 1}, None))
    hands.append(("config", e1, None, {"unit": 1}))
    twice = {"figure": "pagat_ultimo", "side": "opponents", "announced": True, "result": "failed"}
    hands.append(("figure-twice", {**e1, "figures": [twice, twice]}, None, None))
    # the sheet's verdict: neither, both, and each verdict the tricks rule out
    sheet = {k: v for k, v in e1.items() if k != "declarer_card_points"}
    hands.append(("no-count", sheet, None, None))
    hands.append(("count-twice", {**e1, "count_result": "won"}, None, None))
    hands.append(("no-tricks", {k: v for k, v in e1.items() if k != "declarer_tricks"}, None, None))
    for verdict, tricks in (("won", 9), ("lost", 0), ("dupla", 2), ("opponents_dupla", 7)):
        hands.append(
            (f"sheet-{verdict}-{tricks}", {**sheet, "count_result": verdict, "declarer_tricks": tricks}, None, None)
        )
    rng = random.Random("lines-errors")
    for i in range(300):
        hand = mutated(rng, random_hand(rng)[0], JUNK)
        if not isinstance(evaluate(hand), HandScore):
            hands.append((f"mutated-{i}", hand, None, None))
    return hands


# The game's terms whose translation is the term itself (the originals' Hungarian names).
SAME_IN_EVERY_LANGUAGE = {
    *(name for _g, name in rules.BIDS.values()),
    *(figure[0] for figure in rules.FIGURES.values()),
    *rules.SUITS.values(),
    "kontra",
    "rekontra",
    "hirskontra",
    "mordkontra",
    "szubkontra",  # Slovenian "subkontra"
    "Renonsz R: %(figure)s (%(side)s, %(how)s) → %(value)s",
}


class TestLines(LinesContract):
    rules = rules
    scored = [(name, result) for name, _hand, result in SCORED]
    rejected = [(name, evaluate(hand, state, config)) for name, hand, state, config in invalid_hands()]
    line_words = ENGLISH_LINE_WORDS
    error_words = ENGLISH_ERROR_WORDS
    same_in_every_language = SAME_IN_EVERY_LANGUAGE
    min_lines = 1000
    min_errors = len(REJECTED) + 100
