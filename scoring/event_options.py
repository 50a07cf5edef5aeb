"""Event options a variant offers: readings of the rules the organizer chooses per event.

Plain data, no Django. A variant declares its options in its package
(``scoring/variants/<key>/options.py``) and ``Variant.options`` holds them; the site builds
the event form, the printed line of readings in force and the API from them, and never
names a variant. Words are message ids (``scoring.text._``): the site translates them where
it shows them. ``original`` is the rule's sentence in the original's language, printed as it
is (never translated); ``original_en`` is its English rendering.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

# Where an option's value is kept: the engine's ``config`` (validated by the variant and
# given to every hand), or the event's own settings (the site uses it; the engine never sees it).
CONFIG = "config"
SETTINGS = "settings"


@dataclass(frozen=True)
class Reading:
    """One value of an option: its key, a short name, the reading in plain words, and a
    two-line example."""

    value: str
    label: str
    meaning: str
    example: tuple[str, str]


@dataclass(frozen=True)
class EventOption:
    """An option of the event. The first reading is the default for an event that never
    chose (the engine's default for a missing key); ``required`` means a new event must
    choose it explicitly on the form."""

    key: str
    label: str
    store: str  # CONFIG or SETTINGS
    rule: str  # the rule's number in the original, e.g. "P27"
    original: str
    original_en: str
    readings: tuple[Reading, ...]
    required: bool = False

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(r.value for r in self.readings)

    @property
    def default(self) -> str:
        return self.readings[0].value

    def reading(self, value: str | None) -> Reading:
        """The reading of ``value``; None or unknown is the default."""
        return next((r for r in self.readings if r.value == value), self.readings[0])


def in_force(
    options: tuple[EventOption, ...], config: Mapping[str, Any] | None, settings: Mapping[str, Any] | None
) -> dict[str, str]:
    """The value of every option an event has, its default where it never chose."""
    stores = {CONFIG: config or {}, SETTINGS: settings or {}}
    return {o.key: o.reading(stores[o.store].get(o.key)).value for o in options}
