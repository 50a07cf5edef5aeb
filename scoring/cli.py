"""What the engine's command lines (``python -m scoring``, ``python -m scoring.series``) share."""

from __future__ import annotations

import argparse

LANGUAGES = ("en", "sl", "hu")


def language_option(argv: list[str] | None, prog: str, description: str, lang_help: str) -> str | int:
    """The ``--lang`` that ``argv`` gives (English by default), or the exit status when argparse printed
    the usage instead: 0 after ``--help``, 2 for wrong arguments."""
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help=lang_help)
    try:
        return parser.parse_args(argv or []).lang
    except SystemExit as exc:  # argparse printed the usage
        return 2 if exc.code else 0
