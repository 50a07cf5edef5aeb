"""tarokk-laza: the organizer's point table (tarokk-laza.md §4) as the event's configuration table.

The rules give no point values (§4.1): every event fills in the §4.2 table, one row per bid. The
columns are the spec's row table (§4.2) plus ``cards`` (the allowed cards of a card-naming row, §5.1
"the organizer's table lists the allowed cards"). Pages and files show ladders, "only one pays" groups
and cards by name (§3.3, §3.4, §5.1) and read names or ids; the engine's ``validate_config`` stays the
judge of the rules, its errors (``config.point_table.rows[3].made``) become problems naming the row
and the column.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from scoring.config_table import (
    CHOICE,
    INT,
    CellError,
    Column,
    ConfigTable,
    Problem,
    TableWords,
    bad_version,
    ids_by_name,
)
from scoring.folding import name_key
from scoring.text import Msg, _, ngettext

from . import rules as laza

LADDER_IDS = ids_by_name(laza.LADDER_NAMES)
GROUP_IDS = ids_by_name(laza.GROUP_NAMES)
CARD_IDS = ids_by_name(laza.CARDS)
# A group and a position: "Extrák 5", "extrak:5", "Utolsó két ütés (3)".
_GROUP = re.compile(r"\s*(\w[\w '’-]*?)\s*(?:[:(]\s*|\s+)(\d{1,6})\.?\s*\)?\s*\Z")
ONLY_ONE_FORMAT = _(
    "Write each group's name and the position in it, separated by semicolons, e.g. Extrák 5; Utolsó két ütés 3."
)


def groups_text(groups: Iterable[Sequence[Any]]) -> str:
    """Only-one groups by name: "Extrák 5; Utolsó két ütés 3"."""
    return "; ".join(f"{laza.GROUP_NAMES.get(g, g)} {p}" for g, p in groups)


def _read_groups(text: str) -> list[list[Any]]:
    groups: list[list[Any]] = []
    for part in re.split(r"[;,]", text):
        if not part.strip():
            continue
        m = _GROUP.match(part)
        if m is None:
            raise CellError("only_one_format", ONLY_ONE_FORMAT)
        group = m.group(1).strip()
        groups.append([GROUP_IDS.get(name_key(group), group.lower()), int(m.group(2))])
    return groups


def _read_cards(text: str) -> list[str]:
    return [CARD_IDS.get(name_key(c), c.lower()) for c in re.split(r"[\s,;]+", text) if c]


COLUMNS = (
    Column("bid", _("bid id"), read=str.lower, missing=_("Fill in the bid id.")),
    Column("name", _("name"), wide=True),
    Column("made", _("made"), INT, to_fill=True),
    Column("failed", _("failed"), INT, to_fill=True),
    Column("silent", _("silent"), INT),
    # What a bid's qualifier says, in words; "—" (none) is the rules' qualifier, else none.
    Column(
        "qualifier",
        _("qualifier"),
        CHOICE,
        choices=(("none", "—"), ("suit", _("names a suit")), ("card", _("names a card"))),
        empty_choice="none",
    ),
    Column(
        "ladder",
        _("ladder"),
        read=lambda text: LADDER_IDS.get(name_key(text), text.lower()),
        write=lambda v: laza.LADDER_NAMES.get(v, v),
    ),
    Column("ladder_rank", _("ladder rank"), INT),
    Column("only_one", _("only-one groups"), read=_read_groups, write=groups_text, wide=True),
    Column("trophy_rank", _("trophy rank"), INT),
    Column("cards", _("cards"), read=_read_cards, write=lambda v: " ".join(laza.CARDS.get(c, c) for c in v)),
)
assert tuple(c.key for c in COLUMNS) == laza.ROW_KEYS


def template() -> list[dict[str, Any]]:
    """The §4.2 template: every bid of the document with blank values. Hands that use a blank value
    are refused (§6.1), so nothing is scored until the organizer fills it in."""
    return [
        {"bid": bid, "name": name, "made": None, "failed": None, "silent": None}
        for bid, name in laza.TEMPLATE_NAMES.items()
    ]


def effective_rows(config: Any) -> list[dict[str, Any]]:
    """The stored table's rows with every column filled in as the engine reads them (rule defaults made
    explicit), in the table's order; ``[]`` when there is no valid table."""
    parsed, errors = laza.point_table(config)
    if parsed is None or errors:
        return []
    out = []
    for raw in config["point_table"]["rows"]:
        row = parsed.rows[raw["bid"]]
        out.append(
            {
                "bid": row.bid,
                "name": row.name,
                "made": row.made,
                "failed": row.failed,
                "silent": row.silent,
                "qualifier": row.qualifier,
                "ladder": row.ladder,
                "ladder_rank": row.ladder_rank if row.ladder else None,
                "only_one": [list(g) for g in row.only_one],
                "trophy_rank": row.trophy_rank,
                "cards": list(raw["cards"]) if raw.get("cards") is not None else None,
            }
        )
    return out


