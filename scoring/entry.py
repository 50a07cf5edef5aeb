"""The hand form of a variant, declared once: form fields bound to the hand's JSON paths.

A variant's package declares ``ENTRY = EntryForm(...)`` (``scoring/variants/<key>/entry.py``):
the sections of the form (titles, the fields in page order, when a section shows), and for each
field a :class:`Binding` to the JSON path it writes, with its conversion both ways. A list of
the hand (bonuses, figures, bid lines) is a run of :class:`Item` rows: a row whose key field is
filled becomes one entry of the list.

Three pure functions read a declaration — the one mapping, used three ways:

* :func:`hand_from` — the form's (cleaned) values -> the hand's variant fields;
* :func:`values_from` — a stored hand -> the form's values (a correction);
* :func:`field_for` — an engine error's path -> the field that shows it. Building the hand
  records which field wrote each path; an error lands on the field that wrote its path (or
  the nearest enclosing one), so no path is ever parsed by hand.

Words are message ids marked with ``scoring.text._``; the site translates them. A label with
parameters is a :class:`Text`; a seat shown with its player's name is a :class:`SeatName`;
words that are not message ids (a point table's row names) are :class:`Raw`. No Django here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .text import _

Values = Mapping[str, Any]
Hand = dict[str, Any]


class _Omit:
    """What a conversion returns to write nothing."""

    def __repr__(self) -> str:
        return "OMIT"


OMIT: Any = _Omit()


# --- words ---------------------------------------------------------------------------------------


class Raw(str):
    """Text shown as it is (not a message id): a point table's row name, a number."""


@dataclass(frozen=True)
class Text:
    """A message id with parameters, e.g. ``Text(_("klop kontra: %(seat)s"), seat="A")``; a parameter
    may itself be a message id, a :class:`Text`, a :class:`SeatName` or a :class:`Raw`."""

    msgid: str
    params: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, msgid: str, **params: Any) -> Text:
        return cls(msgid, params)


@dataclass(frozen=True)
class SeatName:
    """A seat, shown with its player's name where the site knows it ("A · Anna")."""

    seat: str


Label = str | Text | SeatName
Choices = Sequence[tuple[Any, Label]]
DASH = Raw("—")
BLANK: Choices = (("", DASH),)


# --- the table the form is for -----------------------------------------------------------------


@dataclass(frozen=True)
class Context:
    """What a layout may depend on: the seats of the hand and the table, the event's configuration,
    the names the form already holds (a correction or a post may have more rows than usual) and
    the hand being corrected."""

    seats: tuple[str, ...]  # the seats that play the hand, in playing order
    positions: tuple[str, ...]  # the table's seats
    dealer: str = ""
    seat_options: tuple[str, ...] = ()  # every seat that may play (the referee may pick the dealer)
    config: Mapping[str, Any] | None = None
    given: frozenset[str] = frozenset()  # field names present in the posted or initial values
    hand: Mapping[str, Any] | None = None

    @property
    def forehand(self) -> str | None:
        """The first to bid (the seats start with him): every variant's usual declarer, the chip shown chosen."""
        return self.seats[0] if self.seats else None

    @classmethod
    def of_hand(cls, hand: Mapping[str, Any], config: Mapping[str, Any] | None = None) -> Context:
        """The context of a stored hand (values_from): its seats; every seat letter for the table."""
        seats = tuple(hand.get("seats") or ())
        positions = tuple(hand.get("participants") or sorted(set(seats) | set("ABCDEFG")))
        return cls(seats, positions, hand.get("dealer", ""), positions, config, frozenset(), hand)


def seat_choices(seats: Sequence[str], blank: Label | None = DASH) -> list[tuple[str, Label]]:
    """A choice per seat, shown with the player's name; a blank first unless ``blank`` is None."""
    return ([("", blank)] if blank is not None else []) + [(s, SeatName(s)) for s in seats]


# --- fields and bindings ----------------------------------------------------------------------------

