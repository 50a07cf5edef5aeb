"""Helpers that several variants share: error collection, typed field checks,
kontra multipliers, rounding and seat-order arithmetic.

Every check takes the hand as untrusted JSON (anything ``json.loads`` can give)
and records errors instead of raising, so that a variant can report all errors
at once and no input can crash it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from .text import _, join
from .types import Code, HandError, Variant

ALL_SEATS = ("A", "B", "C", "D", "E", "F", "G")
_SEAT_SET = frozenset(ALL_SEATS)
MISSING = object()  # a key that is absent (distinct from an explicit null)
NUL = "\x00"  # no text field may hold one (PostgreSQL cannot store it)


def path(parent: str, key: str | int) -> str:
    """Join a field path: ``path("bonuses", 1) == "bonuses[1]"``, ``path("bonuses[1]", "kontra")``."""
    if isinstance(key, int):
        return f"{parent}[{key}]"
    return f"{parent}.{key}" if parent else key


# --- what a JSON value is ------------------------------------------------------


def is_int(value: Any) -> bool:
    """A JSON integer: not a bool (an int subclass in Python) and not a float such as 70.0."""
    return type(value) is int


def is_object(value: Any) -> bool:
    """A JSON object. ``type() is dict`` first: json.loads only makes dicts, and the Mapping check is slow."""
    return type(value) is dict or isinstance(value, Mapping)


def absent(value: Any) -> bool:
    """Not given: absent (``MISSING``), null, or an empty list or object (what ``Errors.forbid`` lets pass)."""
    return value is None or value is MISSING or value == [] or value == {}


def present(value: Any) -> bool:
    """Given: the opposite of ``absent``."""
    return not absent(value)


def opt(obj: Mapping[str, Any], key: str, default: Any) -> Any:
    """An optional member: absent and null both mean ``default``."""
    value = obj.get(key)
    return default if value is None else value


def is_seat_list(value: Any) -> bool:
    """A list of distinct seat letters A to G."""
    if not isinstance(value, list):
        return False
    try:
        # Every element is a seat and none repeats exactly when all of them survive the intersection.
        return len(_SEAT_SET.intersection(value)) == len(value)
    except TypeError:  # an unhashable element (a list or an object)
        return False


class Errors:
    """Collects ``HandError``s; the ``check_*`` methods return the value when it is
    valid and ``None`` (after recording an error) when it is not.

    Messages are ``scoring.text`` messages (``_("%(field)s must be ...", field=...)``): English
    as the string, rendered in the reader's language by the site and ``python -m scoring --lang``.
    A field path, a key or a value the hand holds is an argument, never translated."""

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

    def check_object(self, value: Any, field: str, *, text_keys: bool = True) -> Mapping[str, Any] | None:
        """A JSON object (a Mapping with text keys). ``text_keys=False`` takes a plain dict as it is,
        without looking at its keys: a non-text key can only come from a Python caller, and the
        caller's later lookups reject it anyway (it names no known member)."""
        if type(value) is dict:  # fast path: what json.loads makes
            if not text_keys:
                return value
            for k in value:
                if type(k) is not str:
                    break
            else:
                return value
        if isinstance(value, Mapping) and all(isinstance(k, str) for k in value):
            return value
        message = _("%(field)s must be a JSON object", field=field) if field else _("the hand must be a JSON object")
        self.add(field, Code.INVALID_VALUE, message)
        return None

    def check_list(self, value: Any, field: str) -> list[Any] | None:
        if isinstance(value, list):
            return value
        self.add(field, Code.INVALID_VALUE, _("%(field)s must be a list", field=field))
        return None

    def objects(
        self, entries: list[Any], field: str, keys: Collection[str] | None = None
    ) -> Iterator[tuple[int, str, Mapping[str, Any]]]:
        """``(i, path, entry)`` for each entry of the list ``field`` that is a JSON object (the others
        get their error), its unknown keys reported when ``keys`` are given."""
        for i, entry in enumerate(entries):
            p = path(field, i)
            obj = self.check_object(entry, p)
            if obj is None:
                continue
            if keys is not None:
                self.unknown_keys(obj, keys, p)
            yield i, p, obj

    def optional_list(self, obj: Mapping[str, Any], key: str) -> list[Any] | None:
        """The list at ``obj[key]``; None when it is absent or null (nothing to check) or not a list
        (then with its error)."""
        value = obj.get(key)
        return None if value is None else self.check_list(value, key)

    def unknown_keys(self, obj: Mapping[str, Any], allowed: Collection[str], parent: str = "") -> None:
        """An ``unknown_field`` error for every key of ``obj`` not in ``allowed`` (best a frozenset)."""
        if type(allowed) is frozenset and allowed.issuperset(obj):
            return  # fast path: nothing unknown
        for key in obj:
            if key not in allowed:
                self.add(path(parent, key), Code.UNKNOWN_FIELD, _("unknown field %(key)s", key=repr(key)))

    def _missing(self, parent: str, key: str, why: str) -> None:
        """``why`` (a message, or English text) says when the field is required."""
        if why:
            message = _("%(field)s is required %(why)s", field=key, why=why)
        else:
            message = _("%(field)s is required", field=key)
        self.add(path(parent, key), Code.MISSING_FIELD, message)

    def require(self, obj: Mapping[str, Any], key: str, parent: str = "", why: str = "") -> Any:
        """The value at ``key``; records ``missing_field`` when absent or null."""
        value = obj.get(key)
        if value is None:
            self._missing(parent, key, why)
        return value

    def forbid(self, obj: Mapping[str, Any], key: str, parent: str = "", why: str = "") -> None:
        """A field that does not apply must be absent, null or an empty list."""
        if absent(obj.get(key)):
            return
        if why:
            reason = _("%(field)s does not apply %(why)s", field=key, why=why)
        else:
            reason = _("%(field)s does not apply", field=key)
        self.add(path(parent, key), Code.NOT_APPLICABLE, reason)

    # --- scalars -------------------------------------------------------------

    def check_int(self, value: Any, field: str, lo: int | None = None, hi: int | None = None) -> int | None:
        # bool is a subclass of int in Python but not an integer in JSON terms.
        if isinstance(value, bool) or not isinstance(value, int):
            self.add(field, Code.INVALID_VALUE, _("%(field)s must be a whole number", field=field))
            return None
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            if lo is not None and hi is not None:
                message = _("%(field)s must be between %(lo)s and %(hi)s", field=field, lo=lo, hi=hi)
            elif lo is not None:
                message = _("%(field)s must be at least %(lo)s", field=field, lo=lo)
            else:
                message = _("%(field)s must be at most %(hi)s", field=field, hi=hi)
            self.add(field, Code.OUT_OF_RANGE, message)
            return None
        return value

    def required_int(
        self, obj: Mapping[str, Any], key: str, lo: int | None, hi: int | None, parent: str = "", why: str = ""
    ) -> int | None:
        """``require`` then ``check_int`` in one step, the field path built only for an error."""
        value = obj.get(key)
        if type(value) is int and (lo is None or lo <= value) and (hi is None or value <= hi):
            return value
        if value is None:
            return self._missing(parent, key, why)
        return self.check_int(value, path(parent, key), lo, hi)

    def optional_int(
        self, obj: Mapping[str, Any], key: str, lo: int | None, hi: int | None, parent: str = "", default: Any = None
    ) -> Any:
        """``default`` when the member is absent or null, else ``check_int`` (None after an error)."""
        value = obj.get(key)
        if value is None:
            return default
        if type(value) is int and (lo is None or lo <= value) and (hi is None or value <= hi):
            return value
        return self.check_int(value, path(parent, key), lo, hi)

    def check_bool(self, value: Any, field: str) -> bool | None:
        if isinstance(value, bool):
            return value
        self.add(field, Code.INVALID_VALUE, _("%(field)s must be true or false", field=field))
        return None

    def required_bool(self, obj: Mapping[str, Any], key: str, parent: str = "", why: str = "") -> bool | None:
        """``require`` then ``check_bool`` in one step."""
        value = obj.get(key)
        if value is True or value is False:
            return value
        if value is None:
            return self._missing(parent, key, why)
        return self.check_bool(value, path(parent, key))

    def check_str(self, value: Any, field: str, max_length: int | None = None) -> str | None:
        if not isinstance(value, str):
            self.add(field, Code.INVALID_VALUE, _("%(field)s must be text", field=field))
            return None
        if max_length is not None and len(value) > max_length:
            message = _("%(field)s must be at most %(n)s characters", field=field, n=max_length)
            self.add(field, Code.OUT_OF_RANGE, message)
            return None
        return value

    def check_choice(self, value: Any, field: str, choices: Collection[Any], quote: bool = True) -> Any:
        """``value`` when it is one of ``choices`` (a tuple, set or dict: its keys); the message
        lists them, text quoted unless ``quote`` is false."""
        if type(value) is str and value in choices:  # fast path: a valid text choice
            return value
        # Compare type as well as value: True == 1 must not pass for the choice 1.
        if any(type(value) is type(c) and value == c for c in choices):
            return value
        shown = ", ".join(repr(c) if quote and isinstance(c, str) else str(c) for c in choices)
        self.add(field, Code.INVALID_VALUE, _("%(field)s must be one of %(choices)s", field=field, choices=shown))
        return None

    def required_choice(
        self,
        obj: Mapping[str, Any],
        key: str,
        choices: Collection[Any],
        parent: str = "",
        why: str = "",
        quote: bool = True,
    ) -> Any:
        """``require`` then ``check_choice`` in one step, the field path built only for an error."""
        value = obj.get(key)
        if type(value) is str and value in choices:
            return value
        if value is None:
            return self._missing(parent, key, why)
        return self.check_choice(value, path(parent, key), choices, quote)

    def check_seat(
        self, value: Any, field: str, seats: Sequence[str], what: str = "seat", code: str = Code.INVALID_VALUE
    ) -> str | None:
        """``value`` if it is one of ``seats``; else an error (``code``: where a spec's row names another).
        ``what``: "seat", "player" or "table seat" (each its own sentence in the catalogues)."""
        if isinstance(value, str) and value in seats:
            return value
        shown = ", ".join(seats)
        if what == "player":
            message = _("%(field)s must be a player of this hand (%(seats)s)", field=field, seats=shown)
        elif what == "table seat":
            message = _("%(field)s must be a table seat of this hand (%(seats)s)", field=field, seats=shown)
        else:
            message = _("%(field)s must be a seat of this hand (%(seats)s)", field=field, seats=shown)
        self.add(field, code, message)
        return None

    def required_seat(
        self,
        obj: Mapping[str, Any],
        key: str,
        seats: Sequence[str] | None,
        parent: str = "",
        what: str = "seat",
        why: str = "",
    ) -> str | None:
        """``require`` then ``check_seat``. With ``seats`` None (the hand's seats are broken) only
        the presence is checked and the result is None: the seat cannot be trusted."""
        value = obj.get(key)
        if type(value) is str and seats is not None and value in seats:
            return value
        if value is None:
            return self._missing(parent, key, why)
        if seats is None:
            return None
        return self.check_seat(value, path(parent, key), seats, what)

    def check_kontra(self, value: Any, field: str, levels: Sequence[int] = (1, 2, 4), prefix: str = "") -> int | None:
        """A kontra level out of ``levels``; ``prefix`` (a message or text) goes before the message."""
        # type() is int: a bool, or a float such as 2.0 (2.0 == 2 in Python), is not a kontra level.
        if type(value) is not int or value not in levels:
            shown = ", ".join(str(x) for x in levels[:-1])
            message = _("%(field)s must be %(levels)s or %(last)s", field=field, levels=shown, last=levels[-1])
            self.add(field, Code.INVALID_VALUE, join("", [prefix, message]) if prefix else message)
            return None
        return value

    def inconsistent(self, field: str, message: str) -> None:
        self.add(field, Code.INCONSISTENT, message)


