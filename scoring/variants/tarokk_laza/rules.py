"""Laza tarokk (``tarokk-laza``): fixed pairs, 2 v 2, scored from bids only.

Spec: ``rules/tarokk-laza.md`` (section numbers below refer to it). The bid
values are NOT in the rules document (§4.1): they come from the organizer's
point table, passed as ``config = {"point_table": {"version", "rows"}}`` (§4.2).
This module ships no values; it knows only the structure the rules fix
(ladders, only-one groups, the Skála trophy, the Banda/Ulti/Uhu qualifiers).

Outcome per pair (§3.6): kontra'd bids score on their own; in each ladder only
the strongest un-kontra'd entry counts; a made trophy suppresses every other
made/silent entry; otherwise, in each only-one group, only the made entry
furthest down scores. Both partners get the pair's total (§5.4); a deal is
not zero-sum (§3.1).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, NamedTuple

from scoring import common
from scoring.common import ALL_SEATS, KONTRA_FACTORS, KONTRA_NAMES, Errors, envelope, next_seat, path, signed
from scoring.text import _, join
from scoring.types import Code, HandError, HandScore

KEY = "tarokk-laza"
TABLE_SEATS = ("A", "B", "C", "D")  # exactly four players (§1.2)
PAIRS = ("attack", "defence")
HAND_KEYS = ("variant", "seats", "dealer", "attack", "defence", "bids", "silent", "note")  # note: common.check_note
ENTRY_KEYS = ("bid", "qualifier", "kontra", "made")
STATE_KEYS = ("pairs", "deals_played", "last_attack")
ROW_KEYS = (
    "bid",
    "name",
    "made",
    "failed",
    "silent",
    "qualifier",
    "ladder",
    "ladder_rank",
    "only_one",
    "trophy_rank",
    "cards",
)

SUITS = {"kor": "kőr", "karo": "káró", "treff": "treff", "pikk": "pikk"}  # §5.1
_ROMAN = (
    "v",
    "vi",
    "vii",
    "viii",
    "ix",
    "x",
    "xi",
    "xii",
    "xiii",
    "xiv",
    "xv",
    "xvi",
    "xvii",
    "xviii",
    "xix",
    "xx",
    "xxi",
)
# §5.1 names pagat, sas, kakadu, kanari, skiz, xxi, "…": we read "…" as the other
# tarokks by Roman numeral. A row may narrow this with its own ``cards`` list.
CARDS = {
    "pagat": "pagát",
    "sas": "sas",
    "kakadu": "kakadu",
    "kanari": "kanári",
    **{r: r.upper() for r in _ROMAN},
    "skiz": "Skíz",
}
DEFAULT_CARDS = frozenset(CARDS)
QUALIFIER_NAMES = {**SUITS, **CARDS}  # as a referee writes them: "kőr Banda", "pagát Ulti"

# --- what the rules fix (§3.3, §3.4, §3.5, §4.2 template) ----------------------

TEMPLATE_NAMES = {
    "honor": "Honőr",
    "kopf": "Köpf",
    "trul": "Trul",
    "gem": "Gém",
    "kassza": "Kassza",
    "bridzs": "Bridzs",
    "oktav": "Oktáv",
    "mizer": "Mízer",
    "volat": "Volát",
    "banda": "Banda",
    "piros_fekete": "Piros-fekete",
    "flotta": "Flotta",
    "armada": "Armada",
    "legio": "Légió",
    "amazon": "Amazon",
    "spadill": "Spadill",
    "manille": "Manille",
    "dzsinn": "Dzsinn",
    "mariage": "Mariage",
    "surrano": "Surranó",
    "fonix": "Főnix",
    "ulti": "Ulti",
    "uhu": "Uhu",
    "lamour": "L'amour",
    "angelo": "Angelo",
    "pikolo": "Pikoló",
    "city": "City",
    "centrum": "Centrum",
    "kismadar": "Kismadár",
    "nagymadar": "Nagymadár",
    "skala": "Skála",
}
RULE_LADDERS: dict[str, tuple[str, int]] = {
    **{b: ("honor_group", i) for i, b in enumerate(("honor", "kopf", "trul"), 1)},
    **{b: ("game_group", i) for i, b in enumerate(("gem", "kassza", "bridzs", "oktav", "mizer", "volat"), 1)},
}
RULE_ONLY_ONE: dict[str, tuple[tuple[str, int], ...]] = {
    **{b: (("elfogok", i),) for i, b in enumerate(("banda", "piros_fekete", "flotta", "armada", "legio"), 1)},
    **{b: (("extrak", i),) for i, b in enumerate(("amazon", "spadill", "manille", "dzsinn"), 1)},
    "mariage": (("extrak", 5), ("utolso_ket_utes", 3)),
    "surrano": (("extrak", 6), ("utolso_ket_utes", 4)),
    "fonix": (("extrak", 7), ("utolso_ket_utes", 5)),
    "ulti": (("utolso_ket_utes", 1),),
    "uhu": (("utolso_ket_utes", 2),),
}
RULE_QUALIFIER = {"banda": "suit", "ulti": "card", "uhu": "card"}  # the document's "kőr Banda", "Pagát ulti"
# Template rows the document shows are not trophies (ladder and group members, §4.2);
# L'amour .. Nagymadár are "unknown" (organizer's choice, below Skála); Skála is one.
NOT_TROPHIES = frozenset(RULE_LADDERS) | frozenset(RULE_ONLY_ONE)
MAYBE_TROPHIES = frozenset(("lamour", "angelo", "pikolo", "city", "centrum", "kismadar", "nagymadar"))
GROUP_NAMES = {"elfogok": "Elfogók", "extrak": "Extrák", "utolso_ket_utes": "Utolsó két ütés"}
# The document names the members of each ladder, not the ladder: it is shown by its weakest and strongest.
LADDER_NAMES = {"honor_group": "Honőr–Trul", "game_group": "Gém–Volát"}
QUALIFIER_KINDS = ("none", "suit", "card")
_ID = re.compile(r"[a-z0-9_]{1,40}\Z")


@dataclass(frozen=True, slots=True)
class Row:
    """One parsed row of the organizer's point table (§4.2)."""

    bid: str
    name: str
    made: int | None  # None = blank cell
    failed: int | None
    silent: int | None  # None = cannot score silently
    qualifier: str  # "none" | "suit" | "card"
    ladder: str | None
    ladder_rank: int
    only_one: tuple[tuple[str, int], ...]
    trophy_rank: int | None
    cards: frozenset[str]


