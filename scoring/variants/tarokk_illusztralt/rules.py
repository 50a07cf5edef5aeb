"""Illusztrált tarokk (Hungarian XX-calling tarokk, ``tarokk-illusztralt``).

The law is ``rules/tarokk-illusztralt.md`` (cited as §x.y); the original rules
page (``seeds/001_44a64c19477605cc.txt``) was read only where the spec is silent.
Pure Python: the tournament layer calls ``VARIANT.validate`` / ``VARIANT.settle``.

Every amount is paid side against side (§2.3): 2 v 2 pairwise, a lone
declarer (self-call or called tarokk in a skart) settles with each of the three
others, so every hand is zero-sum.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoring import common
from scoring.common import Errors, after_dealer, check_empty, check_note, envelope, next_seat, path
from scoring.families.hungarian_tarokk import rules as tarokk
from scoring.text import _, join
from scoring.types import Code, HandError, HandScore

KEY = "tarokk-illusztralt"
SEATS = ("A", "B", "C", "D")  # four players, all of them play every hand (§3.1 `seats`)
OUTCOMES = ("played", "redeal", "renonsz")

# §1.3: bid -> (game value G, name on the score sheet). Every word a line or a message shows is a
# scoring.text message; the game's own Hungarian terms are the same in every language.
BIDS: dict[str, tuple[int, str]] = {
    "harmas": (1, _("Hármas")),
    "kettes": (2, _("Kettes")),
    "egyes": (3, _("Egyes")),
    "szolo": (4, _("Szóló")),
}
MAX_KONTRA = 5  # §1.4: levels 0..5, multiplier 2**level
# §1.1, §2.1: the card points P (of 94) count through the game at 48 (47-47 goes to the opponents) and a
# dupla at 71, and only there (§2.2 step 2); the sheet's verdict may stand in for P (``count_result``, a
# band of P: COUNT_RESULTS, ``count_band``). Shared with Vadász: scoring/families/hungarian_tarokk/rules.py.
WIN_POINTS, DUPLA_POINTS, TOTAL_POINTS = tarokk.WIN_POINTS, tarokk.DUPLA_POINTS, tarokk.TOTAL_POINTS
COUNT_RESULTS, COUNT_RESULT_LABEL, count_band = tarokk.COUNT_RESULTS, tarokk.COUNT_RESULT_LABEL, tarokk.count_band

SIDES = tarokk.SIDES
RESULTS = ("made", "failed")
WHENS = ("early", "end")
OTHER_SIDE = {"declarer": "opponents", "opponents": "declarer"}
SIDE_NAME = tarokk.SIDE_NAME
SUITS = {"kor": _("kőr"), "karo": _("káró"), "treff": _("treff"), "pikk": _("pikk")}

# §2.1: figure id -> (name, announced value, silent value or None = valid only announced).
# dupla and volát are worth a multiple of G instead: see G_FIGURES.
FIGURES: dict[str, tuple[str, int, int | None]] = {
    "dupla": (_("Dupla"), 0, None),
    "volat": (_("Volát"), 0, None),
    "tuletroa": (_("Tulétroá"), 2, 1),
    "negy_kiraly": (_("Négy király"), 2, 1),
    "xxi_fogas": (_("XXI-fogás"), 42, 21),
    "pagat_ultimo": (_("Pagát ultimó"), 10, 5),
    "kiraly_ultimo": (_("Király ultimó"), 15, None),
    "pagat_uhu": (_("Pagát uhu"), 20, None),
    "kiraly_uhu": (_("Király uhu"), 20, None),
    "centrum": (_("Centrum"), 10, None),
    "kismadar": (_("Kismadár"), 10, None),
    "nagymadar": (_("Nagymadár"), 10, None),
}
G_FIGURES = {"dupla": 4, "volat": 6}  # announced value = factor x G (§2.1)
SILENT_G_FACTOR = {"dupla": 2, "volat": 3}  # automatic silent value = factor x G (§2.2 step 4)
KING_FIGURES = frozenset({"kiraly_ultimo", "kiraly_uhu"})
SILENT_FIGURES = frozenset({"tuletroa", "negy_kiraly", "xxi_fogas", "pagat_ultimo"})  # §3.2
SILENT_MADE_ONLY = frozenset({"tuletroa", "negy_kiraly", "xxi_fogas"})  # §3.2
NOT_AFTER_VOLAT = frozenset({"tuletroa", "negy_kiraly", "dupla"})  # §3.3.6 volát order
ABSORBED_BY_VOLAT = frozenset({"tuletroa", "negy_kiraly"})  # §2.1 footnote `+` (silent only)
PAGAT_TWIN = {"pagat_ultimo": "pagat_uhu", "pagat_uhu": "pagat_ultimo"}  # one Pagát, one trick
OPENING_TRICKS = {"centrum": 5, "kismadar": 6, "nagymadar": 7}  # §2.1: tricks 1..n

TAROKK_COUNT_VALUE = {8: 1, 9: 2}  # §2.5
# §2.6: renonsz kind -> its breakdown line, one whole sentence each (the kind's id is English).
RENONSZ_KINDS = {
    "discard": _(
        "Renonsz (discard) by %(offender)s, who discarded a king or an honour: R = %(total)s to each of the other three"
    ),
    "invite_discard": _(
        "Renonsz (invite_discard) by %(offender)s, who discarded the tarokk shown by an accepted invite: "
        "R = %(total)s to each of the other three"
    ),
    "play": _(
        "Renonsz (play) by %(offender)s, who broke the card-play rules: R = %(total)s to each of the other three"
    ),
    "no_honour": _(
        "Renonsz (no_honour) by %(offender)s, who bid Hármas without an honour and got none from the talon: "
        "R = %(total)s to each of the other three"
    ),
    "timeout": _(
        "Renonsz (timeout) by %(offender)s, who ran out of thinking time: R = %(total)s to each of the other three"
    ),
}

HAND_KEYS = frozenset({
    "variant", "seats", "dealer", "outcome", "bid", "declarer", "partner",
    "called_tarokk_discarded", "declarer_card_points", "count_result", "declarer_tricks", "game_kontra",
    "figures", "tarokk_counts", "renonsz", "note",
})  # fmt: skip
# §3.3.2; ``note`` is the referee's remark, ignored by scoring (common.check_note).
REDEAL_KEYS = frozenset({"variant", "seats", "dealer", "outcome", "note"})
FIGURE_KEYS = frozenset({"figure", "side", "announced", "suit", "kontra", "result"})
TAROKK_COUNT_KEYS = frozenset({"seat", "count", "when"})
RENONSZ_KEYS = frozenset({"offender", "kind"})


# --- small formatting helpers ------------------------------------------------


MINUS = "\u2212"  # the breakdown lines of §3.4 use a true minus sign and a multiplication sign
TIMES = "\u00d7"


def _num(n: int) -> str:
    """Points as the spec's breakdown writes them (§3.4): +4, minus 4, 0."""
    # Not common.signed: the spec's lines use a true minus sign (U+2212), the other variants "-".
    if n > 0:
        return f"+{n}"
    return f"{MINUS}{-n}" if n < 0 else "0"


