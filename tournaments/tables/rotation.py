"""The table's rotation ahead: the envelopes (dealer, playing seats) the next hands may have, for a
phone that keeps entering hands without a connection (static/js/offline.js).

Online the server gives each hand its envelope (``hands.next_envelopes``). Offline the phone must
advance exactly as the server will: the next hand's dealer follows from the dealer the referee gave
this one and, where the deal need not rotate (``Variant.allowed_dealers``: a void deal, a
throw-in), from what the hand holds. So the rotation is a graph: a node is one hand's possible
envelopes (the usual one first), and each of its dealers leads to the next node, by default the
usual one, or another picked by the values of the fields that decide it (``Variant.dealers_reads``
through the form's bindings). Pure: the variant and plain data, no database.
"""

from __future__ import annotations

import itertools
import json
from collections import deque
from collections.abc import Iterator, Mapping
from typing import Any

from scoring import entry as spec
from scoring.types import Variant

Envelope = dict[str, Any]
MAX_NODES = 300  # far beyond any table (7 seats, every thrower): a bound, not a limit met
MAX_CHOICES = 2000  # combinations of the fields that decide the next dealer


def key(values: list[str]) -> str:
    """The fields' posted values as one string: the phone builds the same with JSON.stringify."""
    return json.dumps(values, separators=(",", ":"), ensure_ascii=False)


def envelopes(variant: Variant, positions: list[str], dealers: list[str], state: Mapping[str, Any]) -> list[Envelope]:
    return [{"variant": variant.key, "seats": variant.playing_seats(positions, d, state), "dealer": d} for d in dealers]


def rotation(
    variant: Variant,
    positions: list[str],
    first: list[Envelope],
    state: Mapping[str, Any],
    config: Mapping[str, Any] | None,
    hands: int,
) -> dict[str, Any]:
    """The nodes reachable within ``hands`` hands from ``first`` (the next hand's envelopes, played
    from ``state``): ``{"start": 0, "nodes": [{"envelopes", "next": {dealer: step}}], "steps":
    [{"usual": node, "by": {key: node}}], "fields": [names]}``. ``fields`` are the form fields whose
    posted values (``key``) pick ``by``'s node; where none matches, the usual one follows. The seats
    of a node follow from the state only where the variant says so (``seating_state``); elsewhere a
    node is its envelopes."""
    nodes: list[dict[str, Any]] = []
    index: dict[str, int] = {}
    todo: deque[tuple[int, Mapping[str, Any], int]] = deque()

    def node(envs: list[Envelope], after: Mapping[str, Any], depth: int) -> int:
        name = json.dumps([envs, after if variant.seating_state else None], sort_keys=True)
        if name not in index:
            index[name] = len(nodes)
            nodes.append({"envelopes": envs, "next": {}})
            todo.append((index[name], after, depth))
        return index[name]

    fields: list[str] = []
    steps: dict[str, Any] = {"list": [], "index": {}}
    deciding: dict[str, tuple[list[str], list[tuple[str, list[str]]]]] = {}  # per envelope, computed once
    node(first, state, 0)
    while todo and len(nodes) < MAX_NODES:
        i, before, depth = todo.popleft()
        if depth >= hands:
            continue
        for envelope in nodes[i]["envelopes"]:
            after = variant.seating_state(positions, before, envelope) if variant.seating_state else before
            usual = variant.allowed_dealers(positions, envelope)
            step: dict[str, Any] = {"usual": node(envelopes(variant, positions, usual, after), after, depth + 1)}
            name = json.dumps(envelope, sort_keys=True)
            if name not in deciding:
                names, made = _deciding(variant, positions, envelope, config)
                deciding[name] = (names, [(p, variant.allowed_dealers(positions, h)) for p, h in made])
            names, dealers_by = deciding[name]
            fields = fields or names
            by = {
                posted: node(envelopes(variant, positions, dealers, after), after, depth + 1)
                for posted, dealers in dealers_by
                if dealers != usual
            }
            if by:
                step["by"] = by
            nodes[i]["next"][envelope["dealer"]] = _shared(steps, step)
    return {"start": 0, "nodes": nodes, "steps": steps["list"], "fields": fields}


def _shared(steps: dict[str, Any], step: dict[str, Any]) -> int:
    """The index of ``step`` in the list of steps, each kept once (a dealer leads on alike from
    every node he deals in)."""
    name = json.dumps(step, sort_keys=True)
    if name not in steps["index"]:
        steps["index"][name] = len(steps["list"])
        steps["list"].append(step)
    return steps["index"][name]


def _deciding(
    variant: Variant, positions: list[str], envelope: Envelope, config: Mapping[str, Any] | None
) -> tuple[list[str], Iterator[tuple[str, dict[str, Any]]]]:
    """The form fields that write what ``dealers_after`` reads, and for every combination of their
    choices the posted values (``key``) with the hand they make (the envelope and those fields)."""
    entry = variant.entry
    if entry is None or not variant.dealers_reads:
        return [], iter(())
    ctx = spec.Context(
        seats=tuple(envelope["seats"]),
        positions=tuple(positions),
        dealer=envelope["dealer"],
        seat_options=tuple(envelope["seats"]),
        config=config,
    )
    names = list(dict.fromkeys(spec.field_for(entry, p, {}, ctx) for p in variant.dealers_reads))
    # Those fields' own bindings make the part of the hand they write (the whole form, built for
    # every combination, would cost a second per table).
    bindings = [
        b for section in entry.layout(ctx) for b in section.entries if isinstance(b, spec.Binding) and b.name in names
    ]
    only = spec.EntryForm(layout=lambda _ctx: [spec.Section("", tuple(bindings))])
    chosen = [b.field for b in bindings]
    options = [_posted(f) for f in chosen]
    if not chosen or _count(options) > MAX_CHOICES:
        return [], iter(())

    def hands() -> Iterator[tuple[str, dict[str, Any]]]:
        for posted in itertools.product(*options):
            values = {f.name: _value(f, v) for f, v in zip(chosen, posted, strict=True)}
            try:
                hand = {**envelope, **spec.hand_from(only, values, ctx)}
            except (TypeError, ValueError, KeyError, AttributeError, IndexError):
                continue  # a combination the form cannot make a hand of: the usual dealer
            yield key(list(posted)), hand

    return [f.name for f in chosen], hands()


def _count(options: list[list[str]]) -> int:
    n = 1
    for o in options:
        n *= len(o)
    return n


def _posted(field: spec.Field) -> list[str]:
    """What a browser posts for each choice of ``field`` ("" for nothing, "on" for a ticked box)."""
    if field.kind == spec.BOOL:
        return ["", "on"]
    return [str(value) for value, _label in field.choices]


def _value(field: spec.Field, posted: str) -> Any:
    """The cleaned value the form gives a posted one."""
    if field.kind == spec.BOOL:
        return posted == "on"
    if posted == "":
        return None
    return int(posted) if field.kind == spec.INT_CHOICE else posted