@dataclass(frozen=True, slots=True)
class PointTable:
    version: str
    rows: dict[str, Row]
    row_index: dict[str, int]  # bid -> index in config rows, for error messages


class Entry(NamedTuple):
    """One bid or silent achievement of a pair, after validation."""

    row: Row
    qualifier: str | None
    kontra: int  # 0, 1, 2 (§3.2: multiplier 2 ** kontra, common.KONTRA_FACTORS)
    made: bool
    silent: bool

    def label(self) -> str:
        return _labelled(self.row.name, self.qualifier)

    def value(self) -> int:
        """The value a made entry would score (M, or S when silent)."""
        v = self.row.silent if self.silent else self.row.made
        return v or 0


def _labelled(name: str, qualifier: str | None) -> str:
    """ "kőr Banda": a bid's name with its qualifier as a referee writes them."""
    return name if qualifier is None else f"{QUALIFIER_NAMES.get(qualifier, qualifier)} {name}"


# --- the point table (config) -------------------------------------------------

# The last (config object, deep snapshot of it, parse result); one tuple, swapped whole,
# so that concurrent threads never mix the parts of two entries.
_last_parse: list[tuple[Any, Any, tuple[PointTable | None, list[HandError]]]] = [(None, None, (None, []))]


def point_table(config: Any) -> tuple[PointTable | None, list[HandError]]:
    """Parse and check ``config``; the table, or None with the errors.

    Parsing 30-odd rows costs more than scoring a hand, and an event scores
    thousands of hands with one config object, so the last result is kept. It is
    reused only for the same object with unchanged contents (the deep snapshot
    compares equal), so editing the table in place is noticed (except an edit that
    Python's == cannot see, such as 1 -> 1.0 or True).
    """
    cached, snapshot, result = _last_parse[0]
    if config is not None and config is cached:
        try:
            if config == snapshot:
                return result
        except RecursionError:  # pragma: no cover - absurdly deep JSON
            pass
    result = _parse_config(config)
    try:
        _last_parse[0] = (config, copy.deepcopy(config), result)
    except RecursionError:  # pragma: no cover
        _last_parse[0] = (None, None, (None, []))
    return result


def validate_config(config: Mapping[str, Any] | None) -> list[HandError]:
    """Check the organizer's point table (§4.2); no table at all is an error (§6.1)."""
    return list(point_table(config)[1])


def _parse_config(config: Any) -> tuple[PointTable | None, list[HandError]]:
    errors = Errors()
    if config is None:
        errors.add(
            "config.point_table",
            Code.MISSING_FIELD,
            _(
                "the event has no point table: the organizer must attach one before "
                "Laza hands can be scored (the rules give no values)"
            ),
        )
        return None, errors.items
    cfg = errors.check_object(config, "config")
    if cfg is None:
        return None, errors.items
    errors.unknown_keys(cfg, ("point_table",), "config")
    pt = errors.require(cfg, "point_table", "config")
    if pt is None or errors.check_object(pt, "config.point_table") is None:
        return None, errors.items
    base = "config.point_table"
    errors.unknown_keys(pt, ("version", "rows"), base)
    version = errors.require(pt, "version", base)
    if version is not None:
        version = errors.check_str(version, f"{base}.version", max_length=100)
        if version is not None and not version.strip():
            errors.add(f"{base}.version", Code.INVALID_VALUE, _("the point table version must not be empty"))
    raw_rows = errors.require(pt, "rows", base)
    rows: dict[str, Row] = {}
    row_index: dict[str, int] = {}
    if raw_rows is not None and errors.check_list(raw_rows, f"{base}.rows") is not None:
        for i, raw in enumerate(raw_rows):
            row = _parse_row(errors, raw, f"{base}.rows[{i}]")
            if row is None:
                continue
            if row.bid in rows:
                errors.add(
                    f"{base}.rows[{i}].bid",
                    Code.INCONSISTENT,
                    _(
                        "bid %(bid)s has two rows (rows %(first)s and %(second)s)",
                        bid=repr(row.bid),
                        first=row_index[row.bid],
                        second=i,
                    ),
                )
                continue
            rows[row.bid] = row
            row_index[row.bid] = i
        _check_table_structure(errors, rows, row_index, f"{base}.rows")
    if errors:
        return None, errors.items
    return PointTable(version, rows, row_index), []


def _value(errors: Errors, obj: Mapping[str, Any], key: str, where: str) -> int | None:
    """A value cell: a whole number >= 0, or blank (absent or null)."""
    return errors.optional_int(obj, key, 0, None, where)


