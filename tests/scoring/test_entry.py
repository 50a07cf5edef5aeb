"""The hand form's declaration, pure (no Django): for every variant, a sample hand read into the
form's values and built back is the same hand (as the form writes it, ``ENTRY.normalised``), and
every engine error of an invalid hand lands under a field of the form, not at its top.

The declaration is one mapping used three ways (``values_from``, ``hand_from``, ``field_for``):
these tests hold the three to each other on the sample generators' hands.
"""

from __future__ import annotations

import copy
import importlib
import random
from typing import Any

import pytest

from scoring import entry as spec
from scoring.registry import VARIANTS

ENVELOPE = ("variant", "seats", "dealer")
KEYS = sorted(VARIANTS)


def samples(key: str) -> Any:
    return importlib.import_module(f"tests.samples.{key.replace('-', '_')}")


def config_of(key: str) -> Any:
    return getattr(samples(key), "TEST_CONFIG", None)


def context(hand: dict[str, Any], config: Any) -> spec.Context:
    """The table of a sample hand as the site gives it to the form."""
    seats = tuple(hand["seats"])
    positions = tuple(hand.get("participants") or sorted(set(seats) | {hand["dealer"]}))
    return spec.Context(seats, positions, hand["dealer"], seats, config)


def as_posted(values: dict[str, Any]) -> dict[str, Any]:
    """The values a form cleans from what a browser posts: blanks and unticked boxes are absent."""
    return {k: v for k, v in values.items() if not (v is None or v is False or v == "")}


def round_trip(key: str, hand: dict[str, Any]) -> dict[str, Any]:
    entry, config = VARIANTS[key].entry, config_of(key)
    values = as_posted(spec.values_from(entry, hand))
    body = spec.hand_from(entry, values, context(hand, config))
    return {**{k: hand[k] for k in ENVELOPE}, **body, **({"note": hand["note"]} if hand.get("note") else {})}


def carried(key: str, seed: int, count: int) -> Any:
    """Sample hands (with their states) the form can carry: one with more list entries than the
    form has rows is the JSON form's."""
    rng = random.Random(seed)
    for _ in range(count):
        hand, state = samples(key).random_hand(rng)
        if spec.carries(VARIANTS[key].entry, hand):
            yield hand, state


@pytest.mark.parametrize("key", KEYS)
def test_every_variant_declares_its_entry(key: str) -> None:
    entry = VARIANTS[key].entry
    assert isinstance(entry, spec.EntryForm)
    hand, _state = samples(key).random_hand(random.Random(1))
    names = [f.name for f in spec.fields(entry, context(hand, config_of(key)))]
    assert len(names) == len(set(names)), "a field name is declared twice"


@pytest.mark.parametrize("key", KEYS)
def test_sample_hands_survive_the_form(key: str) -> None:
    """hand -> values_from -> (posted) -> hand_from is the hand as the form writes it, with the same score."""
    variant, config, checked = VARIANTS[key], config_of(key), 0
    for hand, state in carried(key, 13, 300):
        again = round_trip(key, copy.deepcopy(hand))
        assert again == variant.entry.normalised(hand)
        before, after = variant.score(hand, state, config), variant.score(again, state, config)
        assert (after.points, after.state) == (before.points, before.state)
        checked += 1
    assert checked >= 270  # nearly every sample hand is one the form can carry


