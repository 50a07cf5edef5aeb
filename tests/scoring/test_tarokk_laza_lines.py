"""Laza tarokk speaks Slovenian and Hungarian: the breakdown of every worked example of §5.5 and of
random deals, and the message of every rejected deal and point table, rendered from the project's
catalogues, hold no English word and keep the English line's numbers; the bids' names (the organizer's
table, Hungarian) stay as they are; every message the module can say has its translation. No Django.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from scoring.engine import evaluate
from scoring.text import render
from scoring.types import HandError
from scoring.variants.tarokk_laza import rules
from tests.samples.tarokk_laza import TEST_CONFIG, random_hand
from tests.scoring.examples.tarokk_laza import (
    CONFIG_REJECTED,
    L8,
    PAIR_EXAMPLES,
    REJECTED,
    SPEC_CONFIG,
    deal,
)
from tests.scoring.json_paths import all_paths, mutate
from tests.scoring.lines_check import check_catalogue, check_errors, check_lines

LANGUAGES = ["sl", "hu"]

# Words of the English lines; the bids' names (Gém, Skála, City ...), the groups' (Elfogók), kontra
# and rekontra are Hungarian game terms and stay. "in" is Slovenian, so left out.
ENGLISH_LINE_WORDS = frozenset(
    [
        "attack",
        "defence",
        "total",
        "made",
        "failed",
        "silent",
        "weaker",
        "ladder",
        "member",
        "counts",
        "suppressed",
        "trophy",
        "superseded",
        "by",
        "point",
        "table",
    ]
)
ENGLISH_ERROR_WORDS = frozenset(
    [
        "must",
        "required",
        "unknown",
        "empty",
        "list",
        "nothing",
        "point",
        "organizer",
        "attach",
        "scored",
        "rules",
        "give",
        "values",
        "version",
        "lowercase",
        "letters",
        "digits",
        "rank",
        "group",
        "listed",
        "trophy",
        "strict",
        "order",
        "document",
        "below",
        "attacking",
        "defending",
        "match",
        "attacked",
        "previous",
        "deal",
        "attacks",
        "alternates",
        "now",
        "suit",
        "card",
        "names",
        "fill",
        "recorded",
        "exclude",
        "both",
        "made",
        "already",
        "each",
        "once",
        "per",
        "pair",
        "play",
        "silent",
        "achievement",
        "always",
        "cannot",
        "score",
        "silently",
        "blank",
        "event",
        "has",
        "two",
        "rows",
        "row",
        "needs",
        "applies",
        "only",
        "whose",
        "distinct",
        "non",
        "ids",
        "share",
        "comes",
        "before",
        "fix",
        "groups",
        "twice",
        "using",
        "table",
        "the",
        "of",
        "and",
        "or",
        "with",
        "when",
        "are",
        "not",
        "this",
        "such",
        "one",
        "four",
    ]
)


def spec_deals() -> list[tuple[str, Any, Any, Any]]:
    """(name, deal, state, config): §5.5's pair examples and L8, then random deals of the test table."""
    out = [(p.id, deal(p.values[0], silent_attack=p.values[1]), {}, SPEC_CONFIG) for p in PAIR_EXAMPLES]
    out.append(("5.5-L8", L8, {}, SPEC_CONFIG))
    rng = random.Random("laza-lines")
    for i in range(300):
        hand, state = random_hand(rng)
        out.append((f"random-{i}", hand, state, TEST_CONFIG))
    return out


SCORED = [(name, evaluate(hand, state, config)) for name, hand, state, config in spec_deals()]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_breakdown_line_reads_in_the_language_with_the_same_numbers(lang):
    assert check_lines(SCORED, lang, ENGLISH_LINE_WORDS) > 2000


def test_deal_l8_reads_in_hungarian_as_a_score_sheet():
    """§5.5 L8: the attack's kontra'd Flotta, the Gém a weaker ladder member, the defence's failed Ulti."""
    lines = [render(line, "hu") for line in evaluate(L8, {}, SPEC_CONFIG).breakdown]
    assert "Támadó pár A/D: Flotta teljesítve, kontra: 2 x 40 = +80" in lines
    assert "Támadó pár A/D: Gém teljesítve: 0 (gyengébb létrafok; Kassza számít)" in lines
    assert "Védő pár C/B: pagát Ulti bukott, kontra: -(2 x 20) = -40" in lines
    assert "Védő pár C/B összesen: -10" in lines


def test_deal_l8_reads_in_slovenian_keeping_the_hungarian_bid_names():
    lines = [render(line, "sl") for line in evaluate(L8, {}, SPEC_CONFIG).breakdown]
    assert lines[0] == "Tabela točk spec-5.5-illustrative"
    assert "Napadalni par A/D: kőr Banda uspel: +20" in lines
    assert "Napadalni par A/D skupaj: +130" in lines


# --- errors -------------------------------------------------------------------------------------

TOKENS = [None, "x", 5, -1, True, [], {}, [1], {"a": 1}, "A", "E", 0, 1, 2, 3, "kassza", "kor", "pagat", "skala"]


def rejected() -> list[tuple[str, list[HandError]]]:
    """The spec's rejected deals and point tables, no table at all, and mutated random deals."""
    out = [(p.id, evaluate(*p.values[:3])) for p in REJECTED]
    out += [(p.id, evaluate(L8, {}, p.values[0])) for p in CONFIG_REJECTED]
    out.append(("no-point-table", evaluate(L8, {}, None)))
    rng = random.Random("laza-lines-errors")
    for i in range(400):
        doc = copy.deepcopy(dict(zip(("hand", "state"), random_hand(rng), strict=True)))
        target = "state" if doc["state"] and rng.random() < 0.2 else "hand"
        where = rng.choice(all_paths(doc[target]))
        doc[target] = mutate(doc[target], where, rng.choice(TOKENS), rng.random() < 0.2)
        out.append((f"mutated-{i}", evaluate(doc["hand"], doc["state"], TEST_CONFIG)))
    return [(name, errors) for name, errors in out if isinstance(errors, list) and errors]


REJECTIONS = rejected()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_error_message_of_a_rejected_deal_or_table_is_translated(lang):
    assert check_errors(REJECTIONS, lang, ENGLISH_ERROR_WORDS) > len(REJECTED) + len(CONFIG_REJECTED) + 200


def test_a_missing_point_table_is_explained_in_hungarian():
    (error,) = evaluate(L8, {}, None)
    assert render(error.message, "hu").startswith("a versenynek nincs ponttáblázata")


# --- the catalogue ------------------------------------------------------------------------------

# Punctuation around a number and a reason: the same in every language.
SAME_IN_EVERY_LANGUAGE = {"0 (%(reason)s)"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_of_the_module_has_a_translation_with_its_placeholders_and_numbers(lang):
    assert check_catalogue(rules, lang, SAME_IN_EVERY_LANGUAGE) > 50