# kinds of field: a choice, a choice of whole numbers, a whole number, a tick box
CHOICE, INT_CHOICE, INT, BOOL = "choice", "int_choice", "int", "bool"


ANY = "*"  # in a Preset's condition: any non-blank value


@dataclass(frozen=True)
class Preset:
    """The value a field takes on the phone as soon as ``when`` holds, unless the referee set the
    field himself: the value of the field ``copy`` or the fixed ``value``. ``when`` maps a field
    name to the values that satisfy it (:data:`ANY`: any non-blank one). A convenience of the page
    (the usual case in one tap less, shown before it is saved); the form posts what is shown.
    With ``hide`` the field shows only while ``when`` holds or it holds a value (a Laza line's
    result waits for its bid). The preset yields while any condition of ``unless`` holds (each
    like ``when``): what it put is taken back, so it never blocks a hand that forbids the value
    (an ulti renonsz case that records no play).

    With ``rest`` the value is what is left of a total: ``rest.total`` less the numbers of the other
    fields of ``rest.of``, once every one of them holds a number and the difference is within the
    field's bounds (Taruk's klop: four piles of card points make 70, so the last pile is shown as
    soon as three are typed; the referee types over it where the piles counted 68 or 72)."""

    when: Mapping[str, Sequence[str]]
    copy: str | None = None
    value: str | None = None
    hide: bool = False
    unless: tuple[Mapping[str, Sequence[str]], ...] = ()
    rest: Rest | None = None


@dataclass(frozen=True)
class Rest:
    """A preset's value as the part of ``total`` the other fields of ``of`` leave (see :class:`Preset`)."""

    total: int
    of: tuple[str, ...]

    def value(self, name: str, numbers: Mapping[str, str], low: int | None, high: int | None) -> str | None:
        """The value of field ``name`` given the others' texts (None: an other is blank or not a
        number, or the rest falls outside ``low``..``high``)."""
        others = [numbers.get(other, "") for other in self.of if other != name]
        if not all(_is_number(text) for text in others):
            return None
        rest = self.total - sum(int(text) for text in others)
        if (low is not None and rest < low) or (high is not None and rest > high):
            return None
        return str(rest)


def _is_number(text: str) -> bool:
    return text.strip().lstrip("-").isdigit()


@dataclass(frozen=True)
class Field:
    """A control of the form: its name (the POST key), label, kind and choices. A long list of
    choices may name its ``common`` ones (shown first as tap targets, the rest folded away)."""

    name: str
    label: Label
    kind: str = CHOICE
    choices: Choices = ()
    initial: Any = None
    required: bool = False
    min_value: int | None = None
    max_value: int | None = None
    step: int | None = None
    numeric: bool = False  # a phone shows its number pad (inputmode=numeric)
    common: tuple[str, ...] = ()
    preset: Preset | None = None
    # Shown only while the field so named holds a value (a bonus's side and kontra wait for the bonus):
    # an open section stays short. Only the page's display: the form posts it as any other field.
    waits_for: str | None = None
    # ... and, where named, one of these values: a figure's kontra waits for an announced mark, not a
    # silent one (a silent figure has no kontra), as the rules that check the hand say.
    waits_values: tuple[str, ...] = ()
    # A choice offered only while the field ``offered_by`` (else the one it waits for) holds one of the
    # values named here (choice -> values; a choice not named is always offered): an Illusztrált figure
    # is "silent" only if the rules list it silent. Hidden, a chosen one gives way to the first offered.
    offered_for: tuple[tuple[str, tuple[str, ...]], ...] = ()
    offered_by: str | None = None
    # Choices laid out as a table, one tap each (ulti's bid and trump, one mark on the sheet): a row per
    # choice without a colon, then its choices "row:column" under the columns named here (value, short
    # label); the chip shows the short label and says the whole choice's label to a screen reader.
    grid: tuple[tuple[str, Label], ...] = ()

    @property
    def offered_from(self) -> str | None:
        """The field whose value decides which choices are offered (None: all are)."""
        return (self.offered_by or self.waits_for) if self.offered_for else None

    def offered(self, held: str) -> tuple[str, ...]:
        """The choices offered while the field ``offered_from`` holds ``held``."""
        only = dict(self.offered_for)
        return tuple(str(v) for v, _label in self.choices if str(v) not in only or held in only[str(v)])


