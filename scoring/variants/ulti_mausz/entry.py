"""ulti-mausz: the hand form, laid out like the game sheet line (ulti-mausz.md §6.2), each field bound
once to the path of the hand it writes (scoring.entry).

The referee records the final bid and the facts read off the table (§5.2 "facts, not verdicts");
the engine derives every verdict. The first section is the usual deal: the bid and its trump in
one tap (a table of bids by suit, as the sheet writes "tök ulti"), declarer, tricks, card points,
who announced which marriage, the trump seven in the last trick and, for a 4 ász bid, who took the
four aces. Kontras, silent claims (a silent four aces is one tap: who took them), a give-up and the
renonsz case are open, one tap each, as the sheet's columns; the sheet's verdicts (a cross-check)
fold away.

Kontra is entered per component *family* (parti / 100 / 4 ász / ulti / the durchmars or betli
part of the bid): a bid has at most one component of each family, so the field's path is the
component of the chosen bid (§2.1). Individual kontras of colourless bids (§3.6) are entered per
defender.

``normalised(hand)`` states what the form writes differently from other valid hands of the same
meaning (the round-trip tests compare against it); none of it changes a score:

* ``trump: null``, ``gave_up: false`` and ``silent_claims: []`` are left out;
* kontra level 1 (also inside a per-seat kontra) is left out, and so is a kontra left empty;
* ``silent_claims`` are written in the order "100", "4asz", marriages in suit order makk, tök,
  zöld, piros;
* a ``renonsz.penalty_bid.trump`` other than ``piros`` is left out (only red changes the row);
* ``play.four_aces`` is left out where it counts for nothing: a bid without 4 ász and no silent
  four aces claimed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring import entry as e
from scoring.text import _

from . import rules

# A bid has at most one component of each family, so kontras and sheet verdicts are entered per
# family and written under the bid's own component.
FAMILIES = ("parti", "hundred", "aces", "ulti", "main")
FAMILY_OF = {
    c: (
        "parti"
        if c == "parti"
        else "hundred"
        if c in ("40-100", "20-100")
        else "aces"
        if c == "4asz"
        else "ulti"
        if c == "ulti"
        else "main"
    )
    for c in rules.COMPONENT_RULE
}
FAMILY_DEFAULT = {"parti": "parti", "hundred": "40-100", "aces": "4asz", "ulti": "ulti", "main": "durchmars"}
FAMILY_LABELS = {
    "parti": _("parti (game)"),
    "hundred": _("40-100 / 20-100"),
    "aces": _("4 ász"),
    "ulti": _("ulti"),
    "main": _("durchmars / betli"),
}

KONTRA = ((1, e.DASH), (2, _("kontra ×2")), (4, _("rekontra ×4")))
VERDICTS = (("", e.DASH), ("made", _("made")), ("failed", _("failed")))
SUIT_LABELS = {"makk": _("makk"), "tok": _("tök"), "zold": _("zöld"), "piros": _("piros")}
GAVE_UP = (
    ("", e.DASH),
    ("before_first_card", _("before the first card (pays with kontra)")),
    ("after_first_card", _("after the first card, with consent")),
)
# The cases whose consequence (§4.2) relaxes what is recorded of the play (§5.4).
RELAXED = frozenset({rules.RULING_PARTI_WON, rules.PARTIAL})
CLAIMS = ("100", "4asz")


def _name(key: str) -> str:
    name = " + ".join(rules.COMPONENT_NAME[c] for c in key.split("+"))
    return name + " (piros betli)" if key == "rebetli" else name


def _bid_label(key: str) -> e.Raw:
    plain = rules.BID_TABLE[(key, False)].total
    red = rules.BID_TABLE.get((key, True))
    return e.Raw(f"{_name(key)} · {plain}" + (f" (piros {red.total})" if red else ""))


BID_KEYS = sorted({k for k, _red in rules.BID_TABLE}, key=lambda k: rules.BID_TABLE[(k, False)].row)
# The sheet writes a deal's game as one mark, "tök ulti" (§6.2: the row of §2.3 and the trump), so the
# bid field is the bid table by trump: a coloured bid's row holds the bid without its trump (a renonsz
# before the trump is named, 13.3.1) and the bid in each suit, "ulti:tok"; a colourless bid is one chip.
BIDS = (
    ("", _("— (none: void deal or jury)")),
    *(
        choice
        for k in BID_KEYS
        for choice in (
            (k, _bid_label(k)),
            *(
                ()
                if k in rules.COLOURLESS
                else (
                    (f"{k}:{suit}", e.Text(e.Raw("%(bid)s · %(suit)s"), {"bid": e.Raw(_name(k)), "suit": label}))
                    for suit, label in SUIT_LABELS.items()
                )
            ),
        )
    ),
)
SUIT_COLUMNS = tuple(SUIT_LABELS.items())


def key_of(value: str | None) -> str:
    """The bid of a value of the bid field ("ulti:tok" -> "ulti")."""
    return (value or "").partition(":")[0]


def bid_values(keys: Any) -> tuple[str, ...]:
    """Every value of the bid field whose bid is one of ``keys``."""
    return tuple(v for v, _label in BIDS if v and key_of(v) in keys)


# The bids of most deals, shown as tap targets in the table's order: every bid worth at most 9 units (§2.3
# rows 1-13, up to ulti + 4 ász) and rebetli ("piros betli", the red betli, 10); the dearer ones (the
# terített bids, the triples) fold away.
COMMON_BIDS = tuple(k for k in BID_KEYS if rules.BID_TABLE[(k, False)].total <= 9 or k == "rebetli")
# A 40-100 is played with the trump 40 announced by the declarer (§3.3): the form presets it, and
# the preset yields where no play is recorded (a give-up, a renonsz case of §5.4 that forbids it).
FORTY_HUNDRED = tuple(k for k in BID_KEYS if "40-100" in rules.KEY_COMPONENTS[k])
NO_PLAY = (
    {"renonsz_case": tuple(c for c, case in rules.CASES.items() if case.type in rules.NO_PLAY_TYPES)},
    {"gave_up": (e.ANY,)},
)
# A case as the rulebook lists it: its paragraph ("13. § (2) 3. a)") and what happened, in the
# reader's language (Hungarian in the rulebook's own words); the stored value is the case id.
CASES = (
    ("", e.DASH),
    *(
        (c, e.Text(e.Raw("%(paragraph)s %(what)s"), {"paragraph": e.Raw(rules.paragraph(c)), "what": case.text}))
        for c, case in rules.CASES.items()
    ),
)
# The cases a referee meets at the table during play (13.§ (3), 10.§ (3) e and g), shown as tap
# targets in the rulebook's order, revoke among them; the dealing and bidding cases and the jury's
# fold under "more choices". The dash stays in reach: it takes a case back.
COMMON_CASES = ("", "13.3.3", "13.3.4", "13.3.5", "13.3.6", "13.3.7", "13.3.12", "10.3.e", "10.3.g")
# A case only the declarer can commit (§4.3 "declarer"): its offender is shown as the declarer.
DECLARER_CASES = tuple(c for c, case in rules.CASES.items() if case.offender == "declarer")
# The cases that record an offender, and those that name a penalty bid (§4.3): their fields wait for them.
OFFENDER_CASES = tuple(c for c, case in rules.CASES.items() if case.offender)
PENALTY_CASES = tuple(c for c, case in rules.CASES.items() if case.penalty_bid)
# A 4 ász bid records who took the four aces; the other bids of §3.4 item 4 only a silent four aces
# claimed, which is one mark on the sheet: "silent four aces, B" (the facts must show B took them all).
ACES_BIDS = bid_values({k for k, c in rules.KEY_COMPONENTS.items() if "4asz" in c})
SILENT_ACES_BIDS = bid_values(rules.SILENT_4ASZ_KEYS)


def component(bid: str | None, family: str) -> str:
    """The component of ``bid`` in ``family``; the family's usual one when the bid has none
    (the engine then says the kontra or verdict does not apply to this bid)."""
    for comp in rules.KEY_COMPONENTS.get(key_of(bid), ()):
        if FAMILY_OF[comp] == family:
            return comp
    return FAMILY_DEFAULT[family]


def _in_family(member: str, family: str, individual: bool = False):
    """Read the level (or verdict) of ``family`` back from ``hand[member]``, whatever the component."""

    def read(hand: Mapping[str, Any]) -> Any:
        for comp, level in (hand.get(member) or {}).items():
            if isinstance(level, Mapping) == individual and FAMILY_OF.get(comp, "main") == family:
                return level
        return None

    return read


def _individual(seat: str):
    def read(hand: Mapping[str, Any]) -> Any:
        for level in (hand.get("kontra") or {}).values():
            if isinstance(level, Mapping) and seat in level:
                return level[seat]
        return None

    return read


def _by_family(member: str, family: str):
    return lambda values: f"{member}.{component(values.get('bid') or None, family)}"


def _bid_and_trump(value: str, values: Any) -> dict[str, Any]:
    """``"ulti:tok"`` -> ``{"bid": "ulti", "trump": "tok"}``; a bid without a trump writes none."""
    bid, _colon, trump = value.partition(":")
    return {"bid": bid, **({"trump": trump} if trump else {})}


def _bid_value(hand: Mapping[str, Any]) -> str:
    bid, trump = hand.get("bid") or "", hand.get("trump")
    return f"{bid}:{trump}" if bid and trump else bid


def _components(values: Any) -> frozenset[str] | tuple[()]:
    return rules.KEY_COMPONENTS.get(key_of(values.get("bid")), ())


def _four_aces(hand: Mapping[str, Any]) -> Any:
    """Who took the four aces, for a 4 ász bid (another bid shows them as a silent claim's)."""
    play = hand.get("play") or {}
    if "4asz" not in rules.KEY_COMPONENTS.get(hand.get("bid") or "", ()):
        return None
    return (play["four_aces"] or "none") if "four_aces" in play else None


def _trump7(hand: Mapping[str, Any]) -> Any:
    """The trump seven's chip: "none" for an explicit ``null`` (not played to the last trick), nothing
    where the hand records no play."""
    play = hand.get("play") or {}
    if "trump7_last_trick" not in play:
        return None
    found = play["trump7_last_trick"]
    return f"{found['seat']}:{'won' if found['won'] else 'lost'}" if found else "none"


def plays(values: Any) -> bool:
    """Is the play recorded (§5.2)? Not after a give-up nor with a renonsz case that forbids it (§5.4)."""
    case = rules.CASES.get(values.get("renonsz_case") or "")
    return not values.get("gave_up") and (case is None or case.type not in rules.NO_PLAY_TYPES)


def layout(ctx: e.Context) -> list[e.Section]:
    seats = ctx.seat_options or ctx.seats  # after a void deal the other dealer brings his players
    # "—" first and chosen untouched: an ulti is decided by the seven, so the form asks rather than
    # scoring a failed ulti from a default (checks); for other bids "—" reads as not played.
    trump7 = (
        ("", e.DASH),
        ("none", _("not played to the last trick")),
        *(
            (f"{s}:{r}", e.Text.of(label, seat=e.SeatName(s)))
            for s in seats
            for r, label in (("won", _("%(seat)s played it, won")), ("lost", _("%(seat)s played it, lost")))
        ),
    )
    four_aces = (
        ("", _("— (not recorded)")),
        ("none", _("nobody (split, or one in the talon)")),
        *e.seat_choices(seats, None),
    )
    # One mark on the sheet, "silent four aces: B": the claim, and who took them (finish writes the fact).
    silent_aces = e.Item(
        "silent_claims",
        (
            e.Binding(
                e.Field(
                    "silent_aces",
                    _("silent four aces claimed before the throw-in: all four taken by"),
                    choices=e.seat_choices(seats),
                    waits_for="bid",
                    waits_values=SILENT_ACES_BIDS,
                ),
                None,
                put=lambda v, values: "4asz",
                get=lambda found, hand: (hand.get("play") or {}).get("four_aces"),
                claims=("play.four_aces",),
            ),
        ),
        matches=lambda found: found == "4asz",
        scalar=True,
        show=lambda values: key_of(values.get("bid")) in rules.SILENT_4ASZ_KEYS,
    )
    marriages = tuple(
        e.Item(
            "play.marriages",
            (
                e.Binding(
                    e.Field(
                        f"m_{suit}",
                        e.Text.of(_("20/40 in %(suit)s announced by"), suit=SUIT_LABELS[suit]),
                        choices=e.seat_choices(seats),
                        preset=e.Preset(
                            {"bid": tuple(f"{k}:{suit}" for k in FORTY_HUNDRED), "declarer": (e.ANY,)},
                            copy="declarer",
                            unless=NO_PLAY,
                        ),
                    ),
                    "seat",
                ),
            ),
            const={"suit": suit},
            matches=lambda m, suit=suit: m.get("suit") == suit,
        )
        for suit in rules.SUITS
    )
    silent_100 = e.Item(
        "silent_claims",
        (
            e.Binding(
                e.Field("silent_100", _("silent 100 claimed before the throw-in"), e.BOOL),
                None,
                put=lambda v, values: "100",
                get=lambda found, hand: True,
                blank=("", None, False),
            ),
        ),
        matches=lambda found: found == "100",
        scalar=True,
    )
    return [
        e.Section(
            _("Deal"),
            (
                e.Binding(
                    e.Field("bid", _("bid and trump"), choices=BIDS, common=bid_values(COMMON_BIDS), grid=SUIT_COLUMNS),
                    "",
                    put=_bid_and_trump,
                    read=_bid_value,
                    claims=("bid", "trump"),
                ),
                # The forehand must open the bidding and plays his bid when the others pass (§1.1, §1.6):
                # the usual declarer, shown chosen as in Taruk; the preview names him.
                e.Binding(
                    e.Field("declarer", _("declarer"), choices=e.seat_choices(seats), initial=ctx.forehand),
                    "declarer",
                    get=lambda found, hand: found or "",
                ),
                e.Binding(
                    e.Field("declarer_tricks", _("declarer's tricks"), e.INT, min_value=0, max_value=10, numeric=True),
                    "play.declarer_tricks",
                    claims=("play",),
                ),
                e.Binding(
                    e.Field(
                        "declarer_card_points",
                        _("declarer's card points (aces, tens, last trick)"),
                        e.INT,
                        min_value=0,
                        max_value=90,
                        step=10,
                        numeric=True,
                    ),
                    "play.declarer_card_points",
                ),
                *marriages,
                e.Binding(
                    e.Field("trump7", _("trump seven in the last trick"), choices=trump7),
                    "play.trump7_last_trick",
                    put=lambda v, values: (
                        None if v == "none" else {"seat": v.partition(":")[0], "won": v.partition(":")[2] == "won"}
                    ),
                    read=_trump7,
                ),
                e.Binding(
                    e.Field(
                        "four_aces",
                        _("all four aces taken by"),
                        choices=four_aces,
                        waits_for="bid",
                        waits_values=ACES_BIDS,
                    ),
                    lambda values: "play.four_aces" if "4asz" in _components(values) else None,
                    put=lambda v, values: None if v == "none" else v,
                    read=_four_aces,
                ),
            ),
        ),
        # Kontras are the sheet's everyday marks (a column per bid): open, one tap each.
        e.Section(
            _("Kontra and rekontra"),
            tuple(
                e.Binding(
                    e.Field(
                        f"k_{fam}",
                        e.Text.of(_("kontra on %(what)s"), what=FAMILY_LABELS[fam]),
                        e.INT_CHOICE,
                        KONTRA,
                        initial=1,
                    ),
                    _by_family("kontra", fam),
                    put=e.unless(1),
                    read=_in_family("kontra", fam),
                )
                for fam in FAMILIES
            ),
            open=True,
        ),
        e.Section(
            _("Individual kontra (betli, colourless durchmars): the defenders' levels"),
            tuple(
                e.Binding(
                    e.Field(
                        f"k_seat_{s}",
                        e.Text.of(_("kontra of %(seat)s"), seat=e.SeatName(s)),
                        e.INT_CHOICE,
                        KONTRA,
                        initial=1,
                        # a defender's row: the declarer's own is not shown (the check refuses it, §3.6)
                        waits_for="declarer",
                        waits_values=tuple(o for o in seats if o != s),
                    ),
                    lambda values, s=s: f"kontra.{component(values.get('bid') or None, 'main')}.{s}",
                    put=e.unless(1),
                    read=_individual(s),
                )
                for s in seats
            ),
            {"bid": sorted(rules.COLOURLESS)},
            open=True,  # shown for a betli or a colourless durchmars only, where it is the kontra
        ),
        # The sheet has a column for the silent items, and a give-up is one mark on its line: open, one
        # tap each (a silent 100 is no rare hand).
        e.Section(
            _("Silent claims and give-up"),
            (
                silent_100,
                silent_aces,
                e.Binding(
                    e.Field("gave_up", _("declarer gave up"), choices=GAVE_UP),
                    "gave_up",
                    get=lambda found, hand: found or "",
                ),
            ),
            open=True,
        ),
        # A renonsz is a column of the sheet's line: open, its case one tap; who and the penalty bid
        # show once the case asks for them.
        e.Section(
            _("Renonsz"),
            (
                e.Binding(
                    e.Field("renonsz_case", _("renonsz case (13.§)"), choices=CASES, common=COMMON_CASES),
                    "renonsz.case",
                    claims=("renonsz",),
                ),
                e.Binding(
                    e.Field(
                        "renonsz_offender",
                        _("offender"),
                        choices=e.seat_choices(seats),
                        preset=e.Preset({"renonsz_case": DECLARER_CASES, "declarer": (e.ANY,)}, copy="declarer"),
                        waits_for="renonsz_case",
                        waits_values=OFFENDER_CASES,
                    ),
                    "renonsz.offender",
                ),
                e.Binding(
                    e.Field(
                        "penalty_bid",
                        _("penalty bid (13.2.3c, 13.2.4a, 13.2.5)"),
                        choices=(*e.BLANK, *((k, _bid_label(k)) for k in BID_KEYS)),
                        waits_for="renonsz_case",
                        waits_values=PENALTY_CASES,
                    ),
                    "renonsz.penalty_bid.bid",
                    get=lambda found, hand: found or ("" if hand.get("renonsz") else None),
                    claims=("renonsz.penalty_bid",),
                ),
                e.Binding(
                    e.Field("penalty_red", _("penalty bid is red (piros)"), e.BOOL, waits_for="penalty_bid"),
                    "renonsz.penalty_bid.trump",
                    put=lambda v, values: "piros" if v else None,
                    get=lambda found, hand: found == "piros",
                    blank=("", None, False),
                ),
            ),
            open=True,
        ),
        e.Section(
            # The sheet's verdicts of parti / 40-100 / 20-100 stand in for the count when the card points
            # are left empty (rules.by_sheet); beside the card points they cross-check them (§5.1).
            _("The sheet's verdicts: instead of card points, or a cross-check"),
            tuple(
                e.Binding(
                    e.Field(f"r_{fam}", e.Text.of(_("sheet says %(what)s"), what=FAMILY_LABELS[fam]), choices=VERDICTS),
                    _by_family("results", fam),
                    read=_in_family("results", fam),
                )
                for fam in FAMILIES
            ),
        ),
        e.Section(
            _("Jury points (10.3.d), zero-sum"),
            tuple(e.Binding(e.Field(f"jury_{s}", e.SeatName(s), e.INT), f"renonsz.jury_points.{s}") for s in seats),
            {"renonsz_case": ["10.3.d"]},
        ),
    ]


def finish(hand: dict[str, Any], values: Any, ctx: e.Context) -> None:
    """What the sheet line implies (§5.2): the play is recorded only with its facts; the marriages
    list is written for a bid that counts them (unless the renonsz case relaxes the play), and a
    trump seven not played to the last trick is an explicit ``null``."""
    bid = key_of(values.get("bid")) or None
    play = hand.get("play") or {}
    if values.get("silent_aces") and bid in rules.SILENT_4ASZ_KEYS:
        play["four_aces"] = values["silent_aces"]  # the claim's row wrote "4asz"; this is whom it names
    marriages = play.pop("marriages", [])
    if not play and not marriages:
        hand.pop("play", None)
        return
    case = rules.CASES.get(values.get("renonsz_case") or "")
    relaxed = case is not None and case.type in RELAXED and "declarer_card_points" not in play
    if marriages or (bid in rules.COUNT_KEYS and not relaxed):
        play["marriages"] = marriages
    if bid not in rules.COLOURLESS and "trump7_last_trick" not in play:
        play["trump7_last_trick"] = None  # "not played to the last trick" (§5.2)
    hand["play"] = play


def checks(values: Any, ctx: e.Context) -> list[e.Check]:
    """What the form knows before the engine: one kind of kontra on the main part, no renonsz
    details without a case, no red without a penalty bid."""
    seats = ctx.seat_options or ctx.seats
    out = []
    individual = [s for s in seats if (values.get(f"k_seat_{s}") or 1) != 1]
    if individual and (values.get("k_main") or 1) != 1:
        out.append(e.Check("k_main", _("Give this kontra either for both defenders or per defender, not both.")))
    if not values.get("renonsz_case"):
        for name in ("renonsz_offender", "penalty_bid", "penalty_red", *(f"jury_{s}" for s in seats)):
            value = values.get(name)
            if value is not None and value != "" and value is not False:
                out.append(e.Check(name, _("Choose the renonsz case first.")))
    elif values.get("penalty_red") and not values.get("penalty_bid"):
        out.append(e.Check("penalty_bid", _("Choose the penalty bid.")))
    if "ulti" in _components(values) and not values.get("trump7") and plays(values):
        out.append(
            e.Check(
                "trump7",
                _("An ulti is decided by the trump seven: choose who played it to the last trick, or that nobody did."),
            )
        )
    return out


def normalised(hand: Mapping[str, Any]) -> dict[str, Any]:
    """``hand`` as the form writes it (see the module docstring); the same score."""
    out = dict(hand)
    for key, empty in (("trump", None), ("gave_up", False), ("silent_claims", [])):
        if key in out and out[key] == empty:
            del out[key]
    if "kontra" in out:
        kontra = {}
        for comp, level in out["kontra"].items():
            if isinstance(level, Mapping):
                level = {s: lvl for s, lvl in level.items() if lvl != 1}
                if level:
                    kontra[comp] = level
            elif level != 1:
                kontra[comp] = level
        out["kontra"] = kontra
        if not kontra:
            del out["kontra"]
    if out.get("silent_claims"):
        out["silent_claims"] = sorted(out["silent_claims"], key=CLAIMS.index)
    # four aces are recorded for a 4 ász bid or a silent four aces claimed: nowhere else do they count
    play = out.get("play")
    if (
        isinstance(play, Mapping)
        and "four_aces" in play
        and "4asz" not in rules.KEY_COMPONENTS.get(out.get("bid") or "", ())
        and "4asz" not in (out.get("silent_claims") or ())
    ):
        out["play"] = {k: v for k, v in play.items() if k != "four_aces"}
    if isinstance(out.get("play"), Mapping) and out["play"].get("marriages"):
        out["play"] = {
            **out["play"],
            "marriages": sorted(out["play"]["marriages"], key=lambda m: rules.SUITS.index(m["suit"])),
        }
    penalty = (out.get("renonsz") or {}).get("penalty_bid")
    if penalty and penalty.get("trump") not in (None, "piros"):
        out["renonsz"] = {**out["renonsz"], "penalty_bid": {"bid": penalty["bid"]}}
    return out


ENTRY = e.EntryForm(layout=layout, finish=finish, checks=checks, normalised=normalised)
