"""What a series computation takes and gives (season.md §2–§5): plain dataclasses, exact numbers.

Numbers are ``Decimal`` (or ``int``): table points come in eighths and weights in tenths, and
the spec wants 1.625 × 0.3 = 0.4875 exactly (§3.4), which binary floats cannot give. Sums and
products go through ``EXACT``, a context with the largest precision, so they never round;
the only rounding is the one the rules ask for (``points.round_half_away``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import MAX_EMAX, MAX_PREC, MIN_EMIN, Context, Decimal
from functools import reduce
from typing import Any

from ..types import HandError

Number = Decimal | int

# §3.1: the points rules; the figure(s) of the result each one reads (§9: "a missing figure the
# rule needs").
POINTS: dict[str, tuple[str, ...]] = {
    "event_total": ("total",),
    "fixed_by_place": (),
    "cubic": (),
    "heine": ("game_points",),
    "percent_of_possible": ("total", "max_total"),
}
COUNTS = ("all", "best_n", "best_half")  # §4.1
TIE_BREAKS = ("best_result", "latest_event", "events")  # §5.2
DEFAULT_TIE_BREAKS = ("best_result", "latest_event")

# §3.1: ABAKUS "Fixpunkte" for places 1–50 (the organizer may edit it).
# fmt: off
DEFAULT_TABLE: tuple[Decimal, ...] = tuple(Decimal(v) for v in (
    223, 198, 180, 168, 156, 147, 138, 131, 124, 117, 110, 105, 100, 95, 90, 85, 80, 76, 72, 68,
    64, 60, 56, 52, 49, 46, 43, 40, 37, 34, 31, 28, 26, 24, 22, 20, 18, 16, 14, 12,
    10, 9, 8, 7, 6, 5, 4, 3, 2, 1,
))
# fmt: on

# Add and multiply without ever rounding (every input is a finite decimal, §3.4).
EXACT = Context(prec=MAX_PREC, Emax=MAX_EMAX, Emin=MIN_EMIN)
ZERO = Decimal(0)


def exact_sum(values: Iterable[Decimal]) -> Decimal:
    return reduce(EXACT.add, values, ZERO)


def as_decimal(value: Number | float) -> Decimal:
    """An input number as a Decimal; a float (never from the site, maybe from a script) by its
    shortest text, which is the decimal the writer meant."""
    if isinstance(value, Decimal):
        return value
    if isinstance(value, float):
        return Decimal(repr(value))
    return Decimal(value)


@dataclass(frozen=True)
class Settings:
    """The series settings of §3–§5 (``ties_at_cut`` of §7.2 is an argument of ``fill_final``)."""

    points: str
    table: Sequence[Number] = DEFAULT_TABLE  # for ``fixed_by_place``
    count: str = "all"
    n: int | None = None  # for ``best_n``
    minus_counts: bool = True
    tie_breaks: Sequence[str] = DEFAULT_TIE_BREAKS


@dataclass(frozen=True)
class Result:
    """One ranked player of an event's result (§2.2); a figure the rule does not read may be None."""

    player: str
    place: int
    total: Number | None = None
    game_points: Number | None = None
    max_total: Number | None = None


@dataclass(frozen=True)
class Event:
    """A member event, in the series' order (§2.1): its result, weight and flags.

    ``provisional``: the event is still running and ``results`` is its current standing (§2.2);
    its values are marked so on the ladder, and it counts for E of ``best_half`` (§4.1).
    """

    id: str
    results: Sequence[Result] = ()
    weight: Number = 1
    always_counts: bool = False
    provisional: bool = False


@dataclass(frozen=True)
class LadderLine:
    """One player's line of the ladder (§5.3): rank, series total, counted and dropped values.

    ``counted``/``dropped``: event id -> series points (after the weight), in the series' order.
    ``events``: events in whose result he appears (a ``heine`` no result included, listed in
    ``no_result``). ``provisional``: the ids among them whose result is provisional.
    """

    player: str
    rank: int
    total: Decimal
    counted: dict[str, Decimal]
    dropped: dict[str, Decimal]
    events: int
    no_result: tuple[str, ...] = ()
    provisional: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        """The line as ``python -m scoring.series`` writes it (§9); numbers stay Decimals."""
        return {
            "player": self.player,
            "rank": self.rank,
            "total": self.total,
            "counted": dict(self.counted),
            "dropped": dict(self.dropped),
            "events": self.events,
        }


class InvalidSeries(ValueError):
    """The settings or events cannot be computed; ``errors`` name each field (``HandError``s:
    field path, code, message rendered in the reader's language)."""

    def __init__(self, errors: list[HandError]):
        super().__init__("; ".join(f"{e.field}: {e.message}" for e in errors))
        self.errors = errors


@dataclass
class PlayerResults:
    """What counting needs of one player: his value per event index (None: a ``heine`` no
    result) and his place there."""

    player: str
    values: dict[int, Decimal | None] = field(default_factory=dict)
    places: dict[int, int] = field(default_factory=dict)