# §1.4: a kontra level's name (as common.KONTRA_NAMES) and multiplier, as a line writes them: "kontra ×2".
KONTRA_TEXT = (
    "",
    join(" ", [_("kontra"), f"{TIMES}2"]),
    join(" ", [_("rekontra"), f"{TIMES}4"]),
    join(" ", [_("szubkontra"), f"{TIMES}8"]),
    join(" ", [_("hirskontra"), f"{TIMES}16"]),
    join(" ", [_("mordkontra"), f"{TIMES}32"]),
)


def _announced_value(fig: str, g: int) -> int:
    """An announced figure's value before kontra (§2.1): dupla 4G, volát 6G, the others fixed."""
    factor = G_FIGURES.get(fig)
    return FIGURES[fig][1] if factor is None else factor * g


def _figure_name(entry: Mapping[str, Any]) -> str:
    name = FIGURES[entry["figure"]][0]
    suit = entry.get("suit")
    return join(" ", [name, SUITS[suit]]) if suit is not None else name


# --- validation (§3.3) --------------------------------------------------------


def _check_state(errors: Errors, state: Any) -> None:
    """The variant carries nothing between hands: the only valid state is ``{}``."""
    check_empty(errors, state, "state", _unknown_state, text_keys=False)


def _unknown_state(key: Any) -> str:
    return _("unknown state field %(key)s (this variant keeps no state)", key=repr(key))


def _unknown_config(key: Any) -> str:
    return _("unknown config field %(key)s (this variant has none)", key=repr(key))


def validate_config(config: Mapping[str, Any] | None) -> list[HandError]:
    """Illusztrált tarokk has no event configuration (§2.7: the money unit is not the engine's)."""
    errors = Errors()
    _check_config(errors, config)
    return errors.items


def _check_config(errors: Errors, config: Any) -> None:
    check_empty(errors, config, "config", _unknown_config, text_keys=False)


def _envelope(errors: Errors, hand: Any) -> Mapping[str, Any] | None:
    """``common.envelope`` plus §3.3.1 (exactly the four table seats, the dealer one of them)."""
    # Own fast path, not common.envelope's: with the seats known to be exactly A-D, four `in`
    # tests cover both checks at once and need no set (a third of the envelope's cost).
    if type(hand) is dict and hand.keys() <= HAND_KEYS and hand.get("variant") == KEY:
        seats = hand.get("seats")
        # `in` on a list compares with ==, so no element (a list, say) can make it raise.
        if (
            type(seats) is list
            and len(seats) == 4
            and "A" in seats
            and "B" in seats
            and "C" in seats
            and "D" in seats
            and hand.get("dealer") in SEATS
        ):
            if "note" in hand:
                check_note(errors, hand)
            return hand
    obj = envelope(errors, hand, KEY, HAND_KEYS)
    if obj is None:
        return None
    seats = obj.get("seats")
    if not errors.has("seats") and (len(seats) != 4 or set(seats) != set(SEATS)):
        errors.add(
            "seats", Code.INVALID_VALUE, _("seats must be the four table seats A, B, C and D (in playing order)")
        )
    if not errors.has("dealer") and obj.get("dealer") not in SEATS:
        errors.add("dealer", Code.INVALID_VALUE, _("dealer must be one of the four playing seats"))
    return obj


