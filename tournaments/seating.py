"""Seat draws for every variant: pure functions over plain data, no Django import.

STYLE.md §1: this module takes player ids (strings) and plain dicts and returns
dataclasses; ``tournaments/services.py`` loads and stores around it. Every
random choice comes from ``random.Random(seed)`` with the seed the caller
stores and shows on the draw, so a draw can be reproduced and audited.

What each variant seats (one dict, ``SEATING_FORMATS``, STYLE.md §2):

- ``taruk2012``: tables of 4; when N is not a multiple of 4, ``N mod 4`` tables
  of 5 with the dealer sitting out, numbered last; byes only for N = 6, 7, 11
  (taruk2012.md §7.6).
- ``ulti-mausz``: tables of 3; when N is not a multiple of 3, ``N mod 3`` tables
  of 4 with the dealer sitting out (ulti-mausz.md §1.1, §6.2).
- ``tarokk-illusztralt``: tables of exactly 4; the remainder gets byes.
- ``tarokk-vadasz``: tables of 4 to 7 (tarokk-vadasz.md §1.1); as many tables
  as possible, the extra players spread one per table.
- ``tarokk-laza``: a drawn id is a fixed pair (tarokk-laza.md §1.2); a table is
  two pairs, positions ``AB`` and ``CD`` so that partners sit side by side.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cache
from numbers import Real
from typing import Any, TypeVar

T = TypeVar("T")

Seed = int | str

# Table positions, clockwise (taruk2012.md §1.1, hand-format.md: A, B, C, D, E..G).
POSITIONS = "ABCDEFG"
# reseat_taruk() reports the players who sit the next round out under this key;
# real tables are numbered from 1.
BYE_TABLE = 0


# --- table plans ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class TablePlan:
    """How many units sit at table 1, 2, ... (smaller tables first) and how many get a bye."""

    sizes: tuple[int, ...]
    byes: int

    @property
    def seated(self) -> int:
        return sum(self.sizes)


def _plan_two_sizes(n: int, small: int, large: int) -> TablePlan:
    """Seat as many as possible with tables of ``small`` and ``large``, then use few ``large`` ones.

    For Taruk (4, 5) this is taruk2012.md §7.6: r = N mod 4 tables of 5 whenever
    N >= 5r, otherwise the most players that fit (N = 6, 7: one 5; N = 11: two 5s).
    """
    best: tuple[int, int, int] | None = None  # (-seated, large tables, small tables)
    for n_large in range(n // large + 1):
        n_small = (n - large * n_large) // small
        cand = (-(small * n_small + large * n_large), n_large, n_small)
        if best is None or cand < best:
            best = cand
    assert best is not None
    seated, n_large, n_small = -best[0], best[1], best[2]
    # The larger tables take the highest numbers (taruk2012.md §7.5 step 3).
    return TablePlan((small,) * n_small + (large,) * n_large, n - seated)


def plan_taruk(n: int) -> TablePlan:
    """taruk2012.md §7.6: fours, ``N mod 4`` fives with the dealer sitting out, byes for 6, 7, 11."""
    return _plan_two_sizes(n, 4, 5)


def plan_ulti(n: int) -> TablePlan:
    """ulti-mausz.md §6.2: threes; fours (dealer sits out) only for ``N mod 3`` tables."""
    return _plan_two_sizes(n, 3, 4)


def plan_fours(n: int) -> TablePlan:
    """Illusztrált: every table has exactly four players; the remainder sits out."""
    return TablePlan((4,) * (n // 4), n % 4)


def plan_vadasz(n: int) -> TablePlan:
    """tarokk-vadasz.md §1.1: tables of 4-7, four play each hand.

    As many tables as possible (fewest players sitting out per hand: N mod 4),
    the extra players spread one per table, so sizes differ by at most one.
    """
    tables = n // 4
    if tables == 0:
        return TablePlan((), n)
    extra = n - 4 * tables  # 0..3, so a single table never exceeds 7
    sizes = [4 + extra // tables + (1 if i >= tables - extra % tables else 0) for i in range(tables)]
    return TablePlan(tuple(sizes), 0)


def plan_pairs(n: int) -> TablePlan:
    """tarokk-laza.md §1.2: two fixed pairs per table; an odd pair out gets a bye."""
    return TablePlan((2,) * (n // 2), n % 2)


@dataclass(frozen=True)
class SeatingFormat:
    """What the draw needs to know about a variant's tables."""

    key: str
    table_sizes: tuple[int, ...]  # allowed numbers of drawn units per table
    plan: Callable[[int], TablePlan]
    unit: str = "player"  # "pair" for Laza: one drawn id is a fixed pair
    sits_out: str = ""  # who sits out each hand at the larger tables, for the draw sheet

    def positions(self, size: int) -> tuple[str, ...]:
        """Position names at a table of ``size`` units, clockwise."""
        if size not in self.table_sizes:
            raise ValueError(f"{self.key}: no table of {size}")
        if self.unit == "pair":
            # Partners sit side by side (tarokk-laza.md §1.2): one pair takes
            # seats A and B, the other C and D.
            return tuple(POSITIONS[i : i + 2] for i in range(0, 2 * size, 2))
        return tuple(POSITIONS[:size])


SEATING_FORMATS: dict[str, SeatingFormat] = {
    f.key: f
    for f in (
        SeatingFormat("taruk2012", (4, 5), plan_taruk, sits_out="5 seats: the dealer (taruk2012.md §7.6)"),
        SeatingFormat("ulti-mausz", (3, 4), plan_ulti, sits_out="4 seats: the dealer (ulti-mausz.md §1.1)"),
        SeatingFormat("tarokk-illusztralt", (4,), plan_fours),
        SeatingFormat(
            "tarokk-vadasz",
            (4, 5, 6, 7),
            plan_vadasz,
            sits_out="5-7 seats: the dealer and the one or two opposite him (tarokk-vadasz.md §1.1)",
        ),
        SeatingFormat("tarokk-laza", (2,), plan_pairs, unit="pair"),
    )
}


