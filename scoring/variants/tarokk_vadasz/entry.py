"""tarokk-vadasz: the hand form (tarokk-vadasz.md §3), tables of 4 to 7, each field bound once to the
path of the hand it writes (scoring.entry).

The first section is the typical hand: declarer, partner (or one of the three ways of playing
alone), talon cards the declarer took (this sets ``G``), card points (or, instead, the sheet's
verdict of the count: ``count_result``; then the tricks only for a volát) and tricks of the
declaring side, the game's kontra and — at a table of 7 only — the talon arranger. ``participants``
are the table's seats and the talon arranger at 5 and 6 follows from the dealer (§1.1), so the
referee never types them. Figures are a grid, one line per figure for each side (a figure is listed
at most once per side, §3.2 rule 7), each with how it went, who announced it, its kontra and, where
they apply, the overlap flag (§1.6) and the "objectively unplayable" case (§1.10). The lengetés
(§1.11) is one mark, its waver, under the declarer's pagát ulti: its mode follows from the hand (the
waver's tulétroá makes it obligatory), and the opponents' tulétroá shows the waver as its announcer.

Deliberate normalisations (the hand means the same, the JSON may differ):

- defaults are left out: ``outcome: "played"``, ``game_kontra: 0``, a figure's ``kontra: 0``,
  ``with_volat: false``, ``start_double_round: false`` and empty lists;
- ``figures`` are listed declaring side first, each side in the order tulétroá, négy király,
  pagát ulti, XXI-fogás, dupla, volát;
- a figure's ``result`` is left out in a renonsz hand whatever was picked;
- an announcement of a lone declarer's side without an announcer is his.

Not covered: a lengetés without a pagát ulti of the declaring side (it settles nothing then; the form
keeps one a stored hand holds). The double round's state is not shown (the form does not see it);
the engine rejects a second start.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring import entry as e
from scoring.families.hungarian_tarokk import entry as tarokk
from scoring.text import _

from . import rules

OUTCOMES = (
    ("played", _("played")),
    ("thrown_in", _("thrown in")),
    ("redeal", _("redeal (misdeal, annulled)")),
    ("renonsz", _("renonsz (play stopped)")),
)
TALON = (("3", _("3 cards (G=1)")), ("2", _("2 cards (G=2)")), ("1", _("1 card (G=3)")), ("0", _("none (G=4)")))
BIDS = (("harmas", _("három (3)")), ("kettes", _("kettő (2)")), ("egyes", _("egy (1)")), ("szolo", _("szóló")))
KONTRA = ((0, e.DASH), (1, _("kontra ×2")), (2, _("rekontra ×4")), (3, _("szubkontra ×4")))
SOLO = {
    "forced": _("alone: forced (called tarokk discarded)"),
    "open_self_call": _("alone: open self-call"),
    "hidden_self_call": _("alone: hidden self-call"),
}
THROW_IN_REASONS = {
    "no_tarokk": _("no tarokk"),
    "only_xxi": _("only the XXI"),
    "four_kings": _("four kings"),
    "partner_obligatory": _("the partner had to throw in"),
    "declarer_obligatory": _("the declarer had to throw in"),
    "second_round_no_honour": _("second round: no honour after the talon"),
    "other": _("other"),
}
RENONSZ_KINDS = (
    ("play", _("broke the card-play rules")),
    ("discard", _("discarded what may not be discarded")),
    ("other", _("other")),
)
# How a figure went; results are the engine's (``result``), "silent_" marks a figure not announced.
ANNOUNCED_NO_RESULT = ("announced", _("announced (renonsz: no result)"))
HOW = {
    "tuletroa": (
        ("made", _("announced, made")),
        ("failed", _("announced, failed")),
        ANNOUNCED_NO_RESULT,
        ("silent_made", _("silent, made")),
    ),
    "pagat_ulti": (
        ("made", _("announced, made")),
        ("lost_last_trick", _("announced, lost in the last trick")),
        ("lost_early", _("announced, lost early")),
        ANNOUNCED_NO_RESULT,
        ("silent_made", _("silent, made")),
        ("silent_lost_last_trick", _("silent, lost in the last trick")),
        ("silent_lost_early", _("silent, lost early")),
    ),
    "dupla": (("announced", _("announced (made or failed follows from the points)")),),
    "volat": (("announced", _("announced (made or failed follows from the tricks)")),),
}
HOW["negy_kiraly"] = HOW["xxi_fogas"] = HOW["tuletroa"]
HOW_CHOICES = {fig: (*e.BLANK, *how) for fig, how in HOW.items()}
UNPLAYABLE = {
    "xxi_fogas": (
        *e.BLANK,
        ("xxi_not_catchable", _("XXI not catchable (−21)")),
        ("skiz_took_partners_xxi", _("Skíz took the partner's XXI (−10)")),
    ),
    "pagat_ulti": (
        *e.BLANK,
        ("opponent_9_tarokk", _("an opponent held 9 tarokks (−5)")),
        ("starting_opponent_8_tarokk", _("the leading opponent held 8 tarokks (−5)")),
    ),
}
PREFIX = {"declarer": "decl", "opponents": "opp"}
SIDE_TITLES = {"declarer": _("Declaring side's figures"), "opponents": _("Opponents' figures")}
PLAYED_OR_RENONSZ = tarokk.PLAYED_OR_RENONSZ
ALONE = "alone:"
WAVER = "lengetes_waver"
LENGETES_AFTER = ("declarer", "pagat_ulti")  # the lengetés settles this figure and shows under it


def figure_field(side: str, fig: str) -> str:
    return f"{PREFIX[side]}_{fig}"


def _partner(value: str, values: Any) -> dict[str, Any]:
    if value.startswith(ALONE):
        return {"solo": value.removeprefix(ALONE), "partner": None}
    return {"partner": value}


def _partner_read(hand: Any) -> Any:
    if "partner" in hand and hand["partner"] is None:
        return f"{ALONE}{hand['solo']}" if hand.get("solo") else ""
    return hand.get("partner")


def _figure(side: str, fig: str, seats: Any) -> e.Item:
    name = figure_field(side, fig)

    def how(value: str, values: Any) -> dict[str, Any]:
        result = value.removeprefix("silent_")
        out: dict[str, Any] = {"announced": not value.startswith("silent_")}
        if result != "announced" and values.get("outcome") != "renonsz":
            out["result"] = result
        return out

    def how_read(figure: Any, hand: Any) -> str:
        result = figure.get("result") or "announced"
        return result if figure.get("announced") else f"silent_{figure.get('result') or 'made'}"

    def announcer(value: str, values: Any) -> Any:
        if value:
            return value
        alone = str(values.get("partner") or "").startswith(ALONE)
        announced = not str(values.get(name)).startswith("silent_")
        if announced and side == "declarer" and alone and values.get("declarer"):
            return values["declarer"]  # a lone declarer's side is himself
        return e.OMIT

    announced = tuple(v for v, _label in HOW_CHOICES[fig] if v and not v.startswith("silent_"))
    failed = tuple(v for v in announced if v not in ("made", "announced"))  # only these can be unplayable
    # A figure's announcer, kontra and the overlap flag show once the figure is marked announced (a silent
    # one has none, §3.2 rules 6-7), the unplayable ruling once it is marked failed (§1.10): the open
    # grid stays one row a figure, and offers no control the hand's check would refuse.
    members = [
        e.Binding(
            e.Field(
                name,
                rules.FIGURE_NAME[fig],
                choices=HOW_CHOICES[fig],
                # Announced with no result only where play stopped (§3.1: a result "except ... renonsz hands").
                offered_for=(("announced", ("renonsz",)),) if len(HOW[fig]) > 1 else (),
                offered_by="outcome",
            ),
            "",
            put=how,
            get=how_read,
            claims=("announced", "result"),
        ),
        e.Binding(
            e.Field(
                f"{name}_by",
                _("announced by"),
                choices=seats,
                # The declarer announces most of his side's figures; in a lengetés hand the opponents'
                # tulétroá is the waver's (he holds Skíz and XXI, §1.11): preset, shown before it is saved.
                preset=e.Preset({name: announced, "declarer": (e.ANY,)}, copy="declarer")
                if side == "declarer"
                else e.Preset({name: announced, WAVER: (e.ANY,)}, copy=WAVER)
                if fig == "tuletroa"
                else None,
                waits_for=name,
                waits_values=announced,
            ),
            "announcer",
            put=announcer,
            blank=(None,),
        ),
        e.Binding(
            e.mark_kontra(f"{name}_kontra", KONTRA, 0, name, announced),
            "kontra",
            put=lambda v, values: v or e.OMIT,
            get=lambda found, hand: found or 0,
        ),
    ]
    if fig in rules.WITH_VOLAT_FIGURES:
        members.append(
            e.Binding(
                e.Field(
                    f"{name}_volat",
                    _("announced together with the same player's volát (counts 0)"),
                    e.BOOL,
                    waits_for=name,
                    waits_values=announced,
                ),
                "with_volat",
                put=e.true_or_omit,
                get=e.as_bool,
            )
        )
    if fig in UNPLAYABLE:
        members.append(
            e.Binding(
                e.Field(
                    f"{name}_unplayable",
                    _("objectively unplayable"),
                    choices=UNPLAYABLE[fig],
                    waits_for=name,
                    waits_values=failed,
                ),
                "unplayable",
            )
        )
    return e.Item(
        "figures",
        tuple(members),
        const={"figure": fig, "side": side},
        matches=lambda f: (f.get("side"), f.get("figure")) == (side, fig),
    )


def _lengetes_mode(waver: str, values: Any) -> dict[str, str]:
    """The lengetés as the engine records it (§1.11, §3.2 rule 8). The sheet writes the waver; the mode
    follows from the hand: obligatory where the waver announced tulétroá (with his kontra on the game,
    or the engine names what is missing), optional where he did not. The preview shows what it pays."""
    said_tuletroa = any(
        values.get(f"{prefix}_tuletroa_by") == waver and _announced(values.get(f"{prefix}_tuletroa"))
        for prefix in PREFIX.values()
    )
    return {"waver": waver, "mode": "obligatory" if said_tuletroa else "optional"}


def _announced(how: Any) -> bool:
    return bool(how) and not str(how).startswith("silent_")


def _lengetes(seats: e.Choices) -> e.Binding:
    """The waver (§1.11): shown once the declarer's pagát ulti is marked, since that is all it settles; any
    seat but the declarer's (he holds the Pagát, the waver Skíz and XXI: the check refuses him)."""
    others = tuple((s, tuple(o for o, _label in seats if o and o != s)) for s, _label in seats if s)
    return e.Binding(
        e.Field(
            WAVER,
            _("lengetés: the waver"),
            choices=seats,
            waits_for=figure_field(*LENGETES_AFTER),
            offered_for=others,
            offered_by="declarer",
        ),
        "lengetes_ulti",
        put=_lengetes_mode,
        get=lambda found, hand: found.get("waver") if isinstance(found, Mapping) else None,
    )


