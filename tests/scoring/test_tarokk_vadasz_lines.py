"""Vadász tarokk speaks Slovenian and Hungarian: the breakdown of every worked example of the spec and of
random hand sequences (every outcome, solo case, lengetés and double round), and the message of every
rejected hand, rendered from the project's catalogues (locale/<lang>/LC_MESSAGES/django.mo) hold no English
word and keep the English line's numbers; every message the module can say is reached and translated.
No Django.
"""

from __future__ import annotations

import random
from typing import Any

from scoring.engine import evaluate
from scoring.text import render
from scoring.types import HandScore
from scoring.variants.tarokk_vadasz import rules
from tests.samples.tarokk_vadasz import random_hand
from tests.scoring.examples.tarokk_vadasz import EXAMPLES, FIVE, PLAYED, REJECTED, SEVEN, make
from tests.scoring.lines_check import LinesContract, mutated

# Words of the English lines (the game's own terms -- tulétroá, pagát ulti, XXI-fogás, dupla, volát,
# kontra, lengetés, renonsz, Pagát, skart -- are the same in every language and are not here). None of
# them is a Slovenian or Hungarian word ("in", "to", "so", "do", "a", "is", "figure" are, so left out).
ENGLISH_LINE_WORDS = set(
    """
    made failed pays pay paid declarer declaring side opponents opponent won lost win loss game silent announced
    absorbed overlapped by the of and or each other three forced alone reduced rounded toward nothing double
    round every score left next played hands count thrown redeal no fixed flat objectively unplayable last trick
    early card points optional value at was with it not catchable took partners starting shown discard play
    """.split()  # noqa: SIM905 (a word list reads best as words)
)
ENGLISH_ERROR_WORDS = set(
    """
    must required unless played hand hands tricks trick hold between card cards points every worth least order
    only applies silent cannot announced never listed derived made nothing result results twice side both against
    already needs unknown field state none everyone distinct there arranger announcer overlapped records simply
    objectively unplayable first player players opponent opponents running new start round double thrown name him
    due waver obligatory optional entry table took holds lasts the of and or with without for at an by can plays
    alone declarer declaring not has who then deals failed announcers after bid list
    """.split()  # noqa: SIM905 (a word list reads best as words)
)


# §1.9: a forced-alone loss that the reductions lift to 0 (test_tarokk_vadasz's hand).
FORCED_LOSS_LIFTED = make(
    {
        **PLAYED,
        "partner": None,
        "solo": "forced",
        "declarer_talon_taken": 3,
        "declarer_card_points": 50,
        "declarer_tricks": 5,
        "figures": [{"figure": "tuletroa", "side": "opponents", "announced": True, "announcer": "B", "result": "made"}],
    }
)


def spec_hands() -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    hands = [(p.id, p.values[0], {}) for p in EXAMPLES]
    hands.append(("forced-loss-lifted", FORCED_LOSS_LIFTED, {}))
    # the rarer sentences, one hand each: a lone declarer's S = 0 (game +2, the opponents' tulétroá -2),
    # a pagát ulti unplayable because the opponent who led held 8 tarokks
    tuletroa = {"figure": "tuletroa", "side": "opponents", "announced": True, "announcer": "B", "result": "made"}
    even = {**PLAYED, "partner": None, "solo": "hidden_self_call", "figures": [tuletroa]}
    hands.append(("lone-declarer-even", make(even), {}))
    ulti = {"figure": "pagat_ulti", "side": "opponents", "announced": True, "announcer": "B", "result": "lost_early"}
    unplayable = {**ulti, "unplayable": "starting_opponent_8_tarokk"}
    hands.append(("unplayable-ulti", make({**PLAYED, "figures": [unplayable]}), {}))
    # the sheet's verdict instead of the card points: the game lines that name it
    sheet = {k: v for k, v in PLAYED.items() if k != "declarer_card_points"}
    hands.append(("sheet-won", make({**sheet, "count_result": "won"}), {}))
    hands.append(("sheet-lost", make({**sheet, "count_result": "lost"}), {}))
    rng = random.Random("lines")
    for i in range(500):
        hand, state = random_hand(rng)
        hands.append((f"random-{i}", hand, state))
    return hands


SCORED = [(name, hand, evaluate(hand, state)) for name, hand, state in spec_hands()]


def test_the_hungarian_lines_use_the_originals_terms():
    """V4 (volát overlapping the tulétroá announced with it) as a Hungarian referee reads it."""
    v4 = next(p.values[0] for p in EXAMPLES if p.id.startswith("V4-"))
    assert [render(line, "hu") for line in evaluate(v4).breakdown] == [
        "játék: nem fizetik (dupla vagy volát teljesült)",
        "csendes dupla (felvevő párt): 0 (a volát elnyeli)",
        "tulétroá (felvevő párt, bemondta: E): 0 (a vele együtt bemondott volát lefedi)",
        "volát (felvevő párt, bemondta: E): teljesítve, 6G = 6 → +6",
        "négy király (felvevő párt, csendes): 0 (a volát elnyeli)",
        "S = 6: felvevő E és partner B fejenként +6, az ellenpárt fejenként -6",
    ]