def validate(
    hand: Mapping[str, Any], state: Mapping[str, Any] | None = None, config: Mapping[str, Any] | None = None
) -> list[HandError]:
    """Every reason to reject ``hand`` (§3.3), all at once; never raises on any JSON."""
    errors = Errors()
    if state is not None and state != {}:
        _check_state(errors, state)
    if config is not None and config != {}:
        _check_config(errors, config)
    obj = _envelope(errors, hand)
    if obj is None:
        return errors.items

    outcome = obj.get("outcome")
    if outcome is None:
        outcome = "played"
    elif errors.check_choice(outcome, "outcome", OUTCOMES) is None:
        return errors.items  # which rules apply depends on the outcome

    if outcome == "redeal":
        for key in obj:
            if key in HAND_KEYS and key not in REDEAL_KEYS:
                errors.forbid(obj, key, why=_("in a redeal"))  # §3.3.2
        return errors.items

    renonsz = outcome == "renonsz"
    ctx = _check_parties(errors, obj, renonsz)
    if renonsz:
        for key in ("declarer_card_points", "count_result", "declarer_tricks"):
            errors.forbid(obj, key, why=_("in a renonsz hand: play stopped"))  # §3.3.8
        tricks = None
    else:
        tricks = _check_card_points(errors, obj)
    figures = _check_figures(errors, obj, renonsz, tricks)
    _check_tarokk_counts(errors, obj, renonsz)
    if renonsz:
        _check_renonsz(errors, obj, ctx, figures)
    else:
        errors.forbid(obj, "renonsz", why=_("unless outcome is 'renonsz'"))
    return errors.items


UNLESS_REDEAL = _("unless the hand is a redeal")


def _check_parties(errors: Errors, obj: Mapping[str, Any], renonsz: bool) -> dict[str, Any]:
    """§3.3.3-4: bid, declarer, partner, official kontra. Returns what later checks need."""
    bid = errors.required_choice(obj, "bid", BIDS, why=UNLESS_REDEAL)
    declarer = errors.required_seat(obj, "declarer", SEATS, why=UNLESS_REDEAL)
    # `partner` is required in a played hand but may be null (declarer alone, §3.1).
    partner = obj.get("partner")
    if "partner" not in obj and not renonsz:
        errors.add("partner", Code.MISSING_FIELD, _("partner is required (null when the declarer plays alone)"))
    elif partner is not None and errors.check_seat(partner, "partner", SEATS) is not None and partner == declarer:
        errors.add("partner", Code.INCONSISTENT, _("partner must not be the declarer (use null for a self-call)"))
    discarded = obj.get("called_tarokk_discarded")
    if discarded is not None:
        discarded = errors.check_bool(discarded, "called_tarokk_discarded")
    game_kontra = errors.optional_int(obj, "game_kontra", 0, MAX_KONTRA, default=0)
    if discarded:
        # §1.2, §2.4: the called tarokk in a skart means playing alone with (at least) official kontra.
        if partner is not None:
            errors.add(
                "called_tarokk_discarded",
                Code.INCONSISTENT,
                _("the called tarokk lay in a skart, so the declarer plays alone: partner must be null"),
            )
        if game_kontra is not None and game_kontra < 1:
            errors.add(
                "called_tarokk_discarded",
                Code.INCONSISTENT,
                _(
                    "the called tarokk lay in a skart (official kontra): %(field)s must be at least 1",
                    field="game_kontra",
                ),
            )
    return {"bid": bid, "declarer": declarer, "game_kontra": game_kontra}


IN_A_PLAYED_HAND = _("in a played hand")


def _check_card_points(errors: Errors, obj: Mapping[str, Any]) -> int | None:
    """§3.3.5: the card points P or the sheet's verdict instead (exactly one), ranges, every card worth
    at least 1 point, volát bounds; with the verdict the same bounds on its band. Returns the trick count
    when it can be trusted."""
    band = tarokk.check_count(errors, obj)
    if tarokk.tricks_left_out(obj):  # the sheet's count without tricks: no volát was made
        return None
    verdict = obj.get("count_result")
    why = tarokk.TRICKS_FOR_A_VOLAT if verdict is not None else IN_A_PLAYED_HAND
    t = errors.required_int(obj, "declarer_tricks", 0, 9, why=why)
    if band is None or t is None:
        return t
    if verdict is not None:
        return t if tarokk.verdict_holds_tricks(errors, verdict, band, t) else None
    p = band[0]
    if not tarokk.card_points_hold_tricks(errors, p, t):
        return None  # the trick count cannot be trusted for the figure checks
    if t == 9 and p < 72:
        errors.inconsistent("declarer_card_points", _("with all 9 tricks the declaring side has at least 72 points"))
        return None
    if t == 0 and p > 22:
        errors.inconsistent("declarer_card_points", _("without a trick the declaring side has at most 22 points"))
        return None
    return t


