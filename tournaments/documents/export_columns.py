"""The all-hands workbook's input columns, derived from the variant's hand form (``Variant.entry``).

One column per field of the form, headed by the field's label and filled with the words the form
shows for the stored value (``scoring.entry.values_from`` reads a hand back into the form, as a
correction does): a choice by its label in the active language, a seat with its player's name, a
Laza bid by its name in the event's point table (the form's choices come from it), a number as a
number. Nothing here names a variant: a new variant's form gives its workbook columns.

A field of a list row (a bonus, a bid line) is headed with the row's name ("pagat ultimo · kontra"),
a per-seat field whose label is only the seat with its section's title. Where the label depends on
the hand (a Laza line names its pair, "attack A/C · bid 1"), the heading keeps the words every hand
shares ("attack · bid 1"). A column empty in every hand is left out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext

from scoring import entry as spec
from scoring.types import Variant
from tournaments.tables.handforms.base import say

JOIN = " · "


@dataclass(frozen=True)
class Played:
    """A stored hand as the columns read it: its input and its table (seats in order, players' names)."""

    input: Mapping[str, Any]
    positions: tuple[str, ...]
    names: Mapping[str, str]


@dataclass
class Column:
    """A field of the form: the headings the hands' layouts gave it, and its cell in each hand."""

    name: str
    headings: list[str] = field(default_factory=list)
    titles: list[str] = field(default_factory=list)  # its section's title, per hand
    cells: list[Any] = field(default_factory=list)

    @property
    def heading(self) -> str:
        return shared_words(self.headings)

    @property
    def title(self) -> str:
        return shared_words(self.titles)


def shared_words(texts: Sequence[str]) -> str:
    """The words every text has in the same place ("attack A/C · bid 1", "attack B/D · bid 1" ->
    "attack · bid 1"); the most frequent text where they differ in length."""
    distinct = list(dict.fromkeys(texts))
    if len(distinct) <= 1:
        return distinct[0] if distinct else ""
    split = [t.split() for t in distinct]
    if len({len(words) for words in split}) != 1:
        return Counter(texts).most_common(1)[0][0]
    kept = [words[0] for words in zip(*split, strict=True) if len(set(words)) == 1]
    # A separator left alone or doubled where the words between differed reads as noise.
    out: list[str] = []
    for word in kept:
        if word == JOIN.strip() and (not out or out[-1] == word):
            continue
        out.append(word)
    while out and out[-1] == JOIN.strip():
        out.pop()
    return " ".join(out) or distinct[0]


def _text(label: Any) -> str:
    """A label with seats as letters (the heading serves every table)."""
    return str(say(label, {}))


def _fields(
    entry: spec.EntryForm, ctx: spec.Context, said: dict[tuple[str, tuple[str, ...]], tuple[str, str]]
) -> Iterator[tuple[spec.Field, str, str]]:
    """Every field of the layout in page order, with its heading and its section's title. ``said``
    keeps them per field and seats: translating the same labels for every hand is most of the cost."""
    for section in entry.layout(ctx):
        for part in section.entries:
            members = part.members if isinstance(part, spec.Item) else (part,)
            for i, binding in enumerate(members):
                key = (binding.name, ctx.seats)
                if key not in said:
                    title = _text(section.title)
                    row = _heading(members[0].field, title)
                    said[key] = (row if i == 0 else f"{row}{JOIN}{_text(binding.field.label)}", title)
                yield binding.field, *said[key]


def _heading(f: spec.Field, title: str) -> str:
    """A label that is only a seat ("A", a klop's card points) says what by its section's title."""
    return f"{title}{JOIN}{f.label.seat}" if isinstance(f.label, spec.SeatName) else _text(f.label)


def cell(f: spec.Field, value: Any, names: Mapping[str, str]) -> Any:
    """A form value as the cell holds it: a number as a number, a tick as "yes", a choice by its
    label (a seat with its player's name); an empty or "—" choice as an empty cell."""
    if value is None or value == "" or value is False:
        return None
    if f.kind == spec.INT:
        return value
    if f.kind == spec.BOOL:
        return gettext("yes")
    for key, label in f.choices:
        if key == value or (key not in ("", None) and str(key) == str(value)):
            return None if label == spec.DASH else str(say(label, names))
    return value if isinstance(value, int) else str(value)


def _context(hand: Mapping[str, Any], positions: tuple[str, ...], config: Mapping[str, Any] | None) -> spec.Context:
    """The form's context for a stored hand at its table (as the table page builds it)."""
    seats = tuple(hand.get("seats") or positions)
    return spec.Context(seats, positions, hand.get("dealer", ""), positions, config, frozenset(), hand)


def input_columns(variant: Variant, hands: Iterable[Played], config: Mapping[str, Any] | None) -> list[Column]:
    """The form's columns for ``hands`` (one cell per hand, in order), in page order, per-seat
    fields in seat order (A, B, C …) whoever dealt; a column no hand fills is left out."""
    entry = variant.entry
    columns: dict[str, Column] = {}
    order: list[str] = []
    tables: set[tuple[str, ...]] = set()
    said: dict[tuple[str, tuple[str, ...]], tuple[str, str]] = {}
    for count, played in enumerate(hands):
        filled: dict[str, Any] = {}
        if entry is not None and isinstance(played.input, Mapping):
            if played.positions not in tables:  # the table's page order, seats as the table lists them
                tables.add(played.positions)
                seated = spec.Context(played.positions, played.positions, "", played.positions, config)
                _merge(order, [f.name for f in spec.fields(entry, seated)])
            ctx = _context(played.input, played.positions, config)
            values = spec.values_from(entry, played.input, ctx)
            laid_out = list(_fields(entry, ctx, said))
            _merge(order, [f.name for f, _heading, _title in laid_out])
            for f, heading, title in laid_out:
                column = columns.get(f.name)
                if column is None:
                    column = columns[f.name] = Column(f.name, cells=[None] * count)
                if f.name not in filled:
                    column.headings.append(heading)
                    column.titles.append(title)
                    filled[f.name] = cell(f, values.get(f.name), played.names)
        for name, column in columns.items():
            column.cells.append(filled.get(name))
    # Headings are settled over every column the form has, shown or not, so that a column is
    # called the same in every event of the variant.
    _distinguish(list(columns.values()))
    return [columns[name] for name in order if name in columns and any(c is not None for c in columns[name].cells)]


def _merge(order: list[str], names: list[str]) -> None:
    """Add the names ``order`` lacks, each after the name before it in ``names``."""
    previous = None
    for name in names:
        if name not in order:
            order.insert(order.index(previous) + 1 if previous else 0, name)
        previous = name


def _distinguish(columns: list[Column]) -> None:
    """Columns that would share a heading say their section too."""
    seen = Counter(c.heading for c in columns)
    for c in columns:
        if seen[c.heading] > 1:
            c.headings = [f"{c.title}{JOIN}{c.heading}"]


__all__ = ["Column", "Played", "cell", "input_columns", "shared_words"]
