"""Re-seating's exchanges (issue: "Re-seating"): §7.5's exchange wherever it removes a repeat meeting,
the lot rule 7 reports, and club mates parted in later rounds where a clean draw exists. No database."""

from __future__ import annotations

import itertools

from tournaments.rounds.seating import clubs as club_search
from tournaments.rounds.seating.clubs import club_clashes, club_pairs
from tournaments.rounds.seating.reseat import reseat_by_standings
from tournaments.rounds.seating.rule7 import reseat_by_places, tied_by_lot


def places_of(tables: int, seats: int = 4) -> list[dict]:
    """Old tables 1..``tables``: player "p.t" took place p at table t."""
    return [{"table": t, "places": {f"{p}.{t}": p for p in range(1, seats + 1)}} for t in range(1, tables + 1)]


def repeats(tables: dict[int, list[str]], met: dict[frozenset, int]) -> list[tuple[str, str]]:
    return [(a, b) for g in tables.values() for a, b in itertools.combinations(g, 2) if frozenset((a, b)) in met]


def test_the_7_5_exchange_removes_a_meeting_of_an_earlier_round_at_the_last_table():
    # 20 players, five old tables: §7.5 cuts the list into 1.1-1.4 | 1.5 2.1-2.3 | 2.4 2.5 3.1 3.2 |
    # 3.3-3.5 4.1 | 4.2-4.5. 4.4 and 4.5 sat together in round 1: a repeat at the last table. Two
    # fourths cannot change tables without seating 4.5 beside 3.5, his tablemate of this round; the
    # exchange of §7.5 (the later of the two with the preceding table's players, from its end: 4.1 would
    # bring 4.5 to 3.5, so 3.5) removes it.
    results = places_of(5)
    met = {frozenset(("4.4", "4.5")): 1}
    plain = reseat_by_places(results, "taruk2012")
    assert plain[5] == ["4.2", "4.3", "4.4", "4.5"]
    tables = reseat_by_places(results, "taruk2012", met)
    assert repeats(tables, met) == []
    assert sorted(tables[4]) == sorted(["3.3", "3.4", "4.5", "4.1"])
    assert sorted(tables[5]) == sorted(["4.2", "4.3", "4.4", "3.5"])
    assert all(tables[t] == plain[t] for t in (1, 2, 3))
    # Nobody shares a table with a tablemate of the last round either.
    old = {p: r["table"] for r in results for p in r["places"]}
    assert not [1 for g in tables.values() for a, b in itertools.combinations(g, 2) if old[a] == old[b]]


def test_the_lot_orders_the_ties_and_the_report_names_them():
    results = places_of(4)
    results[1] = {"table": 2, "places": {"a": 1, "b": 1, "c": 3, "d": 4}, "lot": {"a": 2, "b": 1}}
    assert tied_by_lot(results, "taruk2012") == [(2, ["b", "a"])]
    assert reseat_by_places(results, "taruk2012")[1] == ["1.1", "b", "1.3", "1.4"]  # b won the lot: first of 2


def test_later_rounds_by_standings_part_club_mates_where_a_clean_draw_exists():
    # 16 players by standings 1-16; clubs A-D by standing (1-4 A, 5-8 B, ...): cut in fours, every table
    # would be one club. Nobody met before: a draw with one player of each club at each table exists.
    order = [f"P{i:02d}" for i in range(1, 17)]
    clubs = {p: "ABCD"[i // 4] for i, p in enumerate(order)}
    plain = reseat_by_standings(order, set(), "tarokk-illusztralt", "s")
    assert club_clashes(plain.groups().values(), clubs) == 24
    parted = reseat_by_standings(order, set(), "tarokk-illusztralt", "s", clubs=clubs)
    assert club_clashes(parted.groups().values(), clubs) == 0


def test_club_mates_are_not_parted_at_the_price_of_a_repeat():
    order = [f"P{i}" for i in range(1, 9)]
    clubs = {"P1": "A", "P2": "A"}
    # P1 and P2 at table 1; every player of table 2 already met P1 or P2.
    met = {frozenset((a, b)): 1 for a in ("P1", "P2") for b in order[4:]}
    draw = reseat_by_standings(order, met, "tarokk-illusztralt", "s", clubs=clubs)
    assert {"P1", "P2"} <= set(draw.groups()[1])


def test_rule_7_parts_club_mates_by_exchanges_within_a_place_group():
    # 32 players: winners of tables 1-4 meet at table 1. Two of them share a club; exchanging one with a
    # winner of tables 5-8 (table 2) parts them and keeps §7.5's place groups.
    results = places_of(8)
    clubs = {"1.1": "TK Ljubljana", "1.2": "TK Ljubljana"}
    plain = reseat_by_places(results, "taruk2012")
    assert {"1.1", "1.2"} <= set(plain[1])
    tables = reseat_by_places(results, "taruk2012", clubs=clubs)
    assert not {"1.1", "1.2"} <= set(tables[1])
    assert {p.split(".")[0] for p in tables[1] + tables[2]} == {"1"}  # still the winners' tables
    assert all(tables[t] == plain[t] for t in range(3, 9))


def test_club_mates_the_first_pass_leaves_together_are_parted_by_the_search(monkeypatch):
    """Round 2 of eight players by standings P01-P08, after round 1 at {P02, P04, P03, P08} and
    {P01, P07, P06, P05}. Clubs: A P03 P05, B P04 P07, C P02 P08. Two tables of four after two tables of
    four hold at least 2 + 2 repeat pairs (two of each old table at each new one: 1 + 1 pairs a table), and
    a draw with that many and no club mates together exists ({P01, P03, P07, P08}: P01-P07, P03-P08 met;
    {P02, P04, P05, P06}: P02-P04, P05-P06 met). The first pass (exchanges that part club mates at once)
    stops with P02 and P08 together; the search, taking exchanges that change neither the clashes nor the
    repeats, finds such a draw."""
    order = [f"P{i:02d}" for i in range(1, 9)]
    rounds_1 = (("P02", "P04", "P03", "P08"), ("P01", "P07", "P06", "P05"))
    met = {frozenset(pair) for table in rounds_1 for pair in itertools.combinations(table, 2)}
    clubs = {"P03": "A", "P05": "A", "P04": "B", "P07": "B", "P02": "C", "P08": "C"}
    draw = reseat_by_standings(order, met, "taruk2012", "s", clubs=clubs)
    assert club_pairs(draw.groups(), clubs) == []
    assert len(repeats(draw.groups(), dict.fromkeys(met, 1))) == 4  # the fewest two tables of four can have
    monkeypatch.setattr(club_search, "CLUB_SEARCH_STEPS", 0)  # the first pass alone
    first_pass = reseat_by_standings(order, met, "taruk2012", "s", clubs=clubs)
    assert [(club, a, b) for _t, club, a, b in club_pairs(first_pass.groups(), clubs)] == [("C", "P02", "P08")]
