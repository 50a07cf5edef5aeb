"""A series' audit entries in words (``tournaments.history.audit_text`` and the audit pages merge these):
what each action is called, its sentence, and what it changed, in the reader's language."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, ngettext

from tournaments.history.phrases import attribute_changes, changed, entry_changes, fact, number, user_fact, value_words
from tournaments.seasons.models import Series
from tournaments.seasons.services import SETTING_FIELDS

ACTION_LABELS = {
    "series.created": gettext_lazy("series created"),
    "series.updated": gettext_lazy("series settings changed"),
    "series.organizer_added": gettext_lazy("series organizer added"),
    "series.event_added": gettext_lazy("event added to the series"),
    "series.event_changed": gettext_lazy("series event changed"),
    "series.event_removed": gettext_lazy("event removed from the series"),
    "series.final_filled": gettext_lazy("final filled from the ladder"),
    "series.final_declined": gettext_lazy("player declined the final"),
    "entry.removed": gettext_lazy("player taken out"),
}

HEADS = {
    "series.created": gettext_noop("Series created by %(who)s at %(time)s"),
    "series.updated": gettext_noop("Series settings changed by %(who)s at %(time)s"),
    "series.organizer_added": gettext_noop("Series organizer added by %(who)s at %(time)s"),
    "series.event_added": gettext_noop("Event added to the series by %(who)s at %(time)s"),
    "series.event_changed": gettext_noop("Series event changed by %(who)s at %(time)s"),
    "series.event_removed": gettext_noop("Event removed from the series by %(who)s at %(time)s"),
    "series.final_filled": gettext_noop("Final filled from the series ladder by %(who)s at %(time)s"),
    "series.final_declined": gettext_noop("A player's decline of the final recorded by %(who)s at %(time)s"),
    "entry.removed": gettext_noop("Player taken out of the event by %(who)s at %(time)s"),
}


def _series_fields() -> dict[str, Any]:

    return {name: Series._meta.get_field(name) for name in SETTING_FIELDS}


def _settings(before: Any, after: Any) -> list[str]:
    out = attribute_changes(_series_fields(), before, after)
    old, new = (before or {}).get("final"), (after or {}).get("final")
    if before is not None and after is not None and old != new:
        out.append(changed(_("final"), old or _("none"), new or _("none")))
    elif before is None and new:
        out.append(fact(_("final"), new))
    return out


def _member(before: Any, after: Any) -> list[str]:
    side = after or before or {}
    out = [fact(_("event"), str(side.get("name") or side.get("event") or ""))]
    labels = {"position": _("place in the series"), "weight": _("weight"), "always_counts": _("always counts")}
    for key, label in labels.items():
        a, b = (before or {}).get(key), (after or {}).get(key)
        if before is not None and after is not None:
            if a != b:
                out.append(changed(label, _value(a), _value(b)))
        elif key != "always_counts" or side.get(key):
            out.append(fact(label, _value(side.get(key))))
    return out


def _value(value: Any) -> str:
    if isinstance(value, str):
        try:
            return number(float(value)) if "." in value else number(int(value))
        except ValueError:
            return value
    return value_words(value)


def _names(people: Any) -> str:
    return ", ".join(str(p.get("name") or p.get("player")) for p in people or () if isinstance(p, Mapping))


def _fill(before: Any, after: Any) -> list[str]:
    after = after or {}
    out = []
    if after.get("player"):
        out.append(fact(_("declined"), _names([after["player"]])))
    entered = after.get("entered") or []
    out.append(ngettext("%(n)d player entered", "%(n)d players entered", len(entered)) % {"n": len(entered)})
    was = {p.get("player") for p in (before or {}).get("entered") or () if isinstance(p, Mapping)}
    now = {p.get("player") for p in entered if isinstance(p, Mapping)}
    came = [p for p in entered if isinstance(p, Mapping) and p.get("player") not in was]
    went = [p for p in (before or {}).get("entered") or () if isinstance(p, Mapping) and p.get("player") not in now]
    if was and came:
        out.append(fact(_("new in the final"), _names(came)))
    if went:
        out.append(fact(_("no longer in the final"), _names(went)))
    if after.get("tied_at_cut"):
        out.append(fact(_("tied at the cut"), _names(after["tied_at_cut"])))
    return out


def _removed(before: Any, after: Any) -> list[str]:
    return entry_changes(before, None)


def _organizer(before: Any, after: Any) -> list[str]:
    return user_fact(before, after)


DIFFS = {
    "series.created": _settings,
    "series.updated": _settings,
    "series.organizer_added": _organizer,
    "series.event_added": _member,
    "series.event_changed": _member,
    "series.event_removed": _member,
    "series.final_filled": _fill,
    "series.final_declined": _fill,
    "entry.removed": _removed,
}
