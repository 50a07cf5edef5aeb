"""``python -m scoring < hand.json``: the command line of hand-format.md.

Exit status 0 when every hand scored, 1 when any was rejected, 2 when the
input is not JSON of the expected shape.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from typing import Any

from .engine import answer, evaluate
from .types import HandScore

WRAPPER_KEYS = {"hand", "state", "config"}


def _unwrap(item: Any) -> tuple[Any, Any, Any] | None:
    """(hand, state, config) from one item, or None when the item has no usable shape."""
    if not isinstance(item, Mapping):
        return None
    if "hand" in item:
        if not set(item) <= WRAPPER_KEYS:
            return None
        return item["hand"], item.get("state"), item.get("config")
    return item, None, None


def main(stdin: Any = None, stdout: Any = None) -> int:
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
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
    results = [evaluate(*u) for u in unwrapped]
    answers = [answer(r) for r in results]
    json.dump(answers if isinstance(payload, list) else answers[0], stdout, ensure_ascii=False)
    stdout.write("\n")
    return 0 if all(isinstance(r, HandScore) for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
