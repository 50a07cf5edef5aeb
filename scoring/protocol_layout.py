"""What a variant's paper protocol (zapisnik / játszmalap) writes for each hand. Pure, no Django.

Each variant declares one ``ProtocolLayout`` in ``scoring/variants/<key>/protocol.py``: a row
function that turns a hand's input (and the table state before and after it) into the four
variant-specific cells of its line, the headings of those four columns, and what else its
sheet shows. The helpers the variants share live here.

Words are English, marked with ``scoring.text._`` so that makemessages extracts them; a row
function translates them with the ``Translator`` it is given (the site passes Django's
``gettext`` and ``ngettext``, in the event's language), so the engine never imports Django.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from scoring.text import _


@dataclass(frozen=True)
class Translator:
    """How a row function translates its words: ``gettext(msgid)`` and ``ngettext(singular,
    plural, n)``. The default is English (the msgids as they are)."""

    gettext: Callable[[str], str] = lambda message: message
    ngettext: Callable[[str, str, int], str] = lambda singular, plural, n: singular if n == 1 else plural


ENGLISH = Translator()


@dataclass
class RowText:
    """The variant-specific cells of one hand's line on the paper sheet."""

    game: str = ""
    declarer: str = ""
    partner: str = ""
    details: str = ""


# A row function: (hand input, state before, state after, translator) -> the line's cells; with
# ``ProtocolLayout.reads_config`` the event's configuration follows as a fifth argument.
RowFunction = Callable[..., RowText]


@dataclass(frozen=True)
class SeatMarks:
    """What the state after a hand marks at each seat (Taruk's radelci): the filled sheet writes
    ``symbol`` after the seat's points, once a mark, and explains it with ``legend`` (a msgid); the
    hands export has a column headed ``legend`` naming the seats marked. ``count`` reads the state:
    seat -> how many marks."""

    legend: str
    count: Callable[[Mapping[str, Any]], Mapping[str, Any]]
    symbol: str = "○"

    def of(self, state: Any) -> dict[str, int]:
        """The marks after a hand, seat -> a whole number above 0; none for a state the count cannot read."""
        try:
            counted = self.count(state) if isinstance(state, Mapping) else {}
            return {s: n for s, n in counted.items() if isinstance(n, int) and not isinstance(n, bool) and n > 0}
        except (AttributeError, TypeError, ValueError, KeyError):
            return {}


@dataclass(frozen=True)
class ProtocolLayout:
    """A variant's sheet: its row function, the headings of its four columns (msgids, in
    order: game, declarer, partner, details), what the state marks at each seat (``SeatMarks``:
    Taruk's radelci; None: nothing), and whether the row reads the event's configuration (Laza:
    the organizer's point table names the bids)."""

    row: RowFunction
    columns: tuple[str, str, str, str]
    seat_marks: SeatMarks | None = None
    reads_config: bool = False

    def text(
        self,
        hand: Mapping[str, Any],
        before: Mapping[str, Any],
        after: Mapping[str, Any],
        tr: Translator = ENGLISH,
        config: Any = None,
    ) -> RowText:
        """The hand's cells; a hand the row function cannot read falls back to compact text,
        so a sheet always prints."""
        try:
            if self.reads_config:
                return self.row(hand, before or {}, after or {}, tr, config)
            return self.row(hand, before or {}, after or {}, tr)
        except (AttributeError, TypeError, ValueError, KeyError):
            return fallback_row(hand, tr)


# --- words and marks the variants share ----------------------------------------------------------

MADE, FAILED = "✓", "✗"
SILENT = _("silent")
OPP = _("opp.")
ALONE = _("alone")
RENONSZ = _("renonsz")
YES, NO = _("yes"), _("no")
# The fields of the hand's envelope: the sheet has columns of its own for them.
ENVELOPE = ("variant", "seats", "dealer")
# Hungarian suit names as the sheets write them (ulti, Illusztrált, Vadász, Laza).
HU_SUITS = {
    "kor": "kőr",
    "karo": "káró",
    "treff": "treff",
    "pikk": "pikk",
    "makk": "makk",
    "tok": "tök",
    "zold": "zöld",
    "piros": "piros",
}


def mark(made: Any) -> str:
    return MADE if made else FAILED


def pts(n: Any, tr: Translator) -> str:
    """ "48 pts" with the plural the language needs (Slovenian: 1 točka, 2 točki, 3 točke, 5 točk)."""
    return tr.ngettext("%(n)s pt", "%(n)s pts", n if isinstance(n, int) else 0) % {"n": n}


def tricks(n: Any, tr: Translator) -> str:
    return tr.ngettext("%(n)s trick", "%(n)s tricks", n if isinstance(n, int) else 0) % {"n": n}


def coded(words: Mapping[str, str], value: Any, tr: Translator) -> str:
    """A coded value as the sheet writes it: the translated word, else the code readable."""
    return tr.gettext(words[value]) if value in words else str(value or "").replace("_", " ")


def compact(value: Any, tr: Translator = ENGLISH) -> str:
    """Short text for a value the protocol has no column for."""
    if value is None or value == [] or value == {}:
        return ""
    if isinstance(value, bool):
        return tr.gettext(YES if value else NO)
    if isinstance(value, str | int | float):
        return str(value)
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def extras(hand: Mapping[str, Any], known: Iterable[str], tr: Translator) -> list[str]:
    """Fields a row function did not place: ``key: value``, so nothing typed is lost."""
    skip = set(known) | set(ENVELOPE)
    return [f"{k}: {compact(v, tr)}" for k, v in hand.items() if k not in skip and compact(v, tr)]


def join(parts: Iterable[str]) -> str:
    return "; ".join(p for p in parts if p)


def fallback_row(hand: Mapping[str, Any], tr: Translator = ENGLISH) -> RowText:
    """A hand the variant's row function cannot read: the game and declarer if the hand names
    them, everything else as compact text."""
    return RowText(
        compact(hand.get("game") or hand.get("bid"), tr),
        compact(hand.get("declarer"), tr),
        compact(hand.get("partner"), tr),
        join(extras(hand, ("game", "bid", "declarer", "partner"), tr)),
    )