def row_name(row: Mapping[str, Any]) -> str:
    bid = row.get("bid") if isinstance(row.get("bid"), str) else ""
    return row.get("name") or laza.TEMPLATE_NAMES.get(bid, bid)


# --- the engine's errors as rows and columns -------------------------------------------------------

_PATH = re.compile(r"config\.point_table(?:\.(version|rows)(?:\[(\d+)\](?:\.([a-z_]+))?)?)?")
INT_COLUMNS = frozenset(c.key for c in COLUMNS if c.kind == INT)
QUALIFIER_FIXED = {
    "suit": _("The rules make %(name)s name a suit."),
    "card": _("The rules make %(name)s name a card."),
    "none": _("The rules make %(name)s name neither a suit nor a card."),
}
# (column, the engine's code) -> the problem's code and sentence.
MESSAGES = {
    ("bid", "missing_field"): ("bid_missing", _("Fill in the bid id.")),
    ("bid", "invalid_value"): ("bid_id", _("Use lowercase letters, digits and _ only (e.g. kassza).")),
    ("bid", "inconsistent"): ("bid_twice", _("This bid already has a row.")),
    ("name", "invalid_value"): ("name_text", _("The name must be text.")),
    ("name", "out_of_range"): ("name_long", _("The name is longer than 60 characters.")),
    ("qualifier", "invalid_value"): (
        "qualifier_choice",
        _("Choose whether the bid names a suit, a card or neither."),
    ),
    ("ladder", "invalid_value"): (
        "ladder_id",
        _(
            "Write the name of a ladder of the rules (%(ladders)s) or an id of your own "
            "(lowercase letters, digits and _)."
        ),
    ),
    ("ladder", "inconsistent"): ("ladder_fixed", _("The rules fix the ladder of %(name)s: %(ladder)s.")),
    ("ladder_rank", "missing_field"): ("ladder_rank_missing", _("A ladder needs a rank.")),
    ("ladder_rank", "not_applicable"): ("ladder_rank_without_ladder", _("A rank needs a ladder.")),
    ("ladder_rank", "inconsistent"): (
        "ladder_rank_shared",
        _("Another row has the same rank in this ladder; a ladder needs a strict order."),
    ),
    ("cards", "not_applicable"): ("cards_not_card", _("Cards apply only to a bid that names a card.")),
    ("cards", "invalid_value"): ("cards_format", _("List distinct cards separated by spaces, e.g. pagát sas kakadu.")),
}
ONLY_ONE = {
    "only_one_fixed": _("The rules fix the only-one groups of %(name)s: %(groups)s."),
    "only_one_twice": _("A group is listed twice."),
    "only_one_format": ONLY_ONE_FORMAT,
}
TROPHY = {
    "not_trophy": _("%(name)s is not a trophy under the rules: leave the cell empty."),
    "skala_trophy": _("Skála is a trophy under the rules: give it a rank."),
    "below_skala": _("%(name)s comes before Skála in the rules' order: its trophy rank must be below Skála's."),
    "trophy_rank_shared": _("Another row has the same trophy rank; trophies need a strict order."),
}
VALUE = _("Use a whole number, 0 or more, or leave the cell empty.")
RANK = _("Use a whole number from 1, or leave the cell empty.")
UNKNOWN_COLUMN = _("This column is unknown.")
ROW_OBJECT = _("The row must be an object of columns.")
ROWS_LIST = _("The rows must be a list.")


def _invalid(detail: Any) -> Msg:
    return _("This value is not accepted (%(detail)s).", detail=detail)


def _fixed(bid: str) -> dict[str, str]:
    rule = laza.RULE_LADDERS.get(bid)
    ladder = f"{laza.LADDER_NAMES.get(rule[0], rule[0])} {rule[1]}" if rule else "—"
    return {"ladder": ladder, "groups": groups_text(laza.RULE_ONLY_ONE.get(bid, ())) or "—"}


