"""§3: an event's result becomes series points, rule by rule, then weighted (§3.2, §3.3).

Rounding happens only where a rule divides (``cubic`` to a whole number, ``percent_of_possible``
to 2 decimals), half away from zero, before the weight (§3.4); the arithmetic is done in whole
numbers so that the rounding sees the exact value (200 · (8/9)³ = 140.46…, not a float near it).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction

from .model import EXACT, ZERO, Event, Number, Result, Settings, as_decimal


def round_ratio(numerator: int, denominator: int, places: int = 0) -> Decimal:
    """``numerator / denominator`` (denominator > 0) rounded to ``places`` decimals, halves away
    from zero (§3.4: 2.5 -> 3, -2.5 -> -3, 15.625 -> 15.63), as an exact Decimal. Whole numbers
    only: a ladder converts thousands of results, and Fraction arithmetic would be the slow part."""
    scaled = abs(numerator) * 10**places
    whole = (2 * scaled + denominator) // (2 * denominator)  # ⌊x + 1/2⌋ of x = scaled / denominator
    return Decimal(whole if numerator >= 0 else -whole).scaleb(-places, EXACT)


def round_half_away(value: Fraction, places: int = 0) -> Decimal:
    """``value`` rounded to ``places`` decimals, halves away from zero (``round_ratio``)."""
    return round_ratio(value.numerator, value.denominator, places)


def fixed_by_place(place: int, table: Sequence[Number]) -> Decimal:
    """``table[place − 1]``, 0 beyond the table's end (ABAKUS "Fixpunkte")."""
    return as_decimal(table[place - 1]) if place <= len(table) else ZERO


def cubic(place: int, ranked: int) -> Decimal:
    """The Tirol formula ``round(200 · ((N − r)/(N − 1))³)``; 200 when N = 1 (no division)."""
    if ranked == 1:
        return Decimal(200)
    return round_ratio(200 * (ranked - place) ** 3, (ranked - 1) ** 3)


def heine(game_points: Number) -> Decimal | None:
    """ABAKUS "Heinewertung": up to 100 in full, above that half (rounded down), at most 200;
    None (no result, §4.2) for p ≤ 0."""
    p = as_decimal(game_points)
    if p <= 0:
        return None
    if p <= 100:
        return p
    if p >= 300:
        return Decimal(200)
    above, denominator = EXACT.subtract(p, 100).as_integer_ratio()
    return Decimal(100 + above // (2 * denominator))  # 100 + ⌊(p − 100)/2⌋, in whole numbers


def percent_of_possible(total: Number, max_total: Number) -> Decimal:
    """``100 · total / max_total`` to 2 decimals (TARZS titles); ``max_total`` > 0 is checked
    before (``checks.validate``)."""
    a, b = as_decimal(total).as_integer_ratio()
    c, d = as_decimal(max_total).as_integer_ratio()
    return round_ratio(100 * a * d, b * c, 2)  # 100 · (a/b) / (c/d), c > 0


def raw_value(settings: Settings, result: Result, ranked: int) -> Decimal | None:
    """The event's series points of one player before the weight (§3.1); None: no result."""
    rule = settings.points
    if rule == "event_total":
        return as_decimal(result.total)  # type: ignore[arg-type]  # checked: the rule needs it
    if rule == "fixed_by_place":
        return fixed_by_place(result.place, settings.table)
    if rule == "cubic":
        return cubic(result.place, ranked)
    if rule == "heine":
        return heine(result.game_points)  # type: ignore[arg-type]
    return percent_of_possible(result.total, result.max_total)  # type: ignore[arg-type]


def weighted(value: Decimal, weight: Number, minus_counts: bool) -> Decimal:
    """§3.2–§3.3: the weight multiplies the exact value (1.625 × 0.3 = 0.4875); without
    ``minus_counts`` a negative value becomes 0 after the weight."""
    value = EXACT.multiply(value, as_decimal(weight))
    if not minus_counts and value < 0:
        return ZERO
    return value


def event_values(settings: Settings, event: Event) -> dict[str, tuple[Decimal | None, int]]:
    """Player -> (his series points in ``event``, None for no result; his place)."""
    ranked = len(event.results)
    out: dict[str, tuple[Decimal | None, int]] = {}
    for result in event.results:
        value = raw_value(settings, result, ranked)
        if value is not None:
            value = weighted(value, event.weight, settings.minus_counts)
        out[result.player] = (value, result.place)
    return out
