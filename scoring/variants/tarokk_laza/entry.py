"""tarokk-laza: the hand form, one line per bid like a score sheet (tarokk-laza.md §5), each field bound
once to the path of the hand it writes (scoring.entry).

Each pair has numbered lines; a line is two choices: the bid (with its suit or card, e.g. "kőr
Banda", "pagát Ulti") from the event's point table (``ctx.config``, §4.2), and the result, which
includes the kontra level (made / failed, plain, kontra ×2 or rekontra ×4) or "silent" for a task
achieved without a bid. A pair shows its first line, and each line once the one before it holds
a bid (the sheet's next empty line). The bids are chips, one tap each: every bid of the table
without a qualifier, each suit of a suit bid and the first card (pagát) of a card bid, in the
table's order up to two dozen; the rest (a card bid's other cards) fold under "more choices".
The pairs' roles (attack/defence) come from the table's ``seats`` (§1.5), so the referee never
types them.

Without a usable point table the bid lists fall back to the rules' template rows and the engine's
"no point table" error shows at the top of the form.

``normalised(hand)`` states what the form writes differently from other valid hands of the same
meaning (no score changes): ``kontra: 0`` is left out, and ``silent`` is left out when both pairs
have no silent entry (``null``, ``{}`` or two empty lists).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring import entry as e
from scoring.text import _

from . import rules

LINES = 12  # lines per pair (a pair rarely has more than a handful of entries)
CHIPS = 24  # bids shown as chips on a line (the spec's §5.5 table: all but the rarer cards)
SIDES = ("attack", "defence")
TITLES = {"attack": _("attack"), "defence": _("defence")}
# result value -> (made, kontra); "silent" is a silent achievement (§5.1)
RESULTS: dict[str, tuple[bool, int]] = {
    "made": (True, 0),
    "failed": (False, 0),
    "made_k": (True, 1),
    "failed_k": (False, 1),
    "made_rk": (True, 2),
    "failed_rk": (False, 2),
}
RESULT_CHOICES = (
    ("", e.DASH),
    ("made", _("made")),
    ("failed", _("failed")),
    ("made_k", _("made, kontra ×2")),
    ("failed_k", _("failed, kontra ×2")),
    ("made_rk", _("made, rekontra ×4")),
    ("failed_rk", _("failed, rekontra ×4")),
    ("silent", _("achieved silently (not bid)")),
)
_PAIR = e.Raw("%(first)s / %(second)s")


def _template_rows() -> list[rules.Row]:
    """The rules' own rows (no values), for a form whose event has no usable table."""
    return [
        rules.Row(
            bid, name, None, None, None, rules.RULE_QUALIFIER.get(bid, "none"), None, 0, (), None, rules.DEFAULT_CARDS
        )
        for bid, name in rules.TEMPLATE_NAMES.items()
    ]


def _cards(row: rules.Row) -> list[str]:
    """A card bid's cards: the rules' own in their order, then the table's others."""
    return [c for c in rules.CARDS if c in row.cards] + sorted(row.cards - set(rules.CARDS))


def bid_choices(rows: list[rules.Row]) -> tuple[tuple[str, Any], ...]:
    """One choice per (bid, qualifier): "kassza", "banda:kor", "ulti:pagat" (the table's own words)."""
    out: list[tuple[str, Any]] = [("", e.DASH)]
    for row in rows:
        if row.qualifier == "suit":
            out += [(f"{row.bid}:{q}", e.Raw(f"{name} {row.name}")) for q, name in rules.SUITS.items()]
        elif row.qualifier == "card":
            out += [(f"{row.bid}:{q}", e.Raw(f"{rules.CARDS.get(q, q)} {row.name}")) for q in _cards(row)]
        else:
            out.append((row.bid, e.Raw(row.name)))
    return tuple(out)


def common_bids(rows: list[rules.Row]) -> tuple[str, ...]:
    """The bids shown as chips (the rest fold under "more choices"): a blank line, then in the point
    table's order every bid without a qualifier, each suit of a suit bid and a card bid with its first
    card (pagát, the usual one), up to ``CHIPS`` of them (a long table folds its last rows too)."""
    out: list[str] = []
    for row in rows:
        if row.qualifier == "suit":
            out += [f"{row.bid}:{q}" for q in rules.SUITS]
        elif row.qualifier == "card":
            out += [f"{row.bid}:{q}" for q in _cards(row)[:1]]
        else:
            out.append(row.bid)
    return ("", *out[:CHIPS])


def pairs(ctx: e.Context) -> dict[str, tuple[str, str]]:
    """The pairs' seats (§1.5): the attack leads and sits fourth, the defence sits third and second."""
    seats = ctx.seats
    return {"attack": (seats[0], seats[3]), "defence": (seats[2], seats[1])}


def line_count(ctx: e.Context, side: str) -> int:
    """``LINES``, or more where the posted values or the corrected hand have more."""
    n = LINES
    if ctx.hand is not None:
        entries = [*((ctx.hand.get("bids") or {}).get(side) or ()), *((ctx.hand.get("silent") or {}).get(side) or ())]
        n = max(n, len(entries))
    while f"{side}_{n + 1}" in ctx.given:
        n += 1
    return n


