"""Each variant's paper protocol layout (scoring/protocol_layout.py, scoring/variants/<key>/protocol.py):
the cells a hand's line shows, the column headings, and words translated by the translator the
caller gives (here the catalogues read with the standard library: the engine has no Django)."""

from __future__ import annotations

import importlib
import random

import pytest

from scoring.engine import evaluate
from scoring.protocol_layout import ENGLISH, ProtocolLayout, Translator, compact
from scoring.registry import VARIANTS
from scoring.text import catalogue
from scoring.types import HandScore


def translator(language: str) -> Translator:
    t = catalogue(language)
    return Translator(t.gettext, t.ngettext)


def row(key: str, hand: dict, before: dict | None = None, tr: Translator = ENGLISH):
    return VARIANTS[key].protocol.text(hand, before or {}, {}, tr)


def test_every_variant_has_a_layout_with_four_headings_and_only_taruk_marks_radelci():
    for key, v in VARIANTS.items():
        assert isinstance(v.protocol, ProtocolLayout), key
        assert len(v.protocol.columns) == 4 and all(v.protocol.columns), key
        # taruk2012.md §4: radelci are per seat, the sheet marks them after each hand
        assert (v.protocol.seat_marks is not None) == (key == "taruk2012")
    marks = VARIANTS["taruk2012"].protocol.seat_marks
    assert marks.of({"radelci": {"A": 1, "B": 0, "C": 1, "D": 0}}) == {"A": 1, "C": 1}
    assert marks.of({}) == {} and marks.of(None) == {} and marks.of({"radelci": 3}) == {}


def test_a_taruk_line_writes_game_kontra_king_partner_bonuses_and_penalties():
    dve = {
        "game": "dve",
        "declarer": "C",
        "called_king": "spades",
        "partner": None,
        "card_points": 1,
        "game_kontra": 4,
        "bonuses": [
            {"type": "pagat_ultimo", "side": "opponents", "announced": True, "made": False, "kontra": 2},
            {"type": "kralji", "side": "declarer", "announced": False, "made": True},
        ],
        "penalties": [{"type": "renons", "seat": "A"}, {"type": "misdeal", "seat": "B", "warning": True}],
    }
    cells = row("taruk2012", dve)
    assert (cells.game, cells.declarer, cells.partner) == ("dve Re", "C", "♠ alone")
    assert cells.details == "1 pt; pagat ultimo ✗ opp. K; kralji (silent) ✓; renons A -70; misdeal B warning"
    assert row("taruk2012", {"game": "berac", "declarer": "D", "won": False}).game == "berač ✗"


def test_an_ulti_line_splits_the_bid_and_writes_kontras_per_component():
    cells = row(
        "ulti-mausz",
        {
            "bid": "40-100+ulti",
            "trump": "zold",
            "declarer": "B",
            "kontra": {"ulti": 2, "parti": 1},
            "play": {"declarer_tricks": 1, "declarer_card_points": 70},
        },
    )
    assert (cells.game, cells.declarer, cells.partner) == ("40-100 + ulti zöld", "B", "ulti ×2")
    assert cells.details == "1 trick, 70 pts"


def test_tarokk_lines_write_outcomes_figures_and_coded_values():
    assert row("tarokk-illusztralt", {"outcome": "redeal"}).game == "redeal"
    assert row("tarokk-vadasz", {"outcome": "thrown_in", "thrower": "B", "throw_in_reason": "four_kings"}).details == (
        "B: four kings"
    )
    harmas = {"bid": "harmas", "declarer": "C", "partner": None, "game_kontra": 2, "figures": []}
    assert (row("tarokk-illusztralt", harmas).game, row("tarokk-illusztralt", harmas).partner) == (
        "Hármas rekontra",
        "alone",
    )
    # A code the sheet has no word for stays readable.
    assert row("tarokk-vadasz", {"bid": "szolo", "declarer": "A", "solo": "new_kind"}).partner == "new kind"


def test_a_laza_line_counts_the_deals_of_the_match_and_names_both_pairs():
    laza = {
        "attack": {"indito": "A", "elfogo": "D"},
        "defence": {"elfogo": "B", "indito": "C"},
        "silent": {"defence": [{"bid": "centrum"}]},
    }
    cells = row("tarokk-laza", laza, {"deals_played": 3})
    assert (cells.game, cells.declarer, cells.partner, cells.details) == ("4", "A+D", "B+C", "def.: Centrum (silent)")


def test_words_are_translated_by_the_translator_given():
    hu = translator("hu")
    solo = {
        "bid": "szolo",
        "declarer": "A",
        "solo": "open_self_call",
        "lengetes_ulti": {"waver": "C", "mode": "obligatory"},
    }
    cells = row("tarokk-vadasz", solo, tr=hu)
    assert cells.partner == "nyílt önhívás" and cells.details == "lengetés C (kötelező)"
    # Plurals the language needs (Slovenian: 1 točka, 2 točki, 3 točke, 5 točk).
    sl = translator("sl")
    points = [row("taruk2012", {"game": "tri", "card_points": n}, tr=sl).details for n in (1, 2, 3, 5)]
    assert points == ["1 točka", "2 točki", "3 točke", "5 točk"]


@pytest.mark.parametrize("key", list(VARIANTS))
def test_every_word_a_sheet_writes_is_in_the_catalogues(key):
    """The words the rows translate over many sample hands: each has a Hungarian and a Slovenian
    translation (so a sheet is never half English)."""
    asked: set[str] = set()
    recording = Translator(lambda m: asked.add(m) or m, lambda s, p, n: asked.add(s) or (s if n == 1 else p))
    samples = importlib.import_module(f"tests.samples.{key.replace('-', '_')}")
    config = getattr(samples, "TEST_CONFIG", None)
    rng = random.Random(f"layout-{key}")
    for _ in range(30):
        state: dict = {}
        for hand in samples.random_hand_sequence(rng, 12):
            result = evaluate(hand, state, config)
            after = result.state if isinstance(result, HandScore) else {}
            VARIANTS[key].protocol.text(hand, state, after, recording)
            state = after or state
    asked |= set(VARIANTS[key].protocol.columns)
    assert asked
    for language in ("hu", "sl"):
        # The catalogue's msgids (a plural form is keyed by its singular and the form's index).
        known = {k[0] if isinstance(k, tuple) else k for k in catalogue(language)._catalog}
        assert sorted(asked - known) == [], language


def test_a_hand_the_row_cannot_read_falls_back_to_compact_text():
    cells = row("taruk2012", {"game": "tri", "declarer": "A", "bonuses": 3, "extra": {"x": [1, 2]}})
    assert (cells.game, cells.declarer, cells.details) == ("tri", "A", 'bonuses: 3; extra: {"x":[1,2]}')
    assert compact(True) == "yes" and compact(None) == "" and compact([]) == ""
