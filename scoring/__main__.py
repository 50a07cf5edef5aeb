"""``python -m scoring [--lang en|sl|hu] < hand.json``: the command line of hand-format.md.

Breakdown lines and error messages are written in ``--lang`` (English by default).
Exit status 0 when every hand scored, 1 when any was rejected, 2 when the
input is not JSON of the expected shape (or the arguments are wrong).
"""

from __future__ import annotations

import argparse
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


LANGUAGES = ("en", "sl", "hu")


def main(stdin: Any = None, stdout: Any = None, argv: list[str] | None = None) -> int:
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    parser = argparse.ArgumentParser(prog="python -m scoring", description="Score hands (hand-format.md) read as JSON.")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of breakdowns and errors")
    try:
        args = parser.parse_args(argv or [])
    except SystemExit as exc:  # argparse printed the usage
        return 2 if exc.code else 0
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
    answers = [answer(r, args.lang) for r in results]
    json.dump(answers if isinstance(payload, list) else answers[0], stdout, ensure_ascii=False)
    stdout.write("\n")
    return 0 if all(isinstance(r, HandScore) for r in results) else 1


if __name__ == "__main__":
    sys.exit(main(argv=sys.argv[1:]))