def check_empty(
    errors: Errors,
    value: Any,
    field: str,
    unknown: str | Callable[[Any], str] | None = None,
    *,
    text_keys: bool = True,
) -> None:
    """The state or config of a variant that has none: only null or ``{}`` pass. Every key is an
    ``unknown_field`` error at ``field.key`` with the message ``unknown(key)`` (a function giving
    a message; an English ``str.format`` template with ``{key!r}`` still works, untranslated;
    None: "unknown field 'key'").
    ``text_keys=False``: any Mapping is an object, whatever its keys (see ``check_object``)."""
    if value is None or (type(value) is dict and not value):
        return
    if text_keys:
        obj = errors.check_object(value, field)
    elif is_object(value):
        obj = value
    else:
        errors.add(field, Code.INVALID_VALUE, _("%(field)s must be a JSON object", field=field))
        return
    if obj:
        for key in obj:
            if unknown is None:
                message = _("unknown field %(key)s", key=repr(key))
            elif callable(unknown):
                message = unknown(key)
            else:
                message = unknown.format(key=key)
            errors.add(f"{field}.{key}", Code.UNKNOWN_FIELD, message)


# --- kontra ---------------------------------------------------------------------
# Tarokk counts kontra levels 0, 1, 2, ... and each level doubles: the multiplier is
# ``1 << level``. Taruk and ulti store the multiplier itself (1, 2, 4). Which levels a
# variant allows, and any exception (Vadász: szubkontra stays x4), stay in the variant.

