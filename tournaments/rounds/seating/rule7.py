"""Re-seating by places at the old tables: Taruk rule 7 (S7), generalised in taruk2012.md §7.5/§7.6.

Used for a variant whose plan says ``reseat_by_places``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from numbers import Real
from typing import Any

from tournaments.rounds.seating.clubs import part_clubs
from tournaments.rounds.seating.draw import (
    Draw,
    Seed,
    cut,
    each_pair,
    meeting_counts,
    plan_of,
    repeat_cost,
    seated_draw,
    split_off_byes,
    unique,
)

# The players who sit the next round out are listed under this key; real tables are numbered from 1.
BYE_TABLE = 0


def reseat_by_places(
    round_results: Sequence[Mapping[str, Any]],
    variant: str,
    previous_meetings: Any = None,
    clubs: Mapping[str, str] | None = None,
) -> dict[int, list[str]]:
    """Next round's tables by Taruk rule 7 as generalised in taruk2012.md §7.5/§7.6.

    ``round_results`` has one entry per old table::

        {"table": 1, "places": {"P03": 1, "P01": 2, "P04": 3, "P02": 4},
         # optional tie-breaks for shared places (§7.5 step 1), higher first:
         "ranking_points": {...cumulative after this round...},
         "game_points": {...cumulative...},
         # optional lot, lower first; without it a lot is drawn from the table's content
         "lot": {"P03": 0, ...}}

    and, when somebody sat this round out (N = 6, 7, 11), one entry
    ``{"byes": [...], "bye_counts": {...}}`` (``bye_counts``: byes so far,
    this round included; without it the players in ``byes`` count one each;
    ``ranking_points``/``game_points``/``lot`` as above order several of them).

    The answer maps each next-round table number (1, 2, ...; the larger tables
    last, as ``variant``'s plan cuts them) to its players in re-seating-list order.
    If the plan needs byes the players who sit out are listed under ``BYE_TABLE``
    (0). Seats are drawn afterwards, see ``draw_by_places``.

    ``previous_meetings`` (pairs, or pair -> count, of all earlier rounds) lets
    the list avoid meetings older than the last round, by exchanging players of
    the same place group only (see ``_swap_within_place_groups``); ``clubs``
    (id -> club) keeps club mates apart by such exchanges where they cost no
    repeat (``clubs.part_clubs``).
    """
    groups, byes = _groups(round_results, variant, previous_meetings, clubs)
    result = {number: group for number, group in enumerate(groups, start=1)}
    if byes:
        result[BYE_TABLE] = byes
    return result


def draw_by_places(
    round_results: Sequence[Mapping[str, Any]],
    variant: str,
    seed: Seed,
    previous_meetings: Any = None,
    clubs: Mapping[str, str] | None = None,
) -> Draw:
    """``reseat_by_places`` plus the seat draw at every new table (taruk2012.md §7.5 step 4, §7.3)."""
    groups, byes = _groups(round_results, variant, previous_meetings, clubs)
    return seated_draw(variant, seed, groups, byes)


def _ties(entry: Mapping[str, Any], players: Sequence[str]) -> dict[tuple, list[str]]:
    """Players of one old table (or the bye list) by their key before the lot: place, ranking and game points."""
    places = entry.get("places") or {}
    rp = entry.get("ranking_points") or {}
    gp = entry.get("game_points") or {}
    keys: dict[tuple, list[str]] = {}
    for p in players:
        keys.setdefault((places.get(p, 0), -rp.get(p, 0), -gp.get(p, 0)), []).append(p)
    return keys


def tied_by_lot(round_results: Sequence[Mapping[str, Any]], variant: str) -> list[tuple[int, list[str]]]:
    """Where the lot decided rule 7's list: (old table, or ``BYE_TABLE`` for the returning byes; the players
    equal on place, ranking and game points, in the lot's order), by table."""
    out = []
    for entry in round_results:
        is_table = entry.get("places") is not None
        players = list(entry["places"] if is_table else entry.get("byes") or ())
        number = entry.get("table") if is_table else BYE_TABLE
        order = _strict_order(entry, players, f"table {number}" if is_table else "byes", variant)
        for tied in _ties(entry, players).values():
            if len(tied) > 1:
                out.append((number, [p for p in order if p in tied]))
    return sorted(out, key=lambda item: item[0])


def _strict_order(entry: Mapping[str, Any], players: Sequence[str], label: str, variant: str) -> list[str]:
    """Players sorted by place, then cumulative ranking points, game points, lot (§7.5 step 1)."""
    places = entry.get("places") or {}
    rp = entry.get("ranking_points") or {}
    gp = entry.get("game_points") or {}
    lot = entry.get("lot")
    if lot is None:
        lot = {}
        keys = [(places.get(p, 0), -rp.get(p, 0), -gp.get(p, 0)) for p in players]
        if len(set(keys)) < len(keys):
            # Still tied: a reproducible lot drawn from the table's own content,
            # so the same results always give the same list. Callers who draw
            # (and show) their own lots pass "lot".
            rng = random.Random(f"{variant}-lot:{label}:{'|'.join(sorted(players))}")
            lot = {p: rng.random() for p in sorted(players)}
    for name, values in (("places", places), ("ranking_points", rp), ("game_points", gp), ("lot", lot)):
        for p, v in values.items():
            if not isinstance(v, Real | Decimal):
                raise TypeError(f"{label}: {name}[{p!r}] is not a number")
    return sorted(players, key=lambda p: (places.get(p, 0), -rp.get(p, 0), -gp.get(p, 0), lot.get(p, 0), p))


def _groups(
    round_results: Sequence[Mapping[str, Any]],
    variant: str,
    previous_meetings: Any = None,
    clubs: Mapping[str, str] | None = None,
) -> tuple[list[list[str]], list[str]]:
    tables: list[tuple[int, list[str]]] = []
    returning: list[str] = []
    bye_entry: Mapping[str, Any] = {}
    seen: set[str] = set()
    numbers: set[int] = set()
    for entry in round_results:
        if entry.get("places") is None:
            if "byes" not in entry:
                raise ValueError("an entry needs 'places' (a table) or 'byes'")
            if bye_entry:
                raise ValueError("more than one 'byes' entry")
            bye_entry = entry
            players = unique(entry["byes"])
        else:
            number = entry.get("table")
            if not isinstance(number, int) or number in numbers:
                raise ValueError(f"table number missing or repeated: {number!r}")
            numbers.add(number)
            players = unique(entry["places"])
            tables.append((number, _strict_order(entry, players, f"table {number}", variant)))
        again = seen.intersection(players)
        if again:
            raise ValueError(f"listed twice in the round results: {', '.join(sorted(again))}")
        seen.update(players)
    if bye_entry:
        returning = _strict_order(bye_entry, bye_entry["byes"], "byes", variant)
    tables.sort()

    # §7.5 step 2: all firsts in table order, then all seconds, ...; returning
    # bye players after all seconds and before all thirds (§7.6 step 2).
    old_table = {p: number for number, order in tables for p in order}
    depth = max((len(order) for _, order in tables), default=0)
    by_place = [[order[k] for _, order in tables if k < len(order)] for k in range(depth)]
    listing = [p for block in by_place[:2] for p in block] + returning
    listing += [p for block in by_place[2:] for p in block]

    counts = dict(bye_entry.get("bye_counts") or {p: 1 for p in returning})
    # §7.6: new byes go to the lowest players of the list who have had fewest.
    split, byes, listing = split_off_byes(listing, plan_of(variant), counts)
    groups = cut(listing, split.sizes)  # §7.5 step 3, 5-seat tables last
    group_of = {p: k for k, block in enumerate(by_place) for p in block} | {p: -1 for p in returning}
    met = meeting_counts(previous_meetings) if previous_meetings else {}
    _separate_old_tablemates(groups, old_table, {p: i for i, p in enumerate(listing)}, met)
    if met:
        _swap_within_place_groups(groups, met, group_of, old_table)
    if clubs:
        part_clubs(
            groups,
            clubs,
            may_exchange=lambda ti, a, tj, b: group_of.get(a) == group_of.get(b),
            cost=lambda group: _clashes(group, old_table, met),
        )
    return groups, byes


def _swap_within_place_groups(
    groups: list[list[str]],
    met: dict[str, dict[str, int]],
    group_of: Mapping[str, int],
    old_table: Mapping[str, int],
) -> None:
    """Avoid meetings of earlier rounds by exchanging players of one place group (in place).

    Our reading of rule 7 (taruk2012.md §7.5): the rule fixes *which place
    group* sits at which new table (winners with winners, seconds with
    seconds ...); within a group the order is only table order, which carries
    no merit. So two players of the same place in the last round (two
    winners, two seconds, or two returning bye players) may change new tables.
    The exchange is made only if it lowers the repeat cost (count**2 over the
    pairs at both tables) and puts no last-round tablemates together; the §7.5
    exchange for 5-seat tables is made before (``_separate_old_tablemates``).
    Nothing else moves, so §8.4 (round 2, no earlier meetings) is unchanged.
    """

    def cost(group: list[str]) -> int:
        return repeat_cost(group, met)

    def mates(group: list[str]) -> int:
        return _last_round_pairs(group, old_table)

    improved = True
    while improved:
        improved = False
        for ti, g in enumerate(groups):
            if not cost(g):
                continue
            for a in range(len(g)):
                for tj, h in enumerate(groups):
                    if tj == ti:
                        continue
                    for b in range(len(h)):
                        if group_of.get(h[b]) != group_of.get(g[a]):
                            continue
                        before = cost(g) + cost(h), mates(g) + mates(h)
                        g[a], h[b] = h[b], g[a]
                        after = cost(g) + cost(h), mates(g) + mates(h)
                        if after[0] < before[0] and after[1] <= before[1]:
                            improved = True
                            break
                        g[a], h[b] = h[b], g[a]
                    else:
                        continue
                    break


# An old tablemate of the last round weighs more than any number of earlier meetings (§7.5 is about them).
LAST_ROUND_WEIGHT = 10_000


def _last_round_pairs(group: Sequence[str], old_table: Mapping[str, int]) -> int:
    """How many pairs at ``group`` shared a table last round."""
    seen = Counter(old_table[p] for p in group if p in old_table)
    return sum(c * (c - 1) // 2 for c in seen.values())


def _clashes(group: Sequence[str], old_table: Mapping[str, int], met: Mapping[str, Mapping[str, int]]) -> int:
    """A table's repeats: last round's tablemates first (§7.5), then earlier meetings."""
    return _last_round_pairs(group, old_table) * LAST_ROUND_WEIGHT + repeat_cost(group, met)


def _separate_old_tablemates(
    groups: list[list[str]],
    old_table: Mapping[str, int],
    rank: Mapping[str, int],
    met: Mapping[str, Mapping[str, int]] | None = None,
) -> None:
    """§7.5, last paragraph, generalised: break up players who met before.

    With 5-seat tables the 4th and 5th of one old table can land together at
    the last table; the later of the two (in list order) is exchanged with the
    last player of the preceding new table. We apply the same repair to every
    table from the last one up, wherever it removes a repeat meeting: two who
    shared a table last round, or (``met``) in an earlier round. The later of
    each such pair is tried against the preceding table's players from its end,
    then the following table's from its start, and an exchange is accepted only
    if it lowers the repeats at this table (last round's weighing most) without
    raising them at the other. With all 4-seat tables and at least four of them
    the list never puts last round's tablemates together, so nothing moves for
    them (e.g. §8.4); with fewer tables some meetings are unavoidable and stay.
    """
    met = met or {}

    def clashes(group: list[str]) -> int:
        return _clashes(group, old_table, met)

    def meet(a: str, b: str) -> bool:
        return (old_table.get(a) is not None and old_table.get(a) == old_table.get(b)) or bool(met.get(a, {}).get(b))

    for t in range(len(groups) - 1, -1, -1):
        group = groups[t]
        while clashes(group):
            # The later player of each pair who met, latest first.
            movers = sorted(
                {max(a, b, key=rank.__getitem__) for a, b in each_pair(group) if meet(a, b)},
                key=rank.__getitem__,
                reverse=True,
            )
            neighbours = []
            if t > 0:
                neighbours += [(t - 1, j) for j in range(len(groups[t - 1]) - 1, -1, -1)]
            if t + 1 < len(groups):
                neighbours += [(t + 1, j) for j in range(len(groups[t + 1]))]
            if not _try_exchange(groups, t, movers, neighbours, clashes):
                break


def _try_exchange(
    groups: list[list[str]],
    t: int,
    movers: list[str],
    neighbours: list[tuple[int, int]],
    clashes: Callable[[list[str]], int],
) -> bool:
    group = groups[t]
    here = clashes(group)
    for x in movers:
        i = group.index(x)
        for u, j in neighbours:
            other = groups[u]
            there = clashes(other)
            group[i], other[j] = other[j], group[i]
            if clashes(group) < here and clashes(other) <= there:
                return True
            group[i], other[j] = other[j], group[i]
    return False
