"""One entry point over the registry: a JSON payload in, the engine's answer out.

Used by ``python -m scoring`` and by the tournament layer alike, so both give
the same answer for the same hand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .registry import VARIANTS
from .text import _
from .types import Code, HandError, HandScore


def evaluate(hand: Any, state: Any = None, config: Any = None) -> HandScore | list[HandError]:
    """Score ``hand`` from ``state`` (the previous hand's state, ``{}`` at the
    start) under the event ``config``; a list of errors when it is rejected."""
    # ``type(x) is dict`` first (what json.loads makes): the Mapping check is slow, and this runs
    # three times a hand. A refused envelope has one error.
    if type(hand) is not dict and not isinstance(hand, Mapping):
        return [HandError("", Code.INVALID_VALUE, _("the hand must be a JSON object"))]
    key = hand.get("variant")
    if key is None:
        return [HandError("variant", Code.MISSING_FIELD, _("%(field)s is required", field="variant"))]
    if not isinstance(key, str) or key not in VARIANTS:
        message = _("%(field)s must be one of %(choices)s", field="variant", choices=", ".join(sorted(VARIANTS)))
        return [HandError("variant", Code.INVALID_VALUE, message)]
    if state is None:
        state = {}
    if type(state) is not dict and not isinstance(state, Mapping):
        return [HandError("state", Code.INVALID_VALUE, _("%(field)s must be a JSON object", field="state"))]
    if config is not None and type(config) is not dict and not isinstance(config, Mapping):
        return [HandError("config", Code.INVALID_VALUE, _("%(field)s must be a JSON object", field="config"))]
    variant = VARIANTS[key]
    if variant.check_all is not None:
        hand_errors = variant.check_all(hand, state, config)
        return hand_errors if hand_errors else variant.settle(hand, state, config)
    config_errors = variant.validate_config(config)
    if config_errors:
        return config_errors
    hand_errors = variant.validate(hand, state, config)
    if hand_errors:
        return hand_errors
    return variant.settle(hand, state, config)


@dataclass(frozen=True)
class Scored:
    """One hand of a sequence as it was scored: the hand (as ``place`` made it) and the engine's answer."""

    hand: Any
    result: HandScore | list[HandError]

    @property
    def refused(self) -> bool:
        return not isinstance(self.result, HandScore)


# ``place(hand, previous, state)``: the hand as it is scored where it now stands, given the hand
# before it (as scored; None for the table's first) and the state that one left.
Place = Callable[[Any, Any, Mapping[str, Any]], Any]


def score_sequence(
    hands: Iterable[Any],
    state: Any = None,
    config: Any = None,
    *,
    place: Place | None = None,
    previous: Any = None,
) -> list[Scored]:
    """Score ``hands`` in order, each from the state the one before it left (the first from
    ``state``), under the event ``config``: what a table's hands add up to after one of them, the
    event's config or a reading changed. Stops at the first hand the engine refuses: it is the last
    item, its index in ``hands`` the item's index (``first_refused``).

    ``place`` changes each hand before it is scored, from the hand before it as scored (``previous``
    for the first): a deletion moves the later hands up, and each takes the envelope its new place
    gives it."""
    out: list[Scored] = []
    state = {} if state is None else state
    for hand in hands:
        if place is not None:
            hand = place(hand, previous, state)
        result = evaluate(hand, state, config)
        out.append(Scored(hand, result))
        if not isinstance(result, HandScore):
            break
        previous, state = hand, result.state
    return out


def first_refused(scored: list[Scored]) -> int | None:
    """The index of the hand ``score_sequence`` stopped at, or None when every hand scored."""
    return len(scored) - 1 if scored and scored[-1].refused else None


def answer(result: HandScore | list[HandError], lang: str | None = None) -> dict[str, Any]:
    """The JSON answer of hand-format.md for one result, its text in ``lang`` (None: English)."""
    if isinstance(result, HandScore):
        return result.as_dict(lang)
    return {"errors": [e.as_dict(lang) for e in result]}
