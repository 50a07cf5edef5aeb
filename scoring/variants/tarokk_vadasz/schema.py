"""The Vadász tarokk hand as a JSON Schema (tarokk-vadasz.md §3.1): what ``rules.validate`` checks member
by member. Which members an outcome or a table size needs or forbids (§3.2) stays in ``rules``."""

from scoring.common import ALL_SEATS
from scoring.families.hungarian_tarokk.schema import count_members, figure_head
from scoring.hand_schema import array, boolean, choice, closed, hand, integer, seat

from .rules import (
    BIDS,
    FIGURES,
    KEY,
    LENGETES_MODES,
    OUTCOMES,
    RENONSZ_KINDS,
    RESULTS,
    SIDES,
    SOLO_CASES,
    THROW_IN_REASONS,
    UNPLAYABLE,
)

SEAT = seat(ALL_SEATS)
KONTRA = integer(0, 3, description="Kontra level: 0 none, 1 kontra, 2 rekontra, 3 szubkontra.")


def _union(groups: dict) -> list[str]:
    return list(dict.fromkeys(value for group in groups.values() for value in group))


HAND_SCHEMA = hand(
    KEY,
    "Vadász tarokk hand",
    {
        "participants": array(
            seat(ALL_SEATS, nullable=False),
            nullable=False,
            unique=True,
            minItems=4,
            maxItems=7,
            description="Everyone at the table.",
        ),
        "talon_arranger": SEAT,
        "outcome": choice(OUTCOMES, description="Absent: played."),
        "start_double_round": boolean(),
        "thrower": SEAT,
        "throw_in_reason": choice(THROW_IN_REASONS),
        "bid": choice(BIDS),
        "declarer": SEAT,
        "partner": SEAT,
        "solo": choice(SOLO_CASES),
        "declarer_talon_taken": integer(0, 3),
        **count_members(KONTRA),
        "figures": array(
            closed(
                {
                    **figure_head(FIGURES, SIDES),
                    "announcer": SEAT,
                    "with_volat": boolean(),
                    "kontra": KONTRA,
                    "result": choice(_union(RESULTS), description="The choices depend on the figure."),
                    "unplayable": choice(_union(UNPLAYABLE), description="The choices depend on the figure."),
                },
                ("figure", "side", "announced"),
                nullable=False,
            )
        ),
        "lengetes_ulti": closed(
            {"waver": seat(ALL_SEATS, nullable=False), "mode": choice(LENGETES_MODES, nullable=False)},
            ("waver", "mode"),
        ),
        "renonsz": closed(
            {"offender": seat(ALL_SEATS, nullable=False), "kind": choice(RENONSZ_KINDS, nullable=False)},
            ("offender", "kind"),
        ),
    },
    ("participants",),
    players=(4, 4),
)