def _same(value: Any, values: Values) -> Any:
    return value


def _read(found: Any, hand: Mapping[str, Any]) -> Any:
    return found


@dataclass(frozen=True)
class Binding:
    """A field bound to a JSON path.

    ``path`` is where the value goes (dots for the members of an object; inside an
    :class:`Item`, relative to the entry), or a function of the form's values (the path
    depends on another field); ``""`` merges the object ``put`` returns into the object
    around it. ``put(value, values)`` converts a form value (never a blank one) to JSON or
    :data:`OMIT`; ``get(json, hand)`` converts back (``json`` is what the path holds, or the
    object around it for ``""``); ``read(hand)`` replaces the path lookup where the value's
    place cannot be a path (it depends on the hand)."""

    field: Field
    path: str | Callable[[Values], str] | None
    put: Callable[[Any, Values], Any] = _same
    get: Callable[[Any, Mapping[str, Any]], Any] = _read
    read: Callable[[Mapping[str, Any]], Any] | None = None
    blank: tuple[Any, ...] = ("", None)
    claims: tuple[str, ...] = ()  # paths the field answers for besides ``path`` (what ``""`` merges)

    @property
    def name(self) -> str:
        return self.field.name

    def path_for(self, values: Values) -> str | None:
        return self.path(values) if callable(self.path) else self.path


@dataclass(frozen=True)
class Item:
    """One row of the form that becomes one entry of a list of the hand when its ``key`` field is
    filled: ``{**const, members...}`` appended to the list at ``list_path`` (a function of the row's
    values where the row may go to one of two lists). Reading a hand back, a row takes the first
    entry not yet taken that ``matches`` (by default, the next one in order)."""

    list_path: str | Callable[[Values], str]
    members: tuple[Binding, ...]
    const: Mapping[str, Any] = field(default_factory=dict)
    matches: Callable[[Mapping[str, Any]], bool] | None = None
    lists: tuple[str, ...] = ()  # the lists a row may read from, in order (default: list_path)
    show: Callable[[Values], bool] | None = None  # does a filled row write an entry at all?
    scalar: bool = False  # the entry is the key field's value itself (a list of words), not an object

    @property
    def key(self) -> str:
        return self.members[0].name


Entry = Binding | Item


@dataclass(frozen=True)
class Section:
    """A fieldset: a title, its entries in page order, and ``show`` — field -> values for which the
    section applies (the page hides the others and the form ignores what they hold). The first
    section is open; another folds under its title unless ``open`` (marks the paper sheet has a
    column for, made in one tap: Taruk's bonuses)."""

    title: Label
    entries: tuple[Entry, ...]
    show: Mapping[str, Sequence[str]] = field(default_factory=dict)
    open: bool = False

    def fields(self) -> Iterator[Field]:
        for entry in self.entries:
            if isinstance(entry, Item):
                yield from (m.field for m in entry.members)
            else:
                yield entry.field


@dataclass(frozen=True)
class Check:
    """A form-level message: ``message`` (a label) shown under ``field``."""

    field: str
    message: Label


@dataclass(frozen=True)
class MisdealLimit:
    """Choices of ``field`` allowed by the dealer's misdeal history, and the message for the others."""

    field: str
    allowed: tuple[Any, ...]
    message: Label


