"""The words every audit sentence is built from: numbers and times in the reader's locale, "label old → new",
"label: value", a model's changed attributes, a player's entry. Used by the site's audit sentences
(``audit_text``) and the series' (``tournaments.seasons.audit_words``), which ``audit_text`` includes."""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import models
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from tournaments.models import Entry, Player

ARROW = " → "


DASH = "—"


def number(value: Any) -> str:
    """A number as the reader's locale writes it (2,5 in Slovenian and Hungarian)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return formats.number_format(value)


def signed(value: Any) -> str:
    """Points with their sign, as a protocol writes them (+35, −10, 0)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return DASH if value is None else str(value)
    text = number(abs(value))
    return f"+{text}" if value > 0 else f"−{text}" if value < 0 else text


def clock_time(moment: datetime.datetime) -> str:
    """The local time of day as the reader's locale writes it (14:32)."""
    return formats.time_format(timezone.localtime(moment) if timezone.is_aware(moment) else moment)


def moment_text(moment: datetime.datetime) -> str:
    """Date and time as the reader's locale writes them (the page's time column)."""
    local = timezone.localtime(moment) if timezone.is_aware(moment) else moment
    return formats.date_format(local, "SHORT_DATETIME_FORMAT")


def duration(seconds: Any) -> str:
    """Played time as minutes:seconds."""
    if not isinstance(seconds, (int, float)) or isinstance(seconds, bool):
        return DASH
    minutes, rest = divmod(int(seconds), 60)
    return f"{minutes}:{rest:02d}"


def _iso_time(value: Any) -> str:
    try:
        return moment_text(datetime.datetime.fromisoformat(value))
    except (TypeError, ValueError):
        return DASH


def changed(label: str, old: str, new: str) -> str:
    return f"{label} {old}{ARROW}{new}"


def fact(label: str, value: str) -> str:
    return f"{label}: {value}"


def value_words(value: Any) -> str:
    """A stored value shown alone (not a model field's): a number, yes/no, text; never a structure."""
    if value is None or value == "":
        return DASH
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, (int, float)):
        return number(value)
    if isinstance(value, str):
        return value
    if isinstance(value, Sequence):
        return ", ".join(value_words(v) for v in value)
    return DASH


def _model_value(field: models.Field, value: Any) -> str:
    if field.choices and value not in (None, ""):
        return str(dict(field.flatchoices).get(value, value))
    if isinstance(field, (models.DateTimeField,)):
        return _iso_time(value)
    if isinstance(field, models.DateField) and isinstance(value, str):
        try:
            return formats.date_format(datetime.date.fromisoformat(value), "SHORT_DATE_FORMAT")
        except ValueError:
            return DASH
    if isinstance(field, models.JSONField):
        return _("changed")
    return value_words(value)


def attribute_changes(
    fields: Mapping[str, models.Field], before: Mapping[str, Any] | None, after: Mapping[str, Any] | None
) -> list[str]:
    """Model attributes that differ, named by their verbose names (one side missing: what the other
    holds, its empty attributes left out). Keys without a model field are the action's to word."""
    out = []
    for key, field in fields.items():
        if before is not None and after is not None:
            if key in before or key in after:
                a, b = before.get(key), after.get(key)
                if a != b:
                    name = str(field.verbose_name)
                    if isinstance(field, models.JSONField):
                        out.append(fact(name, _("changed")))
                    else:
                        out.append(changed(name, _model_value(field, a), _model_value(field, b)))
        else:
            side = after if before is None else before
            value = (side or {}).get(key)
            if value not in (None, "", [], {}) and not isinstance(field, models.JSONField):
                out.append(fact(str(field.verbose_name), _model_value(field, value)))
    return out


def model_fields(model: type[models.Model], *names: str) -> dict[str, models.Field]:
    return {n: model._meta.get_field(n) for n in names}


def entry_fields() -> dict[str, models.Field]:
    return {
        **model_fields(Player, "name"),
        **model_fields(Entry, "start_number", "status", "team"),
        **model_fields(Player, "club", "federation_id", "strength"),
    }


def entry_changes(before: Any, after: Any) -> list[str]:
    out = attribute_changes(entry_fields(), before, after)
    matched = (after or {}).get("matched")
    if matched == "federation_id":
        out.append(_("the same player as in his earlier events, by federation id"))
    elif matched == "name_club":
        out.append(_("the same player as in his earlier events, by name and club, as the organizer accepted"))
    return out


def user_fact(before: Any, after: Any) -> list[str]:
    return [fact(_("user"), value_words((after or before or {}).get("user")))]
