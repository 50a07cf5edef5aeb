"""The ways a round can be drawn, declared once: the rounds page's form, the event form, the API and
``rounds.draw_round`` all take these names, and offer only those the variant's table plan allows."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from scoring.registry import get as get_variant

RANDOM = "random"
STRENGTH = "strength"
ALL_PLAY_ALL = "all_play_all"
# season.md §6: round 1 of an event of a series, from the series ladder before the event.
LADDER_GROUPS = "ladder_groups"
LADDER_STRENGTH = "ladder_strength"
LADDER_METHODS = (LADDER_GROUPS, LADDER_STRENGTH)

# name -> what the organizer reads in the draw form
DRAW_METHODS = {
    RANDOM: _("round 1 at random from the seed; later rounds by results"),
    STRENGTH: _("round 1 by strength order; later rounds by results"),
    ALL_PLAY_ALL: _("all-play-all schedule in threes (MAUSZ final)"),
    LADDER_GROUPS: _(
        "round 1 in ladder groups: one player of each group of the series ladder at every table; "
        "later rounds by results"
    ),
    LADDER_STRENGTH: _("round 1 with the series ladder as strength order; later rounds by results"),
}


def methods_for(variant: str, in_series: bool = False) -> list[str]:
    """The methods ``variant``'s table plan allows (the all-play-all only where the plan has one), and
    for an event of a series (``in_series``) the two drawn from the series ladder."""
    try:
        all_play_all = bool(get_variant(variant).plan.all_play_all)
    except KeyError:
        all_play_all = False
    return [m for m in DRAW_METHODS if (m != ALL_PLAY_ALL or all_play_all) and (in_series or m not in LADDER_METHODS)]


def in_series(tournament: Any) -> bool:
    """Is the event a member of a series (``tournaments.seasons``)?"""
    if tournament is None or tournament.pk is None:
        return False
    # Through the membership's reverse relation: the models module imports this one, so this one
    # does not import the seasons' models.
    return type(tournament).objects.filter(pk=tournament.pk, series_membership__isnull=False).exists()


def event_methods(tournament: Any) -> list[str]:
    """The methods the event may draw with: its variant's, and the ladder's while it is in a series."""
    return methods_for(tournament.variant, in_series(tournament))


def refusal(method: str) -> str:
    """Why a method is not offered for an event."""
    if method in LADDER_METHODS:
        return _("Only an event of a series is drawn from the series ladder.")
    return _("The all-play-all schedule is for MAUSZ ulti finals.")


def choices_for(variant: str, in_series: bool = False) -> list[tuple[str, str]]:
    return [(m, DRAW_METHODS[m]) for m in methods_for(variant, in_series)]


def follows_results(method: str) -> bool:
    """After round 1 every method but the all-play-all re-seats by results (random and strength differ
    only in round 1)."""
    return method != ALL_PLAY_ALL
