"""A variant's hand form as a referee's phone posts it: what a browser sends for the values a form shows,
the POST of a referee who typed a few fields into an untouched form, how many inputs that took, and the
form's own errors beside the engine's. For the hand-form tests of each variant."""

from __future__ import annotations

from typing import Any

from tournaments.tables.handforms import HandForm


def as_post(initial: dict[str, Any]) -> dict[str, str]:
    """What a browser posts for a form showing ``initial`` (a checked box is "on", an unchecked one absent)."""
    return {k: "on" if v is True else str(v) for k, v in initial.items() if v is not False and v is not None}


def typed(blank: HandForm, data: dict[str, Any]) -> dict[str, str]:
    """A referee's POST: every field of the unbound form ``blank`` at its initial value, then what he typed."""
    base = {name: field.initial for name, field in blank.fields.items() if field.initial not in (None, "")}
    return as_post({**base, **data})


def inputs(blank: HandForm, data: dict[str, Any]) -> int:
    """How many fields of the POST differ from what the unbound form ``blank`` shows."""
    count = 0
    for name, value in data.items():
        initial = blank.fields[name].initial
        if value not in ("", None) and str(value) != ("" if initial is None else str(initial)):
            count += 1
    return count


def with_engine_errors(form: HandForm, validate: Any, state: Any = None) -> HandForm:
    """``form`` (valid as a form) with the errors the engine finds in its hand, which it must find."""
    assert form.is_valid(), form.errors
    errors = validate(form.hand(), state or {}, None)
    assert errors
    form.add_engine_errors(errors)
    return form
