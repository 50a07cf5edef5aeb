"""The JSON of ``python -m scoring.series`` (season.md §9): its input read into dataclasses, the
ladder written with exact numbers.

Reading checks the shape (objects, lists, unknown and missing keys); ``checks.validate`` then
checks the values, the same check the site runs. Decimals are read as ``Decimal``
(``parse_float``) and written from their exact text, so 0.4875 never becomes 0.48750000000000004.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from ..common import Errors, path
from .checks import required, validate
from .model import DEFAULT_TIE_BREAKS, EXACT, Event, InvalidSeries, LadderLine, Result, Settings

TOP_KEYS = frozenset({"settings", "events"})
SETTINGS_KEYS = frozenset({"points", "table", "count", "n", "minus_counts", "tie_breaks"})
EVENT_KEYS = frozenset({"id", "weight", "always_counts", "results"})
RESULT_KEYS = frozenset({"player", "place", "total", "game_points", "max_total"})


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number (every input number is a finite decimal, season.md §3.4)")


def loads(text: str) -> Any:
    """JSON with decimals as ``Decimal``; NaN and Infinity refused."""
    return json.loads(text, parse_float=Decimal, parse_constant=_refuse_constant)


def _settings(errors: Errors, obj: Mapping[str, Any]) -> Settings:
    errors.unknown_keys(obj, SETTINGS_KEYS, "settings")
    # §9: "table only for fixed_by_place" (and required there: no default table here, unlike on the
    # site, which starts the organizer from it), "n only for best_n".
    if obj.get("points") != "fixed_by_place":
        errors.forbid(obj, "table", "settings")
    count = obj.get("count", "all")
    if count != "best_n":
        errors.forbid(obj, "n", "settings")
    # An absent member takes its default; a null one is kept, for validate() to refuse.
    return Settings(
        points=obj.get("points"),  # type: ignore[arg-type]  # validate() checks the values
        table=obj.get("table"),  # type: ignore[arg-type]
        count=count,
        n=obj.get("n"),
        minus_counts=obj.get("minus_counts", True),
        tie_breaks=obj.get("tie_breaks", DEFAULT_TIE_BREAKS),
    )


def _event(errors: Errors, obj: Mapping[str, Any], at: str) -> Event:
    results: Any = obj.get("results")
    if isinstance(results, list):
        # A result that is no JSON object gets its error here and stays None (validate skips it).
        objects = {i: r for i, _, r in errors.objects(results, path(at, "results"), RESULT_KEYS)}
        results = [_result(objects[i]) if i in objects else None for i in range(len(results))]
    return Event(
        id=obj.get("id"),  # type: ignore[arg-type]
        results=results,
        weight=obj.get("weight", 1),
        always_counts=obj.get("always_counts", False),
    )


def _result(obj: Mapping[str, Any]) -> Result:
    return Result(
        player=obj.get("player"),  # type: ignore[arg-type]
        place=obj.get("place"),  # type: ignore[arg-type]
        total=obj.get("total"),
        game_points=obj.get("game_points"),
        max_total=obj.get("max_total"),
    )


def parse(payload: Any) -> tuple[Settings, list[Event]]:
    """§9's input as dataclasses; ``InvalidSeries`` names every malformed field: the shape
    (objects, lists, unknown keys) here, the values by ``checks.validate``."""
    errors = Errors()
    top = errors.check_object(payload, "")
    if top is None:
        raise InvalidSeries(errors.items)
    errors.unknown_keys(top, TOP_KEYS)
    settings = None
    raw = top.get("settings")
    if raw is None:
        required(errors, "settings")
    elif (obj := errors.check_object(raw, "settings")) is not None:
        settings = _settings(errors, obj)
    events: list[Event | None] = []
    raw = top.get("events")
    if raw is None:
        required(errors, "events")
    elif errors.check_list(raw, "events") is not None:
        objects = {i: e for i, _, e in errors.objects(raw, "events", EVENT_KEYS)}
        events = [_event(errors, objects[i], path("events", i)) if i in objects else None for i in range(len(raw))]
    problems = errors.items + validate(settings, events)
    if problems:
        raise InvalidSeries(problems)
    return settings, events  # type: ignore[return-value]  # no None left


def number_text(value: Decimal | int) -> str:
    """A number as JSON text, exactly: whole values as integers (29.50 -> 29.5, 200.00 -> 200)."""
    if isinstance(value, int):
        return str(value)
    if value == 0:
        return "0"  # not "-0" from an input of -0.0
    if value == value.to_integral_value():
        return format(value.to_integral_value(), "f")
    return format(EXACT.normalize(value), "f")


def dumps(value: Any) -> str:
    """JSON text in which every Decimal is written by ``number_text`` (json cannot write one)."""
    if isinstance(value, Decimal):
        return number_text(value)
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{json.dumps(str(k), ensure_ascii=False)}: {dumps(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(dumps(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


def ladder_json(lines: list[LadderLine]) -> str:
    """§9's output: the ladder lines in ladder order."""
    return dumps([line.as_json() for line in lines])
