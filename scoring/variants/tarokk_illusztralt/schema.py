"""The Illusztrált tarokk hand as a JSON Schema (tarokk-illusztralt.md §3): what ``rules.validate`` checks
member by member. Which members an outcome needs or forbids (§3.3) stays in ``rules``."""

from scoring.families.hungarian_tarokk.schema import count_members, figure_head
from scoring.hand_schema import array, boolean, choice, closed, hand, integer, seat

from .rules import (
    BIDS,
    FIGURES,
    KEY,
    MAX_KONTRA,
    OUTCOMES,
    RENONSZ_KINDS,
    RESULTS,
    SEATS,
    SIDES,
    SUITS,
    TAROKK_COUNT_VALUE,
    WHENS,
)

SEAT = seat(SEATS)
KONTRA = integer(0, MAX_KONTRA, description="Kontra level: 0 none, 1 kontra, 2 rekontra, ...")

HAND_SCHEMA = hand(
    KEY,
    "Illusztrált tarokk hand",
    {
        "outcome": choice(OUTCOMES, description="Absent: played."),
        "bid": choice(BIDS),
        "declarer": SEAT,
        "partner": SEAT,
        "called_tarokk_discarded": boolean(),
        **count_members(KONTRA),
        "figures": array(
            closed(
                {
                    **figure_head(FIGURES, SIDES),
                    "suit": choice(SUITS),
                    "kontra": KONTRA,
                    "result": choice(RESULTS),
                },
                ("figure", "side", "announced"),
                nullable=False,
            )
        ),
        "tarokk_counts": array(
            closed(
                {
                    "seat": seat(SEATS, nullable=False),
                    "count": choice(TAROKK_COUNT_VALUE, nullable=False),
                    "when": choice(WHENS, nullable=False),
                },
                ("seat", "count", "when"),
                nullable=False,
            )
        ),
        "renonsz": closed(
            {"offender": seat(SEATS, nullable=False), "kind": choice(RENONSZ_KINDS, nullable=False)},
            ("offender", "kind"),
        ),
    },
    seats=SEATS,
    players=(4, 4),
)