def _parse_row(errors: Errors, raw: Any, where: str) -> Row | None:
    obj = errors.check_object(raw, where)
    if obj is None:
        return None
    before = len(errors)
    errors.unknown_keys(obj, ROW_KEYS, where)
    bid = errors.require(obj, "bid", where)
    if bid is not None and (not isinstance(bid, str) or not _ID.match(bid)):
        errors.add(
            path(where, "bid"),
            Code.INVALID_VALUE,
            _("bid must be an id of lowercase letters, digits and _ (e.g. 'kassza')"),
        )
        bid = None
    known = bid in TEMPLATE_NAMES
    name = obj.get("name")
    if name is None:
        name = TEMPLATE_NAMES.get(bid, bid) if bid else ""
    else:
        name = errors.check_str(name, path(where, "name"), max_length=60) or ""
    made = _value(errors, obj, "made", where)
    failed = _value(errors, obj, "failed", where)
    silent = _value(errors, obj, "silent", where)

    # Qualifier: the document fixes Banda (suit) and Ulti/Uhu (card); others are the organizer's.
    rule_q = RULE_QUALIFIER.get(bid) if known else None
    qualifier = obj.get("qualifier")
    if qualifier is None:
        qualifier = rule_q or "none"
    else:
        qualifier = errors.check_choice(qualifier, path(where, "qualifier"), QUALIFIER_KINDS)
        if qualifier is not None and rule_q is not None and qualifier != rule_q:
            if rule_q == "suit":
                message = _("the rules make %(bid)s name a suit (qualifier 'suit')", bid=name)
            else:
                message = _("the rules make %(bid)s name a card (qualifier 'card')", bid=name)
            errors.add(path(where, "qualifier"), Code.INCONSISTENT, message)
    cards = DEFAULT_CARDS
    raw_cards = obj.get("cards")
    if raw_cards is not None:
        cw = path(where, "cards")
        if qualifier != "card":
            errors.add(cw, Code.NOT_APPLICABLE, _("cards applies only to a row whose qualifier is 'card'"))
        elif (
            not isinstance(raw_cards, list)
            or not raw_cards
            or not all(isinstance(c, str) and _ID.match(c) for c in raw_cards)
            or len(set(raw_cards)) != len(raw_cards)
        ):
            errors.add(cw, Code.INVALID_VALUE, _("cards must be a non-empty list of distinct card ids (e.g. 'pagat')"))
        else:
            cards = frozenset(raw_cards)

    ladder, ladder_rank = _parse_ladder(errors, obj, where, bid if known else None, name)
    only_one = _parse_only_one(errors, obj, where, bid if known else None, name)
    trophy_rank = obj.get("trophy_rank")
    if trophy_rank is not None:
        trophy_rank = errors.check_int(trophy_rank, path(where, "trophy_rank"), lo=1)
        if trophy_rank is not None and bid in NOT_TROPHIES:
            errors.add(
                path(where, "trophy_rank"),
                Code.INCONSISTENT,
                _("%(bid)s is not a trophy under the rules (trophy_rank must be null)", bid=name),
            )
    elif bid == "skala" and "trophy_rank" in obj:
        errors.add(
            path(where, "trophy_rank"),
            Code.INCONSISTENT,
            _("Skála is a trophy under the rules: trophy_rank cannot be null"),  # §3.5
        )
    if len(errors) > before or bid is None or qualifier is None:
        return None
    return Row(bid, name, made, failed, silent, qualifier, ladder, ladder_rank or 0, only_one, trophy_rank, cards)


def _parse_ladder(
    errors: Errors, obj: Mapping[str, Any], where: str, known: str | None, name: str
) -> tuple[str | None, int | None]:
    rule = RULE_LADDERS.get(known) if known else None
    ladder, rank = obj.get("ladder"), obj.get("ladder_rank")
    if ladder is None and rank is None:
        return rule if rule else (None, None)  # omitted: as the rules fix it
    if ladder is not None and (not isinstance(ladder, str) or not _ID.match(ladder)):
        errors.add(path(where, "ladder"), Code.INVALID_VALUE, _("ladder must be an id such as 'game_group'"))
        return None, None
    if ladder is None:
        errors.add(path(where, "ladder_rank"), Code.NOT_APPLICABLE, _("ladder_rank needs a ladder"))
        return None, None
    if rank is None:
        errors.add(path(where, "ladder_rank"), Code.MISSING_FIELD, _("ladder_rank is required with a ladder"))
        return None, None
    rank = errors.check_int(rank, path(where, "ladder_rank"), lo=1)
    if rank is None:
        return None, None
    if known and (ladder, rank) != (rule or (None, None)):
        if rule:
            # §3.3
            message = _("the rules give %(bid)s %(ladder)s rank %(rank)s", bid=name, ladder=rule[0], rank=rule[1])
        else:
            message = _("the rules give %(bid)s no ladder", bid=name)  # §3.3
        errors.add(path(where, "ladder"), Code.INCONSISTENT, message)
    return ladder, rank


def _parse_only_one(
    errors: Errors, obj: Mapping[str, Any], where: str, known: str | None, name: str
) -> tuple[tuple[str, int], ...]:
    rule = RULE_ONLY_ONE.get(known, ()) if known else ()
    raw = obj.get("only_one")
    if raw is None:
        return rule
    w = path(where, "only_one")
    if not isinstance(raw, list):
        errors.add(w, Code.INVALID_VALUE, _("only_one must be a list of [group, position] pairs"))
        return ()
    out: list[tuple[str, int]] = []
    for j, item in enumerate(raw):
        if (
            not isinstance(item, list)
            or len(item) != 2
            or not isinstance(item[0], str)
            or not _ID.match(item[0])
            or isinstance(item[1], bool)
            or not isinstance(item[1], int)
            or item[1] < 1
        ):
            errors.add(
                path(w, j),
                Code.INVALID_VALUE,
                _("each only_one entry must be [group id, position >= 1], e.g. ['elfogok', 3]"),
            )
            continue
        if any(g == item[0] for g, _pos in out):
            errors.add(path(w, j), Code.INCONSISTENT, _("group %(group)s is listed twice", group=repr(item[0])))
            continue
        out.append((item[0], item[1]))
    if known and len(out) == len(raw) and sorted(out) != sorted(rule):
        if rule:
            fixed = ", ".join(f"{g} ({p})" for g, p in rule)
            message = _("the rules fix %(bid)s's only-one groups: %(groups)s", bid=name, groups=fixed)  # §3.4
        else:
            message = _("the rules fix %(bid)s's only-one groups: none", bid=name)  # §3.4
        errors.add(w, Code.INCONSISTENT, message)
    return tuple(out)