def _result(value: str, values: Any) -> dict[str, Any]:
    if value == "silent":
        return {}
    made, kontra = RESULTS[value]
    return {"made": made, **({"kontra": kontra} if kontra else {})}


def _result_read(entry: Mapping[str, Any], hand: Any) -> str:
    if "made" not in entry:
        return "silent"
    kontra = entry.get("kontra") or 0
    return ("made" if entry.get("made") else "failed") + ("", "_k", "_rk")[kontra if kontra in (0, 1, 2) else 0]


def _line(
    side: str, n: int, pair: tuple[str, str], bids: Any, common: tuple[str, ...], silent: tuple[str, ...]
) -> e.Item:
    result = f"{side}_{n}_result"
    return e.Item(
        lambda values: f"{'silent' if values.get(result) == 'silent' else 'bids'}.{side}",
        (
            e.Binding(
                e.Field(
                    f"{side}_{n}",
                    e.Text.of(_("%(side)s %(pair)s · bid %(n)d"), side=TITLES[side], pair=e.Raw("/".join(pair)), n=n),
                    choices=bids,
                    common=common,
                    waits_for=f"{side}_{n - 1}" if n > 1 else None,  # the sheet's next line
                ),
                "",
                put=e.joined("bid", "qualifier"),
                get=e.split("bid", "qualifier"),
                claims=("bid", "qualifier"),
            ),
            e.Binding(
                # A bid is usually made: picking it presets "made" (one tap less; the referee sees it); the
                # result's chips wait for the bid, so the sheet's open lines stay short.
                e.Field(
                    result,
                    _("result"),
                    choices=RESULT_CHOICES,
                    preset=e.Preset({f"{side}_{n}": (e.ANY,)}, value="made", hide=True),
                    # "silent" only for a bid the point table scores silently (§5.1: its silent cell).
                    offered_for=(("silent", silent),),
                    offered_by=f"{side}_{n}",
                ),
                "",
                put=_result,
                get=_result_read,
                claims=("made", "kontra"),
            ),
        ),
        lists=(f"bids.{side}", f"silent.{side}"),
        show=lambda values: bool(values.get(result)),
    )


def layout(ctx: e.Context) -> list[e.Section]:
    table, _errors = rules.point_table(ctx.config)
    rows = list(table.rows.values()) if table is not None else _template_rows()
    bids, common = bid_choices(rows), common_bids(rows)
    silent = tuple(v for v, _label in bid_choices([r for r in rows if r.silent is not None]) if v)
    seats = pairs(ctx)
    names = {side: e.Text.of(_PAIR, first=e.SeatName(a), second=e.SeatName(b)) for side, (a, b) in seats.items()}
    lines = {
        side: [_line(side, n, seats[side], bids, common, silent) for n in range(1, line_count(ctx, side) + 1)]
        for side in SIDES
    }
    return [
        e.Section(
            e.Text.of(_("Bids: attack %(a)s, defence %(d)s"), a=names["attack"], d=names["defence"]),
            (*lines["attack"], *lines["defence"]),
        ),
    ]


def finish(hand: dict[str, Any], values: Any, ctx: e.Context) -> None:
    """The pairs' roles come from the seats; ``silent`` is written for both pairs, or not at all."""
    (a1, a2), (d1, d2) = pairs(ctx).values()
    hand["attack"] = {"indito": a1, "elfogo": a2}
    hand["defence"] = {"elfogo": d2, "indito": d1}
    hand["bids"] = {side: hand.get("bids", {}).get(side, []) for side in SIDES}
    if "silent" in hand:
        hand["silent"] = {side: hand["silent"].get(side, []) for side in SIDES}


def checks(values: Any, ctx: e.Context) -> list[e.Check]:
    """A line is a bid and its result: one without the other is not a line yet."""
    out = []
    for side in SIDES:
        for n in range(1, line_count(ctx, side) + 1):
            bid, result = f"{side}_{n}", f"{side}_{n}_result"
            if values.get(bid) and not values.get(result):
                out.append(e.Check(result, _("Give the result of this bid.")))
            elif values.get(result) and not values.get(bid):
                out.append(e.Check(bid, _("Choose the bid this result belongs to.")))
    return out


def normalised(hand: Mapping[str, Any]) -> dict[str, Any]:
    """``hand`` as the form writes it (see the module docstring); the same score."""
    out = dict(hand)

    def entries(items: Any) -> list[dict[str, Any]]:
        return [{k: v for k, v in e.items() if not (k == "kontra" and v == 0)} for e in items or ()]

    out["bids"] = {side: entries(items) for side, items in (hand.get("bids") or {}).items()}
    silent = hand.get("silent") or {}
    if any(silent.get(side) for side in SIDES):
        out["silent"] = {side: entries(silent.get(side)) for side in SIDES}
    else:
        out.pop("silent", None)
    return out


ENTRY = e.EntryForm(layout=layout, finish=finish, checks=checks, normalised=normalised)
