"""What makes settings and events computable (season.md §9's list of malformed input).

One check for the command line (after ``jsonio`` has read the JSON's shape) and the site alike:
each problem is an error naming its field by the JSON path (``events[1].results[0].place``),
with a message in the engine's vocabulary (``scoring.text``), so the site shows it in the
reader's language.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from ..common import Errors, path
from ..text import _
from ..types import Code, HandError
from .model import COUNTS, POINTS, TIE_BREAKS, Event, Result, Settings


def is_number(value: Any) -> bool:
    """A finite JSON number: an int (not a bool), a finite Decimal (how ``jsonio`` reads a
    decimal) or a finite float (from a Python caller)."""
    if type(value) is int:
        return True
    if isinstance(value, Decimal):
        return value.is_finite()  # not via float: 1E+400 is finite but no float
    if isinstance(value, float):
        return math.isfinite(value)
    return False


def check_number(errors: Errors, value: Any, field: str, positive: bool = False) -> bool:
    if not is_number(value):
        errors.add(field, Code.INVALID_VALUE, _("%(field)s must be a number", field=field))
        return False
    if positive and value <= 0:
        errors.add(field, Code.OUT_OF_RANGE, _("%(field)s must be above 0", field=field))
        return False
    return True


def required(errors: Errors, field: str) -> None:
    errors.add(field, Code.MISSING_FIELD, _("%(field)s is required", field=field))


def required_when(errors: Errors, field: str, setting: str, value: str) -> None:
    message = _("%(field)s is required when %(setting)s is %(value)s", field=field, setting=setting, value=value)
    errors.add(field, Code.MISSING_FIELD, message)


def _sequence(errors: Errors, value: Any, field: str) -> bool:
    """A list (a tuple from a Python caller too); None is reported as missing."""
    if value is None:
        required(errors, field)
        return False
    return isinstance(value, tuple) or errors.check_list(value, field) is not None


def _present(errors: Errors, value: Any, field: str) -> bool:
    if value is None:
        required(errors, field)
        return False
    return True


def check_settings(errors: Errors, settings: Settings, parent: str = "settings") -> str | None:
    """§3–§5's settings: known values, the table and ``n`` where the rule needs them; the points
    rule when it is a known one."""
    at = path(parent, "points")
    rule = errors.check_choice(settings.points, at, tuple(POINTS)) if _present(errors, settings.points, at) else None
    if rule == "fixed_by_place":
        table = settings.table
        if table is None:
            required_when(errors, path(parent, "table"), "points", rule)
        elif _sequence(errors, table, path(parent, "table")):
            for i, value in enumerate(table):
                check_number(errors, value, path(path(parent, "table"), i))
    count = errors.check_choice(settings.count, path(parent, "count"), COUNTS)
    if count == "best_n":
        if settings.n is None:
            required_when(errors, path(parent, "n"), "count", count)
        else:
            errors.check_int(settings.n, path(parent, "n"), lo=1)
    errors.check_bool(settings.minus_counts, path(parent, "minus_counts"))
    breaks = settings.tie_breaks
    if _sequence(errors, breaks, path(parent, "tie_breaks")):
        for i, key in enumerate(breaks):
            errors.check_choice(key, path(path(parent, "tie_breaks"), i), TIE_BREAKS)
    return rule


def _once(errors: Errors, seen: set[str], value: Any, field: str) -> None:
    """A text id, not seen before in its list (an event id in the series, a player in an event)."""
    if not _present(errors, value, field) or errors.check_str(value, field) is None:
        return
    if value in seen:
        errors.add(field, Code.INCONSISTENT, _("%(field)s %(value)s is listed twice", field=field, value=repr(value)))
    seen.add(value)


FIGURES = ("total", "game_points", "max_total")


def _sound(result: Result, ranked: int, players: set[str], needs: tuple[str, ...], positive: bool) -> bool:
    """Does ``result`` pass every check of ``check_event``? (Fast, without recording anything.)"""
    player, place = result.player, result.place
    if type(player) is not str or player in players or type(place) is not int or not 1 <= place <= ranked:
        return False
    for figure in FIGURES:
        value = getattr(result, figure)
        if value is None:
            if figure in needs:
                return False
        elif not is_number(value):
            return False
    return not positive or result.max_total > 0  # type: ignore[operator]  # a number, checked above


def check_event(errors: Errors, event: Event, rule: str | None, field: str) -> None:
    """One event: its weight, its flags, and every result's player, place and the figures
    ``rule`` reads (§9: present, numbers; ``max_total`` > 0 for ``percent_of_possible``).
    A result that is None was refused already (``jsonio``: not a JSON object) and is skipped."""
    needs = POINTS.get(rule, ()) if rule is not None else ()
    check_number(errors, event.weight, path(field, "weight"), positive=True)
    errors.check_bool(event.always_counts, path(field, "always_counts"))
    errors.check_bool(event.provisional, path(field, "provisional"))
    results = event.results
    results_field = path(field, "results")
    if not _sequence(errors, results, results_field):
        return
    ranked = len(results)  # §3.5: N, places run from 1 to N
    players: set[str] = set()
    positive = "max_total" in needs
    for j, result in enumerate(results):
        if result is None:
            continue
        if _sound(result, ranked, players, needs, positive):  # the usual case: no field path to build
            players.add(result.player)
            continue
        at = path(results_field, j)
        _once(errors, players, result.player, path(at, "player"))
        if _present(errors, result.place, path(at, "place")):
            errors.check_int(result.place, path(at, "place"), lo=1, hi=ranked)
        for figure in FIGURES:
            value = getattr(result, figure)
            if value is None:
                if figure in needs:
                    required_when(errors, path(at, figure), "points", rule)  # type: ignore[arg-type]
            else:
                check_number(errors, value, path(at, figure), positive=positive and figure == "max_total")


def validate(settings: Settings | None, events: Sequence[Event | None], parent: str = "events") -> list[HandError]:
    """Every reason ``settings`` and ``events`` cannot be computed (empty: they can).
    Settings or an event that is None were refused already (``jsonio``: no JSON object) and are
    skipped, so that the events' errors are still named."""
    errors = Errors()
    rule = check_settings(errors, settings) if settings is not None else None
    ids: set[str] = set()
    for i, event in enumerate(events):
        if event is not None:
            _once(errors, ids, event.id, path(path(parent, i), "id"))
            check_event(errors, event, rule, path(parent, i))
    return errors.items