def seating_format(variant: str) -> SeatingFormat:
    try:
        return SEATING_FORMATS[variant]
    except KeyError:
        raise KeyError(f"no seating format for variant {variant!r}") from None


def plan_tables(n: int, variant: str) -> TablePlan:
    """The table plan for ``n`` active players (pairs for Laza) of ``variant``."""
    if n < 0:
        raise ValueError("negative player count")
    return seating_format(variant).plan(n)


# --- results --------------------------------------------------------------------------------------


@dataclass
class Table:
    """One table of a draw: position -> player id, clockwise, and who deals first."""

    number: int
    seats: dict[str, str]
    # taruk2012.md §7.3: hand 1 is dealt by A. The positions are drawn, so the
    # first dealer is random too; the other variants follow the same convention.
    first_dealer: str = "A"

    @property
    def players(self) -> list[str]:
        return list(self.seats.values())


@dataclass
class Draw:
    """A round's draw: tables numbered from 1, the byes, and the seed that produced it."""

    variant: str
    seed: Seed | None
    tables: list[Table]
    byes: list[str] = field(default_factory=list)

    def meetings(self) -> set[frozenset[str]]:
        """Every pair of ids who share a table in this round."""
        return {frozenset(pair) for t in self.tables for pair in _pairs(t.players)}

    def groups(self) -> dict[int, list[str]]:
        """Table number -> player ids (seat order)."""
        return {t.number: t.players for t in self.tables}

    def players(self) -> list[str]:
        """Everybody seated, table by table."""
        return [p for t in self.tables for p in t.players]

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form for storing with the round."""
        return {
            "variant": self.variant,
            "seed": self.seed,
            "tables": [
                {"number": t.number, "seats": dict(t.seats), "first_dealer": t.first_dealer} for t in self.tables
            ],
            "byes": list(self.byes),
        }


def _pair_counts(schedule: list[list[list[int]]], n: int) -> list[list[int]]:
    """How often each two of ``n`` players sit at one table over ``schedule`` (rounds of tables)."""
    count = [[0] * n for _ in range(n)]
    for rnd in schedule:
        for table in rnd:
            for a, b in _pairs(table):
                count[a][b] += 1
                count[b][a] += 1
    return count


def _pairs(items: Sequence[T]) -> Iterator[tuple[T, T]]:
    for i, a in enumerate(items):
        for b in items[i + 1 :]:
            yield a, b


# --- repeat meetings -------------------------------------------------------------------------------


@dataclass(frozen=True)
class RepeatMeeting:
    """Two players at one table of a draw who already shared a table, and in which rounds."""

    table: int
    players: tuple[str, str]
    rounds: tuple[int, ...]


def repeat_meetings(
    groups: Mapping[int, Sequence[str]], history: Mapping[frozenset[str], Sequence[int]]
) -> list[RepeatMeeting]:
    """Every pair at a table of ``groups`` (table -> ids) that ``history`` (pair -> rounds) has met.

    The director sees each one on the draw page: who met whom before, in which round.
    Sorted by table, then by the pair, so the report reads the same every time.
    """
    out = []
    for number in sorted(groups):
        for a, b in _pairs(sorted(groups[number])):
            rounds = history.get(frozenset((a, b)))
            if rounds:
                out.append(RepeatMeeting(number, (a, b), tuple(sorted(rounds))))
    return out


# --- shared steps ---------------------------------------------------------------------------------


def _rng(seed: Seed) -> random.Random:
    """The draw's generator; the seed must be stored, so "no seed" (system randomness) is refused."""
    if not isinstance(seed, int | str):
        raise TypeError(f"the seed is an int or a str, not {type(seed).__name__}")
    return random.Random(seed)


def _unique(ids: Iterable[str], what: str = "player") -> list[str]:
    out = list(ids)
    if len(set(out)) != len(out):
        dup = sorted({p for p in out if out.count(p) > 1})
        raise ValueError(f"{what} listed more than once: {', '.join(dup)}")
    for p in out:
        if not isinstance(p, str):
            raise TypeError(f"{what} ids are strings, not {type(p).__name__}")
    return out


def _pick_byes(order: Sequence[str], k: int, bye_counts: Mapping[str, int] | None) -> list[str]:
    """The ``k`` players to sit out: fewest byes so far first, then the latest in ``order``.

    Taking the lowest bye counts first means nobody gets a second bye while
    another active player has none (taruk2012.md §7.6), and over any number of
    rounds the counts differ by at most one. ``order`` is the lot (a shuffled
    list) or the ranking/re-seating list, whose last players are the lowest.
    """
    if k <= 0:
        return []
    counts = bye_counts or {}
    idx = sorted(range(len(order)), key=lambda i: (counts.get(order[i], 0), -i))[:k]
    return [order[i] for i in sorted(idx, reverse=True)]


def _cut(order: Sequence[str], sizes: Sequence[int]) -> list[list[str]]:
    out, pos = [], 0
    for s in sizes:
        out.append(list(order[pos : pos + s]))
        pos += s
    return out


def _seat(groups: Sequence[Sequence[str]], fmt: SeatingFormat, rng: random.Random) -> list[Table]:
    """Draw the positions at every table (taruk2012.md §7.3: seats are drawn every round)."""
    tables = []
    for number, group in enumerate(groups, start=1):
        positions = fmt.positions(len(group))
        drawn = rng.sample(list(group), len(group))
        tables.append(Table(number, dict(zip(positions, drawn, strict=True)), positions[0]))
    return tables


