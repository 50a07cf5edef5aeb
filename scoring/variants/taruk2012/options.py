"""taruk2012: the readings the organizer chooses per event (taruk2012.md §4.5).

P27 (radelc lifetime) and P15 (the partner's share of an odd negative total) go to the
engine as ``config`` (``rules.validate_config`` checks them); the table-tie rule (S3) is a
setting of the tournament the standings use (``ties.py``). The first reading of each is the
default of an event that never chose; a new event must choose the radelc reading.
"""

from __future__ import annotations

from scoring.event_options import CONFIG, SETTINGS, EventOption, Reading
from scoring.text import _

RADELC = EventOption(
    key="radelc",
    label=_("Radelc lifetime"),
    store=CONFIG,
    rule="P27",
    original=(
        "Radelc se igralcu izbriše po prvi odigrani igri po pridobitvi le-tega oziroma, ko se izkoristi njegov učinek."
    ),
    original_en=_(
        "The radelc is erased from the player after the first game played after gaining it, "
        "or rather when its effect has been used."
    ),
    readings=(
        Reading(
            "next_hand",
            _("After the next hand"),
            _(
                "Every radelc is erased after the next played hand, whatever happened in it; "
                "a player holds at most one."
            ),
            (
                _("Hand 1 klop: every seat gains a radelc. Hand 2: B wins dve, 35 doubled to 70."),
                _("Hand 3: C loses solo tri, -45 (the radelci were erased after hand 2)."),
            ),
        ),
        Reading(
            "holder_plays",
            _("When its holder plays"),
            _(
                "A radelc stays until its holder next plays a game as declarer, won or lost; "
                "radelci pile up and only the declarer's score is doubled."
            ),
            (
                _("Hand 1 klop: every seat gains a radelc. Hand 2: B wins dve, 35 doubled to 70."),
                _("Hand 3: C loses solo tri, -45 doubled to -90 (C still held his radelc)."),
            ),
        ),
    ),
    required=True,
)

PARTNER_SHARE = EventOption(
    key="partner_share",
    label=_("Partner's share of an odd total"),
    store=CONFIG,
    rule="P15",
    original=(
        "Če prejme igralec, ki je igro igral, število točk ki ni deljivo z 2, npr. 115 točk, njegov "
        "soigralec tedaj prejme 60 točk. Kot da bi on prijel 120 točk(prišteje se 5 točk njegovi "
        "vrednosti, nato deli z 2)."
    ),
    original_en=_(
        "If the player who played the game receives a number of points not divisible by 2, e.g. 115 points, "
        "his partner receives 60 points, as if he had taken 120 points (5 points are added to his value, "
        "then divided by 2)."
    ),
    readings=(
        Reading(
            "magnitude",
            _("5 away from zero"),
            _(
                "The size of an odd total is rounded up: the partner of a losing declarer shares "
                "the loss as he shares a win."
            ),
            (_("Declarer +115: partner +60."), _("Declarer -115: partner -60.")),
        ),
        Reading(
            "literal",
            _("Add 5, sign included"),
            _("5 is added to the total as written, then halved: a negative odd total costs the partner 5 points less."),
            (_("Declarer +115: partner +60."), _("Declarer -115: partner -55.")),
        ),
    ),
)

TABLE_TIES_OPTION = EventOption(
    key="table_ties",
    label=_("Ties at a table"),
    store=SETTINGS,
    rule="S3",
    original=(
        "Morebitna izenačenost na katerem koli mestu pa prinese obema igralcema enako število točk, "
        "kot da bi bil en sam igralec."
    ),
    original_en=_("A tie at any place gives both players the same number of points, as if they were a single player."),
    readings=(
        Reading(
            "competition",
            _("Next player keeps his place (1-1-3-4)"),
            _("Tied players share the better place; the player behind them keeps his own place."),
            (_("Totals 120, 120, -35, -80: places 1, 1, 3, 4."), _("Ranking points 2, 2, 1, 0.5.")),
        ),
        Reading(
            "dense",
            _("Next player moves up (1-1-2-3)"),
            _("Tied players count as one player; the player behind them takes the next place."),
            (_("Totals 120, 120, -35, -80: places 1, 1, 2, 3."), _("Ranking points 2, 2, 1.5, 1.")),
        ),
    ),
)

OPTIONS = (RADELC, PARTNER_SHARE, TABLE_TIES_OPTION)