KONTRA_NAMES = ("", "kontra", "rekontra", "szubkontra", "hirskontra", "mordkontra")  # by level
KONTRA_FACTORS = tuple(1 << level for level in range(len(KONTRA_NAMES)))  # by level: 1, 2, 4, ... 32
_KONTRA_NAME_BY_FACTOR = dict(zip(KONTRA_FACTORS, KONTRA_NAMES, strict=True))


def kontra_multiplier(level: int) -> int:
    """Kontra levels stored as the multiplier itself (1, 2, 4, 8, 16): checks one."""
    if level not in (1, 2, 4, 8, 16):
        raise ValueError(f"not a kontra multiplier: {level}")
    return level


def kontra_name(multiplier: int) -> str:
    """The name of a kontra given as its multiplier: 2 "kontra", 4 "rekontra", ... (1: "")."""
    name = _KONTRA_NAME_BY_FACTOR.get(multiplier)
    return f"x{multiplier}" if name is None else name


# --- rounding ------------------------------------------------------------------


def round_half_up(value: Decimal | int | float | str, step: int = 1) -> int:
    """Round to the nearest multiple of ``step``, halves away from zero.

    Referees round 2.5 to 3 and -2.5 to -3 on paper; Python's round() would give
    2 and -2 (banker's rounding), so we never use it for points.
    """
    d = Decimal(str(value)) / step
    return int(d.quantize(Decimal(1), rounding=ROUND_HALF_UP)) * step


