"""``python -m scoring.series [--lang en|sl|hu] < input.json``: the series ladder as JSON (season.md §9).

Standard input: ``{"settings": {...}, "events": [...]}``; standard output: the ladder lines in
ladder order. Exit status 0 with the ladder, 2 when the input is malformed (not JSON, or a field
§9 refuses), with one line per malformed field on standard error, naming it, in ``--lang``.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..text import render
from .jsonio import ladder_json, loads, parse
from .ladder import ladder
from .model import InvalidSeries

LANGUAGES = ("en", "sl", "hu")


def main(stdin: Any = None, stdout: Any = None, argv: list[str] | None = None) -> int:
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    parser = argparse.ArgumentParser(
        prog="python -m scoring.series", description="The series ladder (season.md §9) of a season read as JSON."
    )
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the error messages")
    try:
        args = parser.parse_args(argv or [])
    except SystemExit as exc:  # argparse printed the usage
        return 2 if exc.code else 0
    try:
        payload = loads(stdin.read())
    except (ValueError, UnicodeDecodeError) as exc:
        print(f"input is not JSON: {exc}", file=sys.stderr)
        return 2
    try:
        settings, events = parse(payload)
    except InvalidSeries as exc:
        for error in exc.errors:
            print(f"{error.field}: {render(error.message, args.lang)}", file=sys.stderr)
        return 2
    stdout.write(ladder_json(ladder(settings, events)))
    stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(argv=sys.argv[1:]))
