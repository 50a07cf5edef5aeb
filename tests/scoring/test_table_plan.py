"""Each variant's table plan (scoring/variants/<key>/table.py), with the numbers of its spec.

Pure: no Django, no database.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.common import ALL_SEATS
from scoring.registry import VARIANTS
from scoring.table_plan import TablePlan, TableSizes, one_size, two_sizes, whole_turns

COUNTS = range(3, 257)


def plan(key: str) -> TablePlan:
    return VARIANTS[key].plan


def test_every_variant_declares_its_plan_and_its_title():
    for key, variant in VARIANTS.items():
        assert isinstance(variant.plan, TablePlan), key
        assert variant.title, key
        assert list(variant.plan.seats) == sorted(variant.plan.seats), key
    assert VARIANTS["taruk2012"].title == "Taruk 2012 (Slovenian competitive tarok)"
    assert VARIANTS["ulti-mausz"].title == "Ulti (MAUSZ championship rules, 2017)"


# --- seats, players per hand, hands per round ----------------------------------------------------


@pytest.mark.parametrize(
    ("key", "seats", "players_per_hand", "default_hands", "zero_sum"),
    [
        ("taruk2012", (4, 5), 4, 12, False),  # §1.1, §7.1 (S5), §7.6; the partner gets half (P15)
        ("ulti-mausz", (3, 4), 3, 9, True),  # §1.1, §6.2: 9 deals at a three-seat table
        ("tarokk-illusztralt", (4,), 4, 12, True),  # every seat deals three times; §5.1 zero-sum
        ("tarokk-vadasz", (4, 5, 6, 7), 4, 8, True),  # §1.1: 4 to 7 participants, 4 play
        ("tarokk-laza", (4,), 4, 8, False),  # §1.2 two fixed pairs; §1.3 "usually 8 deals"; §3.1
    ],
)
def test_the_plan_has_the_specs_seats_and_hands(key, seats, players_per_hand, default_hands, zero_sum):
    p = plan(key)
    assert (p.seats, p.min_seats, p.max_seats) == (seats, seats[0], seats[-1])
    assert p.players_per_hand == players_per_hand
    assert p.default_hands_per_round == default_hands
    assert p.zero_sum is zero_sum


@pytest.mark.parametrize(
    ("key", "event_hands", "table_seats", "hands"),
    [
        ("taruk2012", 12, 4, 12),  # taruk2012.md §7.1
        ("taruk2012", 12, 5, 10),  # §7.6: a 5-seat table plays 10 hands, each seat deals twice
        ("taruk2012", 24, 5, 20),  # the same share of a longer round
        ("ulti-mausz", 9, 3, 9),  # ulti-mausz.md §6.2: each player deals 3 times
        ("ulti-mausz", 9, 4, 12),  # §6.2: 12 at four seats, each deals 3 times and sits out 3
        ("tarokk-vadasz", 8, 4, 8),  # whole turns of the deal: each deals twice, plays 8 hands
        ("tarokk-vadasz", 8, 5, 10),  # 2 turns of five: each sits out his 2 deals, plays 8 (§1.1)
        ("tarokk-vadasz", 8, 6, 12),  # 2 turns of six: each sits out 4 (his deals, opposite), plays 8
        ("tarokk-vadasz", 8, 7, 14),  # 2 turns of seven: each sits out 6, plays 8
        ("tarokk-illusztralt", 12, 4, 12),
        ("tarokk-laza", 8, 4, 8),
    ],
)
def test_a_table_plays_as_many_hands_as_the_spec_gives_its_size(key, event_hands, table_seats, hands):
    assert plan(key).hands(table_seats, event_hands) == hands


@pytest.mark.parametrize("seats", [5, 6, 7])
@pytest.mark.parametrize("hands", [4, 8, 12])
def test_every_vadasz_table_deals_whole_turns_and_its_players_play_as_many_hands(seats, hands):
    # tarokk-vadasz.md §1.1: four of the n at a table play each hand; over k turns of the deal each
    # player deals k times and plays 4k hands, whatever n: a table of n plays k * n deals.
    turns = hands // 4
    dealt = plan("tarokk-vadasz").hands(seats, hands)
    assert dealt == turns * seats
    assert dealt * 4 // seats == hands  # the hands each player plays, as at a table of four


def test_whole_turns_round_to_at_least_one_turn():
    assert whole_turns(5, 12, 5) == 12  # the event's own size plays the event's number
    assert whole_turns(4, 10, 5) == 8  # 10 / 5 = 2 turns of four
    assert whole_turns(5, 2, 4) == 5  # never less than one turn


@pytest.mark.parametrize(
    ("players", "seats", "sizes"),
    [
        (11, 6, (5, 6)),  # the 11 players at "6 seats": two tables, the nearest to six
        (12, 6, (6, 6)),
        (12, 4, (4, 4, 4)),
        (18, 6, (6, 6, 6)),
        (21, 7, (7, 7, 7)),
        (21, 5, (5, 5, 5, 6)),
        (9, 7, (4, 5)),  # one table of nine is too many (§1.1: 4 to 7)
        (3, 6, ()),
    ],
)
def test_vadasz_tables_follow_the_events_seats_per_table(players, seats, sizes):
    split = plan("tarokk-vadasz").tables(players, seats)
    assert split.sizes == sizes
    assert split.byes == (players if not sizes else 0)


def test_vadasz_at_four_seats_draws_as_many_tables_as_before_and_other_variants_ignore_the_setting():
    vadasz = plan("tarokk-vadasz")
    assert all(vadasz.tables(n, 4) == vadasz.tables(n) for n in COUNTS)
    for key in ("taruk2012", "ulti-mausz", "tarokk-illusztralt", "tarokk-laza"):
        assert all(plan(key).tables(n, plan(key).max_seats) == plan(key).tables(n) for n in range(3, 64)), key


def test_only_taruk_plays_a_share_of_the_event_hands():
    shares = {key: dict(v.plan.hands_share) for key, v in VARIANTS.items() if v.plan.hands_share}
    assert shares == {"taruk2012": {5: Fraction(10, 12)}}


# --- who sits out -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "seats", "words"),
    [
        ("taruk2012", 5, "Five at the table: the dealer sits out each hand."),
        ("ulti-mausz", 4, "Four at the table: the dealer sits out each deal."),
        ("tarokk-vadasz", 5, "Five at the table: the dealer sits out each hand and arranges the talon."),
        ("tarokk-vadasz", 6, "Six at the table: the dealer and the player opposite him sit out each hand; "),
        ("tarokk-vadasz", 7, "Seven at the table: the dealer and the two players opposite him sit out each hand; "),
    ],
)
def test_the_plan_says_who_sits_out_at_a_larger_table(key, seats, words):
    assert plan(key).sit_out(seats).startswith(words)


@pytest.mark.parametrize("key", sorted(VARIANTS))
def test_the_words_are_there_exactly_where_the_rules_seat_somebody_out(key):
    """The sentences agree with the engine's ``playing_seats``: a size has words iff a seat sits out."""
    variant = VARIANTS[key]
    assert set(variant.plan.sits_out) <= set(variant.plan.seats)
    for seats in variant.plan.seats:
        table = list(ALL_SEATS[:seats])
        state = {"pairs": [["A", "D"], ["C", "B"]]} if variant.plan.unit == "pair" else {}
        playing = variant.playing_seats(table, "A", state)
        assert len(playing) == variant.plan.players_per_hand, (key, seats)
        assert bool(variant.plan.sit_out(seats)) == (len(playing) < seats), (key, seats)


