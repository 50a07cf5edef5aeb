"""ulti-mausz speaks Slovenian and Hungarian: the breakdown of every worked example of §7, of every renonsz
case and of random deals, and the message of every rejected deal, rendered from the project's catalogues
(locale/<lang>/LC_MESSAGES/django.mo) hold no English word and keep the English line's numbers; every
message the engine can say has its translation; ``python -m scoring --lang`` renders them. No Django.
"""

from __future__ import annotations

import io
import json
import random
from typing import Any

import pytest

from scoring import common, engine
from scoring.__main__ import main
from scoring.engine import evaluate
from scoring.text import render
from scoring.variants.ulti_mausz import rules
from tests.samples.ulti_mausz import random_hand
from tests.scoring.examples.ulti_mausz import EXAMPLES, REJECTED, RENONSZ_CASES
from tests.scoring.lines_check import check_catalogue, check_errors, check_lines
from tests.support.processes import python

LANGUAGES = ["sl", "hu"]

# Words of the English lines and messages (the game's own terms -- parti, ulti, betli, durchmars,
# kontra, rekontra, renonsz, the suits -- are the same in every language and are not here). None
# of them is a Slovenian or Hungarian word ("in", "to", "no", "on", "red" are Slovenian, so left out).
ENGLISH_LINE_WORDS = set(
    [
        "made",
        "failed",
        "pays",
        "declarer",
        "defender",
        "defenders",
        "bid",
        "without",
        "given",
        "before",
        "after",
        "first",
        "card",
        "table",
        "total",
        "silent",
        "penalty",
        "doubled",
        "caught",
        "shared",
        "partner",
        "jury",
        "points",
        "deal",
        "counts",
        "offender",
        "ruling",
        "each",
        "his",
        "trump",
        "named",
        "with",
        "per",
        "share",
        "whole",
        "said",
        "offence",
        "disputed",
        "components",
        "against",
        "void",
        "new",
        "normally",
        "scored",
        "won",
        "second",
        "bidder",
        "four",
        "aces",
        "not",
        "by",
        "of",
        "dealt",
        "sits",
        "out",
        "and",
        "the",
    ]
)
ENGLISH_ERROR_WORDS = set(
    [
        "must",
        "required",
        "is",
        "are",
        "not",
        "only",
        "the",
        "of",
        "bid",
        "declarer",
        "defender",
        "defenders",
        "with",
        "case",
        "needs",
        "cannot",
        "has",
        "have",
        "trick",
        "tricks",
        "points",
        "card",
        "cards",
        "seat",
        "player",
        "between",
        "least",
        "most",
        "whole",
        "number",
        "text",
        "list",
        "object",
        "unknown",
        "field",
        "does",
        "apply",
        "claimed",
        "twice",
        "counts",
        "announced",
        "each",
        "suit",
        "marriage",
        "four",
        "aces",
        "nobody",
        "took",
        "neither",
        "side",
        "sheet",
        "says",
        "recorded",
        "gives",
        "offender",
        "take",
        "jury",
        "active",
        "exactly",
        "add",
        "give",
        "colourless",
        "coloured",
        "trump",
        "concerns",
        "paid",
        "write",
        "key",
        "keys",
        "component",
        "forbidden",
        "combination",
        "wrong",
        "variant",
        "spec",
        "expected",
        "distinct",
        "or",
        "and",
        "silent",
        "claim",
        "exist",
        "before",
        "after",
        "first",
        "individual",
    ]
)


def spec_hands() -> list[tuple[str, dict[str, Any]]]:
    hands = [(f"example-{n}", hand) for n, hand in EXAMPLES.items()]
    hands += [(p.id, p.values[0]) for p in RENONSZ_CASES]
    # a four-seat table: the dealer sits out (9.§(11)) and the breakdown says so
    hands.append(("four-seat-table", {**EXAMPLES[1], "seats": ["A", "B", "C"], "dealer": "D"}))
    rng = random.Random("lines")
    hands += [(f"random-{i}", random_hand(rng)[0]) for i in range(300)]
    return hands


SCORED = [(name, hand, evaluate(hand)) for name, hand in spec_hands()]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_breakdown_line_reads_in_the_language_with_the_same_numbers(lang):
    assert check_lines([(name, result) for name, _hand, result in SCORED], lang, ENGLISH_LINE_WORDS) > 1000