def _check_figures(errors: Errors, obj: Mapping[str, Any], renonsz: bool, tricks: int | None) -> list[Any] | None:
    """§3.3.6. Returns the list (None when it is not a list)."""
    figures = obj.get("figures")
    if figures is None:
        return []
    figures = errors.check_list(figures, "figures")
    if figures is None:
        return None
    good: list[tuple[int, str, str, bool, Any, Any]] = []  # fully valid entries for the cross checks
    seen: set[tuple[str, str, Any]] = set()
    for i, entry in enumerate(figures):
        p = f"figures[{i}]"
        # A plain dict is taken as it is: a non-text key is then reported as an unknown field, never crashes.
        entry = errors.check_object(entry, p, text_keys=False)
        if entry is None:
            continue
        before = len(errors.items)
        errors.unknown_keys(entry, FIGURE_KEYS, p)
        fig = errors.required_choice(entry, "figure", FIGURES, p)
        side = errors.required_choice(entry, "side", SIDES, p)
        announced = errors.required_bool(entry, "announced", p)
        if fig in KING_FIGURES:
            suit = errors.required_choice(entry, "suit", SUITS, p, why=_("for %(figure)s (the named king)", figure=fig))
        else:
            suit = entry.get("suit")
            if fig is not None and suit is not None:
                errors.add(
                    path(p, "suit"),
                    Code.NOT_APPLICABLE,
                    _("suit applies only to the king figures, not to %(figure)s", figure=fig),
                )
        kontra = errors.optional_int(entry, "kontra", 0, MAX_KONTRA, p)
        if kontra and announced is False:
            errors.add(path(p, "kontra"), Code.NOT_APPLICABLE, _("a silent figure cannot be kontra'd"))  # §1.4
        if announced is False and fig is not None and fig not in SILENT_FIGURES:
            if fig in G_FIGURES:
                message = _("%(figure)s is never listed silent: the engine derives it", figure=fig)  # §2.2 step 4
            else:
                message = _("%(figure)s counts only when announced; made silently it is worth nothing", figure=fig)
            errors.add(path(p, "announced"), Code.INVALID_VALUE, message)
        result = entry.get("result")
        if renonsz:
            if result is not None:
                errors.add(
                    path(p, "result"), Code.NOT_APPLICABLE, _("no figure has a result in a renonsz hand")
                )  # §3.3.8
        elif fig in G_FIGURES:
            if result is not None:
                errors.add(
                    path(p, "result"),
                    Code.NOT_APPLICABLE,
                    _("the result of %(figure)s is derived from the card points and tricks", figure=fig),
                )
        elif fig is not None:
            result = errors.required_choice(entry, "result", RESULTS, p, why=_("('made' or 'failed')"))
            if result == "failed" and announced is False and fig in SILENT_MADE_ONLY:
                errors.add(
                    path(p, "result"),
                    Code.INVALID_VALUE,
                    _("a silent %(figure)s is listed only when made", figure=fig),
                )
        if len(errors.items) != before:
            continue
        key = (fig, side, suit)
        if key in seen:
            if side == "declarer":
                message = _("%(figure)s of the declaring side is listed twice", figure=fig)
            else:
                message = _("%(figure)s of the opponents is listed twice", figure=fig)
            errors.add(p, Code.FORBIDDEN_COMBINATION, message)
            continue
        seen.add(key)
        good.append((i, fig, side, announced, suit, result))
    _check_figure_combinations(errors, good, tricks)
    return figures


