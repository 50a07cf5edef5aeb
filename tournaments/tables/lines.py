"""The engine's breakdown lines and error messages in the reader's language.

The engine (``scoring.text``) carries each line as a message: English text beside a msgid and its
arguments. A hand stores its breakdown as JSON (``HandScore.stored_breakdown``); a hand stored before
lines were messages holds plain English strings, shown as they are. Every page, form and API answer
that shows a breakdown or an engine error goes through here, so that all of them render in the active
language (the request's, set by the locale middleware: the reader's choice, ``Accept-Language`` or the
event's).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.utils.translation import get_language

from scoring.text import Msg, from_json, render
from scoring.types import HandError


def breakdown(lines: Iterable[Any] | None) -> list[str]:
    """Breakdown lines, stored (JSON) or fresh from the engine, as text in the active language."""
    lang = get_language()
    return [render(from_json(line), lang) for line in lines or ()]


# A field's label as the reader sees it (the hand form's), from an engine error's JSON path; None
# where no field of the form writes that path.
Labels = Callable[[str], str | None]


def message(error: HandError, labels: Labels | None = None) -> str:
    """An engine error's sentence in the active language (a site error is already in it).

    The engine names the field by its JSON key (``%(field)s is required``, field="declarer"); with
    ``labels`` the sentence names it as the hand form labels it instead ("felvevő: kötelező megadni").
    The key is the error's own field, the last step of its path, or another path of the hand."""
    msg = error.message
    named = msg.args.get("field") if isinstance(msg, Msg) else None
    if labels is not None and type(named) is str:
        own = named == error.field or error.field.endswith("." + named)
        label = labels(error.field if own else named)
        if label:
            msg = Msg(msg.msgid, **{**msg.args, "field": str(label)})
    return render(msg, get_language())


def error_dicts(errors: Iterable[HandError], labels: Labels | None = None) -> list[dict[str, str]]:
    """hand-format.md's error objects, their messages in the active language; ``field`` stays the
    JSON path (for programs), the message names it by its label where ``labels`` knows it."""
    return [{"field": e.field, "code": e.code, "message": message(e, labels)} for e in errors]