def _check_table_structure(errors: Errors, rows: dict[str, Row], index: dict[str, int], where: str) -> None:
    """Table-wide rules: distinct ladder ranks and trophy ranks; known trophies below Skála."""
    seen: dict[tuple[str, int], str] = {}
    for row in rows.values():
        if row.ladder is None:
            continue
        key = (row.ladder, row.ladder_rank)
        if key in seen:
            errors.add(
                f"{where}[{index[row.bid]}].ladder_rank",
                Code.INCONSISTENT,
                _(
                    # §3.3
                    "%(bid)s and %(other)s share rank %(rank)s of ladder %(ladder)s: a ladder needs a strict order",
                    bid=row.name,
                    other=rows[seen[key]].name,
                    rank=row.ladder_rank,
                    ladder=row.ladder,
                ),
            )
        else:
            seen[key] = row.bid
    trophies: dict[int, str] = {}
    for row in rows.values():
        if row.trophy_rank is None:
            continue
        if row.trophy_rank in trophies:
            errors.add(
                f"{where}[{index[row.bid]}].trophy_rank",
                Code.INCONSISTENT,
                _(
                    "%(bid)s and %(other)s share trophy rank %(rank)s: trophies need a strict order",  # §3.5
                    bid=row.name,
                    other=rows[trophies[row.trophy_rank]].name,
                    rank=row.trophy_rank,
                ),
            )
        else:
            trophies[row.trophy_rank] = row.bid
    skala = rows.get("skala")
    if skala is not None and skala.trophy_rank is None:
        # Omitted on Skála: the rules make it a trophy, above the document's other candidates.
        others = [r.trophy_rank for r in rows.values() if r.trophy_rank is not None]
        rows["skala"] = replace(skala, trophy_rank=max(others, default=0) + 1)
        skala = rows["skala"]
    if skala is not None and skala.trophy_rank is not None:
        for row in rows.values():
            rank = row.trophy_rank
            if row.bid in MAYBE_TROPHIES and rank is not None and rank >= skala.trophy_rank:
                errors.add(
                    f"{where}[{index[row.bid]}].trophy_rank",
                    Code.INCONSISTENT,
                    _(
                        "%(bid)s comes before Skála in the document's order, so its "
                        "trophy_rank must be below Skála's (%(rank)s)",  # §4.2
                        bid=row.name,
                        rank=skala.trophy_rank,
                    ),
                )


# --- state (§5.3) --------------------------------------------------------------

State = tuple[tuple[tuple[str, str], tuple[str, str]], int, int]  # pairs, deals_played, last_attack


def _check_state(errors: Errors, state: Any) -> tuple[bool, State | None]:
    """(ok, parsed); parsed is None for the start state ``{}``."""
    if state is None:
        return True, None
    obj = errors.check_object(state, "state")
    if obj is None:
        return False, None
    if not obj:
        return True, None
    before = len(errors)
    errors.unknown_keys(obj, STATE_KEYS, "state")
    pairs = errors.require(obj, "pairs", "state", _("(the state is {} or has all of pairs, deals_played, last_attack)"))
    deals = errors.require(obj, "deals_played", "state")
    last = errors.require(obj, "last_attack", "state")
    parsed_pairs = None
    if pairs is not None:
        if (
            isinstance(pairs, list)
            and len(pairs) == 2
            and all(isinstance(p, list) and len(p) == 2 for p in pairs)
            and all(isinstance(s, str) and s in TABLE_SEATS for p in pairs for s in p)
            and len({s for p in pairs for s in p}) == 4
        ):
            parsed_pairs = ((pairs[0][0], pairs[0][1]), (pairs[1][0], pairs[1][1]))
        else:
            errors.add(
                "state.pairs",
                Code.INVALID_VALUE,
                _("pairs must be two [indító, elfogó] pairs using the seats A, B, C, D once each"),
            )
    if deals is not None:
        deals = errors.check_int(deals, "state.deals_played", lo=0)
    if last is not None:
        last = errors.check_choice(last, "state.last_attack", (0, 1))
    if len(errors) > before:
        return False, None
    return True, (parsed_pairs, deals, last)


def _pair_text(pair: tuple[str, str]) -> str:
    return f"{pair[0]}/{pair[1]}"


# --- validation (§5.2) ----------------------------------------------------------


def validate(
    hand: Mapping[str, Any], state: Mapping[str, Any] | None, config: Mapping[str, Any] | None
) -> list[HandError]:
    """Every error of ``hand`` under ``state`` and the event ``config`` (§5.2); never raises."""
    table, config_errors = point_table(config)
    if table is not None and _accepts(hand, state, table):
        return []
    return report(hand, state, table, config_errors)


def check_all(
    hand: Mapping[str, Any], state: Mapping[str, Any] | None, config: Mapping[str, Any] | None
) -> list[HandError]:
    """``validate_config``, then ``validate`` when the config passed (``Variant.check_all``), the point
    table looked up once: the lookup compares the config with its snapshot, a walk of the whole table."""
    table, config_errors = point_table(config)
    if table is None:
        return list(config_errors)
    if _accepts(hand, state, table):
        return []
    return report(hand, state, table, config_errors)


_HAND_KEYSET = frozenset(HAND_KEYS)
_ENTRY_KEYSET = frozenset(ENTRY_KEYS)
_PAIR_KEYSET = frozenset(PAIRS)
_STATE_KEYSET = frozenset(STATE_KEYS)
_SEAT_SET = frozenset(TABLE_SEATS)
_OTHER_LAST_TRICK = {"ulti": "uhu", "uhu": "ulti"}


