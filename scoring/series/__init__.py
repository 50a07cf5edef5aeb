"""Series (seasons, cups): the pure rules of season.md §3–§5 and §7, no Django.

The site loads the member events' results into plain dataclasses (``model``) and gets back the
ladder; ``python -m scoring.series < input.json`` does the same from JSON (§9).

- ``model``: ``Settings``, ``Event``, ``Result`` in; ``LadderLine`` out; exact decimal arithmetic;
- ``points``: §3, an event's result as series points (the five rules, weight, ``minus_counts``);
- ``counting``: §4, counted and dropped results (``all``, ``best_n``, ``best_half``);
- ``ladder``: §5, the ladder and its tie-breaks; §1.4 the history; §7.1 the ladder before a final;
- ``final``: §7, the cut line and filling a final (declines, ties at the cut);
- ``checks``: what makes input computable (§9's malformed cases), for the site and the CLI alike;
- ``jsonio``: §9's JSON in and out.
"""

from .final import CutLine, FinalFill, cut_line, fill_final
from .ladder import ladder, ladder_before, ladder_history
from .model import DEFAULT_TABLE, Event, InvalidSeries, LadderLine, Result, Settings

__all__ = [
    "DEFAULT_TABLE",
    "CutLine",
    "Event",
    "FinalFill",
    "InvalidSeries",
    "LadderLine",
    "Result",
    "Settings",
    "cut_line",
    "fill_final",
    "ladder",
    "ladder_before",
    "ladder_history",
]