@dataclass(frozen=True)
class EntryForm:
    """A variant's hand form.

    ``layout(ctx)`` gives the sections for a table (per-seat fields repeat over ``ctx.seats``).
    The hooks say what data cannot: ``finish(hand, values, ctx)`` adds what follows from the
    table rather than from a field (roles, participants); ``checks(values, ctx)`` are the form's
    own checks before the engine; ``misdeals(earlier)`` narrows a choice by the dealer's history;
    ``normalised(hand)`` is the hand as the form writes it (the same score: defaults left out,
    lists in the form's order) — the round trip's yardstick.
    """

    layout: Callable[[Context], Sequence[Section]]
    finish: Callable[[Hand, Values, Context], None] | None = None
    checks: Callable[[Values, Context], list[Check]] | None = None
    misdeals: Callable[[int], MisdealLimit] | None = None
    normalised: Callable[[Mapping[str, Any]], dict[str, Any]] = dict


# --- JSON paths ------------------------------------------------------------------------------------

_STEP = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def steps(path: str) -> list[str | int]:
    """``"bonuses[1].kontra"`` -> ``["bonuses", 1, "kontra"]``."""
    return [int(i) if i else name for name, i in _STEP.findall(path)]


def get_path(obj: Any, path: str) -> Any:
    """What ``obj`` holds at ``path``; None where it holds nothing."""
    for step in steps(path):
        if isinstance(step, int):
            obj = obj[step] if isinstance(obj, list) and step < len(obj) else None
        else:
            obj = obj.get(step) if isinstance(obj, Mapping) else None
        if obj is None:
            return None
    return obj


def has_path(obj: Any, path: str) -> bool:
    *parents, last = path.split(".")
    for step in parents:
        obj = obj.get(step) if isinstance(obj, Mapping) else None
    return isinstance(obj, Mapping) and last in obj


def _set(obj: dict[str, Any], path: str, value: Any) -> None:
    *parents, last = path.split(".")
    for step in parents:
        obj = obj.setdefault(step, {})
    obj[last] = value


# --- the three functions ---------------------------------------------------------------------------


@dataclass
class Built:
    """A hand built from the form's values, with the field that wrote each path (``wrote``) and
    the field each declared path belongs to whether written or not (``claims``)."""

    hand: Hand = field(default_factory=dict)
    wrote: dict[str, str] = field(default_factory=dict)
    claims: dict[str, str] = field(default_factory=dict)


def _write(binding: Binding, target: dict[str, Any], prefix: str, values: Values, built: Built) -> None:
    path = binding.path_for(values)
    if path is None:
        return
    for claim in (path, *binding.claims) if path else binding.claims:
        built.claims.setdefault(prefix + claim, binding.name)
    raw = values.get(binding.name)
    if raw in binding.blank:
        return
    value = binding.put(raw, values)
    if value is OMIT:
        return
    if path:
        _set(target, path, value)
        built.wrote[prefix + path] = binding.name
    else:
        target.update(value)
        for key in value:
            built.wrote[prefix + key] = binding.name


def build(entry: EntryForm, values: Values, ctx: Context) -> Built:
    """The hand the values say, with where each part came from."""
    built = Built()
    lists: dict[str, list[dict[str, Any]]] = {}
    for section in entry.layout(ctx):
        for part in section.entries:
            if isinstance(part, Binding):
                _write(part, built.hand, "", values, built)
            elif isinstance(part, Item):
                list_path = part.list_path(values) if callable(part.list_path) else part.list_path
                rows = lists.setdefault(list_path, [])
                if list_path not in built.claims:
                    built.claims[list_path] = part.key
                    _set(built.hand, list_path, rows)
                if values.get(part.key) in part.members[0].blank or (part.show and not part.show(values)):
                    continue
                prefix = f"{list_path}[{len(rows)}]"
                built.wrote[prefix] = part.key
                if part.scalar:
                    rows.append(part.members[0].put(values[part.key], values))
                    for claim in part.members[0].claims:  # what the row names besides itself (ulti's aces)
                        built.claims.setdefault(claim, part.key)
                    continue
                item = dict(part.const)
                for member in part.members:
                    _write(member, item, prefix + ".", values, built)
                rows.append(item)
    if entry.finish is not None:
        entry.finish(built.hand, values, ctx)
    return built