def _check_figure_combinations(
    errors: Errors, good: Sequence[tuple[int, str, str, bool, Any, Any]], tricks: int | None
) -> None:
    """§3.3.6: volát order and the impossible combinations (on entries that are valid on their own)."""
    volat_said: set[str] = set()
    made: dict[tuple[str, str], int] = {}  # (figure, side) -> first index made
    made_king: dict[tuple[str, str], int] = {}  # (figure, suit) -> index made
    volat_by = "declarer" if tricks == 9 else "opponents" if tricks == 0 else None
    for i, fig, side, announced, suit, result in good:
        p = f"figures[{i}]"
        if announced and side in volat_said and fig in NOT_AFTER_VOLAT:
            errors.add(
                p,
                Code.FORBIDDEN_COMBINATION,
                _("%(figure)s cannot be announced after the same side announced volát", figure=fig),
            )
        if announced and fig == "volat":
            volat_said.add(side)
        if result != "made":
            continue
        other = OTHER_SIDE[side]
        # Only one Pagát, XXI, set of honours/kings, 8th, 9th or first trick: a figure is made
        # by one side at most (for the king figures whatever the suit: one 8th/9th trick).
        if (fig, other) in made:
            errors.add(p, Code.FORBIDDEN_COMBINATION, _("%(figure)s cannot be made by both sides", figure=fig))
        pagat_twin = PAGAT_TWIN.get(fig)
        if pagat_twin is not None and (pagat_twin, side) in made:
            errors.add(p, Code.FORBIDDEN_COMBINATION, _("one Pagát cannot win both the 8th and the 9th trick"))
        if fig in KING_FIGURES:
            twin = "kiraly_uhu" if fig == "kiraly_ultimo" else "kiraly_ultimo"
            if (twin, suit) in made_king:
                errors.add(
                    p,
                    Code.FORBIDDEN_COMBINATION,
                    _("the %(suit)s king cannot win both the 8th and the 9th trick", suit=SUITS[suit]),
                )
            made_king.setdefault((fig, suit), i)
        need = OPENING_TRICKS.get(fig)
        if need is not None and tricks is not None:
            if side == "declarer" and tricks < need:
                errors.add(
                    p,
                    Code.FORBIDDEN_COMBINATION,
                    _(
                        "%(figure)s needs tricks 1-%(need)s but the declaring side won %(tricks)s",
                        figure=fig,
                        need=need,
                        tricks=tricks,
                    ),
                )
            elif side == "opponents" and 9 - tricks < need:
                errors.add(
                    p,
                    Code.FORBIDDEN_COMBINATION,
                    _(
                        "%(figure)s needs tricks 1-%(need)s but the opponents won %(tricks)s",
                        figure=fig,
                        need=need,
                        tricks=9 - tricks,
                    ),
                )
        if volat_by == other and fig in ABSORBED_BY_VOLAT:
            errors.add(p, Code.FORBIDDEN_COMBINATION, _("%(figure)s cannot be made against a volát", figure=fig))
        made.setdefault((fig, side), i)
    if volat_by is not None:
        for i, fig, side, announced, _suit, result in good:
            if side == volat_by and announced and fig in ABSORBED_BY_VOLAT and result == "failed":
                errors.add(
                    path("figures", i),
                    Code.FORBIDDEN_COMBINATION,
                    _(
                        "a side that won every trick holds every honour and king: %(figure)s cannot have failed",
                        figure=fig,
                    ),
                )


def _check_tarokk_counts(errors: Errors, obj: Mapping[str, Any], renonsz: bool) -> None:
    """§3.3.7."""
    counts = errors.optional_list(obj, "tarokk_counts")
    if counts is None:
        return
    seen: set[str] = set()
    for _i, p, entry in errors.objects(counts, "tarokk_counts", TAROKK_COUNT_KEYS):
        seat = errors.required_seat(entry, "seat", SEATS, p)
        if seat is not None:
            if seat in seen:
                errors.add(
                    path(p, "seat"),
                    Code.FORBIDDEN_COMBINATION,
                    _("seat %(seat)s already declared a tarokk count", seat=seat),
                )
            seen.add(seat)
        errors.required_choice(entry, "count", TAROKK_COUNT_VALUE, p)
        if errors.required_choice(entry, "when", WHENS, p) == "end" and renonsz:
            errors.add(
                path(p, "when"), Code.NOT_APPLICABLE, _("play stopped at the renonsz: no tarokk count at the end")
            )


def _check_renonsz(errors: Errors, obj: Mapping[str, Any], ctx: Mapping[str, Any], figures: Any) -> None:
    """§3.3.8 (the result/card-point fields are checked where they are read)."""
    r = errors.require(obj, "renonsz", why=_("when outcome is 'renonsz'"))
    if r is None:
        return
    r = errors.check_object(r, "renonsz")
    if r is None:
        return
    errors.unknown_keys(r, RENONSZ_KEYS, "renonsz")
    offender = errors.required_seat(r, "offender", SEATS, "renonsz")
    kind = errors.required_choice(r, "kind", RENONSZ_KINDS, "renonsz")
    if kind != "no_honour":
        return
    # §2.6: the 4th player's Hármas without an honour is found before any announcement.
    if ctx["bid"] is not None and ctx["bid"] != "harmas":
        errors.add("renonsz.kind", Code.FORBIDDEN_COMBINATION, _("no_honour renonsz needs bid 'harmas'"))
    if offender is not None and ctx["declarer"] is not None and offender != ctx["declarer"]:
        errors.add("renonsz.kind", Code.FORBIDDEN_COMBINATION, _("in a no_honour renonsz the offender is the declarer"))
    if figures:
        errors.add(
            "renonsz.kind", Code.FORBIDDEN_COMBINATION, _("no figure can be announced before a no_honour renonsz")
        )
    if ctx["game_kontra"]:
        errors.add("renonsz.kind", Code.FORBIDDEN_COMBINATION, _("no kontra can be said before a no_honour renonsz"))