def _trophy_code(bid: str, detail: str) -> str:
    if bid in laza.NOT_TROPHIES:
        return "not_trophy"
    if bid == "skala" and "cannot be null" in detail:
        return "skala_trophy"
    return "below_skala" if "below Skála" in detail else "trophy_rank_shared"


def _problem(error: Any, rows: Sequence[Any]) -> Problem:
    """The engine's error (a path, a code, an English sentence) as a row, a column and a sentence."""
    m = _PATH.match(error.field)
    if m is None:
        return Problem(None, None, "invalid", _invalid(error.message))
    part, index, col = m.groups()
    if part == "version":
        return Problem(None, "version", "version", bad_version())
    if index is None:
        return (
            Problem(None, None, "rows_list", ROWS_LIST)
            if part == "rows"
            else Problem(None, None, "invalid", _invalid(error.message))
        )
    i = int(index)
    raw = rows[i] if i < len(rows) else None
    bid = raw.get("bid") if isinstance(raw, Mapping) else None
    bid = bid if isinstance(bid, str) else ""
    name = laza.TEMPLATE_NAMES.get(bid, bid)
    code, detail = error.code, str(error.message)
    if col is None:
        return Problem(i, None, "row_object", ROW_OBJECT, name)
    if code == "unknown_field":
        return Problem(i, col, "unknown_column", UNKNOWN_COLUMN, name)
    if col in INT_COLUMNS and code in ("invalid_value", "out_of_range"):
        return Problem(i, col, *(("rank", RANK) if col.endswith("rank") else ("value", VALUE)), name)
    words = {"name": name, **_fixed(bid), "ladders": ", ".join(laza.LADDER_NAMES.values())}
    if col == "qualifier" and code == "inconsistent":
        kind = laza.RULE_QUALIFIER.get(bid, "none")
        return Problem(i, col, "qualifier_fixed", Msg(QUALIFIER_FIXED[kind], name=name), name)
    if col == "only_one":
        key = (
            "only_one_fixed"
            if "rules fix" in detail
            else ("only_one_twice" if code == "inconsistent" else "only_one_format")
        )
        return Problem(i, col, key, Msg(ONLY_ONE[key], **_used(ONLY_ONE[key], words)), name)
    if col == "trophy_rank" and code == "inconsistent":
        key = _trophy_code(bid, detail)
        return Problem(i, col, key, Msg(TROPHY[key], **_used(TROPHY[key], words)), name)
    key, message = MESSAGES.get((col, code), ("invalid", None))
    if message is None:
        return Problem(i, col, "invalid", _invalid(error.message), name)
    return Problem(i, col, key, Msg(message, **_used(message, words)), name)


def _used(msgid: str, words: Mapping[str, str]) -> dict[str, str]:
    """The arguments a sentence names (a Msg takes only those its msgid has)."""
    return {k: v for k, v in words.items() if f"%({k})s" in msgid}


def check(config: Mapping[str, Any]) -> list[Problem]:
    """Every problem the rules find in the table (§4.2), a row by its index in ``config``'s rows."""
    rows = config.get("point_table", {}).get("rows")
    return [_problem(e, rows if isinstance(rows, list) else []) for e in laza.validate_config(config)]


CONFIG_TABLE = ConfigTable(
    slug="point-table",
    member="point_table",
    identity="bid",
    columns=COLUMNS,
    words=TableWords(
        title=_("Point table"),
        edit=_("Edit the point table"),
        save=_("Save the point table"),
        show=_("Show the point table"),
        page=_("Point table page"),
        # The rules give no values (§4.1); the words cite no section (the engine's never do).
        intro=_("Version %(v)s. The rules give no point values: the organizers set them here."),
        editor_intro=_(
            "Current version: %(v)s. The rules give no point values: fill in made and failed for every bid that "
            "is played; an empty silent cell means the bid cannot score silently."
        ),
        blank_rows=lambda n: ngettext("%(n)s bid has no value yet", "%(n)s bids have no value yet", n, n=n),
        saved=_("Point table saved."),
        saved_rescored=lambda n: ngettext(
            "Point table saved; %(n)s hand was scored again.",
            "Point table saved; %(n)s hands were scored again.",
            n,
            n=n,
        ),
        unchanged=_("The point table is unchanged."),
        stale=_("Someone changed the point table since you opened it; reload and try again."),
        reason_needed=_("The event has hands: give a reason for changing the point table."),
        why=_("Point table %(version)s: %(reason)s"),
    ),
    template=template,
    rows=effective_rows,
    check=check,
    row_name=row_name,
)