def _accepts(hand: Any, state: Any, table: PointTable) -> bool:
    """True only for a hand that is certainly valid, checked cheaply (the common case).

    The benchmark asks for 20,000 hands/s; the full check (``report``) builds field
    paths and messages as it goes and is too slow for that. Anything this function
    does not accept goes to ``report``, which is the reference: the tests assert that
    whatever this accepts, ``report`` accepts too.
    """
    if type(hand) is not dict or not hand.keys() <= _HAND_KEYSET or hand.get("variant") != KEY:
        return False
    if "note" in hand:  # rare: left to ``report`` (common.check_note)
        return False
    seats = hand.get("seats")
    if type(seats) is not list or len(seats) != 4:
        return False
    s0, s1, s2, s3 = seats
    if not (type(s0) is str and type(s1) is str and type(s2) is str and type(s3) is str):
        return False
    if {s0, s1, s2, s3} != _SEAT_SET:
        return False
    dealer = hand.get("dealer")
    if type(dealer) is not str or dealer not in _SEAT_SET:
        return False
    if hand.get("attack") != {"indito": s0, "elfogo": s3} or hand.get("defence") != {"elfogo": s1, "indito": s2}:
        return False
    if not (state is None or (type(state) is dict and not state)):
        if type(state) is not dict or state.keys() != _STATE_KEYSET:
            return False
        last, deals, pairs = state["last_attack"], state["deals_played"], state["pairs"]
        if type(last) is not int or last not in (0, 1) or type(deals) is not int or deals < 0:
            return False
        if type(pairs) is not list or len(pairs) != 2:
            return False
        if pairs[1 - last] != [s0, s3] or pairs[last] != [s2, s1]:
            return False
    bids = hand.get("bids")
    if type(bids) is not dict or bids.keys() != _PAIR_KEYSET:
        return False
    silent = hand.get("silent")
    if silent is not None and (type(silent) is not dict or not silent.keys() <= _PAIR_KEYSET):
        return False
    rows = table.rows
    for side in PAIRS:
        seen: set[tuple[str, str | None]] = set()
        made_last_trick: set[tuple[str, str]] = set()  # made (ulti|uhu, card), for §5.2.6
        for is_silent, items in ((False, bids[side]), (True, silent.get(side) if silent else None)):
            if items is None and is_silent:
                continue
            if type(items) is not list:
                return False
            for item in items:
                if type(item) is not dict or not item.keys() <= _ENTRY_KEYSET:
                    return False
                bid = item.get("bid")
                row = rows.get(bid) if type(bid) is str else None
                if row is None:
                    return False
                made, kontra = item.get("made"), item.get("kontra")
                if is_silent:
                    if row.silent is None or not (made is None or made is True):
                        return False
                    if not (kontra is None or (type(kontra) is int and kontra == 0)):
                        return False
                    made = True
                else:
                    if made is True:
                        if row.made is None:
                            return False
                    elif made is not False or row.failed is None:
                        return False
                    if kontra is not None and (type(kontra) is not int or not 0 <= kontra <= 2):
                        return False
                q = item.get("qualifier")
                kind = row.qualifier
                if kind == "none":
                    if q is not None:
                        return False
                elif type(q) is not str or q not in (SUITS if kind == "suit" else row.cards):
                    return False
                key = (bid, q)
                if key in seen:
                    return False
                seen.add(key)
                other = _OTHER_LAST_TRICK.get(bid)
                if made and other is not None:
                    if (other, q) in made_last_trick:
                        return False
                    made_last_trick.add(key)
    return True


def report(hand: Any, state: Any, table: PointTable | None, config_errors: list[HandError]) -> list[HandError]:
    """The full check: every error with its field path and a sentence (§5.2)."""
    errors = Errors()
    state_ok, st = _check_state(errors, state)
    obj = envelope(errors, hand, KEY, _HAND_KEYSET)
    if obj is None:
        return errors.items + config_errors

    # 1. seats, dealer, attack/defence (§5.1, §5.2.1)
    seats = obj.get("seats")
    seats_ok = not errors.has("seats")
    if seats_ok and (len(seats) != 4 or not all(s in TABLE_SEATS for s in seats)):
        errors.add(
            "seats",
            Code.INVALID_VALUE,
            _("seats must list the four table seats A, B, C, D once each, in playing order"),
        )
        seats_ok = False
    dealer = obj.get("dealer")
    if seats_ok and not errors.has("dealer") and dealer not in seats:
        errors.add("dealer", Code.INVALID_VALUE, _("dealer must be one of seats"))
    roles = {}
    for side, keys in (("attack", ("indito", "elfogo")), ("defence", ("elfogo", "indito"))):
        raw = errors.require(obj, side)
        if raw is None or errors.check_object(raw, side) is None:
            continue
        errors.unknown_keys(raw, keys, side)
        for k in keys:
            roles[(side, k)] = errors.required_seat(raw, k, TABLE_SEATS, side, "table seat")
    expected = {("attack", "indito"): 0, ("defence", "elfogo"): 1, ("defence", "indito"): 2, ("attack", "elfogo"): 3}
    roles_ok = len(roles) == 4 and all(roles.values())
    if seats_ok:
        for (side, k), i in expected.items():
            v = roles.get((side, k))
            if v and v != seats[i]:
                errors.inconsistent(
                    f"{side}.{k}",
                    _(
                        "%(field)s must be seats[%(i)s] (%(seat)s): seats are [attacking indító, "
                        "defending elfogó, defending indító, attacking elfogó]",
                        field=f"{side}.{k}",
                        i=i,
                        seat=seats[i],
                    ),
                )
                roles_ok = False
    else:
        roles_ok = False

    # 2. fixed pairs and alternating attack (§5.2.2, §5.3)
    if roles_ok and state_ok and st is not None:
        pairs, _deals, last = st
        attack = (seats[0], seats[3])
        defence = (seats[2], seats[1])
        for side, pair in (("attack", attack), ("defence", defence)):
            if pair in pairs:
                continue
            if pair[::-1] in pairs:
                why = _(
                    "%(pair)s play as indító/elfogó in this match, not %(wrong)s",
                    pair=_pair_text(pair[::-1]),
                    wrong=_pair_text(pair),
                )
            else:
                why = _(
                    "%(pair)s is not a pair of this match (pairs: %(first)s, %(second)s)",
                    pair=_pair_text(pair),
                    first=_pair_text(pairs[0]),
                    second=_pair_text(pairs[1]),
                )
            errors.inconsistent(side, why)
        if attack == pairs[last]:
            errors.inconsistent(
                "attack",
                _(
                    "pair %(pair)s attacked in the previous deal; attack alternates, so %(other)s attacks now",
                    pair=_pair_text(attack),
                    other=_pair_text(pairs[1 - last]),
                ),
            )

    # 3-6. bids and silent achievements
    bids = errors.require(obj, "bids")
    if bids is not None and errors.check_object(bids, "bids") is not None:
        errors.unknown_keys(bids, PAIRS, "bids")
        why = _("(an empty list when the pair bid nothing)")
        bid_lists = {p: errors.require(bids, p, "bids", why) for p in PAIRS}
    else:
        bid_lists = {}
    silent = obj.get("silent")
    silent_lists: dict[str, Any] = {}
    if silent is not None and errors.check_object(silent, "silent") is not None:
        errors.unknown_keys(silent, PAIRS, "silent")
        silent_lists = {p: silent.get(p) for p in PAIRS}
    for p in PAIRS:
        seen: dict[tuple[str, Any], str] = {}
        made_cards: dict[tuple[str, Any], str] = {}
        for kind, lists in (("bids", bid_lists), ("silent", silent_lists)):
            items = lists.get(p)
            if items is None or errors.check_list(items, f"{kind}.{p}") is None:
                continue
            for j, item in enumerate(items):
                _check_entry(errors, item, f"{kind}.{p}[{j}]", kind == "silent", table, seen, made_cards)
    return errors.items + config_errors


