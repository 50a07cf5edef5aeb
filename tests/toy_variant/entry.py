"""Toy hand form: the winner (a seat) and the stake (a number)."""

from __future__ import annotations

from scoring.entry import INT, Binding, Context, EntryForm, Field, Section, seat_choices
from scoring.text import _


def layout(ctx: Context) -> list[Section]:
    return [
        Section(
            _("Game"),
            (
                Binding(Field("winner", _("winner"), choices=seat_choices(ctx.seats), required=True), "winner"),
                Binding(Field("stake", _("stake"), kind=INT, min_value=1, max_value=10, numeric=True), "stake"),
            ),
        )
    ]


ENTRY = EntryForm(layout=layout)
