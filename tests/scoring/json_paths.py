"""Places inside a JSON document: for the property tests that change one place of a valid hand (or
state, or point table) and check the engine still answers without crashing, and for the spec's
rejected inputs, written as a valid example with some places changed (``derived``). Pure."""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable, Mapping
from typing import Any


def paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """The path (dict keys and list indices) of every place inside ``value``, not ``()`` itself."""
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    found = []
    for key, child in items:
        found.append((*prefix, key))
        found.extend(paths(child, (*prefix, key)))
    return found


def replace_at(value: Any, where: tuple, new: Any, drop: bool = False) -> None:
    """Put ``new`` at the place ``where`` inside ``value``, or drop that member or list entry."""
    *parents, last = where
    for key in parents:
        value = value[key]
    if drop:
        del value[last]
    else:
        value[last] = new


def all_paths(value: Any) -> list[tuple]:
    """Every place inside ``value``, ``()`` (the whole value) included."""
    return [(), *paths(value)]


def mutate(value: Any, where: tuple, new: Any, drop: bool) -> Any:
    """A copy of ``value`` with ``new`` at ``where`` (or that place dropped); ``()`` replaces the whole."""
    if not where:
        return new
    value = copy.deepcopy(value)
    replace_at(value, where, new, drop)
    return value


def steps_of(path: str) -> list[str | int]:
    """``play.marriages[0].seat`` as its steps: member names and list indices."""
    return [int(p[1:-1]) if p.startswith("[") else p for p in re.findall(r"\[\d+\]|[^.\[\]]+", path)]


def derived(base: Any, set: Mapping[str, Any] | None = None, drop: Iterable[str] = ()) -> Any:
    """A copy of ``base`` without the places ``drop`` names and with ``set``'s values at its paths
    (``bonuses[1].kontra``); a missing object on the way is made, one index past a list's end appends."""
    out = copy.deepcopy(base)
    for path in drop:
        replace_at(out, tuple(steps_of(path)), None, drop=True)
    for path, value in (set or {}).items():
        *parents, last = steps_of(path)
        target = out
        for step in parents:
            target = target.setdefault(step, {}) if isinstance(step, str) else target[step]
        if isinstance(target, list) and last == len(target):
            target.append(copy.deepcopy(value))
        else:
            target[last] = copy.deepcopy(value)
    return out
