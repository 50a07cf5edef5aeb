"""The Taruk 2012 hand as a JSON Schema (taruk2012.md §5): what ``rules.validate`` checks member by member.
Which members a game needs or forbids (table 5.5) stays in ``rules``."""

from scoring.hand_schema import array, boolean, choice, closed, hand, integer, seat

from .rules import BONUS_TYPES, GAMES, KEY, KONTRA_LEVELS, PENALTY_TYPES, SEATS_5, SIDES, SUITS

SEAT = seat(SEATS_5)
KONTRA = choice(KONTRA_LEVELS, description="1, kontra 2, re 4.")
CARD_POINTS = integer(0, 70)

HAND_SCHEMA = hand(
    KEY,
    "Taruk 2012 hand",
    {
        "game": choice(GAMES, nullable=False),
        "declarer": SEAT,
        "called_king": choice(SUITS),
        "partner": SEAT,
        "card_points": CARD_POINTS | {"description": "The declaring side's card points as counted."},
        "won": boolean(),
        "game_kontra": KONTRA,
        "bonuses": array(
            closed(
                {
                    "type": choice(BONUS_TYPES, nullable=False),
                    "side": choice(SIDES, nullable=False),
                    "announced": boolean(nullable=False),
                    "made": boolean(nullable=False),
                    "kontra": KONTRA,
                },
                ("type", "side", "announced", "made"),
                nullable=False,
            )
        ),
        "klop_points": closed(
            dict.fromkeys(SEATS_5, integer(0, 70, nullable=False)), description="Seat -> card points in klop."
        ),
        "klop_kontra": array(
            closed(
                {"seat": seat(SEATS_5, nullable=False), "no_trick": boolean(nullable=False)},
                ("seat", "no_trick"),
                nullable=False,
            )
        ),
        "mondfang": SEAT,
        "mond_in_talon": boolean(),
        "penalties": array(
            closed(
                {
                    "type": choice(PENALTY_TYPES, nullable=False),
                    "seat": seat(SEATS_5, nullable=False),
                    "points": integer(None, -1, description="renons only: the points charged (negative)."),
                    "warning": boolean() | {"description": "misdeal only (required there): a first misdeal."},
                },
                ("type", "seat"),
                nullable=False,
            )
        ),
    },
    ("game",),
    seats=SEATS_5,
    players=(4, 4),
)