# --- the seat draw's plan: tables for N players -----------------------------------------------------


@pytest.mark.parametrize("key", sorted(VARIANTS))
def test_every_plan_seats_everyone_it_can_and_byes_the_rest(key):
    p = plan(key)
    for n in COUNTS:
        split = p.tables(n)
        assert split.seated + split.byes == n
        assert all(s in p.table_units for s in split.sizes)
        assert list(split.sizes) == sorted(split.sizes), "larger tables take the highest numbers"
        # No leftover group could have formed another table.
        assert split.byes < max(p.table_units) or not split.sizes


def test_taruk_uses_n_mod_4_five_seat_tables_and_byes_only_for_6_7_11():
    # taruk2012.md §7.6
    for n in COUNTS:
        split = plan("taruk2012").tables(n)
        if n in (6, 7, 11):
            assert (split.sizes.count(5), split.byes) == {6: (1, 1), 7: (1, 2), 11: (2, 1)}[n]
        elif n == 3:
            assert split.sizes == () and split.byes == 3
        else:
            assert split.byes == 0
            assert split.sizes.count(5) == n % 4


def test_other_variants_table_sizes():
    assert plan("ulti-mausz").tables(5) == TableSizes((4,), 1)
    assert plan("ulti-mausz").tables(14).sizes == (3, 3, 4, 4)  # fours only for N mod 3 (§6.2)
    assert plan("tarokk-illusztralt").tables(30).byes == 2
    assert plan("tarokk-vadasz").tables(7).sizes == (7,)
    assert plan("tarokk-vadasz").tables(11).sizes == (5, 6)
    assert plan("tarokk-laza").tables(9) == TableSizes((2,) * 4, 1)  # pairs: two a table, one out


def test_the_generic_splits():
    assert two_sizes(13, 3, 4) == TableSizes((3, 3, 3, 4), 0)
    assert two_sizes(2, 3, 4) == TableSizes((), 2)
    assert one_size(10, 4) == TableSizes((4, 4), 2)
    with pytest.raises(ValueError, match="negative"):
        plan("taruk2012").tables(-1)


# --- units and positions ----------------------------------------------------------------------------


def test_single_players_take_one_seat_each_clockwise():
    p = plan("taruk2012")
    assert (p.unit, p.unit_size, p.table_units) == ("player", 1, (4, 5))
    assert p.positions(5) == ("A", "B", "C", "D", "E")
    with pytest.raises(ValueError, match="no table of 3"):
        p.positions(3)


def test_laza_draws_pairs_and_seats_partners_side_by_side():
    # tarokk-laza.md §1.2: partners side by side; the engine's pairs are A/D and B/C (§5.3).
    p = plan("tarokk-laza")
    assert (p.unit, p.unit_size, p.table_units) == ("pair", 2, (2,))
    assert p.positions(2) == ("AD", "BC")


def test_rule_7_and_the_all_play_all_belong_to_one_variant_each():
    assert [k for k, v in VARIANTS.items() if v.plan.reseat_by_places] == ["taruk2012"]
    assert [k for k, v in VARIANTS.items() if v.plan.all_play_all] == ["ulti-mausz"]
