"""What no field may hold, in one sentence each: a NUL character, a number too large to keep.

No field of ours may hold a NUL (0x00): PostgreSQL cannot store it in a text column nor ``\\u0000`` in
jsonb. The request middleware refuses it in raw input, the hand actions in a hand's JSON (an
escaped ``\\u0000``), the player import in a spreadsheet cell; all say it in these words.

A hand's numbers are bounded by ``NUMBER_LIMIT``: the rules leave a judge's renons points (Taruk) and
the jury's points (ulti) open, but the standings add the hands' points in the database, as 32-bit
integers on PostgreSQL; no rule needs a number near the limit. The hand form's number fields say the
same limit (``min``/``max``) wherever a variant gives none.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.utils.translation import gettext as _

from scoring.common import path

NUMBER_LIMIT = 99_999


def nul_message(field: str) -> str:
    return _("%(field)s: contains a NUL character, which no field may hold.") % {"field": field}


def large_number_paths(value: Any, where: str = "") -> Iterator[str]:
    """The paths (the engine's: ``penalties[0].points``) of numbers beyond ``NUMBER_LIMIT`` either way."""
    if isinstance(value, bool):
        return
    if isinstance(value, (int, float)):
        if abs(value) > NUMBER_LIMIT:
            yield where
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from large_number_paths(item, path(where, str(key)))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from large_number_paths(item, path(where, i))


def large_number_message(field: str) -> str:
    return _("%(field)s: at most %(n)s either way.") % {"field": field, "n": NUMBER_LIMIT}
