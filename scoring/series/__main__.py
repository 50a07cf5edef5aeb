"""``python -m scoring.series [--lang en|sl|hu] < input.json``: the series ladder as JSON (season.md §9).

Standard input: ``{"settings": {...}, "events": [...]}``; standard output: the ladder lines in
ladder order. Exit status 0 with the ladder, 2 when the input is malformed (not JSON, or a field
§9 refuses), with one line per malformed field on standard error, naming it, in ``--lang``.
"""

from __future__ import annotations

import sys
from typing import Any

from ..cli import language_option
from ..text import render
from .jsonio import ladder_json, loads, parse
from .ladder import ladder
from .model import InvalidSeries


def main(stdin: Any = None, stdout: Any = None, argv: list[str] | None = None) -> int:
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    lang = language_option(
        argv,
        "python -m scoring.series",
        "The series ladder (season.md §9) of a season read as JSON.",
        "language of the error messages",
    )
    if isinstance(lang, int):
        return lang
    try:
        payload = loads(stdin.read())
    except (ValueError, UnicodeDecodeError) as exc:
        print(f"input is not JSON: {exc}", file=sys.stderr)
        return 2
    try:
        settings, events = parse(payload)
    except InvalidSeries as exc:
        for error in exc.errors:
            print(f"{error.field}: {render(error.message, lang)}", file=sys.stderr)
        return 2
    stdout.write(ladder_json(ladder(settings, events)))
    stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(argv=sys.argv[1:]))
