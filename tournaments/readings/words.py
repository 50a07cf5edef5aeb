"""The organizer's readings of the rules (taruk2012.md §4.5): what an event chose, in words.

A variant declares its options (``Variant.options``, scoring/event_options.py); an option
lives either in the engine's ``config`` or in the event's ``event_settings``. This module
reads and checks them for the site; changing them on an event with hands goes through
``rescore.set_readings``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _

from scoring.event_options import CONFIG, SETTINGS, EventOption, in_force
from scoring.registry import get as get_variant
from scoring.types import Variant

if TYPE_CHECKING:  # the models' own checks use this module's ``settings_errors``
    from tournaments.models import Tournament


def options_of(variant_key: str) -> tuple[EventOption, ...]:
    try:
        return get_variant(variant_key).options
    except KeyError:
        return ()


def settings_errors(variant: Variant, settings: Any) -> list[str]:
    """Why ``settings`` is not a valid ``event_settings`` of ``variant`` (empty: it is)."""
    if not isinstance(settings, dict):
        return [_("The event settings must be an object.")]
    known = {o.key: o for o in variant.options if o.store == SETTINGS}
    problems = []
    for key, value in settings.items():
        option = known.get(key)
        if option is None:
            problems.append(_("%(key)s: not a setting of this variant.") % {"key": key})
        elif value not in option.values:
            problems.append(_("%(key)s: choose one of %(values)s.") % {"key": key, "values": ", ".join(option.values)})
    return problems


def readings(tournament: Tournament) -> dict[str, str]:
    """Every option's value in force at ``tournament`` (the default where it never chose)."""
    return in_force(options_of(tournament.variant), tournament.config, tournament.event_settings)


def with_readings(
    variant_key: str, config: Mapping[str, Any] | None, settings: Mapping[str, Any] | None, chosen: Mapping[str, Any]
) -> tuple[dict, dict]:
    """(config, event_settings) with the options of ``chosen`` set; other keys kept as they are."""
    stores = {CONFIG: dict(config or {}), SETTINGS: dict(settings or {})}
    for option in options_of(variant_key):
        if option.key in chosen:
            stores[option.store][option.key] = chosen[option.key]
    return stores[CONFIG], stores[SETTINGS]


def readings_lines(tournament: Tournament) -> list[str]:
    """One short text per option in force, in the active language ("Radelc lifetime (P27): ...")."""
    values = readings(tournament)
    return [f"{_(o.label)} ({o.rule}): {_(o.reading(values[o.key]).label)}" for o in options_of(tournament.variant)]


def choose_message(option: EventOption) -> str:
    """The error of a required option left unchosen (the form's and the API's)."""
    return _("Choose a reading of %(rule)s: %(option)s.") % {"rule": option.rule, "option": _(option.label)}


def choice_errors(variant_key: str, chosen: Any, *, new_event: bool) -> dict[str, str]:
    """Option key -> what is wrong with ``chosen`` (an unknown key or value; on a new event,
    a required option left out). Empty: ``chosen`` can be stored."""
    if not isinstance(chosen, dict):
        return {"": _("Send an object: option -> reading.")}
    options = {o.key: o for o in options_of(variant_key)}
    errors = {key: _("Not an option of this variant.") for key in chosen if key not in options}
    for key, option in options.items():
        if key in chosen and chosen[key] not in option.values:
            errors[key] = _("Choose one of %(values)s.") % {"values": ", ".join(option.values)}
        elif key not in chosen and new_event and option.required:
            errors[key] = choose_message(option)
    return errors
