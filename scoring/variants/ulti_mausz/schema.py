"""The MAUSZ ulti hand as a JSON Schema (ulti-mausz.md §5): what ``rules.validate`` checks member by member.
Which members a bid or a renonsz case needs or forbids (§5.2, §5.4) stays in ``rules``."""

from scoring.hand_schema import array, boolean, choice, closed, hand, integer, seat

from .rules import BID_TABLE, CASES, COMPONENT_RULE, GAVE_UP, KEY, KONTRA_LEVELS, SUITS, ULTI_SEATS

SEAT = seat(ULTI_SEATS)
BIDS = list(dict.fromkeys(key for key, _red in BID_TABLE))  # the bid table's keys, in its order
KONTRA = choice(KONTRA_LEVELS, nullable=False, description="1, kontra 2, rekontra 4.")
COMPONENTS = tuple(COMPONENT_RULE)


def _per_component(value: dict, description: str) -> dict:
    return closed(dict.fromkeys(COMPONENTS, value), description=description)


HAND_SCHEMA = hand(
    KEY,
    "Ulti (MAUSZ) hand",
    {
        "declarer": SEAT,
        "bid": choice(BIDS, description="A key of the bid table (§2.3)."),
        "trump": choice(SUITS),
        "kontra": _per_component(
            {
                "oneOf": [
                    KONTRA,
                    closed(
                        dict.fromkeys(ULTI_SEATS, KONTRA),
                        nullable=False,
                        description="Per defender (colourless bids).",
                    ),
                ]
            },
            "Bid component -> kontra level, or defender -> level in a colourless bid.",
        ),
        "gave_up": {
            "oneOf": [
                {"type": "boolean", "enum": [False, None], "nullable": True},
                choice(GAVE_UP, nullable=False),
            ],
            "description": "false, or when the declarer gave up.",
        },
        "play": closed(
            {
                "declarer_tricks": integer(0, 10, nullable=False),
                "declarer_card_points": integer(0, 90, multipleOf=10),
                "marriages": array(
                    closed(
                        {"seat": seat(ULTI_SEATS, nullable=False), "suit": choice(SUITS, nullable=False)},
                        ("seat", "suit"),
                        nullable=False,
                    ),
                    unique=True,
                ),
                "four_aces": SEAT,
                "trump7_last_trick": closed(
                    {"seat": seat(ULTI_SEATS, nullable=False), "won": boolean(nullable=False)}, ("seat", "won")
                ),
            },
            ("declarer_tricks",),
        ),
        "silent_claims": array(choice(("100", "4asz"), nullable=False), unique=True),
        "results": _per_component(choice(("made", "failed"), nullable=False), "Bid component -> the sheet's verdict."),
        "renonsz": closed(
            {
                "case": choice(CASES, nullable=False, description="The case id of 13.§ (§4.3)."),
                "offender": SEAT,
                "penalty_bid": closed({"bid": choice(BIDS, nullable=False), "trump": choice(SUITS)}, ("bid",)),
                "jury_points": closed(
                    dict.fromkeys(ULTI_SEATS, integer(nullable=False)), description="Seat -> points (10.3.d)."
                ),
            },
            ("case",),
        ),
    },
    seats=ULTI_SEATS,
    players=(3, 3),
)
