"""Taruk 2012 speaks Slovenian and Hungarian: the breakdown of every worked example of §8.1 and §4.5
and of random hands under every event option, and the message of every rejected hand, config and
misdeal history, rendered from the project's catalogues (locale/<lang>/LC_MESSAGES/django.mo), hold no
English word and keep the English line's numbers; every message the module can say has its
translation, with the same placeholders and numbers. No Django.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from scoring.engine import evaluate
from scoring.text import render
from scoring.types import HandError
from scoring.variants.taruk2012 import rules
from tests.samples.taruk2012 import random_hand
from tests.scoring.examples.taruk2012 import REJECTED, WORKED
from tests.scoring.examples.taruk2012_options import ALL_CONFIGS, HOLDER, RULE_CASES, counts
from tests.scoring.json_paths import paths, replace_at
from tests.scoring.lines_check import check_catalogue, check_errors, check_lines

LANGUAGES = ["sl", "hu"]

# Words of the English lines. The game's own terms (klop, tri, berač, valat, radelc, kontra, re,
# mondfang, renons, škis, mond, talon, trula, kralji ...) are the same in every language and are not
# here, nor words that are Slovenian or Hungarian too ("in", "to", "no", "as", "is") or that a reader
# keeps ("partner" in Hungarian; "none" is the value of the field game).
ENGLISH_LINE_WORDS = frozenset(
    [
        "made",
        "failed",
        "announced",
        "declaring",
        "side",
        "silent",
        "achieved",
        "opponents",
        "opponent",
        "won",
        "lost",
        "difference",
        "card",
        "points",
        "game",
        "holds",
        "scores",
        "total",
        "declarer",
        "called",
        "king",
        "hearts",
        "diamonds",
        "spades",
        "clubs",
        "half",
        "of",
        "plays",
        "alone",
        "each",
        "after",
        "this",
        "hand",
        "unchanged",
        "was",
        "not",
        "played",
        "every",
        "seat",
        "gains",
        "one",
        "gives",
        "used",
        "everyone",
        "else",
        "other",
        "players",
        "took",
        "trick",
        "declared",
        "left",
        "stopped",
        "only",
        "penalties",
        "count",
        "replaces",
        "all",
        "bonuses",
        "ignored",
        "same",
        "the",
        "judge",
        "decision",
        "misdeal",
        "dealer",
        "first",
        "offence",
        "warning",
        "read",
        "literally",
        "bid",
        "by",
        "uses",
        "his",
        "normal",
        "are",
        "doubling",
        "once",
        "or",
        "and",
    ]
)
ENGLISH_ERROR_WORDS = frozenset(
    [
        "must",
        "required",
        "allowed",
        "letter",
        "need",
        "distinct",
        "valid",
        "clockwise",
        "expected",
        "unknown",
        "only",
        "played",
        "forehand",
        "cannot",
        "integer",
        "integers",
        "contradict",
        "contradicts",
        "invalid",
        "level",
        "record",
        "entry",
        "exchange",
        "stopped",
        "needs",
        "belongs",
        "declaring",
        "side",
        "announced",
        "replaces",
        "other",
        "object",
        "add",
        "up",
        "missing",
        "sum",
        "declared",
        "twice",
        "result",
        "negative",
        "misdeal",
        "misdealt",
        "warning",
        "tournament",
        "player",
        "already",
        "costs",
        "first",
        "value",
        "count",
        "options",
        "silent",
        "achieved",
        "say",
        "the",
        "of",
        "and",
        "or",
        "with",
        "from",
        "when",
        "plays",
        "alone",
        "bonus",
        "per",
        "this",
        "does",
        "play",
        "hand",
        "seat",
        "start",
        "after",
        "go",
        "form",
        "sitting",
        "among",
        "list",
        "whole",
        "number",
        "text",
        "between",
        "least",
        "most",
        "characters",
    ]
)


def spec_hands() -> list[tuple[str, dict[str, Any], Any, Any]]:
    """(name, hand, state, config): the worked examples, the holder_plays rule cases, random hands."""
    hands: list[tuple[str, dict[str, Any], Any, Any]] = [(p.id, p.values[0], p.values[1], None) for p in WORKED]
    hands += [(f"4.5-{name}", h, counts(*before), HOLDER) for name, (h, before, *_rest) in RULE_CASES.items()]
    rng = random.Random("taruk-lines")
    for i in range(400):
        hand, state = random_hand(rng)
        hands.append((f"random-{i}", hand, state, ALL_CONFIGS[i % len(ALL_CONFIGS)]))
    return hands


SCORED = [(name, evaluate(hand, state, config)) for name, hand, state, config in spec_hands()]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_breakdown_line_reads_in_the_language_with_the_same_numbers(lang):
    assert check_lines(SCORED, lang, ENGLISH_LINE_WORDS) > 2000


def breakdown(name: str, lang: str) -> list[str]:
    (result,) = [r for n, r in SCORED if n == name]
    return [render(line, lang) for line in result.breakdown]


def test_example_e1_reads_in_slovenian_with_the_games_own_words():
    """§8.1 E1: tri won by B with partner D, the partner's half of an odd 25."""
    assert breakdown("8.1-E1-tri-won-odd-share", "sl")[:3] == [
        "tri, igralec B, klicani kralj srce, soigralec D: dobljena (+10)",
        "razlika: kartne točke 48 -> 50 -> +15; igra = 25",
        "igralčeva stran skupaj: 25; igralec B nima radelca -> B piše 25",
    ]
    assert "soigralec D: polovica od 25 = (25 + 5) / 2 = 15" in breakdown("8.1-E1-tri-won-odd-share", "sl")