def hand_from(entry: EntryForm, values: Values, ctx: Context) -> Hand:
    """The hand's variant fields from the form's values (the envelope and the note are the site's).
    Empty text, lists and objects are left out; ``None`` stays: it is written only where the spec
    wants an explicit null (a declarer alone)."""
    hand = build(entry, values, ctx).hand
    return {k: v for k, v in hand.items() if not (v == "" or v == [] or v == {})}


def field_for(entry: EntryForm, error_path: str, values: Values, ctx: Context) -> str | None:
    """The field that shows an engine error at ``error_path``; None: the form as a whole.

    The field that wrote the path or the nearest enclosing one (or that would have written it);
    for an error about a whole object or list (``kontra``, ``silent_claims``), the first field
    that wrote inside it."""
    if not error_path:
        return None
    built = build(entry, values, ctx)
    wanted = steps(error_path)
    best, best_len, exact = None, 0, False
    for written, paths in ((False, built.claims), (True, built.wrote)):  # written wins a tie
        for path, name in paths.items():
            have = steps(path)
            if len(have) >= best_len and wanted[: len(have)] == have:
                best, best_len = name, len(have)
                exact = written and have == wanted
    # An error about a whole object or list: the first field that wrote inside it, unless a
    # field wrote the path itself; where nothing did, the nearest field that answers for it.
    inside = [] if exact else [built.wrote] if best is not None else [built.wrote, built.claims]
    for paths in inside:
        for path, name in paths.items():
            have = steps(path)
            if len(have) > len(wanted) and have[: len(wanted)] == wanted:
                return name
    return best


def values_from(entry: EntryForm, hand: Mapping[str, Any], ctx: Context | None = None) -> dict[str, Any]:
    """The form's values that show ``hand`` (a correction); values that are None are left out."""
    return _values(entry, hand, ctx)[0]


def carries(entry: EntryForm, hand: Mapping[str, Any], ctx: Context | None = None) -> bool:
    """Does the form have a row for every entry of the hand's lists (else the JSON form must take it)?"""
    taken = _values(entry, hand, ctx)[1]
    return all(len(used) == len(get_path(hand, path) or ()) for path, used in taken.items())


def _values(
    entry: EntryForm, hand: Mapping[str, Any], ctx: Context | None
) -> tuple[dict[str, Any], dict[str, set[int]]]:
    ctx = ctx or Context.of_hand(hand)
    values: dict[str, Any] = {"note": hand.get("note", "")}
    taken: dict[str, set[int]] = {}
    for section in entry.layout(ctx):
        for part in section.entries:
            if isinstance(part, Binding):
                values[part.name] = _read_binding(part, hand, hand)
            else:
                _read_item(part, hand, values, taken)
    return {k: v for k, v in values.items() if v is not None}, taken


def _read_binding(binding: Binding, obj: Mapping[str, Any], hand: Mapping[str, Any]) -> Any:
    if binding.read is not None:
        return binding.read(obj)
    path = binding.path_for({})
    if path is None:
        return None
    found = get_path(obj, path) if path else obj
    return binding.get(found, hand)


def _read_item(item: Item, hand: Mapping[str, Any], values: dict[str, Any], taken: dict) -> None:
    """Give the row the first entry of its lists that it matches and no earlier row took."""
    names = item.lists or ((item.list_path,) if isinstance(item.list_path, str) else ())
    for list_path in names:
        used = taken.setdefault(list_path, set())
        for i, found in enumerate(get_path(hand, list_path) or ()):
            if i in used or (item.matches is not None and not item.matches(found)):
                continue
            used.add(i)
            if item.scalar:
                values[item.key] = item.members[0].get(found, hand)
                return
            for member in item.members:
                values[member.name] = _read_binding(member, found, hand)
            return


def fields(entry: EntryForm, ctx: Context) -> list[Field]:
    """Every field of the layout, in page order."""
    return [f for section in entry.layout(ctx) for f in section.fields()]


