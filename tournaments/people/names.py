"""People's names: players' as people search and sort them (without accents, in the event language's
order), and how pages and sheets name a person with an account (a judge, an organizer).

Pure Python (no Django). Matching folds accents and case (``cuk`` finds Čuk, ``kovacs odon`` finds
Kovács Ödön); sorting uses ICU's collation for the event's language (PyICU), so Slovenian puts Č after C
and Ž after Z, and Hungarian reads its digraphs (cs, gy, ny, sz, zs …) as letters.

A name is stored as one string. Reading of the surname, for the lists sorted by name:
- a comma marks it in any language: "Čuk, Janez" has the surname Čuk;
- Hungarian writes the surname first ("Kovács Ödön", as the MAUSZ lists and the demo do);
- otherwise (Slovenian, English) the surname is the last word ("Janez Čuk", as the demo and the seating
  lists do). A Slovenian list typed surname first ("Čuk Janez") sorts by its last word unless written
  with a comma.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from scoring.folding import fold

T = TypeVar("T")

# Languages whose names are written surname first.
SURNAME_FIRST = frozenset({"hu"})


def matches(query: str, *texts: str) -> bool:
    """Whether every word of ``query`` is found in ``texts``, accents and case aside."""
    haystack = " ".join(fold(t) for t in texts if t)
    return all(word in haystack for word in fold(query).split())


def surname_first(name: str, language: str) -> str:
    """The name as a list by surname reads it (see the module's docstring)."""
    name = " ".join((name or "").split())
    if "," in name:
        surname, given = name.split(",", 1)
        return f"{surname.strip()} {given.strip()}".strip()
    if language in SURNAME_FIRST or " " not in name:
        return name
    given, surname = name.rsplit(" ", 1)
    return f"{surname} {given}"


_local = threading.local()  # an ICU collator is not shared between threads


def _collator(language: str):
    cache = _local.__dict__.setdefault("collators", {})
    if language not in cache:
        import icu  # PyICU (the pyicu-wheels package): ICU's collation data for every language

        collator = icu.Collator.createInstance(icu.Locale(language or "en"))
        # Numbers inside names sort by value ("Player 2" before "Player 10").
        collator.setAttribute(icu.UCollAttribute.NUMERIC_COLLATION, icu.UCollAttributeValue.ON)
        cache[language] = collator
    return cache[language]


def collation_key(text: str, language: str) -> bytes:
    """A key that sorts ``text`` as the dictionaries of ``language`` do."""
    return _collator(language).getSortKey(text or "")


def by_surname(items: Iterable[T], language: str, name: Callable[[T], str], then: Callable[[T], int]) -> list[T]:
    """``items`` sorted by surname in ``language``'s order (ties: ``then``, e.g. the start number)."""
    return sorted(items, key=lambda item: (collation_key(surname_first(name(item), language), language), then(item)))


def display_name(user: Any) -> str:
    """His full name if it is set, else his user name; empty for nobody (a deleted account)."""
    if user is None:
        return ""
    return user.get_full_name() or user.get_username()