def test_example_e1_reads_in_hungarian_keeping_the_slovenian_game_name():
    lines = breakdown("8.1-E1-tri-won-odd-share", "hu")
    assert lines[0] == "tri, felvevő B, hívott király: kőr, partner D: nyert (+10)"
    assert "partner D: 25 fele = (25 + 5) / 2 = 15" in lines


def test_a_doubled_declarer_under_holder_plays_reads_with_his_count_in_both_languages():
    """§4.5 rule 2: B holds 1 of 1 radelc, doubles once and uses it (the first case of the table)."""
    name = "4.5-only the declarer doubles and uses one"
    assert "igralčeva stran skupaj: -15; igralec B ima radelc (1) -> x2 -> B piše -30; en radelc porabljen" in (
        breakdown(name, "sl")
    )
    assert (
        "a felvevő pár összesen: -15; felvevő B radelcet tart (1) -> x2 -> B pontja: -30; egy radelc elhasználva"
        in (breakdown(name, "hu"))
    )


# --- errors -------------------------------------------------------------------------------------


JUNK = [None, "x", 5, -3, 71, True, [], {}, [1], {"a": 1}, "A", "F", 2, 4, 3, 0, "hearts", "klop", 1.5]


def rejected() -> list[tuple[str, list[HandError]]]:
    """The spec's rejected hands, bad configs, misdeal histories and mutated random hands."""
    # A hand of another variant (the wrong-variant case) is that variant's rules' to word.
    out = [(p.id, evaluate(p.values[0], p.values[1])) for p in REJECTED if p.values[0].get("variant") == rules.KEY]
    e1 = WORKED[0].values[0]
    for config in (["holder_plays"], {"radelc": "Holder_plays", "partner_share": "", "x": 1}):
        out.append((f"config-{config}", evaluate(e1, {}, config)))
    misdeals = [{"type": "misdeal", "seat": e1["dealer"], "warning": warning} for warning in (False, True)]
    for earlier in (0, 1):
        out.append((f"misdeals-{earlier}", rules.misdeal_history_errors({**e1, "penalties": misdeals}, earlier)))
    rng = random.Random("taruk-lines-errors")
    for i in range(600):
        hand, state = random_hand(rng)
        doc = copy.deepcopy({"hand": hand, "state": state})
        target = "state" if state and rng.random() < 0.2 else "hand"
        where = rng.choice(paths(doc[target]))
        replace_at(doc[target], where, rng.choice(JUNK), drop=rng.random() < 0.2)
        out.append((f"mutated-{i}", evaluate(doc["hand"], doc["state"], rng.choice(ALL_CONFIGS))))
    return [(name, errors) for name, errors in out if isinstance(errors, list) and errors]


REJECTIONS = rejected()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_error_message_of_a_rejected_hand_is_translated(lang):
    assert check_errors(REJECTIONS, lang, ENGLISH_ERROR_WORDS) > len(REJECTED) + 300


def test_a_misdeal_history_error_reads_in_slovenian():
    (error,) = rules.misdeal_history_errors({"penalties": [{"type": "misdeal", "seat": "A", "warning": True}]}, 1)
    assert render(error.message, "sl") == "ta igralec je na turnirju že napačno delil: tokrat stane -20"


# --- the catalogue ------------------------------------------------------------------------------

# The game terms whose translation is the term itself (as P17/P18 name them).
SAME_IN_EVERY_LANGUAGE = {
    "klop",
    "tri",
    "dve",
    "ena",
    "solo tri",
    "solo dve",
    "solo ena",
    "berač",
    "solo brez",
    "kralji",
    "trula",
    "kralj ultimo",
    "pagat ultimo",  # Slovenian; in Hungarian "pagát ultimó" (the hand form's word)
    "valat",
    "barvni valat",
    "kontra x2",
    "re x4",
    "partner %(seat)s",  # the Hungarian word too
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_of_the_module_has_a_translation_with_its_placeholders_and_numbers(lang):
    assert check_catalogue(rules, lang, SAME_IN_EVERY_LANGUAGE) > 100