def arrangers(ctx: e.Context) -> list[str]:
    """Who may arrange the talon (§1.1): one seat at 5 and 6, two at 7 (the dealer picks)."""
    if not 4 <= len(ctx.positions) <= 7 or ctx.dealer not in ctx.positions:
        return []
    return rules.talon_arrangers(list(ctx.positions), ctx.dealer)


def layout(ctx: e.Context) -> list[e.Section]:
    seats = e.seat_choices(ctx.seats)
    partner = (("", e.DASH), *e.seat_choices(ctx.seats, None), *((f"{ALONE}{k}", v) for k, v in SOLO.items()))
    first: list[e.Binding] = [
        e.outcome(OUTCOMES),
        *tarokk.declarer_and_partner(ctx, partner, put=_partner, read=_partner_read, claims=("partner", "solo")),
        e.Binding(
            e.Field("declarer_talon_taken", _("talon cards the declarer took"), e.INT_CHOICE, (*e.BLANK, *TALON)),
            "declarer_talon_taken",
        ),
        tarokk.card_points(_("card points of the declaring side (declarer's skart only)")),
        tarokk.count_result("declarer_talon_taken"),
        tarokk.declarer_tricks(),
        e.Binding(
            e.Field("game_kontra", _("kontra on the game"), e.INT_CHOICE, KONTRA, initial=0, required=True),
            "game_kontra",
            put=lambda v, values: v or e.OMIT,
            get=lambda found, hand: found or 0,
        ),
    ]
    choices = arrangers(ctx)
    if len(choices) > 1:  # at 7 the dealer picks one of the two opposite him (§1.1)
        # The first of the two (d+3) is shown chosen: the arranger has no scoring role (§1.1), so the
        # chip saves the tap where the dealer picked him and changes no score where he did not.
        arranger = e.Field("talon_arranger", _("talon arranger"), choices=e.seat_choices(choices), initial=choices[0])
        first.append(e.Binding(arranger, "talon_arranger"))
    grids = [
        # The sheet's figure columns, one tap a mark: open. The lengetés follows the declarer's pagát ulti,
        # the one figure it settles (§1.11).
        e.Section(
            SIDE_TITLES[side],
            tuple(
                part
                for fig in rules.FIGURES
                for part in (_figure(side, fig, seats), *((_lengetes(seats),) if (side, fig) == LENGETES_AFTER else ()))
            ),
            PLAYED_OR_RENONSZ,
            open=True,
        )
        for side in rules.SIDES
    ]
    return [
        e.Section(_("Game"), tuple(first)),
        *grids,
        e.Section(
            _("Bid"),
            (e.Binding(e.Field("bid", _("bid (optional: checks the talon cards)"), choices=(*e.BLANK, *BIDS)), "bid"),),
            PLAYED_OR_RENONSZ,
        ),
        e.Section(
            _("Throw-in"),
            (
                e.Binding(e.Field("thrower", _("thrown in by"), choices=seats), "thrower"),
                e.Binding(
                    e.Field("throw_in_reason", _("why"), choices=(*e.BLANK, *THROW_IN_REASONS.items())),
                    "throw_in_reason",
                ),
                e.Binding(
                    e.Field("start_double_round", _("the thrower deals and starts a double round"), e.BOOL),
                    "start_double_round",
                    put=e.true_or_omit,
                    get=e.as_bool,
                ),
            ),
            {"outcome": ["thrown_in"]},
        ),
        e.Section(_("Renonsz"), e.renonsz(seats, RENONSZ_KINDS), {"outcome": ["renonsz"]}),
    ]


def finish(hand: dict[str, Any], values: Any, ctx: e.Context) -> None:
    """The table's seats play (``participants``); at 5 and 6 the talon arranger follows from the dealer
    (``rules.table_fields``, what the table fixes of a hand)."""
    hand.update(rules.table_fields(list(ctx.positions), ctx.dealer))


ORDER = {(side, fig): i for i, (side, fig) in enumerate((s, f) for s in rules.SIDES for f in rules.FIGURES)}


def normalised(hand: Mapping[str, Any]) -> dict[str, Any]:
    """The hand as the form writes it (module docstring): defaults left out, figures in the grid's order."""
    h = tarokk.without_defaults(hand)
    if "figures" in h:
        h["figures"].sort(key=lambda f: ORDER[f["side"], f["figure"]])
        if not h["figures"]:
            del h["figures"]
    return h


ENTRY = e.EntryForm(layout=layout, finish=finish, normalised=normalised)