def round_toward_zero(value: int, step: int) -> int:
    """Round a whole number toward zero to a multiple of ``step`` (> 0): 8 -> 6, -8 -> -6 for step 3."""
    return step * (value // step) if value >= 0 else -step * (-value // step)


# --- seat order ----------------------------------------------------------------


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


def envelope(errors: Errors, hand: Any, variant_key: str, allowed: Iterable[str]) -> Mapping[str, Any] | None:
    """Check the common envelope: an object, only known keys, the right variant,
    ``seats`` a list of distinct seat letters and ``dealer`` a seat letter.

    Returns the hand as a mapping, or ``None`` when it is not even an object.
    Variant-specific rules about which seats form a table stay in the variant.
    ``allowed`` is best a frozenset (it is the fast path's key test).
    """
    if type(allowed) is not frozenset:
        allowed = frozenset(allowed)
    # Fast path: the usual, well-formed envelope, where the checks below would find nothing.
    if type(hand) is dict and hand.get("variant") == variant_key and hand.keys() <= allowed:
        dealer, seats = hand.get("dealer"), hand.get("seats")
        if type(dealer) is str and dealer in _SEAT_SET and type(seats) is list:
            try:  # is_seat_list(seats), written out: this runs for every hand
                if len(_SEAT_SET.intersection(seats)) == len(seats):
                    if "note" in hand:
                        check_note(errors, hand)
                    return hand
            except TypeError:
                pass
    obj = errors.check_object(hand, "")
    if obj is None:
        return None
    errors.unknown_keys(obj, allowed)
    if "note" in obj and "note" in allowed:
        check_note(errors, obj)
    variant = obj.get("variant", MISSING)
    if variant is MISSING or variant is None:
        errors.add("variant", Code.MISSING_FIELD, _("%(field)s is required", field="variant"))
    elif variant != variant_key:
        message = _("wrong variant for this spec (expected %(key)s)", key=repr(variant_key))
        errors.add("variant", Code.INVALID_VALUE, message)
    seats = obj.get("seats")
    if seats is None:
        errors.add("seats", Code.MISSING_FIELD, _("%(field)s is required", field="seats"))
    elif not is_seat_list(seats):
        errors.add("seats", Code.INVALID_VALUE, _("seats must be a list of distinct seats A to G"))
    dealer = obj.get("dealer")
    if dealer is None:
        errors.add("dealer", Code.MISSING_FIELD, _("%(field)s is required", field="dealer"))
    elif not isinstance(dealer, str) or dealer not in ALL_SEATS:
        errors.add("dealer", Code.INVALID_VALUE, _("dealer must be a seat A to G"))
    return obj


# The referee's free-text note (every variant's envelope may carry one; scoring ignores it).
# Long enough for any remark a referee writes at the table, short enough that a pasted
# document or a script's junk is refused before it reaches protocols and audit entries.
NOTE_MAX_LENGTH = 500


def check_note(errors: Errors, obj: Mapping[str, Any]) -> None:
    """``note``: text of at most ``NOTE_MAX_LENGTH`` characters, when given (null = no note)."""
    note = obj.get("note")
    if note is not None:
        errors.check_str(note, "note", NOTE_MAX_LENGTH)


def seats_ok(errors: Errors) -> bool:
    """Did the envelope's ``seats`` and ``dealer`` pass? (Later checks depend on them.)"""
    return not (errors.has("seats") or errors.has("dealer"))


def signed(n: int) -> str:
    """Points as a referee writes them: +35, -20, 0."""
    return f"+{n}" if n > 0 else str(n)


def nul_paths(value: Any, path: str = "") -> Iterator[str]:
    """The paths (``input.note``, ``bids.attack.0.bid``) of keys or strings containing NUL."""
    if isinstance(value, str):
        if NUL in value:
            yield path
    elif isinstance(value, dict):
        for key, item in value.items():
            child = f"{path}.{key}" if path else str(key)
            if NUL in str(key):
                yield child
            else:
                yield from nul_paths(item, child)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from nul_paths(item, f"{path}.{i}" if path else str(i))


# --- the variant object ------------------------------------------------------------

# The rules hooks of ``Variant``: a rules module defines each it has under the field's own name.
HOOKS = (
    "validate",
    "settle",
    "playing_seats",
    "next_dealer",
    "validate_config",
    "check_all",
    "dealers_after",
    "dealers_reads",
    "counts_as_played",
    "misdeal_history",
    "table_fields",
    "seating_state",
)


def variant_of(namespace: Mapping[str, Any], *, key: str, name: str, rules_version: str, **fields: Any) -> Variant:
    """The ``Variant`` of a rules module: ``namespace`` (its ``globals()``) gives every hook it defines
    by the field's name (a hook it lacks keeps the ``Variant`` default); ``fields`` add or override."""
    hooks = {hook: namespace[hook] for hook in HOOKS if hook in namespace}
    return Variant(key=key, name=name, rules_version=rules_version, **{**hooks, **fields})