def _check_entry(
    errors: Errors,
    item: Any,
    where: str,
    is_silent: bool,
    table: PointTable | None,
    seen: dict[tuple[str, Any], str],
    made_cards: dict[tuple[str, Any], str],
) -> None:
    obj = errors.check_object(item, where)
    if obj is None:
        return
    before = len(errors)
    errors.unknown_keys(obj, ENTRY_KEYS, where)
    bid = errors.require(obj, "bid", where)
    row = None
    if bid is not None:
        if not isinstance(bid, str):
            errors.add(f"{where}.bid", Code.INVALID_VALUE, _("bid must be a bid id such as 'kassza'"))
        elif table is not None:
            row = table.rows.get(bid)
            if row is None:
                errors.add(
                    f"{where}.bid",
                    Code.INVALID_VALUE,
                    _(
                        "%(bid)s is not in the event's point table (version %(version)s)",
                        bid=repr(bid),
                        version=table.version,
                    ),
                )

    kontra = obj.get("kontra")
    made = obj.get("made")
    if is_silent:
        # §5.1/§5.2.5: a silent entry is always made and cannot be kontra'd.
        if not (kontra is None or (type(kontra) is int and kontra == 0)):
            errors.add(f"{where}.kontra", Code.NOT_APPLICABLE, _("a silent achievement cannot be kontra'd"))
        if not (made is None or made is True):
            errors.add(f"{where}.made", Code.NOT_APPLICABLE, _("a silent achievement is always made"))
        made = True
    else:
        if kontra is not None:
            errors.check_int(kontra, f"{where}.kontra", 0, 2)  # 0 plain, 1 kontra, 2 rekontra
        made = errors.require(obj, "made", where)
        if made is not None:
            made = errors.check_bool(made, f"{where}.made")

    qualifier = obj.get("qualifier")
    if row is not None:
        qw = f"{where}.qualifier"
        if row.qualifier == "none":
            if qualifier is not None:
                errors.add(qw, Code.NOT_APPLICABLE, _("%(bid)s names no suit or card in this table", bid=row.name))
        elif qualifier is None:
            if row.qualifier == "suit":
                errors.add(qw, Code.MISSING_FIELD, _("%(bid)s must name a suit", bid=row.name))
            else:
                errors.add(qw, Code.MISSING_FIELD, _("%(bid)s must name a card", bid=row.name))
        elif row.qualifier == "suit":
            if not isinstance(qualifier, str) or qualifier not in SUITS:
                errors.add(qw, Code.INVALID_VALUE, _("the suit must be one of kor, karo, treff, pikk"))
        elif not isinstance(qualifier, str) or qualifier not in row.cards:
            message = _(
                "the card must be one of %(cards)s for %(bid)s", cards=", ".join(sorted(row.cards)), bid=row.name
            )
            errors.add(qw, Code.INVALID_VALUE, message)
        # §4.2 / §5.2.3: the value this entry needs must be filled in.
        if is_silent:
            if row.silent is None:
                errors.add(
                    f"{where}.bid",
                    Code.NOT_APPLICABLE,
                    _(
                        "%(bid)s cannot score silently in the event's point table "
                        "(version %(version)s: silent is blank)",
                        bid=row.name,
                        version=table.version,
                    ),
                )
        elif isinstance(made, bool):
            need = "made" if made else "failed"
            if getattr(row, need) is None:
                # Each its own sentence: 'made' and 'failed' are the table's column names.
                facts = {"version": table.version, "bid": row.name, "row": table.row_index[row.bid]}
                if made:
                    message = _(
                        "the event's point table (version %(version)s) has no 'made' value "
                        "for %(bid)s (row %(row)s): the organizer must fill it in",
                        **facts,
                    )
                else:
                    message = _(
                        "the event's point table (version %(version)s) has no 'failed' value "
                        "for %(bid)s (row %(row)s): the organizer must fill it in",
                        **facts,
                    )
                errors.add(f"{where}.bid", Code.MISSING_FIELD, message)
    elif qualifier is not None and not isinstance(qualifier, str):
        errors.add(f"{where}.qualifier", Code.INVALID_VALUE, _("qualifier must be a suit or card id"))

    if len(errors) > before or row is None:
        return
    # 4. each (bid, qualifier) once per pair; a silent entry cannot repeat a bid.
    key = (row.bid, qualifier)
    prev = seen.get(key)
    if prev is not None:
        if not is_silent and prev.startswith("bids"):
            errors.add(
                where,
                Code.FORBIDDEN_COMBINATION,
                _(
                    "%(bid)s is already bid by this pair at %(field)s (each bid once per pair)",
                    bid=_label(row, qualifier),
                    field=prev,
                ),
            )
        else:
            message = _(
                "%(bid)s is already recorded for this pair at %(field)s", bid=_label(row, qualifier), field=prev
            )
            errors.add(where, Code.INCONSISTENT, message)
        return
    seen[key] = where
    # 6. the document: Pagát ulti and Pagát uhu exclude each other, so both cannot be made.
    if made and row.bid in ("ulti", "uhu"):
        other = made_cards.get(("uhu" if row.bid == "ulti" else "ulti", qualifier))
        if other is not None:
            errors.add(
                where,
                Code.FORBIDDEN_COMBINATION,
                _(
                    "%(bid)s and the entry at %(field)s exclude each other: both cannot be made",
                    bid=_label(row, qualifier),
                    field=other,
                ),
            )
        made_cards[(row.bid, qualifier)] = where


