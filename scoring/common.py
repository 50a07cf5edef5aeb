"""Helpers that several variants share: error collection, typed field checks,
kontra multipliers, rounding and seat-order arithmetic.

Every check takes the hand as untrusted JSON (anything ``json.loads`` can give)
and records errors instead of raising, so that a variant can report all errors
at once and no input can crash it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from .types import (
    INCONSISTENT,
    INVALID_VALUE,
    MISSING_FIELD,
    NOT_APPLICABLE,
    OUT_OF_RANGE,
    UNKNOWN_FIELD,
    HandError,
)

ALL_SEATS = ("A", "B", "C", "D", "E", "F", "G")
MISSING = object()  # a key that is absent (distinct from an explicit null)


def path(parent: str, key: str | int) -> str:
    """Join a field path: ``path("bonuses", 1) == "bonuses[1]"``, ``path("bonuses[1]", "kontra")``."""
    if isinstance(key, int):
        return f"{parent}[{key}]"
    return f"{parent}.{key}" if parent else key


class Errors:
    """Collects ``HandError``s; the ``check_*`` methods return the value when it is
    valid and ``None`` (after recording an error) when it is not."""

    def __init__(self) -> None:
        self.items: list[HandError] = []

    def __bool__(self) -> bool:
        return bool(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def add(self, field: str, code: str, message: str) -> None:
        self.items.append(HandError(field, code, message))

    def has(self, prefix: str) -> bool:
        """Is there already an error on this field or below it?"""
        return any(
            e.field == prefix or e.field.startswith(prefix + ".") or e.field.startswith(prefix + "[")
            for e in self.items
        )

    # --- structure -----------------------------------------------------------

    def check_object(self, value: Any, field: str) -> Mapping[str, Any] | None:
        if isinstance(value, Mapping) and all(isinstance(k, str) for k in value):
            return value
        self.add(field, INVALID_VALUE, f"{field or 'the hand'} must be a JSON object")
        return None

    def check_list(self, value: Any, field: str) -> list[Any] | None:
        if isinstance(value, list):
            return value
        self.add(field, INVALID_VALUE, f"{field} must be a list")
        return None

    def unknown_keys(self, obj: Mapping[str, Any], allowed: Iterable[str], parent: str = "") -> None:
        allowed = set(allowed)
        for key in obj:
            if key not in allowed:
                self.add(path(parent, key), UNKNOWN_FIELD, f"unknown field {key!r}")

    def require(self, obj: Mapping[str, Any], key: str, parent: str = "", why: str = "") -> Any:
        """The value at ``key``; records ``missing_field`` when absent or null."""
        value = obj.get(key)
        if value is None:
            reason = f"{key} is required" + (f" {why}" if why else "")
            self.add(path(parent, key), MISSING_FIELD, reason)
        return value

    def forbid(self, obj: Mapping[str, Any], key: str, parent: str = "", why: str = "") -> None:
        """A field that does not apply must be absent, null or an empty list."""
        value = obj.get(key)
        if value is None or value == [] or value == {}:
            return
        reason = f"{key} does not apply" + (f" {why}" if why else "")
        self.add(path(parent, key), NOT_APPLICABLE, reason)

    # --- scalars -------------------------------------------------------------

    def check_int(
        self, value: Any, field: str, lo: int | None = None, hi: int | None = None
    ) -> int | None:
        # bool is a subclass of int in Python but not an integer in JSON terms.
        if isinstance(value, bool) or not isinstance(value, int):
            self.add(field, INVALID_VALUE, f"{field} must be a whole number")
            return None
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            if lo is not None and hi is not None:
                bounds = f"between {lo} and {hi}"
            elif lo is not None:
                bounds = f"at least {lo}"
            else:
                bounds = f"at most {hi}"
            self.add(field, OUT_OF_RANGE, f"{field} must be {bounds}")
            return None
        return value

    def check_bool(self, value: Any, field: str) -> bool | None:
        if isinstance(value, bool):
            return value
        self.add(field, INVALID_VALUE, f"{field} must be true or false")
        return None

    def check_str(self, value: Any, field: str, max_length: int | None = None) -> str | None:
        if not isinstance(value, str):
            self.add(field, INVALID_VALUE, f"{field} must be text")
            return None
        if max_length is not None and len(value) > max_length:
            self.add(field, OUT_OF_RANGE, f"{field} must be at most {max_length} characters")
            return None
        return value

    def check_choice(self, value: Any, field: str, choices: Iterable[Any]) -> Any:
        choices = list(choices)
        # Compare type as well as value: True == 1 must not pass for the choice 1.
        if any(type(value) is type(c) and value == c for c in choices):
            return value
        shown = ", ".join(repr(c) if isinstance(c, str) else str(c) for c in choices)
        self.add(field, INVALID_VALUE, f"{field} must be one of {shown}")
        return None

    def check_seat(self, value: Any, field: str, seats: Sequence[str], what: str = "seat") -> str | None:
        if isinstance(value, str) and value in seats:
            return value
        self.add(field, INVALID_VALUE, f"{field} must be a {what} of this hand ({', '.join(seats)})")
        return None

    def check_kontra(self, value: Any, field: str, levels: Sequence[int] = (1, 2, 4)) -> int | None:
        # type() is int: a bool, or a float such as 2.0 (2.0 == 2 in Python), is not a kontra level.
        if type(value) is not int or value not in levels:
            shown = ", ".join(str(x) for x in levels[:-1]) + f" or {levels[-1]}"
            self.add(field, INVALID_VALUE, f"{field} must be {shown}")
            return None
        return value

    def inconsistent(self, field: str, message: str) -> None:
        self.add(field, INCONSISTENT, message)


def kontra_multiplier(level: int) -> int:
    """Kontra levels are stored as the multiplier itself (1, 2, 4, 8, 16)."""
    if level not in (1, 2, 4, 8, 16):
        raise ValueError(f"not a kontra multiplier: {level}")
    return level


def kontra_name(level: int) -> str:
    return {1: "", 2: "kontra", 4: "rekontra", 8: "szubkontra", 16: "mordkontra"}.get(level, f"x{level}")


def round_half_up(value: Decimal | int | float | str, step: int = 1) -> int:
    """Round to the nearest multiple of ``step``, halves away from zero.

    Referees round 2.5 to 3 and -2.5 to -3 on paper; Python's round() would give
    2 and -2 (banker's rounding), so we never use it for points.
    """
    d = Decimal(str(value)) / step
    return int(d.quantize(Decimal(1), rounding=ROUND_HALF_UP)) * step


def table_from(seats: Sequence[str], dealer: str | None) -> list[str]:
    """The table's seats in A.. order: the playing seats plus a dealer who sits out."""
    table = set(seats)
    if dealer is not None:
        table.add(dealer)
    return [s for s in ALL_SEATS if s in table]


def clockwise_from(table: Sequence[str], seat: str) -> list[str]:
    """Every seat of ``table`` (in A.. order) starting with ``seat`` and going clockwise."""
    i = table.index(seat)
    return list(table[i:]) + list(table[:i])


def next_seat(table: Sequence[str], seat: str, step: int = 1) -> str:
    """The seat ``step`` places clockwise (A→B→…→last→A) of ``seat``."""
    return table[(table.index(seat) + step) % len(table)]


def after_dealer(table: Sequence[str], dealer: str) -> list[str]:
    """The table's seats in playing order: the seat after the dealer first, dealer last."""
    return clockwise_from(table, next_seat(table, dealer))


def zero_points(table: Iterable[str]) -> dict[str, int]:
    return {seat: 0 for seat in table}


def envelope(
    errors: Errors, hand: Any, variant_key: str, allowed: Iterable[str]
) -> Mapping[str, Any] | None:
    """Check the common envelope: an object, only known keys, the right variant,
    ``seats`` a list of distinct seat letters and ``dealer`` a seat letter.

    Returns the hand as a mapping, or ``None`` when it is not even an object.
    Variant-specific rules about which seats form a table stay in the variant.
    """
    obj = errors.check_object(hand, "")
    if obj is None:
        return None
    errors.unknown_keys(obj, allowed)
    variant = obj.get("variant", MISSING)
    if variant is MISSING or variant is None:
        errors.add("variant", MISSING_FIELD, "variant is required")
    elif variant != variant_key:
        errors.add("variant", INVALID_VALUE, f"wrong variant for this spec (expected {variant_key!r})")
    seats = obj.get("seats")
    if seats is None:
        errors.add("seats", MISSING_FIELD, "seats is required")
    elif (
        not isinstance(seats, list)
        or not all(isinstance(s, str) and s in ALL_SEATS for s in seats)
        or len(set(seats)) != len(seats)
    ):
        errors.add("seats", INVALID_VALUE, "seats must be a list of distinct seats A to G")
    dealer = obj.get("dealer")
    if dealer is None:
        errors.add("dealer", MISSING_FIELD, "dealer is required")
    elif not isinstance(dealer, str) or dealer not in ALL_SEATS:
        errors.add("dealer", INVALID_VALUE, "dealer must be a seat A to G")
    return obj


def seats_ok(errors: Errors) -> bool:
    """Did the envelope's ``seats`` and ``dealer`` pass? (Later checks depend on them.)"""
    return not (errors.has("seats") or errors.has("dealer"))


def signed(n: int) -> str:
    """Points as a referee writes them: +35, -20, 0."""
    return f"+{n}" if n > 0 else str(n)