def test_the_slovenian_lines_of_a_lone_declarer_and_a_kontra():
    """A hidden self-call lost with the game kontra'd: the kontra stays a Hungarian word."""
    hand = make(
        {
            **PLAYED,
            "partner": None,
            "solo": "hidden_self_call",
            "declarer_card_points": 40,
            "declarer_tricks": 4,
            "game_kontra": 1,
        }
    )
    assert [render(line, "sl") for line in evaluate(hand).breakdown] == [
        "igra izgubljena (točke kart: 40): G 2 x 2 (kontra) = -4",
        "S = -4; skrit samoklic, poraz x2 = -8; zaokroženo proti 0 → -6; vsak nasprotnik +2",
    ]


# Values a mistyped member may hold.
JUNK = [None, -1, 0, 3, 9, 100, "x", "E", True, False, [], {}, "made", "failed", "volat", "tuletroa", "opponents"]


def invalid_hands() -> list[tuple[str, Any, Any]]:
    hands: list[tuple[str, Any, Any]] = [(p.id, p.values[0], p.values[1]) for p in REJECTED]
    hands.append(("state-not-an-object", make(PLAYED), []))
    hands.append(("state-unknown-field", make(PLAYED), {"remaining": 1}))
    # the rarer sentences, one hand each
    no_partner = {k: v for k, v in PLAYED.items() if k != "partner"}
    hands.append(("partner-missing", make(no_partner), None))
    hands.append(("redeal-thrower", make({"outcome": "redeal", "thrower": "A"}), None))
    tuletroa = {"figure": "tuletroa", "side": "opponents", "announced": True, "announcer": "B"}
    hands.append(
        (
            "unplayable-tuletroa",
            make({**PLAYED, "figures": [{**tuletroa, "result": "failed", "unplayable": "x"}]}),
            None,
        )
    )
    hands.append(
        ("with-volat-alone", make({**PLAYED, "figures": [{**tuletroa, "result": "made", "with_volat": True}]}), None)
    )
    silent_made = {"figure": "negy_kiraly", "side": "declarer", "announced": False, "result": "made"}
    swept = {**PLAYED, "declarer_card_points": 20, "declarer_tricks": 0, "figures": [silent_made]}
    hands.append(("made-against-a-volat", make(swept), None))
    hands.append(("figure-twice", make({**PLAYED, "figures": [{**tuletroa, "result": "made"}] * 2}), None))
    hands.append(("announcer-of-the-other-side", make({**PLAYED, "figures": [{**tuletroa, "announcer": "A"}]}), None))
    hands.append(("no-participants", {k: v for k, v in make(PLAYED).items() if k != "participants"}, None))
    five = {**FIVE, "seats": ["A", "B", "C", "D"], "dealer": "E"}
    hands.append(("arranger-not-at-the-table", make({**PLAYED, "talon_arranger": "G"}, five), None))
    seven = {**SEVEN, "seats": ["E", "F", "B", "C"], "dealer": "D"}
    hands.append(("arranger-not-opposite", make({**PLAYED, "talon_arranger": "E"}, seven), None))
    # the sheet's verdict: neither, both, and each verdict the tricks rule out
    sheet = {k: v for k, v in PLAYED.items() if k != "declarer_card_points"}
    hands.append(("no-count", make(sheet), None))
    hands.append(("count-twice", make({**PLAYED, "count_result": "won"}), None))
    for verdict, tricks in (("won", 9), ("lost", 0), ("dupla", 2), ("opponents_dupla", 7)):
        hands.append(
            (f"sheet-{verdict}-{tricks}", make({**sheet, "count_result": verdict, "declarer_tricks": tricks}), None)
        )
    # the tricks are asked of a sheet's count only when a volát is announced
    volat = {
        "figure": "volat",
        "side": "declarer",
        "announced": True,
        "announcer": PLAYED["declarer"],
        "result": "failed",
    }
    no_tricks = {k: v for k, v in sheet.items() if k != "declarer_tricks"}
    hands.append(("sheet-volat-no-tricks", make({**no_tricks, "count_result": "won", "figures": [volat]}), None))
    rng = random.Random("lines-errors")
    for i in range(400):
        hand, state = random_hand(rng)
        hand = mutated(rng, hand, JUNK)
        if not isinstance(evaluate(hand, state), HandScore):
            hands.append((f"mutated-{i}", hand, state))
    return hands


# The game's terms whose translation is the term itself (the original's Hungarian names).
SAME_IN_EVERY_LANGUAGE = {*rules.FIGURE_NAME.values(), "kontra", "rekontra", "szubkontra"}


class TestLines(LinesContract):
    rules = rules
    scored = [(name, result) for name, _hand, result in SCORED]
    rejected = [(name, evaluate(hand, state)) for name, hand, state in invalid_hands()]
    line_words = ENGLISH_LINE_WORDS
    error_words = ENGLISH_ERROR_WORDS
    same_in_every_language = SAME_IN_EVERY_LANGUAGE
    min_lines = 2000
    min_errors = len(REJECTED) + 100