def _label(row: Row, qualifier: Any) -> str:
    return Entry(row, qualifier if isinstance(qualifier, str) else None, 0, True, False).label()


# --- scoring (§3.6) ---------------------------------------------------------------


def evaluate_pair(entries: list[Entry]) -> tuple[int, list[int], list[str]]:
    """One pair's total, each entry's amount and the reason an entry scores 0 (§3.6).

    Public so that tests can check single amounts (e.g. that kontra never shrinks one).
    """
    n = len(entries)
    amounts = [0] * n
    notes = [""] * n
    total = 0
    cands: list[int] = []
    best: dict[str, int] = {}
    for i, e in enumerate(entries):
        row = e.row
        if e.kontra:
            # 1. kontra'd bids score on their own, outside every group (§3.2, reading §6.2):
            # kontra doubles, rekontra doubles again.
            amounts[i] = ((row.made or 0) if e.made else -(row.failed or 0)) * KONTRA_FACTORS[e.kontra]
            total += amounts[i]
            continue
        cands.append(i)
        ladder = row.ladder
        if ladder is not None:
            j = best.get(ladder)
            if j is None or row.ladder_rank > entries[j].row.ladder_rank:
                best[ladder] = i
    # 3. ladders: only the strongest candidate counts, made, failed or silent (§3.3, §6.4).
    # Ranks are distinct per table; an equal rank means one bid named with two qualifiers,
    # and then the first in record order counts (the spec is silent).
    if best:
        kept = []
        for i in cands:
            ladder = entries[i].row.ladder
            if ladder is None or best[ladder] == i:
                kept.append(i)
            else:
                notes[i] = _("weaker ladder member; %(bid)s counts", bid=entries[best[ladder]].label())
        cands = kept
    # 4. a made, bid (not silent) trophy: only the highest scores, failed bids still deduct (§3.5).
    top = -1
    for i in cands:
        e = entries[i]
        is_trophy = e.row.trophy_rank is not None and e.made and not e.silent
        if is_trophy and (top < 0 or _trophy_key(e, i) > _trophy_key(entries[top], top)):
            top = i
    if top >= 0:
        note = _("suppressed by trophy %(bid)s", bid=entries[top].label())
        for i in cands:
            e = entries[i]
            if i == top:
                amounts[i] = e.row.made or 0
            elif not e.made:
                amounts[i] = -(e.row.failed or 0)
            else:
                notes[i] = note
            total += amounts[i]
        return total, amounts, notes
    # 5. failed bids always deduct; 6. only-one groups: the made entry furthest down scores (§3.4).
    winner: dict[str, tuple[tuple[int, int, int], int]] = {}
    made: list[int] = []
    for i in cands:
        e = entries[i]
        if not e.made:
            amounts[i] = -(e.row.failed or 0)
            total += amounts[i]
            continue
        made.append(i)
        for group, pos in e.row.only_one:
            rank = (pos, e.value(), -i)  # same place: higher value, then record order (§3.4, §6.6)
            cur = winner.get(group)
            if cur is None or rank > cur[0]:
                winner[group] = (rank, i)
    for i in made:
        e = entries[i]
        for group, _pos in e.row.only_one:
            w = winner[group][1]
            if w != i:
                notes[i] = _(
                    "superseded by %(bid)s in %(group)s", bid=entries[w].label(), group=GROUP_NAMES.get(group, group)
                )
                break
        else:
            amounts[i] = e.value()
            total += amounts[i]
    return total, amounts, notes


def _trophy_key(e: Entry, i: int) -> tuple[int, int, int]:
    """Highest trophy rank; same rank (one bid, two qualifiers): higher value, then record order."""
    return (e.row.trophy_rank or 0, e.row.made or 0, -i)


def entries_of(hand: Mapping[str, Any], side: str, table: PointTable) -> list[Entry]:
    """A validated hand's entries for one pair, bids then silent achievements (record order)."""
    rows = table.rows
    # tuple.__new__ skips NamedTuple's Python-level __new__: settle is on the hot path.
    out = [
        _new_tuple(Entry, (rows[item["bid"]], item.get("qualifier"), item.get("kontra") or 0, item["made"], False))
        for item in hand["bids"][side]
    ]
    silent = hand.get("silent")
    if silent and silent.get(side):
        out += [_new_tuple(Entry, (rows[item["bid"]], item.get("qualifier"), 0, True, True)) for item in silent[side]]
    return out


_new_tuple = tuple.__new__


