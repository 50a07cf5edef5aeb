"""``python -m scoring [--lang en|sl|hu] < hand.json``: the command line of hand-format.md.

Breakdown lines and error messages are written in ``--lang`` (English by default).
Exit status 0 when every hand scored, 1 when any was rejected, 2 when the
input is not JSON of the expected shape (or the arguments are wrong).
"""

from __future__ import annotations

import contextlib
import gc
import json
import marshal
import sys
from collections.abc import Mapping
from typing import Any

from .cli import language_option
from .engine import answer, evaluate
from .types import HandScore

WRAPPER_KEYS = {"hand", "state", "config"}


def _unwrap(item: Any) -> tuple[Any, Any, Any] | None:
    """(hand, state, config) from one item, or None when the item has no usable shape."""
    # ``type(item) is dict`` first and no set built: this runs for every item of a batch.
    if type(item) is not dict and not isinstance(item, Mapping):
        return None
    if "hand" in item:
        if not item.keys() <= WRAPPER_KEYS:
            return None
        return item["hand"], item.get("state"), item.get("config")
    return item, None, None


def _share_configs(unwrapped: list[tuple[Any, Any, Any]]) -> list[tuple[Any, Any, Any]]:
    """The items with equal configs sharing one object.

    A batch carries its event's config with every hand, and Laza parses its point table once
    per config object (``point_table``): parsed anew for each hand it costs more than scoring.
    Two configs are the same value when they marshal to the same bytes: marshal writes the type of
    every value (1, 1.0 and true differ, as in JSON) and the members in order, like JSON text but
    four times faster. Version 0 writes neither references nor interning, so equal values always
    write alike. The engine never changes a config."""
    shared: dict[bytes, Any] = {}
    out = []
    for hand, state, config in unwrapped:
        if config is not None:
            with contextlib.suppress(ValueError):  # nested deeper than marshal writes
                config = shared.setdefault(marshal.dumps(config, 0), config)
        out.append((hand, state, config))
    return out


def _by_variant(items: list[tuple[Any, Any, Any]]) -> list[int]:
    """The items' positions, variant by variant (in input order within a variant).

    A batch of several variants scored in the order given runs each variant's code a hand at a time in
    turn, and the interpreter's caches (its specialized instructions, the processor's) are refilled at
    every hand: a mixed batch scored variant by variant takes a third less time. Each answer is made
    as its hand is scored and written in the input's order; the result itself is let go at once."""

    def variant(i: int) -> str:
        hand = items[i][0]
        key = hand.get("variant") if type(hand) is dict else None
        return key if type(key) is str else ""

    return sorted(range(len(items)), key=variant)


def main(stdin: Any = None, stdout: Any = None, argv: list[str] | None = None) -> int:
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    lang = language_option(
        argv, "python -m scoring", "Score hands (hand-format.md) read as JSON.", "language of breakdowns and errors"
    )
    if isinstance(lang, int):
        return lang
    try:
        payload = json.load(stdin)
    except (ValueError, UnicodeDecodeError) as exc:
        print(f"input is not JSON: {exc}", file=sys.stderr)
        return 2
    items = payload if isinstance(payload, list) else [payload]
    unwrapped = [_unwrap(item) for item in items]
    if any(u is None for u in unwrapped):
        print(
            'input must be a hand, {"hand", "state", "config"}, or a list of them',
            file=sys.stderr,
        )
        return 2
    items = _share_configs(unwrapped)
    answers: list[Any] = [None] * len(items)
    every_hand_scored = True
    for i in _by_variant(items):
        result = evaluate(*items[i])
        every_hand_scored = every_hand_scored and isinstance(result, HandScore)
        answers[i] = answer(result, lang)
    # dumps, not dump: json.dump writes through the pure-Python encoder, dumps through the C one
    # (the same text, several times faster).
    stdout.write(json.dumps(answers if isinstance(payload, list) else answers[0], ensure_ascii=False))
    stdout.write("\n")
    return 0 if every_hand_scored else 1


if __name__ == "__main__":
    # The command scores one batch and exits. The batch, its results and its answers stay alive
    # until the answers are written, so the cyclic GC would scan them again and again as they grow,
    # and free nothing (the engine makes no reference cycles): half the run's time on a large batch.
    gc.disable()
    sys.exit(main(argv=sys.argv[1:]))
