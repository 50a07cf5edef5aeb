"""An audit entry as a sentence (tournaments.history.audit_text): the difference of the two stored snapshots,
named with the form's labels and choices, in the reader's language with its word order and numbers."""

from __future__ import annotations

import datetime

from django.utils import translation

from scoring.registry import VARIANTS
from tests.scoring.examples.taruk2012 import E17
from tournaments.history import audit_text as at

# 14:32 in Ljubljana (settings.TIME_ZONE): "2:32 p.m." in English, "14:32" in Slovenian and Hungarian
AT = datetime.datetime(2026, 11, 25, 13, 32, tzinfo=datetime.UTC)
HAND = at.Place(round=2, table=5, hand=7)
# taruk2012.md §8.1 E17's deal without the mondfang: tri by A with C, 38 card points.
TRI = {**{k: v for k, v in E17.items() if k != "mondfang"}, "card_points": 38}


def hand(points, played=True, **changes):
    return {"number": 7, "dealer": "D", "input": {**TRI, **changes}, "points": points, "played": played}


def say(lang, action, before, after, place=HAND, variant="taruk2012", reason="", who=("Ana Novak", "referee")):
    with translation.override(lang):
        rules = VARIANTS[variant]  # the sentence asks the variant object (Tournament.rules), not the key
        return at.sentence(action, place, at.who(*who), AT, variant=rules, before=before, after=after, reason=reason)


CORRECTION = (
    hand({"A": 35, "B": -10, "C": 20, "D": 0}),
    hand({"A": 45, "B": -10, "C": 25, "D": 0}, card_points=41),
)


def test_a_taruk_card_points_correction_reads_as_one_sentence():
    text = say("en", "hand.corrected", *CORRECTION, reason="miscount")
    assert text == (
        "Round 2, table 5, hand 7 corrected by referee Ana Novak at 2:32 p.m.: card points of the declaring side "
        "38 → 41; points of A +35 → +45; points of C +20 → +25 (reason: miscount)"
    )


def test_the_correction_in_hungarian_puts_the_numbers_first():
    text = say("hu", "hand.corrected", *CORRECTION, reason="elszámolás")
    assert text.startswith("2. forduló, 5. asztal, 7. leosztás: Ana Novak játékvezető javította 14:32-kor: ")
    assert "a felvevő párt kártyapontjai 38 → 41" in text
    assert "A pontjai +35 → +45" in text and "(indok: elszámolás)" in text


def test_the_correction_in_slovenian():
    text = say("sl", "hand.corrected", *CORRECTION)
    assert text.startswith("2. krog, 5. miza, 7. igra popravljena – sodnik Ana Novak ob 14:32: ")
    assert "točke igralčeve strani 38 → 41" in text and "točke A +35 → +45" in text


def test_fractional_points_take_a_decimal_comma_in_slovenian_and_hungarian():
    before, after = hand({"A": 2.5, "B": -2.5}), hand({"A": 1.5, "B": -1.5})
    assert "+2.5 → +1.5" in say("en", "hand.rescored", before, after)
    assert "+2,5 → +1,5" in say("sl", "hand.rescored", before, after)
    assert "−2,5 → −1,5" in say("hu", "hand.rescored", before, after)


def test_an_ulti_bid_change_names_the_bids_as_the_form_shows_them():
    seats = {"variant": "ulti-mausz", "seats": ["A", "B", "C"], "dealer": "D", "declarer": "A", "trump": "piros"}
    before = {"number": 3, "input": {**seats, "bid": "parti"}, "points": {"A": 2, "B": -1, "C": -1}}
    after = {"number": 3, "input": {**seats, "bid": "40-100"}, "points": {"A": 8, "B": -4, "C": -4}}
    text = say("en", "hand.corrected", before, after, variant="ulti-mausz", place=at.Place(1, 2, 3))
    # the bid as the form's table shows it: the bid and its trump, one choice
    assert "bid and trump parti · piros → 40-100 · piros" in text
    assert "points of A +2 → +8" in text
    hu = say("hu", "hand.corrected", before, after, variant="ulti-mausz", place=at.Place(1, 2, 3))
    assert hu.startswith("1. forduló, 2. asztal, 3. leosztás: ") and "bemondás és adu parti · piros → 40-100" in hu


def test_a_deletion_lists_what_the_deleted_hand_held():
    text = say("en", "hand.deleted", CORRECTION[0], None, reason="entered twice")
    assert text.startswith("Round 2, table 5, hand 7 deleted by referee Ana Novak at 2:32 p.m.: ")
    assert "game: tri" in text and "declarer: A" in text and "card points of the declaring side: 38" in text
    assert "points of A: +35" in text and "points of B: −10" in text and "(reason: entered twice)" in text
    assert "→" not in text  # nothing became anything: the hand is gone


def test_a_round_closed_with_open_tables_names_them_with_plural_forms():
    before = {"number": 3, "status": "running", "seed": "s", "elapsed_seconds": 4200, "started_at": None}
    after = {
        **before,
        "status": "closed",
        "elapsed_seconds": 4530,
        "override": [{"table": 4, "hands": 10, "expected": 12, "complete": False, "confirmed": False}],
    }
    place = at.Place(round=3)
    text = say("en", "round.closed", before, after, place=place, who=("Ana Novak", "organizer"), reason="late")
    assert text == (
        "Round 3 closed by organizer Ana Novak at 2:32 p.m.: status Running → Closed; time played 70:00 → 75:30; "
        "table 4 closed although not done: 10 of 12 hands, not confirmed (reason: late)"
    )
    sl = say("sl", "round.closed", before, after, place=place, who=("Ana Novak", "organizer"))
    assert sl.startswith("3. krog zaključen – organizator Ana Novak ob 14:32: ")
    assert "10 od 12 iger" in sl
    hu = say("hu", "round.closed", before, after, place=place, who=("Ana Novak", "organizer"))
    assert hu.startswith("3. forduló: Ana Novak szervező lezárta 14:32-kor: ") and "10 / 12 leosztás" in hu


def test_slovenian_counts_take_their_four_plural_forms():
    def tables(n):
        draw = {"seed": "x", "tables": {str(i): {"A": i} for i in range(1, n + 1)}, "byes": []}
        return say("sl", "round.drawn", None, draw, place=at.Place(round=1))

    assert ": 1 miza" in tables(1) and ": 2 mizi" in tables(2) and ": 3 mize" in tables(3) and ": 5 miz" in tables(5)


def test_a_player_edit_names_the_model_fields_and_their_choices():
    before = {"start_number": 4, "status": "active", "team": "", "name": "Ana Novk", "club": "TK", "strength": None}
    after = {**before, "name": "Ana Novak", "status": "withdrawn"}
    text = say("en", "entry.withdrawn", before, after, place=at.Place(), who=("Bo", "organizer"))
    assert text.startswith("Player withdrawn by organizer Bo at 2:32 p.m.: ")
    assert "name Ana Novk → Ana Novak" in text and "status active → withdrawn" in text.lower()
    assert "start_number" not in text and "{" not in text


def test_an_entered_ulti_hand_names_its_bid_even_without_a_trump():
    hand_input = {"variant": "ulti-mausz", "seats": ["A", "B", "C"], "dealer": "D", "declarer": "A", "bid": "parti"}
    text = say("en", "hand.entered", None, {"input": hand_input, "points": {"A": 2}}, variant="ulti-mausz")
    assert ": bid and trump: parti · 1 (piros 2); declarer: A; points of A: +2" in text, text