@lru_cache(maxsize=1024, typed=True)
def _outcome(name: str, qualifier: str | None, silent: bool, made: bool, kontra: int) -> str:
    """An entry's outcome as a message: "kőr Banda made", "Flotta failed, kontra".

    Cached, the call's whole input (plain values) as the key: a deal has a dozen entries out of a
    table's few dozen bids, and a message is never changed once made, so deals share them. ``typed``:
    True is not taken for 1. (A cache of whole lines, a few thousand per table, was slower: memory.)"""
    label = _labelled(name, qualifier)
    if silent:
        found = _("%(game)s silent", game=label)
    elif made:
        found = _("%(game)s made", game=label)
    else:
        found = _("%(game)s failed", game=label)
    if kontra:
        found = join(", ", [found, KONTRA_NAMES[kontra]])  # kontra, rekontra: Hungarian terms
    return found


# "Attack A/D", "Defence C/B": the lines' prefixes, one per ordered pair of seats (built once, speed).
_PAIRS = [(x, y) for x in TABLE_SEATS for y in TABLE_SEATS if x != y]
_PREFIXES = (
    {p: _("Attack %(pair)s", pair=_pair_text(p)) for p in _PAIRS},
    {p: _("Defence %(pair)s", pair=_pair_text(p)) for p in _PAIRS},
)


@lru_cache(maxsize=64)
def _table_line(version: str) -> str:
    """ "Point table <version>", the breakdown's first line (one per event's table)."""
    return _("Point table %(version)s", version=version)


def _line(side: int, pair: tuple[str, str], e: Entry, amount: int, note: str) -> str:
    """One breakdown line, e.g. ``Attack A/D: Flotta made, kontra: 2 x 40 = +80``: the pair (``side`` 0
    attack, 1 defence), the entry's outcome (a message), then numbers."""
    row = e.row
    outcome = _outcome(row.name, e.qualifier, e.silent, e.made, e.kontra)
    prefix = _PREFIXES[side][pair]
    if e.kontra:
        mult = KONTRA_FACTORS[e.kontra]  # the record's kontra 1/2 is the multiplier 2/4 (§3.2)
        if e.made:
            return join(": ", [prefix, outcome, f"{mult} x {row.made} = {signed(amount)}"])
        return join(": ", [prefix, outcome, f"-({mult} x {row.failed}) = {signed(amount)}"])
    if note:
        return join(": ", [prefix, outcome, _("0 (%(reason)s)", reason=note)])
    return join(": ", [prefix, outcome, signed(amount)])


def settle(hand: Mapping[str, Any], state: Mapping[str, Any] | None, config: Mapping[str, Any] | None) -> HandScore:
    """Score a hand that ``validate`` accepted: one total per pair, given to both partners (§5.4)."""
    cached, _snapshot, (table, _errors) = _last_parse[0]
    if config is not cached or table is None:
        # validate() has just parsed this very config object (and checked it for in-place
        # edits), so the deep comparison is skipped here: it costs as much as scoring.
        table, _errors = point_table(config)
    if table is None:
        raise ValueError("settle() needs a hand and config that validate() accepted")
    seats = hand["seats"]
    attack = (seats[0], seats[3])
    defence = (seats[2], seats[1])
    breakdown = [_table_line(table.version)]
    points = dict.fromkeys(TABLE_SEATS, 0)
    for side, pair in (("attack", attack), ("defence", defence)):
        entries = entries_of(hand, side, table)
        total, amounts, notes = evaluate_pair(entries)
        shown = _pair_text(pair)
        if side == "attack":
            index = 0
            line = _("Attack %(pair)s total: %(points)s", pair=shown, points=signed(total))
        else:
            index = 1
            line = _("Defence %(pair)s total: %(points)s", pair=shown, points=signed(total))
        for i, e in enumerate(entries):
            breakdown.append(_line(index, pair, e, amounts[i], notes[i]))
        breakdown.append(line)
        points[pair[0]] = points[pair[1]] = total
    return HandScore(points, seating_state(list(TABLE_SEATS), state, hand), breakdown)


def seating_state(table_seats: list[str], state: Mapping[str, Any] | None, hand: Mapping[str, Any]) -> dict[str, Any]:
    """The state after a deal with ``hand``'s seats (the next deal's seats follow from it): the pairs
    fixed by the first deal (§5.3), the deals counted, the pair that attacked last."""
    seats = hand["seats"]
    attack, defence = (seats[0], seats[3]), (seats[2], seats[1])
    if state:
        pairs = [list(p) for p in state["pairs"]]
        deals = state["deals_played"]
    else:
        pairs = [list(attack), list(defence)]  # fixed by the first deal (§5.3)
        deals = 0
    last = 0 if tuple(pairs[0]) == attack else 1
    return {"pairs": pairs, "deals_played": deals + 1, "last_attack": last}


# --- table facts and rotation ------------------------------------------------------


def playing_seats(table_seats: list[str], dealer: str, state: Mapping[str, Any]) -> list[str]:
    """``seats`` of the next deal: [attacking indító, defending elfogó, defending indító,
    attacking elfogó] (§1.5). Within a match the pairs are fixed and the attack
    alternates (§5.3); at the start (``{}``) the seats in A.. order, i.e. pairs A/D
    and C/B with A/D attacking: the seat draw must seat partners that way (§1.2).
    The dealer has no role in Laza (§6.8).
    """
    table = [s for s in ALL_SEATS if s in table_seats]
    if len(table) != 4:
        raise ValueError("a Laza table has exactly four seats")
    check = Errors()
    ok, st = _check_state(check, state)
    if not ok or st is None:
        return table
    pairs, _deals, last = st
    (ai, ae), (di, de) = pairs[1 - last], pairs[last]
    return [ai, de, di, ae]


def next_dealer(table_seats: list[str], dealer: str) -> str:
    """The deal passes to the next seat. The document gives the dealer no role (§6.8);
    plain rotation keeps the sheet familiar to referees."""
    table = [s for s in ALL_SEATS if s in table_seats]
    return next_seat(table, dealer)


VARIANT = common.variant_of(globals(), key=KEY, name="Laza tarokk", rules_version="tarokk-laza/1")
