"""The engine's breakdown lines and error messages in the reader's language.

The engine (``scoring.text``) carries each line as a message: English text beside a msgid and its
arguments. A hand stores its breakdown as JSON (``HandScore.stored_breakdown``); a hand stored before
lines were messages holds plain English strings, shown as they are. Every page, form and API answer
that shows a breakdown or an engine error goes through here, so that all of them render in the active
language (the request's, set by the locale middleware: the reader's choice, ``Accept-Language`` or the
event's).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import get_language

from scoring.text import from_json, render
from scoring.types import HandError


def breakdown(lines: Iterable[Any] | None) -> list[str]:
    """Breakdown lines, stored (JSON) or fresh from the engine, as text in the active language."""
    lang = get_language()
    return [render(from_json(line), lang) for line in lines or ()]


def message(error: HandError) -> str:
    """An engine error's sentence in the active language (a site error is already in it)."""
    return render(error.message, get_language())


def error_dicts(errors: Iterable[HandError]) -> list[dict[str, str]]:
    """hand-format.md's error objects, their messages in the active language."""
    lang = get_language()
    return [e.as_dict(lang) for e in errors]