# --- conversions the variants share ----------------------------------------------------------------


def unless(default: Any) -> Callable[[Any, Values], Any]:
    """Write the value unless it is the default (a kontra of 1, a level of 0): the default is left out."""
    return lambda value, values: OMIT if value == default else value


def or_default(default: Any) -> Callable[[Any, Mapping[str, Any]], Any]:
    """Read the value back, the default where the hand leaves it out."""
    return lambda found, hand: default if found is None else found


def true_or_omit(value: Any, values: Values) -> Any:
    """A ticked box writes ``true``; an unticked one nothing."""
    return True if value else OMIT


def as_bool(found: Any, hand: Mapping[str, Any]) -> bool:
    return bool(found)


def joined(first: str, second: str) -> Callable[[Any, Values], dict[str, Any]]:
    """A choice ``"a:b"`` written as ``{first: "a", second: "b"}`` (no ``second`` without a colon)."""

    def put(value: Any, values: Values) -> dict[str, Any]:
        head, _sep, tail = str(value).partition(":")
        return {first: head, **({second: tail} if tail else {})}

    return put


def split(first: str, second: str) -> Callable[[Any, Mapping[str, Any]], Any]:
    """The inverse of :func:`joined`: ``{first: "a", second: "b"}`` read as ``"a:b"``."""

    def get(found: Any, hand: Mapping[str, Any]) -> Any:
        if not isinstance(found, Mapping) or found.get(first) is None:
            return None
        tail = found.get(second)
        return f"{found[first]}:{tail}" if tail is not None else str(found[first])

    return get


# --- fields the variants share --------------------------------------------------------------------

SIDES: Choices = (("declarer", _("declaring side")), ("opponents", _("opponents")))


def mark_kontra(name: str, levels: Choices, initial: int, waits_for: str, announced: tuple[str, ...]) -> Field:
    """The kontra of a marked entry (a bonus, a figure), shown once the mark ``waits_for`` holds is one of
    the ``announced`` ones: a silent entry takes no kontra, in every variant's rules."""
    return Field(name, _("kontra"), INT_CHOICE, levels, initial=initial, waits_for=waits_for, waits_values=announced)


def side(name: str, waits_for: str | None = None) -> Binding:
    """Which side announced an entry (a bonus, a figure): the declaring side unless chosen."""
    return Binding(
        Field(name, _("side"), choices=SIDES, initial="declarer", waits_for=waits_for),
        "side",
        put=lambda value, values: value or "declarer",
        blank=(),
    )


def outcome(choices: Choices) -> Binding:
    """How the deal ended (tarokk): ``"played"``, the usual one, is left out of the hand."""
    return Binding(
        Field("outcome", _("outcome"), choices=choices, initial="played", required=True),
        "outcome",
        put=lambda value, values: OMIT if value == "played" else value,
        get=lambda found, hand: found or "played",
    )


def renonsz(seats: Choices, kinds: Choices) -> tuple[Binding, Binding]:
    """The tarokk renonsz: who, and what happened (``renonsz.offender``, ``renonsz.kind``)."""
    return (
        Binding(Field("renonsz_offender", _("renonsz by"), choices=seats), "renonsz.offender", claims=("renonsz",)),
        Binding(Field("renonsz_kind", _("what happened"), choices=(*BLANK, *kinds)), "renonsz.kind"),
    )


__all__ = [
    "BLANK",
    "BOOL",
    "CHOICE",
    "DASH",
    "INT",
    "INT_CHOICE",
    "OMIT",
    "Binding",
    "Check",
    "Context",
    "EntryForm",
    "Field",
    "Item",
    "MisdealLimit",
    "Raw",
    "SeatName",
    "Section",
    "Text",
    "_",
    "build",
    "field_for",
    "fields",
    "hand_from",
    "outcome",
    "renonsz",
    "seat_choices",
    "side",
    "values_from",
]
