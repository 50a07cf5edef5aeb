"""Places inside a JSON document, for the property tests that change one place of a valid hand
(or state, or point table) and check the engine still answers without crashing. Pure."""

from __future__ import annotations

import copy
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
