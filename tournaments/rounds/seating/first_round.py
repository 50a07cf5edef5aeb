"""Round 1: a draw by lot (taruk2012.md §7.4) or by strength bands (ulti-mausz.md §6.1)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Unpack

from tournaments.rounds.seating.clubs import separate_clubs
from tournaments.rounds.seating.draw import Draw, Given, Seed, cut, plan_of, seat, seeded, split_off_byes, unique


def draw_random(
    player_ids: Iterable[str],
    variant: str,
    seed: Seed,
    **given: Unpack[Given],
) -> Draw:
    """A random draw to tables and positions (taruk2012.md §7.4, round 1).

    The ids are sorted before shuffling, so the draw depends only on the set of
    players and the seed, not on the order a database returned them in. Byes
    (if the plan has any) go by lot to those with the fewest byes so far.
    ``clubs`` (id -> club, empty = none) keeps players of one club at different
    tables where the numbers allow: any two players may change tables, since
    the lot gives nobody a claim to a table. ``seats``: the event's seats per table (where the
    variant's plan leaves the table size open).
    """
    plan = plan_of(variant)
    ids = sorted(unique(player_ids))
    rng = seeded(seed)
    rng.shuffle(ids)  # the lot
    split, byes, seated = split_off_byes(ids, plan, given.get("bye_counts"), given.get("seats"))
    groups = cut(seated, split.sizes)
    if given.get("clubs"):
        separate_clubs(groups, given["clubs"], same_band=False)
    return Draw(variant, seed, seat(groups, plan, rng), byes)


def draw_by_strength(
    player_ids_in_ranking_order: Iterable[str],
    variant: str,
    seed: Seed,
    **given: Unpack[Given],
) -> Draw:
    """One player of every strength band at every table (the MAUSZ-style computer draw, ulti-mausz.md §6.1).

    With T tables, band 1 is the T strongest, band 2 the next T, ...; the
    members of a band are spread over the tables by lot, so each table gets one
    player of each band. The last, partial band fills the larger tables (the
    fours at ulti, the fives at Taruk). Byes go to the lowest-ranked players
    with the fewest byes so far (taruk2012.md §7.6). ``clubs`` keeps players of
    one club apart where the numbers allow, by exchanging only players of the
    same band, so every table still has one player of each band.
    """
    plan = plan_of(variant)
    ranking = unique(player_ids_in_ranking_order)
    rng = seeded(seed)
    split, byes, seated = split_off_byes(ranking, plan, given.get("bye_counts"), given.get("seats"))
    groups: list[list[str]] = [[] for _ in split.sizes]
    pos = 0
    for band in range(max(split.sizes, default=0)):
        targets = [t for t, size in enumerate(split.sizes) if size > band]
        members = seated[pos : pos + len(targets)]
        pos += len(targets)
        rng.shuffle(members)
        for t, p in zip(targets, members, strict=True):
            groups[t].append(p)
    if given.get("clubs"):
        separate_clubs(groups, given["clubs"], same_band=True)
    return Draw(variant, seed, seat(groups, plan, rng), byes)