def _meeting_counts(previous_meetings: Any) -> dict[str, dict[str, int]]:
    """``{frozenset pair: count}`` or an iterable of pairs -> adjacency with counts."""
    met: dict[str, dict[str, int]] = {}
    if isinstance(previous_meetings, Mapping):
        items = previous_meetings.items()
    else:
        items = ((pair, 1) for pair in previous_meetings)
    for pair, count in items:
        ends = tuple(pair)
        if len(ends) != 2 or count <= 0:
            raise ValueError(f"not a pair of two players met at least once: {pair!r} -> {count!r}")
        a, b = ends
        row_a, row_b = met.setdefault(a, {}), met.setdefault(b, {})
        row_a[b] = row_a.get(b, 0) + count
        row_b[a] = row_b.get(a, 0) + count
    return met


# --- round 1 and strength draws -------------------------------------------------------------------


def draw_random(
    player_ids: Iterable[str],
    variant: str,
    seed: Seed,
    bye_counts: Mapping[str, int] | None = None,
    clubs: Mapping[str, str] | None = None,
) -> Draw:
    """A random draw to tables and positions (taruk2012.md §7.4, round 1).

    The ids are sorted before shuffling, so the draw depends only on the set of
    players and the seed, not on the order a database returned them in. Byes
    (if the plan has any) go by lot to those with the fewest byes so far.
    ``clubs`` (id -> club, empty = none) keeps players of one club at different
    tables where the numbers allow: any two players may change tables, since
    the lot gives nobody a claim to a table.
    """
    fmt = seating_format(variant)
    ids = sorted(_unique(player_ids))
    rng = _rng(seed)
    rng.shuffle(ids)  # the lot
    plan = fmt.plan(len(ids))
    byes = _pick_byes(ids, plan.byes, bye_counts)
    out = set(byes)
    groups = _cut([p for p in ids if p not in out], plan.sizes)
    if clubs:
        _separate_clubs(groups, clubs, same_band=False)
    return Draw(variant, seed, _seat(groups, fmt, rng), byes)


