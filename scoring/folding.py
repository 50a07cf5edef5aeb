"""Text compared as people type it: without accents, case, spaces and punctuation. Pure Python.

The site matches players' names with ``fold`` (``tournaments.people.names``); a variant's configuration
table reads the names it writes in its cells (a ladder, a group, a card) with ``name_key``.
"""

from __future__ import annotations

import re
import unicodedata

# Letters that Unicode does not decompose into a base letter and an accent.
_UNDECOMPOSED = str.maketrans({"đ": "d", "Đ": "D", "ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "ß": "ss"})


def fold(text: str) -> str:
    """``text`` without accents and case, for matching what a person types ("Čuk" -> "cuk")."""
    decomposed = unicodedata.normalize("NFKD", (text or "").translate(_UNDECOMPOSED))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def name_key(text: str) -> str:
    """A name or an id as typed, compared without case, accents, spaces and punctuation
    ("Gém - Volát", "gem–volat"; "ladder_rank", "Ladder rank")."""
    return re.sub(r"[\W_]+", "", fold(text))
