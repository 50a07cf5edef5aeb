"""The ways a round can be drawn, declared once: the rounds page's form, the event form, the API and
``rounds.draw_round`` all take these names, and offer only those the variant's table plan allows."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from scoring.registry import get as get_variant

RANDOM = "random"
STRENGTH = "strength"
ALL_PLAY_ALL = "all_play_all"

# name -> what the organizer reads in the draw form
DRAW_METHODS = {
    RANDOM: _("round 1 at random from the seed; later rounds by results"),
    STRENGTH: _("round 1 by strength order; later rounds by results"),
    ALL_PLAY_ALL: _("all-play-all schedule in threes (MAUSZ final)"),
}


def methods_for(variant: str) -> list[str]:
    """The methods ``variant``'s table plan allows (the all-play-all only where the plan has one)."""
    try:
        plan = get_variant(variant).plan
    except KeyError:
        return [RANDOM, STRENGTH]
    return [m for m in DRAW_METHODS if m != ALL_PLAY_ALL or plan.all_play_all]


def choices_for(variant: str) -> list[tuple[str, str]]:
    return [(m, DRAW_METHODS[m]) for m in methods_for(variant)]


def follows_results(method: str) -> bool:
    """After round 1 every method but the all-play-all re-seats by results (random and strength differ
    only in round 1)."""
    return method != ALL_PLAY_ALL