def draw_by_strength(
    player_ids_in_ranking_order: Iterable[str],
    variant: str,
    seed: Seed,
    bye_counts: Mapping[str, int] | None = None,
    clubs: Mapping[str, str] | None = None,
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
    fmt = seating_format(variant)
    ranking = _unique(player_ids_in_ranking_order)
    rng = _rng(seed)
    plan = fmt.plan(len(ranking))
    byes = _pick_byes(ranking, plan.byes, bye_counts)
    out = set(byes)
    seated = [p for p in ranking if p not in out]
    groups: list[list[str]] = [[] for _ in plan.sizes]
    pos = 0
    for band in range(max(plan.sizes, default=0)):
        targets = [t for t, size in enumerate(plan.sizes) if size > band]
        members = seated[pos : pos + len(targets)]
        pos += len(targets)
        rng.shuffle(members)
        for t, p in zip(targets, members, strict=True):
            groups[t].append(p)
    if clubs:
        _separate_clubs(groups, clubs, same_band=True)
    return Draw(variant, seed, _seat(groups, fmt, rng), byes)


def club_clashes(groups: Iterable[Sequence[str]], clubs: Mapping[str, str]) -> int:
    """Pairs of players of one club at one table (players without a club never clash)."""
    total = 0
    for group in groups:
        seen = Counter(clubs.get(p) or None for p in group)
        total += sum(c * (c - 1) // 2 for club, c in seen.items() if club)
    return total


# Exchanges tried by the club search after the greedy pass; 16-64 players need a few hundred.
CLUB_SEARCH_STEPS = 4_000


def _separate_clubs(groups: list[list[str]], clubs: Mapping[str, str], *, same_band: bool) -> None:
    """Exchange players between tables while that lowers the club clashes (in place).

    A search over exchanges of two players at different tables: an exchange
    that raises the clashes is refused, one that keeps them equal is allowed
    (it lets the search leave a dead end), and the search stops at no clashes.
    Its generator is seeded from the tables themselves, so the draw stays
    reproducible from its seed. With ``same_band`` only players at the same
    index (the same strength band, see ``draw_by_strength``) are exchanged.
    """
    if len(groups) < 2:
        return

    def clash(group: list[str]) -> int:
        return club_clashes([group], clubs)

    total = sum(clash(g) for g in groups)
    rng = random.Random("clubs:" + "|".join(",".join(g) for g in groups))
    for _ in range(CLUB_SEARCH_STEPS):
        if total == 0:
            return
        ti = rng.choice([t for t, g in enumerate(groups) if clash(g)])
        tj = rng.randrange(len(groups) - 1)
        tj += tj >= ti
        g, h = groups[ti], groups[tj]
        a = rng.randrange(len(g))
        if same_band:
            if a >= len(h):
                continue
            b = a
        else:
            b = rng.randrange(len(h))
        before = clash(g) + clash(h)
        g[a], h[b] = h[b], g[a]
        after = clash(g) + clash(h)
        if after > before:
            g[a], h[b] = h[b], g[a]
        else:
            total += after - before


# --- re-seating by standings (all variants) -------------------------------------------------------

# How far (in tables) a player may be moved from his place in the standings to
# avoid a repeat meeting. The search tries 1 table first and widens only while
# repeats remain. In simulated 64-player events (4 rounds of fours) a limit of
# 3 left a repeat in 1 of 6 events, 5 in none of 60; more buys nothing there.
MAX_SWAP_DISTANCE = 5
# Bound on improvement sweeps per distance; each accepted swap strictly lowers
# the repeat cost, so this only caps pathological inputs.
MAX_SWEEPS = 8


def reseat_by_standings(
    standings_order: Iterable[str],
    previous_meetings: Any,
    variant: str,
    seed: Seed,
    bye_counts: Mapping[str, int] | None = None,
) -> Draw:
    """Strongest with strongest, avoiding repeat meetings where a nearby swap allows it.

    The standings (best first) are cut into consecutive tables, larger tables
    last. Then a local search swaps players between tables at most
    ``MAX_SWAP_DISTANCE`` apart, accepting only swaps that lower the repeat
    cost (sum over pairs at a table of count**2, so a third meeting weighs more
    than a second); among equal gains the swap that moves players least from
    their standings table wins. ``previous_meetings`` is a set of frozenset
    pairs, or a dict pair -> number of earlier meetings. Byes go to the lowest
    players with the fewest byes so far.
    """
    fmt = seating_format(variant)
    order = _unique(standings_order)
    rng = _rng(seed)
    plan = fmt.plan(len(order))
    byes = _pick_byes(order, plan.byes, bye_counts)
    out = set(byes)
    seated = [p for p in order if p not in out]
    groups = _cut(seated, plan.sizes)
    _avoid_repeats(groups, _meeting_counts(previous_meetings))
    return Draw(variant, seed, _seat(groups, fmt, rng), byes)


def _avoid_repeats(groups: list[list[str]], met: dict[str, dict[str, int]]) -> None:
    """Swap players between nearby tables while that lowers the repeat cost (in place)."""
    if not met:
        return
    home = {p: t for t, g in enumerate(groups) for p in g}
    n_tables = len(groups)
    empty: dict[str, int] = {}

    def cost(p: str, group: list[str], skip: str) -> int:
        """Repeat cost of p at ``group`` without ``skip`` (p's own entry never counts)."""
        mp = met.get(p, empty)
        total = 0
        for x in group:
            if x is not skip:
                c = mp.get(x, 0)
                total += c * c
        return total

    def has_repeat(group: list[str]) -> bool:
        return any(met.get(p, empty).get(x) for p, x in _pairs(group))

    # Only tables with a repeat are worked on; a swap can fix or spoil both tables.
    dirty = {t for t, g in enumerate(groups) if has_repeat(g)}
    for distance in range(1, MAX_SWAP_DISTANCE + 1):
        for _sweep in range(MAX_SWEEPS):
            if not dirty:
                return
            changed = False
            for ti in sorted(dirty):
                g = groups[ti]
                for a in range(len(g)):
                    p = g[a]
                    cp = cost(p, g, p)
                    if cp == 0:
                        continue
                    best: tuple[int, int, int, int] | None = None  # (gain, displacement, table, index)
                    for tj in range(max(0, ti - distance), min(n_tables, ti + distance + 1)):
                        if tj == ti:
                            continue
                        h = groups[tj]
                        for b, q in enumerate(h):
                            delta = cost(q, g, p) + cost(p, h, q) - cp - cost(q, h, q)
                            if delta >= 0:
                                continue
                            moved = abs(ti - home[q]) + abs(tj - home[p])
                            moved -= abs(ti - home[p]) + abs(tj - home[q])
                            cand = (delta, moved, tj, b)
                            if best is None or cand < best:
                                best = cand
                    if best is not None:
                        _, _, tj, b = best
                        g[a], groups[tj][b] = groups[tj][b], g[a]
                        changed = True
                        for t in (ti, tj):
                            if has_repeat(groups[t]):
                                dirty.add(t)
                            else:
                                dirty.discard(t)
            if not changed:
                break


# --- Taruk re-seating (rule 7) --------------------------------------------------------------------


def reseat_taruk(round_results: Sequence[Mapping[str, Any]], previous_meetings: Any = None) -> dict[int, list[str]]:
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

    The answer maps each next-round table number (1, 2, ...; 5-seat tables
    last) to its players in re-seating-list order. If the plan needs byes the
    players who sit out are listed under ``BYE_TABLE`` (0). Seats are drawn
    afterwards, see ``reseat_taruk_draw``.

    ``previous_meetings`` (pairs, or pair -> count, of all earlier rounds) lets
    the list avoid meetings older than the last round, by exchanging players of
    the same place group only (see ``_swap_within_place_groups``).
    """
    groups, byes = _taruk_groups(round_results, previous_meetings)
    result = {number: group for number, group in enumerate(groups, start=1)}
    if byes:
        result[BYE_TABLE] = byes
    return result


def reseat_taruk_draw(round_results: Sequence[Mapping[str, Any]], seed: Seed, previous_meetings: Any = None) -> Draw:
    """``reseat_taruk`` plus the seat draw at every new table (taruk2012.md §7.5 step 4, §7.3)."""
    groups, byes = _taruk_groups(round_results, previous_meetings)
    return Draw("taruk2012", seed, _seat(groups, SEATING_FORMATS["taruk2012"], _rng(seed)), byes)


def _strict_order(entry: Mapping[str, Any], players: Sequence[str], label: str) -> list[str]:
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
            rng = random.Random(f"taruk2012-lot:{label}:{'|'.join(sorted(players))}")
            lot = {p: rng.random() for p in sorted(players)}
    for name, values in (("places", places), ("ranking_points", rp), ("game_points", gp), ("lot", lot)):
        for p, v in values.items():
            if not isinstance(v, Real | Decimal):
                raise TypeError(f"{label}: {name}[{p!r}] is not a number")
    return sorted(players, key=lambda p: (places.get(p, 0), -rp.get(p, 0), -gp.get(p, 0), lot.get(p, 0), p))


def _taruk_groups(
    round_results: Sequence[Mapping[str, Any]], previous_meetings: Any = None
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
            players = _unique(entry["byes"])
        else:
            number = entry.get("table")
            if not isinstance(number, int) or number in numbers:
                raise ValueError(f"table number missing or repeated: {number!r}")
            numbers.add(number)
            players = _unique(entry["places"])
            tables.append((number, _strict_order(entry, players, f"table {number}")))
        again = seen.intersection(players)
        if again:
            raise ValueError(f"listed twice in the round results: {', '.join(sorted(again))}")
        seen.update(players)
    if bye_entry:
        returning = _strict_order(bye_entry, bye_entry["byes"], "byes")
    tables.sort()

    # §7.5 step 2: all firsts in table order, then all seconds, ...; returning
    # bye players after all seconds and before all thirds (§7.6 step 2).
    old_table = {p: number for number, order in tables for p in order}
    depth = max((len(order) for _, order in tables), default=0)
    by_place = [[order[k] for _, order in tables if k < len(order)] for k in range(depth)]
    listing = [p for block in by_place[:2] for p in block] + returning
    listing += [p for block in by_place[2:] for p in block]

    plan = plan_taruk(len(listing))
    counts = dict(bye_entry.get("bye_counts") or {p: 1 for p in returning})
    # §7.6: new byes go to the lowest players of the list who have had fewest.
    byes = _pick_byes(listing, plan.byes, counts)
    out = set(byes)
    listing = [p for p in listing if p not in out]
    groups = _cut(listing, plan.sizes)  # §7.5 step 3, 5-seat tables last
    _separate_old_tablemates(groups, old_table, {p: i for i, p in enumerate(listing)})
    if previous_meetings:
        group_of = {p: k for k, block in enumerate(by_place) for p in block} | {p: -1 for p in returning}
        _swap_within_place_groups(groups, _meeting_counts(previous_meetings), group_of, old_table)
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
        return sum(met.get(a, {}).get(b, 0) ** 2 for a, b in _pairs(group))

    def mates(group: list[str]) -> int:
        seen = Counter(old_table.get(p) for p in group if old_table.get(p) is not None)
        return sum(c * (c - 1) // 2 for c in seen.values())

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


def _separate_old_tablemates(groups: list[list[str]], old_table: Mapping[str, int], rank: Mapping[str, int]) -> None:
    """§7.5, last paragraph, generalised: break up players who shared a table last round.

    With 5-seat tables the 4th and 5th of one old table can land together at
    the last table; the later of the two (in list order) is exchanged with the
    last player of the preceding new table. We apply the same repair to every
    table from the last one up: try the preceding table's players from its end,
    then the following table's from its start, and accept an exchange only if
    it lowers the number of old-tablemate pairs at this table without raising
    it at the other. With all 4-seat tables and at least four of them the list
    never puts old tablemates together, so nothing moves (e.g. §8.4); with
    fewer tables some meetings are unavoidable and stay.
    """

    def clashes(group: list[str]) -> int:
        seen: dict[int, int] = {}
        for p in group:
            t = old_table.get(p)
            if t is not None:
                seen[t] = seen.get(t, 0) + 1
        return sum(c * (c - 1) // 2 for c in seen.values())

    for t in range(len(groups) - 1, -1, -1):
        group = groups[t]
        while clashes(group):
            mates: dict[int, list[str]] = {}
            for p in group:
                if old_table.get(p) is not None:
                    mates.setdefault(old_table[p], []).append(p)
            # The later player of each clashing pair, latest first.
            movers = sorted(
                (max(ps, key=rank.__getitem__) for ps in mates.values() if len(ps) > 1),
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


# --- all-play-all in threes (MAUSZ small final) ---------------------------------------------------

# Node budget of the exact Kirkman search over all restarts; beyond it the
# balanced schedule is used (only orders far above the 21-player final need it).
KIRKMAN_NODE_BUDGET = 300_000


def all_play_all_triples(player_ids: Sequence[str]) -> list[list[list[str]]]:
    """Rounds -> tables -> players, every pair meeting once where that is possible.

    ulti-mausz.md §6.1: in the MAUSZ final "everyone meets everyone" (21
    players). For n = 3 (mod 6) - 9, 15, 21, ... - this is a Kirkman triple
    system: (n - 1) / 2 rounds of n / 3 tables, every pair exactly once.

    For other n two schedules are built and the better balanced one is used:
    tables of three only, the ``n mod 3`` others sitting out in turn; or the
    event's own tables (``plan_ulti``: ``n mod 3`` tables of four where the
    dealer sits out each deal, ulti-mausz.md §1.1), so that nobody misses a
    round. "Better balanced" is: every pair meets, then the fewest player
    rounds lost (byes plus surplus meetings), then the fewest rounds; e.g. 13
    players: six rounds of 4+3+3+3 (no byes) instead of seven rounds of threes
    with a bye each round. See ``all_play_all_rounds`` for the length.

    The ids are taken in the order given - strength order, strongest first - and
    the schedule depends only on the number of players, so the same strength
    list always gives the same schedule. n < 3 gives no rounds.
    """
    ids = _unique(player_ids)
    schedule = _all_play_all_schedule(len(ids))
    return [[[ids[i] for i in table] for table in rnd] for rnd in schedule]


def all_play_all_rounds(n: int) -> int:
    """How many rounds the all-play-all of ``n`` players needs (the director is warned if the event has fewer)."""
    return len(_all_play_all_schedule(n))


@cache
def _all_play_all_schedule(n: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    threes = _triples_schedule(n)
    if n < 4 or n % 3 == 0:
        return threes
    plan = plan_ulti(n)
    if 4 not in plan.sizes:
        return threes
    mixed = _balanced_mixed(n, plan.sizes)
    return min((threes, mixed), key=lambda sch: _balance(n, sch))


def _balance(n: int, schedule: Sequence[Sequence[Sequence[int]]]) -> tuple[int, int, int]:
    """(pairs never met, byes + surplus meetings, rounds): lower is better balanced."""
    count: Counter[tuple[int, int]] = Counter()
    byes = 0
    for rnd in schedule:
        byes += n - sum(len(t) for t in rnd)
        for table in rnd:
            count.update(_pairs(sorted(table)))
    missing = n * (n - 1) // 2 - len(count)
    return missing, byes + sum(c - 1 for c in count.values()), len(schedule)


@cache
def _triples_schedule(n: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    if n < 3:
        return ()
    if n % 6 == 3:
        exact = _kirkman(n)
        if exact is not None:
            return exact
    return _balanced_triples(n)


def _kirkman(v: int) -> tuple[tuple[tuple[int, ...], ...], ...] | None:
    """A Kirkman triple system of order v (v = 3 mod 6), or None if the search budget runs out.

    Points: Z_m x {0..s-1} plus one fixed point, with m the largest odd divisor
    of v - 1. We look for (v-1)/(2m) "base" rounds such that the base rounds
    shifted by 0..m-1 (x -> x + g on the Z_m coordinate) form the schedule: a
    pair orbit under the shift is covered exactly once over all rounds iff it
    is covered exactly once in the base rounds. This shrinks the search (one
    base round for 15, two for 21); backtracking with seeded random restarts
    finds them in milliseconds. m is odd, so no pair or triple is fixed by a
    shift.
    """
    rounds = (v - 1) // 2
    m = v - 1
    while m % 2 == 0:
        m //= 2
    inf = v - 1
    key_ids: dict[tuple[int, int, int], int] = {}
    pair_key = [[-1] * v for _ in range(v)]
    for a in range(v):
        for b in range(a + 1, v):
            ia, xa = divmod(a, m)
            if b == inf:
                k = (-1, ia, 0)
            else:
                ib, xb = divmod(b, m)
                d = (xb - xa) % m
                k = (ia, ib, min(d, m - d) if ia == ib else d)
            pair_key[a][b] = pair_key[b][a] = key_ids.setdefault(k, len(key_ids))
    n_base = rounds // m
    rng = random.Random(f"kirkman:{v}")
    budget = KIRKMAN_NODE_BUDGET
    # Random restarts with a small budget each: the search time is heavy-tailed,
    # and a fresh random order usually succeeds quickly (21: a few thousand nodes).
    restart_nodes = 5_000 if v > 9 else budget
    while budget > 0:
        nodes = min(restart_nodes, budget)
        budget -= nodes
        base = _kirkman_base(v, pair_key, len(key_ids), n_base, rng, nodes)
        if base is not None:

            def shift(x: int, g: int) -> int:
                return x if x == inf else (x // m) * m + (x % m + g) % m

            return tuple(
                tuple(tuple(sorted(shift(x, g) for x in triple)) for triple in b) for b in base for g in range(m)
            )
    return None


def _kirkman_base(
    v: int, pair_key: list[list[int]], n_keys: int, n_base: int, rng: random.Random, nodes: int
) -> list[list[tuple[int, int, int]]] | None:
    """One backtracking attempt: ``n_base`` partitions of the points into triples, each pair key once."""
    used = [False] * n_keys
    base: list[list[tuple[int, int, int]]] = [[] for _ in range(n_base)]
    full = (1 << v) - 1
    left = nodes

    def solve(c: int, free: int) -> bool | None:
        nonlocal left
        left -= 1
        if left < 0:
            return None  # out of budget
        if free == 0:
            return True if c + 1 == n_base else solve(c + 1, full)
        p = (free & -free).bit_length() - 1  # the lowest point not yet in a triple of this round
        rest = free & ~(1 << p)
        others = [i for i in range(v) if rest >> i & 1]
        kp = pair_key[p]
        options = []
        for i, q in enumerate(others):
            kpq = kp[q]
            if used[kpq]:
                continue
            kq = pair_key[q]
            for r in others[i + 1 :]:
                kpr, kqr = kp[r], kq[r]
                if used[kpr] or used[kqr] or len({kpq, kpr, kqr}) < 3:
                    continue
                options.append((q, r, kpq, kpr, kqr))
        rng.shuffle(options)
        for q, r, kpq, kpr, kqr in options:
            used[kpq] = used[kpr] = used[kqr] = True
            base[c].append((p, q, r))
            found = solve(c, rest & ~(1 << q) & ~(1 << r))
            if found is None or found:
                return found
            base[c].pop()
            used[kpq] = used[kpr] = used[kqr] = False
        return False

    return base if solve(0, full) else None


def _balanced_triples(n: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Tables of three with rotating byes; every pair at least once, then few repeats.

    Rounds: start from the fewest R in which even the players with the most
    byes play often enough to meet all n - 1 others (two per round), and take
    the first R (at most a few more) in which the search covers every pair.
    Inside R the max number of meetings of one pair is kept low, then their
    total (e.g. n = 10, 12: 6 and 7 rounds, every pair once or twice).
    """
    sit = n % 3
    r0 = 1
    while 2 * (r0 - math.ceil(r0 * sit / n)) < n - 1:
        r0 += 1
    best: tuple[int, int, tuple[tuple[tuple[int, ...], ...], ...]] | None = None
    for rounds in range(r0, r0 + 4):
        uncovered, worst, schedule = _anneal_triples(n, rounds)
        if best is None or (uncovered, worst) < best[:2]:
            best = (uncovered, worst, schedule)
        if uncovered == 0:
            break
    assert best is not None
    return best[2]


def _pair_cost(c: int) -> int:
    """Cost of a pair that met c times.

    A missing pair costs more than a third meeting of one pair but less than a
    fourth, so the search covers every pair unless that needs a pair to meet
    four times (n = 6 in four rounds), and otherwise keeps repeats to two.
    """
    return 12 if c == 0 else 0 if c == 1 else 1 if c == 2 else 10 * 4 ** (c - 3)


# Simulated-annealing steps per number of rounds: enough for the 20-30 player
# finals this is for; most runs stop early, once every pair meets once or twice.
ANNEAL_STEPS = 40_000


def _anneal_triples(n: int, rounds: int) -> tuple[int, int, tuple[tuple[tuple[int, ...], ...], ...]]:
    """(uncovered pairs, max meetings of a pair, schedule) for ``rounds`` rounds of n // 3 tables.

    Moves swap two players of one round between tables: half of them at
    random, half aimed at a pair that has not met yet (bring one of them to
    the other's table in a round where both play).
    """
    rng = random.Random(f"triples:{n}:{rounds}")
    rand = rng.random  # int(rand() * k) is much faster than randrange(k) in this loop
    sit = n % 3
    per_round = n // 3
    cost_of = [_pair_cost(c) for c in range(rounds + 2)]
    schedule: list[list[list[int]]] = []
    where: list[list[int]] = []  # where[r][p]: p's table in round r, -1 on a bye
    for r in range(rounds):
        # Byes rotate through the list, so bye counts differ by at most one.
        out = {(r * sit + k) % n for k in range(sit)}
        seated = [p for p in range(n) if p not in out]
        rng.shuffle(seated)
        schedule.append([seated[3 * t : 3 * t + 3] for t in range(per_round)])
        pos = [-1] * n
        for t, table in enumerate(schedule[-1]):
            for p in table:
                pos[p] = t
        where.append(pos)
    count = _pair_counts(schedule, n)
    pairs = n * (n - 1) // 2
    # The best max possible: 1 if the seats exactly match the pairs, else 2.
    target = 1 if rounds * per_round * 3 <= pairs else 2
    bad = [c == 0 or c > target for c in range(rounds + 2)]
    met = [count[a][b] for a in range(n) for b in range(a + 1, n)]
    cost = sum(cost_of[c] for c in met)
    off = sum(1 for c in met if bad[c])  # pairs keeping us from the target
    best_cost, best = cost, [[list(t) for t in rnd] for rnd in schedule]
    steps = ANNEAL_STEPS if per_round > 1 else 0
    for step in range(steps):
        if off == 0:
            break
        r = int(rand() * rounds)
        pos, rnd = where[r], schedule[r]
        ta = tb = -1
        if step & 1:
            p = int(rand() * n)
            if pos[p] >= 0:
                row = count[p]
                missing = [q for q in range(n) if row[q] == 0 and q != p and pos[q] >= 0]
                if missing:
                    q = missing[int(rand() * len(missing))]
                    ta, tb = pos[p], pos[q]
                    ga = rnd[ta]
                    x = ga[(ga.index(p) + 1 + int(rand() * 2)) % 3]  # one of p's two tablemates
        if ta < 0:
            ta = int(rand() * per_round)
            tb = (ta + 1 + int(rand() * (per_round - 1))) % per_round
            x, q = rnd[ta][int(rand() * 3)], rnd[tb][int(rand() * 3)]
        # Swap x (table ta) and q (table tb) in round r.
        ga, gb = rnd[ta], rnd[tb]
        changes = _swap_changes(ga, gb, x, q)
        delta = d_off = 0
        for a, b, d in changes:
            c = count[a][b]
            delta += cost_of[c + d] - cost_of[c]
            d_off += bad[c + d] - bad[c]
            count[a][b] = count[b][a] = c + d
        if delta <= 0 or rand() < math.exp(-delta / (3.0 * (1 - step / steps) + 0.01)):
            ga[ga.index(x)], gb[gb.index(q)] = q, x
            pos[x], pos[q] = tb, ta
            cost += delta
            off += d_off
            if cost < best_cost or off == 0:
                best_cost, best = cost, [[list(t) for t in rnd] for rnd in schedule]
        else:
            for a, b, d in changes:
                count[a][b] = count[b][a] = count[a][b] - d
    final = [[0] * n for _ in range(n)]
    for rnd in best:
        for table in rnd:
            for a, b in _pairs(sorted(table)):
                final[a][b] += 1
    met = [final[a][b] for a in range(n) for b in range(a + 1, n)]
    frozen = tuple(tuple(tuple(sorted(t)) for t in rnd) for rnd in best)
    return met.count(0), max(met, default=0), frozen


def _swap_changes(ga: list[int], gb: list[int], x: int, q: int) -> list[tuple[int, int, int]]:
    """Pair-count changes when x (in ga) and q (in gb) change tables."""
    a1, a2 = [o for o in ga if o != x]
    b1, b2 = [o for o in gb if o != q]
    return [
        (x, a1, -1),
        (x, a2, -1),
        (q, a1, 1),
        (q, a2, 1),
        (q, b1, -1),
        (q, b2, -1),
        (x, b1, 1),
        (x, b2, 1),
    ]


# Seeded restarts of the search per number of rounds (the search time is heavy-tailed).
MIXED_ATTEMPTS = 3


def _balanced_mixed(n: int, sizes: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Every player at a table every round (tables of ``sizes``); every pair at least once, few repeats.

    Starts from the fewest rounds that the seats allow (pairs per round, and
    the meetings of a player who sits at the fewest larger tables) and takes
    the first that the search covers completely.
    """
    seated = sum(sizes)
    per_round = sum(s * (s - 1) // 2 for s in sizes)
    pairs = n * (n - 1) // 2
    big = sum(s for s in sizes if s > 3)
    r0 = 1
    while r0 * per_round < pairs or 2 * r0 + (big * r0) // n - (n - seated) * r0 // max(n, 1) < n - 1:
        r0 += 1
    best = None
    for rounds in range(r0, r0 + 4):
        for attempt in range(MIXED_ATTEMPTS):
            uncovered, surplus, schedule = _anneal_tables(n, sizes, rounds, attempt)
            if best is None or (uncovered, surplus) < best[:2]:
                best = (uncovered, surplus, schedule)
            if uncovered == 0:
                break
        if best[0] == 0:
            break
    assert best is not None
    return best[2]


def _anneal_tables(
    n: int, sizes: tuple[int, ...], rounds: int, attempt: int = 0
) -> tuple[int, int, tuple[tuple[tuple[int, ...], ...], ...]]:
    """(uncovered pairs, surplus meetings, schedule): simulated annealing over swaps within a round.

    The larger tables rotate through the players (who sits at a four is
    balanced), then swaps of two players of one round between tables lower
    the cost of ``_pair_cost``.
    """
    rng = random.Random(f"tables:{n}:{sizes}:{rounds}:{attempt}")
    rand = rng.random
    seated = sum(sizes)
    cost_of = [_pair_cost(c) for c in range(rounds + 2)]
    schedule: list[list[list[int]]] = []
    for r in range(rounds):
        start = (r * (n - seated)) % n if n > seated else 0
        order = [(start + k) % n for k in range(n)]
        players = order[:seated]
        rng.shuffle(players)
        # Rotate who sits at the larger tables: those seated there least so far first.
        groups, pos = [], 0
        for s in sizes:
            groups.append(players[pos : pos + s])
            pos += s
        schedule.append(groups)
    count = _pair_counts(schedule, n)
    cost = sum(cost_of[count[a][b]] for a in range(n) for b in range(a + 1, n))
    best_cost, best = cost, [[list(t) for t in rnd] for rnd in schedule]
    floor = max(0, rounds * sum(s * (s - 1) // 2 for s in sizes) - n * (n - 1) // 2) * cost_of[2]
    steps = ANNEAL_STEPS if len(sizes) > 1 else 0
    for step in range(steps):
        r = int(rand() * rounds)
        rnd = schedule[r]
        ta = -1
        if step % 4 == 3:
            # Aimed: bring a pair that has not met yet to one table in this round.
            p = int(rand() * n)
            row = count[p]
            missing = [o for o in range(n) if row[o] == 0 and o != p]
            where = {x: t for t, g in enumerate(rnd) for x in g}
            missing = [o for o in missing if o in where and p in where]
            if missing:
                o = missing[int(rand() * len(missing))]
                ta, tb = where[p], where[o]
                ga, gb = rnd[ta], rnd[tb]
                mates = [x for x in ga if x != p]
                ia, ib = ga.index(mates[int(rand() * len(mates))]), gb.index(o)
        if ta < 0:
            ta = int(rand() * len(rnd))
            tb = (ta + 1 + int(rand() * (len(rnd) - 1))) % len(rnd)
            ga, gb = rnd[ta], rnd[tb]
            ia, ib = int(rand() * len(ga)), int(rand() * len(gb))
        x, q = ga[ia], gb[ib]
        changes = [(x, o, -1) for o in ga if o != x] + [(q, o, 1) for o in ga if o != x]
        changes += [(q, o, -1) for o in gb if o != q] + [(x, o, 1) for o in gb if o != q]
        delta = 0
        for a, b, d in changes:
            c = count[a][b]
            delta += cost_of[c + d] - cost_of[c]
            count[a][b] = count[b][a] = c + d
        if delta <= 0 or rand() < math.exp(-delta / (3.0 * (1 - step / steps) + 0.01)):
            ga[ia], gb[ib] = q, x
            cost += delta
            if cost < best_cost:
                best_cost, best = cost, [[list(t) for t in rnd] for rnd in schedule]
                if cost <= floor:
                    break  # every pair met, and no pair more than the seats force
        else:
            for a, b, d in changes:
                count[a][b] = count[b][a] = count[a][b] - d
    final: Counter[tuple[int, int]] = Counter()
    for rnd in best:
        for table in rnd:
            final.update(_pairs(sorted(table)))
    frozen = tuple(tuple(tuple(sorted(t)) for t in rnd) for rnd in best)
    return n * (n - 1) // 2 - len(final), sum(c - 1 for c in final.values()), frozen


def draw_all_play_all(player_ids_in_strength_order: Iterable[str], round_number: int, seed: Seed) -> Draw:
    """Round ``round_number`` (from 1) of the all-play-all schedule, positions drawn.

    The schedule depends only on the strength order of the players, so every round
    of the final can be drawn separately and still fit the others; a round past the
    schedule's end starts it again. Players not at a table in that round have a bye.
    Tables are numbered with the larger (four-seat) tables last, as in every draw.
    """
    ids = _unique(player_ids_in_strength_order)
    schedule = all_play_all_triples(ids)
    if not schedule:
        raise ValueError("an all-play-all needs at least three players")
    groups = sorted(schedule[(round_number - 1) % len(schedule)], key=len)
    seated = {p for g in groups for p in g}
    rng = random.Random(seed)
    return Draw(
        "ulti-mausz", seed, _seat(groups, SEATING_FORMATS["ulti-mausz"], rng), [p for p in ids if p not in seated]
    )
