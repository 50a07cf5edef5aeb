"""The Laza tarokk hand as a JSON Schema (tarokk-laza.md §5.1): what ``rules.validate`` checks member by
member. Which bids exist and what each needs (a suit, a card) is the event's point table's (§4.2), checked
by ``rules``."""

from scoring.hand_schema import array, boolean, closed, hand, integer, seat, text

from .rules import KEY, PAIRS, TABLE_SEATS

SEAT = seat(TABLE_SEATS, nullable=False)


def _entries(nullable: bool) -> dict:
    entry = closed(
        {
            "bid": text(nullable=False) | {"description": "A bid id of the event's point table."},
            "qualifier": text() | {"description": "The suit or card the bid names, where its row asks for one."},
            "kontra": integer(0, 2, description="0 plain, 1 kontra, 2 rekontra (bids only)."),
            "made": boolean() | {"description": "Required for a bid; a silent achievement is always made."},
        },
        ("bid",),
        nullable=False,
    )
    return closed(
        dict.fromkeys(PAIRS, array(entry, nullable=nullable)), PAIRS if not nullable else (), nullable=nullable
    )


HAND_SCHEMA = hand(
    KEY,
    "Laza tarokk hand",
    {
        "attack": closed({"indito": SEAT, "elfogo": SEAT}, ("indito", "elfogo"), nullable=False),
        "defence": closed({"elfogo": SEAT, "indito": SEAT}, ("elfogo", "indito"), nullable=False),
        "bids": _entries(nullable=False) | {"description": "Each pair's bids (an empty list: none)."},
        "silent": _entries(nullable=True) | {"description": "Each pair's silent achievements."},
    },
    ("attack", "defence", "bids"),
    seats=TABLE_SEATS,
    players=(4, 4),
)
