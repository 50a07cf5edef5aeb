"""The ways a round can be drawn, declared once: the rounds page's form, the API and ``rounds.draw_round``
all take these names."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

RANDOM = "random"
STRENGTH = "strength"
ALL_PLAY_ALL = "all_play_all"

# name -> what the organizer reads in the draw form
DRAW_METHODS = {
    RANDOM: _("round 1 at random from the seed; later rounds by results"),
    STRENGTH: _("round 1 by strength order; later rounds by results"),
    ALL_PLAY_ALL: _("all-play-all schedule in threes (MAUSZ final)"),
}