def test_the_hungarian_lines_of_example_5_read_as_a_referee_writes_them():
    """§7 Example 5: red parti made with rekontra and the declarer's silent 100."""
    lines = [render(line, "hu") for line in evaluate(EXAMPLES[5]).breakdown]
    assert (
        "parti (piros) teljesítve, x4 (rekontra), csendes 100 (felvevő): 2x4 + 4 = 12: "
        "B fizet C játékosnak 12; A fizet C játékosnak 12"
    ) in lines
    assert lines[-1] == "összesen: A -12, B -12, C +24"


def test_the_slovenian_lines_of_a_failed_ulti_keep_the_hungarian_terms():
    """§7 Example 10: ulti failed, its penalty, the parti made by the declarer."""
    lines = [render(line, "sl") for line in evaluate(EXAMPLES[10]).breakdown]
    assert "ulti (makk) padel, x1: C plača igralcu A 4; C plača igralcu B 4" in lines
    assert "kazen za padli ulti (se ne podvoji): C plača igralcu A 4; C plača igralcu B 4" in lines


def invalid_hands() -> list[tuple[str, Any]]:
    hands: list[tuple[str, Any]] = [(p.id, p.values[0]) for p in REJECTED]
    hands += [
        ("not-an-object", ["ulti-mausz"]),
        ("no-variant", {"seats": ["A", "B", "C"], "dealer": "C"}),
        ("unknown-variant", {"variant": "skat", "seats": ["A", "B", "C"], "dealer": "C"}),
        ("bad-envelope", {"variant": "ulti-mausz", "seats": "ABC", "dealer": "Z"}),
        ("bad-types", {**EXAMPLES[1], "play": {**EXAMPLES[1]["play"], "declarer_tricks": "six"}, "note": 5}),
        ("bad-kontra", {**EXAMPLES[18], "kontra": {"betli": {"A": 3}}}),
        ("no-declarer-seat", {**EXAMPLES[1], "declarer": "D"}),
    ]
    return hands


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_error_message_of_a_rejected_deal_is_translated(lang):
    rejected = [(name, evaluate(hand)) for name, hand in invalid_hands()]
    assert check_errors(rejected, lang, ENGLISH_ERROR_WORDS) > len(REJECTED)


# The game terms whose translation is the term itself (a Slovenian ulti player says them too).
SAME_IN_EVERY_LANGUAGE = {
    "parti",
    "40-100",
    "20-100",
    "4 ász",
    "ulti",
    "durchmars",
    "terített durchmars",
    "betli",
    "rebetli",
    "terített betli",
    "színtelen durchmars",
    "redurchmars",
    "színtelen terített durchmars",
    "%(game)s (%(suit)s)",
    "%(what)s: %(shares)s, V = %(v)s",
    "renonsz %(case)s (%(text)s): %(consequence)s",
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("module", [rules, common, engine], ids=lambda m: m.__name__)
def test_every_message_the_engine_can_say_has_a_translation(lang, module):
    assert check_catalogue(module, lang, SAME_IN_EVERY_LANGUAGE, same_numbers=False) > 0


# --- the command line ---------------------------------------------------------------------------


def run(args: list[str], payload: Any) -> tuple[int, Any]:
    out = io.StringIO()
    status = main(io.StringIO(json.dumps(payload)), out, args)
    return status, json.loads(out.getvalue()) if out.getvalue() else None


def test_the_command_line_writes_english_by_default_and_the_language_asked_for():
    status, english = run([], EXAMPLES[1])
    assert status == 0 and "parti (zöld) made, x1: B pays A 1; C pays A 1" in english["breakdown"]
    status, hungarian = run(["--lang", "hu"], EXAMPLES[1])
    assert status == 0 and hungarian["points"] == english["points"]
    assert "parti (zöld) teljesítve, x1: B fizet A játékosnak 1; C fizet A játékosnak 1" in hungarian["breakdown"]
    status, slovenian = run(["--lang", "sl"], {**EXAMPLES[1], "declarer": "D"})
    assert status == 1
    assert slovenian["errors"][0]["message"] == "declarer mora biti igralec te igre (A, B, C)"


def test_the_command_line_refuses_a_language_it_does_not_have():
    assert run(["--lang", "de"], EXAMPLES[1])[0] == 2


def test_python_m_scoring_takes_lang():
    done = python("-m", "scoring", "--lang", "hu", input=json.dumps(EXAMPLES[1]))
    assert done.returncode == 0, done.stderr
    assert "összesen: A +2, B -1, C -1" in json.loads(done.stdout)["breakdown"]