def _invalid(key: str, hand: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The hand with one value of a field the form wrote replaced by a wrong one of the same kind."""
    bad = copy.deepcopy(hand)
    entry = VARIANTS[key].entry
    built = spec.build(entry, as_posted(spec.values_from(entry, hand)), context(hand, config_of(key)))
    paths = sorted(p for p in built.wrote if isinstance(spec.get_path(bad, p), (int, str)))
    if not paths:
        return bad
    path = rng.choice(paths)
    *parents, last = spec.steps(path)
    target = bad
    for step in parents:
        target = target[step]
    value = target[last]
    target[last] = (
        -99 if isinstance(value, int) and not isinstance(value, bool) else "Z" if isinstance(value, str) else value
    )
    return bad


@pytest.mark.parametrize("key", KEYS)
def test_engine_errors_land_under_a_field(key: str) -> None:
    """A wrong value where a field wrote: each engine error about it is placed under a field of the form."""
    variant, config, rng, placed = VARIANTS[key], config_of(key), random.Random(29), 0
    for hand, state in carried(key, 31, 200):
        bad = _invalid(key, hand, rng)
        errors = variant.validate(bad, state, config)
        entry = variant.entry
        ctx = context(bad, config)
        values = as_posted(spec.values_from(entry, hand))
        names = {f.name for f in spec.fields(entry, ctx)}
        for error in errors:
            if error.field.split(".")[0].split("[")[0] in ("seats", "dealer", "participants", "attack", "defence"):
                continue  # the envelope and the table's roles are not typed in the form
            field = spec.field_for(entry, error.field, values, ctx)
            assert field in names, (error, field)
            placed += 1
    assert placed > 20


def test_field_for_follows_the_rows_the_values_fill() -> None:
    """Taruk's second bonus is the second bonus row that is filled, not the second row of the form."""
    entry = VARIANTS["taruk2012"].entry
    ctx = spec.Context(("A", "B", "C", "D"), ("A", "B", "C", "D"), "D", ("A", "B", "C", "D"))
    values = {"game": "tri", "b_trula": "made", "b_valat": "failed", "b_valat_kontra": 2}
    assert spec.field_for(entry, "bonuses[1].kontra", values, ctx) == "b_valat_kontra"
    assert spec.field_for(entry, "bonuses[1]", values, ctx) == "b_valat"
    assert spec.field_for(entry, "bonuses[0].made", values, ctx) == "b_trula"
    assert spec.field_for(entry, "bonuses[0].side", values, ctx) == "b_trula_side"
    assert spec.field_for(entry, "klop_points.B", values, ctx) == "klop_B"
    assert spec.field_for(entry, "", values, ctx) is None


def test_a_taruk_hand_is_built_from_its_fields() -> None:
    """The zapisnik line of a tri with a partner, a kontra'd trula and a misdeal warning (taruk2012.md §5)."""
    entry = VARIANTS["taruk2012"].entry
    ctx = spec.Context(("A", "B", "C", "D"), ("A", "B", "C", "D"), "D", ("A", "B", "C", "D"))
    values = {
        "game": "tri",
        "declarer": "A",
        "called_king": "hearts",
        "partner": "C",
        "card_points": 40,
        "game_kontra": 1,
        "b_trula": "silent",
        "b_trula_side": "opponents",
        "b_trula_kontra": 2,
        "misdeal": "warning",
    }
    assert spec.hand_from(entry, values, ctx) == {
        "game": "tri",
        "declarer": "A",
        "called_king": "hearts",
        "partner": "C",
        "card_points": 40,
        "bonuses": [{"type": "trula", "side": "opponents", "announced": False, "made": True, "kontra": 2}],
        "penalties": [{"type": "misdeal", "seat": "D", "warning": True}],
    }
    assert spec.values_from(entry, spec.hand_from(entry, values, ctx))["b_trula_kontra"] == 2


def test_a_share_preset_is_what_the_others_leave_of_the_total() -> None:
    """Taruk's klop (taruk2012.md §3.9, A35): three piles typed, the fourth is 70 less their sum;
    nothing while another pile is blank or the rest falls outside the field's 0..70."""
    rest = spec.Rest(70, ("klop_A", "klop_B", "klop_C", "klop_D"))
    typed = {"klop_A": "2", "klop_B": "13", "klop_C": "24", "klop_D": ""}
    assert rest.value("klop_D", typed, 0, 70) == "31"  # 70 - 2 - 13 - 24
    assert rest.value("klop_C", typed, 0, 70) is None  # klop_D is blank
    assert rest.value("klop_D", {**typed, "klop_A": "36", "klop_B": "36", "klop_C": "0"}, 0, 70) is None  # -2
    assert rest.value("klop_D", {**typed, "klop_A": "x"}, 0, 70) is None
    assert rest.value("klop_D", {**typed, "klop_A": "0", "klop_B": "0", "klop_C": "0"}, 0, 70) == "70"


def test_the_taruk_form_opens_its_bonuses_and_mond_and_shares_klop_out_of_70() -> None:
    """What the page is told (scoring.entry): the bonuses and the mond open, the penalties folded; a
    bonus's side and kontra wait for it; each klop pile is preset as the rest of the others."""
    entry = VARIANTS["taruk2012"].entry
    ctx = spec.Context(("B", "C", "D", "A"), ("A", "B", "C", "D"), "A", ("B", "C", "D", "A"), None)
    sections = {str(s.title): s for s in entry.layout(ctx)}
    assert {t: s.open for t, s in sections.items()} == {
        "Game": False,  # the first section is open as the first
        "Bonuses": True,
        "Klop: card points of each player": False,  # opens by itself when klop is chosen
        "Mond": True,
        "Penalties": False,
    }
    fields = {f.name: f for s in sections.values() for f in s.fields()}
    assert (fields["b_trula_side"].waits_for, fields["b_trula_kontra"].waits_for) == ("b_trula", "b_trula")
    # A silent bonus is made by either side but takes no kontra (§8: "must be 1 when silent").
    assert (fields["b_trula_side"].waits_values, fields["b_trula_kontra"].waits_values) == ((), ("made", "failed"))
    assert fields["klop_A"].preset.rest == spec.Rest(70, ("klop_B", "klop_C", "klop_D", "klop_A"))


def _sections(key: str, seats: tuple[str, ...] = ("B", "C", "D", "A")) -> dict[str, Any]:
    ctx = spec.Context(seats, tuple(sorted(seats)), "A", seats, config_of(key))
    return {str(s.title): s for s in VARIANTS[key].entry.layout(ctx)}


def test_the_sheets_everyday_marks_are_open_and_their_details_wait_for_them() -> None:
    """One tap for what the sheet marks in one stroke (issue 27): ulti's kontras, silent claims, give-up
    and renonsz case, the tarokk figures open; a renonsz's offender and penalty bid show once the case asks
    for them, a figure's side, how, announcer and kontra once the figure is marked, and a row of figures
    once the row before it holds one."""
    ulti = _sections("ulti-mausz", ("A", "B", "C"))
    assert ulti["Kontra and rekontra"].open and ulti["Silent claims and give-up"].open and ulti["Renonsz"].open
    assert not ulti["The sheet's verdicts: instead of card points, or a cross-check"].open
    renonsz = {f.name: f for f in ulti["Renonsz"].fields()}
    # ulti-mausz.md §4.3: 13.3.4 (a revoke) names its offender, 13.1.1 (a void deal) none; only 13.2.3c,
    # 13.2.4a and 13.2.5 name a penalty bid.
    assert renonsz["renonsz_offender"].waits_for == "renonsz_case"
    assert "13.3.4" in renonsz["renonsz_offender"].waits_values
    assert "13.1.1" not in renonsz["renonsz_offender"].waits_values
    assert renonsz["penalty_bid"].waits_values == ("13.2.3c", "13.2.4a", "13.2.5")
    ill = _sections("tarokk-illusztralt")
    figures = {f.name: f for f in ill["Figures, in the order announced"].fields()}
    assert ill["Figures, in the order announced"].open and not ill["8 or 9 tarokks"].open
    assert (figures["fig1"].waits_for, figures["fig2"].waits_for, figures["fig6"].waits_for) == (None, "fig1", "fig5")
    assert {figures[f"fig2_{m}"].waits_for for m in ("side", "how")} == {"fig2"}
    # A silent figure takes no kontra (§1.4): the kontra waits for an announced "how".
    assert (figures["fig2_kontra"].waits_for, figures["fig2_kontra"].waits_values) == (
        "fig2_how",
        ("made", "failed", "announced"),
    )
    vad = _sections("tarokk-vadasz")
    mine, theirs = vad["Declaring side's figures"], vad["Opponents' figures"]
    assert mine.open and theirs.open
    fields = {f.name: f for s in (mine, theirs) for f in s.fields()}
    assert fields["decl_xxi_fogas_unplayable"].waits_for == "decl_xxi_fogas"
    # What the hand's check refuses is not offered (§3.2 rules 6 and 7): a silent figure has no announcer,
    # kontra or overlap flag; only a failed announcement can be objectively unplayable (§1.10).
    announced = {"made", "failed", "announced"}
    for name in ("decl_tuletroa_by", "decl_tuletroa_kontra", "decl_tuletroa_volat", "opp_xxi_fogas_by"):
        assert set(fields[name].waits_values) == announced, name
    assert set(fields["opp_pagat_ulti_kontra"].waits_values) == {"made", "lost_last_trick", "lost_early", "announced"}
    assert fields["decl_xxi_fogas_unplayable"].waits_values == ("failed",)
    assert fields["opp_pagat_ulti_unplayable"].waits_values == ("lost_last_trick", "lost_early")
    assert fields["lengetes_waver"].waits_values == ()  # a silent ulti lost in the last trick is waved too
    # The declarer announces most of his side's figures: preset to him once it is announced.
    by = fields["decl_tuletroa_by"].preset
    assert by.copy == "declarer" and set(by.when["decl_tuletroa"]) == {"made", "failed", "announced"}  # not silent
    # In a lengetés hand the opponents' tulétroá is the waver's (he holds Skíz and XXI, §1.11); no other
    # figure of the opponents has a usual announcer.
    by = fields["opp_tuletroa_by"].preset
    assert by.copy == "lengetes_waver" and set(by.when) == {"opp_tuletroa", "lengetes_waver"}
    assert all(fields[f"opp_{fig}_by"].preset is None for fig in ("negy_kiraly", "pagat_ulti", "xxi_fogas", "dupla"))
    # The lengetés is one mark under the declarer's pagát ulti, shown once that is marked; no mode to pick.
    names = [f.name for f in mine.fields()]
    assert names.index("lengetes_waver") == names.index("decl_pagat_ulti_unplayable") + 1
    assert fields["lengetes_waver"].waits_for == "decl_pagat_ulti" and "lengetes_mode" not in fields


def test_an_illusztralt_figure_is_offered_only_the_hows_its_check_accepts() -> None:
    """tarokk-illusztralt.md §2.1, §3.2, §5.3: dupla and volát are only announced (the points and tricks
    decide); silent only tulétroá, négy király, XXI-fogás and pagát ultimó; lost silently only the pagát
    ultimó. Every other figure: announced, made or failed. Of the others, the form offers exactly what a
    won Kettes holding the figure passes the check with."""
    key = "tarokk-illusztralt"
    seats = ("B", "C", "D", "A")
    ctx = spec.Context(seats, ("A", "B", "C", "D"), "A", seats, None)
    fields = {f.name: f for s in VARIANTS[key].entry.layout(ctx) for f in s.fields()}
    how = fields["fig1_how"]
    scored = ("made", "failed")
    expected = {
        "dupla": ("announced",),
        "volat": ("announced",),
        "tuletroa": (*scored, "silent"),
        "negy_kiraly": (*scored, "silent"),
        "xxi_fogas": (*scored, "silent"),
        "pagat_ultimo": (*scored, "silent", "silent_failed"),
        "kiraly_ultimo:kor": scored,
        "pagat_uhu": scored,
        "kiraly_uhu:pikk": scored,
        "centrum": scored,
        "kismadar": scored,
        "nagymadar": scored,
    }
    assert {fig: how.offered(fig) for fig in expected} == expected
    every = {str(v) for v, _label in fields["fig1"].choices if v}
    assert set(expected) <= every  # the figures as the form writes them (a king figure with its suit)
    initial = {n: f.initial for n, f in fields.items()}
    for fig in sorted(every - {"dupla", "volat"}):
        for choice, _label in how.choices:
            values = {**initial, "bid": "kettes", "partner": "C", "count_result": "won", "fig1": fig}
            values["fig1_how"] = choice
            hand = {
                "variant": key,
                "seats": list(seats),
                "dealer": "A",
                **spec.hand_from(VARIANTS[key].entry, values, ctx),
            }
            accepted = not VARIANTS[key].validate(hand, {}, None)
            assert accepted == (choice in how.offered(fig)), (fig, choice)


def test_a_choice_the_check_refuses_in_the_hand_at_hand_is_not_offered() -> None:
    """The audit of every form against its check (stop 44): Taruk's king ultimo belongs to the declaring
    side of tri, dve and ena, the colour valat is always announced by it, and only the declarer answers
    with re (§8, P24); an Illusztrált count is shown "at the end" only where play reached it (§3.3); a
    Vadász figure is "announced" with no result only in a renonsz (§3.1); a Laza result is "silent" only
    for a bid whose silent cell the event's point table fills (§5.1)."""
    taruk = {f.name: f for s in _sections("taruk2012").values() for f in s.fields()}
    assert "b_kralj_ultimo_side" not in taruk and "b_barvni_valat_side" not in taruk
    assert (taruk["b_kralj_ultimo"].waits_for, taruk["b_kralj_ultimo"].waits_values) == ("game", ("dve", "ena", "tri"))
    assert [v for v, _label in taruk["b_barvni_valat"].choices] == ["", "made", "failed"]
    assert [v for v, _label in taruk["b_kralj_ultimo"].choices] == ["", "made", "failed", "silent"]
    kontra = taruk["b_trula_kontra"]
    assert kontra.offered_from == "b_trula_side"
    assert (kontra.offered("declarer"), kontra.offered("opponents")) == (("1", "2", "4"), ("1", "2"))
    assert taruk["b_kralj_ultimo_kontra"].offered_for == ()  # the declaring side's: re stays
    vadasz = {f.name: f for s in _sections("tarokk-vadasz").values() for f in s.fields()}
    for name in ("decl_tuletroa", "opp_pagat_ulti"):
        assert vadasz[name].offered_from == "outcome"
        assert "announced" in vadasz[name].offered("renonsz") and "announced" not in vadasz[name].offered("played")
    assert vadasz["decl_dupla"].offered_for == ()  # only "announced": the points decide
    ill = {f.name: f for s in _sections("tarokk-illusztralt").values() for f in s.fields()}
    count = ill["tarokk_B"]  # tarokk-illusztralt.md §3.3 rule 7: no count "at the end" in a renonsz hand
    assert count.offered_from == "outcome"
    assert count.offered("renonsz") == ("", "8_early", "9_early")
    assert count.offered("played") == ("", "8_early", "9_early", "8_end", "9_end")
    laza = {f.name: f for s in _sections("tarokk-laza").values() for f in s.fields()}
    result = laza["attack_1_result"]
    assert result.offered_from == "attack_1"
    # TEST_CONFIG (tests/samples/tarokk_laza.py) fills the silent cell of honor, trul, gem, ... ulti; not kopf's.
    assert "silent" in result.offered("gem") and "silent" in result.offered("ulti:pagat")
    assert "silent" in result.offered("banda:kor") and "silent" not in result.offered("kopf")
    assert "made" in result.offered("kopf")


@pytest.mark.parametrize(("key", "after"), [("tarokk-illusztralt", "bid"), ("tarokk-vadasz", "declarer_talon_taken")])
def test_the_sheets_count_shows_won_once_the_game_is_chosen_and_yields_to_card_points(key: str, after: str) -> None:
    """Issue 27: the count's usual verdict (the side that bid won) is shown chosen once the bid (Vadász: the
    talon cards it took) is chosen in a played hand; typed card points take it back (they decide instead)."""
    fields = {f.name: f for s in _sections(key).values() for f in s.fields()}
    preset = fields["count_result"].preset
    assert preset.value == "won" and "won" in dict(fields["count_result"].choices)
    assert dict(preset.when) == {"outcome": ("played",), after: (spec.ANY,)}
    assert list(preset.unless) == [{"declarer_card_points": (spec.ANY,)}]


def test_the_declarers_own_seat_is_not_offered_where_only_another_can_be_named() -> None:
    """What the check refuses is not offered (issue 27): the Vadász waver is never the declarer (§1.11, he
    holds the Pagát, the waver Skíz and XXI); an ulti individual kontra is a defender's (§3.6), so the
    declarer's own row waits for another declarer."""
    vad = {f.name: f for s in _sections("tarokk-vadasz").values() for f in s.fields()}
    waver = vad["lengetes_waver"]
    assert (waver.offered_from, waver.waits_for) == ("declarer", "decl_pagat_ulti")
    assert waver.offered("B") == ("", "C", "D", "A") and waver.offered("A") == ("", "B", "C", "D")
    ulti = {f.name: f for s in _sections("ulti-mausz", ("A", "B", "C")).values() for f in s.fields()}
    for seat, others in (("A", ("B", "C")), ("B", ("A", "C")), ("C", ("A", "B"))):
        assert (ulti[f"k_seat_{seat}"].waits_for, ulti[f"k_seat_{seat}"].waits_values) == ("declarer", others)


def test_the_ulti_bids_shown_as_chips_are_those_worth_at_most_nine_units_and_rebetli() -> None:
    """ulti-mausz.md §2.3 rows 1-13 (parti 1 … ulti + 4 ász 9, in the table's order) and rebetli ("piros
    betli", 10) are one tap each, a coloured bid in each of the four suits (the sheet's "tök ulti"); the
    dearer bids fold under "more choices"."""
    ulti = {f.name: f for s in _sections("ulti-mausz", ("A", "B", "C")).values() for f in s.fields()}
    rows = ("parti", "40-100", "4asz", "ulti", "betli", "durchmars", "szintelen_durchmars")
    rows += ("40-100+4asz", "40-100+ulti", "20-100", "ulti+4asz", "rebetli")
    colourless = {"betli", "szintelen_durchmars", "rebetli"}
    suits = ("makk", "tok", "zold", "piros")
    expected = [v for k in rows for v in (k, *(() if k in colourless else (f"{k}:{s}" for s in suits)))]
    assert list(ulti["bid"].common) == expected and len(expected) == 9 * 5 + 3
    assert [value for value, _label in ulti["bid"].grid] == list(suits)
    assert "teritett_durchmars:piros" not in ulti["bid"].common and "redurchmars" not in ulti["bid"].common