# --- settlement (§2) -----------------------------------------------------------


_SEATINGS: dict[tuple[str, str | None], tuple[tuple[str, ...], tuple[str, ...], int, str]] = {}


def _seating(declarer: str, partner: str | None) -> tuple[tuple[str, ...], tuple[str, ...], int, str]:
    """(declaring side, opponents, a declaring seat's share of one unit, per-seat text template).

    The share is 1 in 2 v 2 and 3 for a lone declarer (§2.3). The template, e.g.
    ``"A {0}, C {0}, B {1}, D {1}"``, lists the declaring side first as in §3.4, then the
    opponents in table order. Cached: there are only 16 seatings and this runs for every hand.
    """
    found = _SEATINGS.get((declarer, partner))
    if found is None:
        decl = (declarer,) if partner is None else (declarer, partner)
        opp = tuple(s for s in SEATS if s not in decl)
        template = ", ".join([f"{s} {{0}}" for s in decl] + [f"{s} {{1}}" for s in opp])
        found = _SEATINGS[(declarer, partner)] = (decl, opp, len(opp) // len(decl), template)
    return found


class _Ledger:
    """Points per seat plus one breakdown line and one amount per item."""

    __slots__ = ("amounts", "decl", "lines", "opp", "points", "share", "template")

    def __init__(self, seating: tuple[tuple[str, ...], tuple[str, ...], int, str]) -> None:
        self.points = dict.fromkeys(SEATS, 0)
        self.lines: list[str] = []
        self.amounts: dict[str, int] = {}
        self.decl, self.opp, self.share, self.template = seating

    def sides(self, key: str, value: int, winner: str) -> str:
        """Pay ``value`` to side ``winner`` (§2.3); the per-seat text, declaring side first."""
        self.amounts[key] = value
        v = value if winner == "declarer" else -value
        each = v * self.share
        pts = self.points
        for s in self.decl:
            pts[s] += each
        for s in self.opp:
            pts[s] -= v
        return self.template.format(_num(each), _num(-v))

    def zero(self, key: str, line: str) -> None:
        self.amounts[key] = 0
        self.lines.append(line)


def _ledger(hand: Mapping[str, Any]) -> _Ledger:
    """Score a validated hand item by item (§2.2); ``settle`` and the tests read it."""
    outcome = hand.get("outcome") or "played"
    if outcome == "redeal":
        led = _Ledger(((), SEATS, 0, ""))
        led.lines.append(_("Redeal: nobody scores → all 0"))
        return led
    led = _Ledger(_seating(hand["declarer"], hand.get("partner")))
    if outcome == "renonsz":
        _renonsz(led, hand)
    else:
        _played(led, hand)
    if hand.get("tarokk_counts"):
        _tarokk_counts(led, hand)
    return led


# The pieces of a line are joined by these (punctuation, the same in every language).
ARROW = " → "
COMMA = ", "
ANNOUNCED = _("announced")
SILENT = _("silent")
# §3.4 "announced" or "announced, kontra ×2", by the figure's kontra level.
HOW = (ANNOUNCED, *(join(COMMA, [ANNOUNCED, text]) for text in KONTRA_TEXT[1:]))


def _to(value: int, winner: str) -> str:
    """ "8 to declaring side": who receives an item (each side its own message, for the case endings)."""
    if winner == "declarer":
        return _("%(value)s to declaring side", value=value)
    return _("%(value)s to opponents", value=value)


def _figure_line(name: str, side: str, how: str, made: bool, value: int, winner: str, text: str) -> str:
    """ "Pagát ultimó (declaring side, announced, kontra ×2) failed → 20 to opponents → A −20, ..." (§3.4)."""
    if made:
        head = _("%(figure)s (%(side)s, %(how)s) made", figure=name, side=SIDE_NAME[side], how=how)
    else:
        head = _("%(figure)s (%(side)s, %(how)s) failed", figure=name, side=SIDE_NAME[side], how=how)
    return join(ARROW, [head, _to(value, winner), text])


def _absorbed(name: str, side: str) -> str:
    return _("%(figure)s (%(side)s, silent) made: 0, absorbed by the volát", figure=name, side=SIDE_NAME[side])


def _played(led: _Ledger, hand: Mapping[str, Any]) -> None:
    g, bid_name = BIDS[hand["bid"]]
    p = hand.get("declarer_card_points")  # None: the sheet's verdict stands in (count_result)
    band = count_band(hand)
    t = hand.get("declarer_tricks")  # None: the sheet's count without tricks, no volát
    game_kontra = hand.get("game_kontra") or 0
    figures = hand.get("figures") or ()
    lines = led.lines

    # Step 2: facts. The opponents hold 94 - P, so their dupla is P <= 23 (band "opponents_dupla").
    dupla_by = "declarer" if band == "dupla" else "opponents" if band == "opponents_dupla" else None
    volat_by = "declarer" if t == 9 else "opponents" if t == 0 else None

    # Step 3: game, unless a dupla or volát was made (footnote `"`).
    if volat_by == "declarer":
        led.zero("game", _("Game not paid: volát made by the declaring side (%(tricks)s tricks) → 0", tricks=t))
    elif volat_by == "opponents":
        led.zero("game", _("Game not paid: volát made by the opponents (%(tricks)s tricks) → 0", tricks=t))
    elif dupla_by == "declarer":
        if p is None:
            line = _("Game not paid: dupla made by the declaring side (the sheet's count) → 0")
        else:
            line = _("Game not paid: dupla made by the declaring side (%(points)s card points) → 0", points=p)
        led.zero("game", line)
    elif dupla_by == "opponents":
        if p is None:
            line = _("Game not paid: dupla made by the opponents (the sheet's count) → 0")
        else:
            line = _("Game not paid: dupla made by the opponents (%(points)s card points) → 0", points=p)
        led.zero("game", line)
    else:
        value = g << game_kontra
        parts = [_("Game: %(bid)s G=%(g)s", bid=bid_name, g=g)]
        if game_kontra:
            parts.append(join(ARROW, [KONTRA_TEXT[game_kontra], str(value)]))
        if hand.get("called_tarokk_discarded"):  # validated: then game_kontra >= 1
            parts[-1] = join(" ", [parts[-1], _("(official kontra: the called tarokk lay in a skart)")])
        winner = "declarer" if band == "won" else "opponents"  # P >= 48, else 47-47 or less
        if winner == "declarer" and p is None:
            parts.append(_("declaring side won (the sheet's count)"))
        elif winner == "declarer":
            parts.append(_("declaring side won (%(points)s)", points=p))
        elif p is None:
            parts.append(_("opponents won (the sheet's count)"))
        else:
            parts.append(_("opponents won (%(points)s)", points=p))
        lines.append(join(ARROW, [join(COMMA, parts), led.sides("game", value, winner)]))

    # Step 4: automatic silent volát / dupla (never listed in `figures`).
    said = {(f["figure"], f["side"]) for f in figures if f["announced"]} if figures else ()
    for side in SIDES if dupla_by is not None or volat_by is not None else ():
        if volat_by == side and ("volat", side) not in said:
            value = SILENT_G_FACTOR["volat"] * g
            text = led.sides(f"silent volat {side}", value, side)
            name = join(" ", [FIGURES["volat"][0], f"3G={value}"])
            lines.append(_figure_line(name, side, SILENT, True, value, side, text))
        if dupla_by == side and ("dupla", side) not in said:
            if volat_by == side:  # footnote `+`
                led.zero(f"silent dupla {side}", _absorbed(FIGURES["dupla"][0], side))
            else:
                value = SILENT_G_FACTOR["dupla"] * g
                text = led.sides(f"silent dupla {side}", value, side)
                name = join(" ", [FIGURES["dupla"][0], f"2G={value}"])
                lines.append(_figure_line(name, side, SILENT, True, value, side, text))

    # Step 5: listed figures, in the order of the record.
    for i, f in enumerate(figures):
        key = f"figures[{i}]"
        fig = f["figure"]
        side = f["side"]
        name = _figure_name(f)
        if f["announced"]:
            kontra = f.get("kontra") or 0
            base = _announced_value(fig, g)
            if fig in G_FIGURES:  # made or not follows from P (its band) and T (step 5)
                name = join(" ", [name, f"{G_FIGURES[fig]}G={base}"])
                made = (volat_by if fig == "volat" else dupla_by) == side
            else:
                made = f["result"] == "made"
            value = base << kontra
            winner = side if made else OTHER_SIDE[side]
            text = led.sides(key, value, winner)
            lines.append(_figure_line(name, side, HOW[kontra], made, value, winner, text))
        elif f["result"] == "made":
            if fig in ABSORBED_BY_VOLAT and volat_by == side:  # footnote `+`
                led.zero(key, _absorbed(name, side))
                continue
            value = FIGURES[fig][2]
            text = led.sides(key, value, side)
            lines.append(_figure_line(name, side, SILENT, True, value, side, text))
        else:  # silent pagát ultimó lost in the 9th trick (§5.3)
            value = FIGURES[fig][2]
            winner = OTHER_SIDE[side]
            text = led.sides(key, value, winner)
            lines.append(_figure_line(name, side, SILENT, False, value, winner, text))


def _renonsz(led: _Ledger, hand: Mapping[str, Any]) -> None:
    """§2.6: the offender pays R to each of the other three."""
    bid = hand["bid"]
    g, bid_name = BIDS[bid]
    r = hand["renonsz"]
    offender = r["offender"]
    kind = r["kind"]
    lines = led.lines
    if kind == "no_honour":
        total = g  # validated: a Hármas, so R = 1, with no announcement yet
        lines.append(_("Renonsz R: the %(bid)s game value → %(total)s", bid=bid_name, total=total))
    else:
        game_kontra = hand.get("game_kontra") or 0
        total = g << game_kontra
        if game_kontra:
            line = _(
                "Renonsz R: game %(bid)s G=%(g)s, %(kontra)s → %(total)s",
                bid=bid_name,
                g=g,
                kontra=KONTRA_TEXT[game_kontra],
                total=total,
            )
        else:
            line = _("Renonsz R: game %(bid)s G=%(g)s → %(total)s", bid=bid_name, g=g, total=total)
        lines.append(line)
        for f in hand.get("figures") or ():
            name = _figure_name(f)
            side = SIDE_NAME[f["side"]]
            if not f["announced"]:
                lines.append(
                    _("Renonsz R: %(figure)s (%(side)s, silent): 0, silent figures are ignored", figure=name, side=side)
                )
                continue
            base = _announced_value(f["figure"], g)
            kontra_level = f.get("kontra") or 0
            value = base << kontra_level
            how = HOW[kontra_level]
            lines.append(
                _("Renonsz R: %(figure)s (%(side)s, %(how)s) → %(value)s", figure=name, side=side, how=how, value=value)
            )
            total += value
    led.amounts["renonsz"] = total
    pts = led.points
    parts = []
    for s in SEATS:
        delta = -3 * total if s == offender else total
        pts[s] += delta
        parts.append(f"{s} {_num(delta)}")
    line = _(RENONSZ_KINDS[kind].msgid, offender=offender, total=total)
    lines.append(join(ARROW, [line, ", ".join(parts)]))


def _tarokk_counts(led: _Ledger, hand: Mapping[str, Any]) -> None:
    """§2.5: never doubled, not a side item."""
    for i, tc in enumerate(hand.get("tarokk_counts") or ()):
        holder = tc["seat"]
        count = tc["count"]
        v = TAROKK_COUNT_VALUE[count]
        key = f"tarokk_counts[{i}]"
        if tc["when"] == "early":
            payers = [s for s in SEATS if s != holder]
            label = _(
                "%(count)s tarokk (%(seat)s, declared early): %(v)s from each other player",
                count=count,
                seat=holder,
                v=v,
            )
        else:
            # Reading §2.5/§5.6: every team-mate of the holder pays; a lone declarer has none.
            team = led.decl if holder in led.decl else led.opp
            payers = [s for s in team if s != holder]
            if not payers:
                led.zero(
                    key,
                    _(
                        "%(count)s tarokk (%(seat)s, disclosed at the end): 0, a lone declarer has no team-mate",
                        count=count,
                        seat=holder,
                    ),
                )
                continue
            label = _(
                "%(count)s tarokk (%(seat)s, disclosed at the end): %(v)s from each team-mate",
                count=count,
                seat=holder,
                v=v,
            )
        led.amounts[key] = v
        gain = v * len(payers)
        pts = led.points
        pts[holder] += gain
        parts = [f"{holder} {_num(gain)}"]
        for s in payers:
            pts[s] -= v
            parts.append(f"{s} {_num(-v)}")
        led.lines.append(join(ARROW, [label, ", ".join(parts)]))


def settle(
    hand: Mapping[str, Any], state: Mapping[str, Any] | None = None, config: Mapping[str, Any] | None = None
) -> HandScore:
    """Points for the four seats of a hand that ``validate`` accepted (§2); state stays ``{}``."""
    led = _ledger(hand)
    pts = led.points
    total = f"A {_num(pts['A'])}, B {_num(pts['B'])}, C {_num(pts['C'])}, D {_num(pts['D'])}"
    led.lines.append(_("Total: %(points)s", points=total))
    return HandScore(points=pts, state={}, breakdown=led.lines)


# --- table ---------------------------------------------------------------------


def playing_seats(table_seats: list[str], dealer: str, state: Mapping[str, Any]) -> list[str]:
    """All four play; the player after the dealer starts the bidding and leads (original: the
    right to start passes on to the next player each hand)."""
    if len(table_seats) != 4:
        raise ValueError("Illusztrált tarokk is played at tables of exactly four seats")
    return after_dealer(table_seats, dealer)


def next_dealer(table_seats: list[str], dealer: str) -> str:
    """The deal passes to the next seat in playing order."""
    return next_seat(table_seats, dealer)


def counts_as_played(hand: Mapping[str, Any]) -> bool:
    """A redeal (everyone passed, the talon refused, a hand without tarokk) is no played hand (§3.1)."""
    return hand.get("outcome", "played") != "redeal"


VARIANT = common.variant_of(globals(), key=KEY, name="Illusztrált tarokk", rules_version="tarokk-illusztralt/1")
