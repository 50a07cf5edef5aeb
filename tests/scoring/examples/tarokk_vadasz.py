"""tarokk-vadasz.md's examples: the worked examples of §4 as whole hands (tarokk_vadasz.json), the tables
they are played at, and the rejected inputs of §3.2 (and §3.4's state) built from one played hand."""

from __future__ import annotations

from typing import Any

import pytest

from tests.scoring.examples import load

FOUR = {"participants": ["A", "B", "C", "D"], "seats": ["A", "B", "C", "D"], "dealer": "D"}


def make(fields: dict[str, Any], table: dict[str, Any] | None = None) -> dict[str, Any]:
    """A hand as §4 writes it: the 4-participant table with dealer D unless the
    example says otherwise, plus the variant key the examples leave out."""
    return {"variant": "tarokk-vadasz", **(FOUR if table is None else table), **fields}


FIVE = {"participants": ["A", "B", "C", "D", "E"]}
SIX = {"participants": ["A", "B", "C", "D", "E", "F"]}
SEVEN = {"participants": ["A", "B", "C", "D", "E", "F", "G"]}

# §4 V13: a lengetés (obligatory) with its tulétroá and the declarer's silent ulti lost in the last trick.
V13 = {
    "declarer": "A", "partner": "C", "declarer_talon_taken": 3, "declarer_card_points": 49, "declarer_tricks": 5,
    "game_kontra": 1, "lengetes_ulti": {"waver": "B", "mode": "obligatory"},
    "figures": [
        {"figure": "tuletroa", "side": "opponents", "announced": True, "announcer": "B", "result": "made"},
        {"figure": "pagat_ulti", "side": "declarer", "announced": False, "result": "lost_last_trick"},
    ],
}  # fmt: skip


# (hand, expected points, expected breakdown lines that must be present)
DATA = load("tarokk_vadasz")
EXAMPLES = [pytest.param(r["hand"], r["points"], r["lines"], id=r["id"]) for r in DATA["examples"]]
# The examples as a referee types them into the table page's form: (the example, what he types, its points).
TYPED = [pytest.param(r["hand"], r["typed"], r["points"], id=r["id"]) for r in DATA["examples"] if "typed" in r]


# --- §3.2 rejected inputs -----------------------------------------------------

PLAYED = {"declarer": "A", "partner": "C", "declarer_talon_taken": 2, "declarer_card_points": 55,
          "declarer_tricks": 6}  # fmt: skip


def fig(**entry: Any) -> dict[str, Any]:
    return make({**PLAYED, "figures": [entry]})


REJECTED = [
    # rule 1
    pytest.param(make({**PLAYED, "bogus": 1}), None, ("bogus", "unknown_field"), id="3.2.1-unknown-field"),
    pytest.param(make({**PLAYED, "participants": ["A", "B", "C"], "seats": ["A", "B", "C"]}), None,
                 ("participants", "out_of_range"), id="3.2.1-three-participants"),
    pytest.param(make({**PLAYED, "participants": ["A", "B", "C", "D", "D"]}), None,
                 ("participants", "invalid_value"), id="3.2.1-participants-not-distinct"),
    pytest.param(make(PLAYED, {"participants": ["A", "B", "C", "D"], "seats": ["A", "B", "C", "D"], "dealer": "E"}),
                 None, ("dealer", "inconsistent"), id="3.2.1-dealer-not-a-participant"),
    pytest.param(make(PLAYED, {"participants": ["A", "B", "C", "D"], "seats": ["B", "C", "D", "A"], "dealer": "D"}),
                 None, ("seats", "inconsistent"), id="3.2.1-seats-not-in-playing-order"),
    pytest.param(make(PLAYED, {**FIVE, "seats": ["A", "B", "C", "D"], "dealer": "E", "talon_arranger": "A"}),
                 None, ("talon_arranger", "inconsistent"), id="3.2.1-talon-arranger-wrong-at-5"),
    pytest.param(make(PLAYED, {**FIVE, "seats": ["A", "B", "C", "D"], "dealer": "E"}),
                 None, ("talon_arranger", "missing_field"), id="3.2.1-talon-arranger-missing-at-5"),
    pytest.param(make({**PLAYED, "talon_arranger": "D"}), None, ("talon_arranger", "not_applicable"),
                 id="3.2.1-talon-arranger-at-4"),
    # rule 2
    pytest.param(make({"outcome": "thrown_in", "declarer": "A"}), None, ("declarer", "not_applicable"),
                 id="3.2.2-thrown-in-with-result-field"),
    pytest.param(make({"outcome": "redeal", "declarer_card_points": 50}), None,
                 ("declarer_card_points", "not_applicable"), id="3.2.2-redeal-with-result-field"),
    pytest.param(make({**PLAYED, "start_double_round": True}), None, ("start_double_round", "not_applicable"),
                 id="3.2.2-start-double-round-on-played-hand"),
    pytest.param(make({"outcome": "redeal", "start_double_round": True}), None,
                 ("start_double_round", "not_applicable"), id="3.2.2-start-double-round-on-redeal"),
    pytest.param(make({"outcome": "thrown_in", "start_double_round": True}), {"double_round_remaining": 2},
                 ("start_double_round", "forbidden_combination"), id="3.2.2-second-double-round-while-running"),
    # rule 3
    pytest.param(make({**PLAYED, "declarer": "E"}), None, ("declarer", "invalid_value"),
                 id="3.2.3-declarer-not-in-seats"),
    pytest.param(make({**PLAYED, "partner": "A"}), None, ("partner", "inconsistent"),
                 id="3.2.3-partner-is-declarer"),
    pytest.param(make({**PLAYED, "partner": "E"}), None, ("partner", "invalid_value"),
                 id="3.2.3-partner-not-in-seats"),
    pytest.param(make({**PLAYED, "partner": None}), None, ("solo", "missing_field"),
                 id="3.2.3-solo-missing-when-alone"),
    pytest.param(make({**PLAYED, "solo": "forced"}), None, ("solo", "not_applicable"),
                 id="3.2.3-solo-with-partner"),
    # Rule 3 holds for a renonsz hand too: it may leave the partner out, but "partner": null says the
    # declarer played alone and then solo must say how (an audit against the text found this accepted).
    pytest.param(make({"outcome": "renonsz", "declarer": "A", "partner": None, "declarer_talon_taken": 2,
                       "renonsz": {"offender": "B", "kind": "play"}}), None, ("solo", "missing_field"),
                 id="3.2.3-solo-missing-when-alone-renonsz"),
    # rule 4
    pytest.param(make({**PLAYED, "declarer_talon_taken": 4}), None, ("declarer_talon_taken", "out_of_range"),
                 id="3.2.4-talon-taken-above-3"),
    pytest.param(make({**PLAYED, "bid": "egyes"}), None, ("declarer_talon_taken", "inconsistent"),
                 id="3.2.4-talon-taken-above-bid-share"),
    # rule 5
    pytest.param(make({**PLAYED, "declarer_card_points": 95}), None, ("declarer_card_points", "out_of_range"),
                 id="3.2.5-points-above-94"),
    pytest.param(make({**PLAYED, "declarer_tricks": 10}), None, ("declarer_tricks", "out_of_range"),
                 id="3.2.5-tricks-above-9"),
    pytest.param(make({**PLAYED, "declarer_card_points": 23, "declarer_tricks": 6}), None,
                 ("declarer_card_points", "inconsistent"), id="3.2.5-fewer-points-than-4T"),
    pytest.param(make({**PLAYED, "declarer_card_points": 83, "declarer_tricks": 6}), None,
                 ("declarer_card_points", "inconsistent"), id="3.2.5-more-points-than-58-plus-4T"),
    pytest.param(make({**PLAYED, "declarer_card_points": 71, "declarer_tricks": 9}), None,
                 ("declarer_card_points", "inconsistent"), id="3.2.5-volat-under-72"),
    pytest.param(make({**PLAYED, "declarer_card_points": 23, "declarer_tricks": 0}), None,
                 ("declarer_card_points", "inconsistent"), id="3.2.5-no-trick-over-22"),
    # rule 6
    pytest.param(make({**PLAYED, "game_kontra": 4}), None, ("game_kontra", "out_of_range"),
                 id="3.2.6-game-kontra-above-3"),
    pytest.param(fig(figure="tuletroa", side="declarer", announced=True, announcer="A", kontra=-1, result="made"),
                 None, ("figures[0].kontra", "out_of_range"), id="3.2.6-figure-kontra-below-0"),
    pytest.param(fig(figure="tuletroa", side="declarer", announced=False, kontra=1, result="made"), None,
                 ("figures[0].kontra", "not_applicable"), id="3.2.6-kontra-on-silent-entry"),
    # rule 7
    pytest.param(fig(figure="trula", side="declarer", announced=False, result="made"), None,
                 ("figures[0].figure", "invalid_value"), id="3.2.7-unknown-figure"),
    pytest.param(make({**PLAYED, "figures": [
        {"figure": "tuletroa", "side": "declarer", "announced": False, "result": "made"},
        {"figure": "tuletroa", "side": "declarer", "announced": True, "announcer": "A", "result": "made"}]}),
        None, ("figures[1]", "inconsistent"), id="3.2.7-same-figure-and-side-twice"),
    pytest.param(fig(figure="tuletroa", side="declarer", announced=True, result="made"), None,
                 ("figures[0].announcer", "missing_field"), id="3.2.7-announcer-missing"),
    pytest.param(fig(figure="tuletroa", side="declarer", announced=False, announcer="A", result="made"), None,
                 ("figures[0].announcer", "not_applicable"), id="3.2.7-announcer-on-silent-entry"),
    pytest.param(fig(figure="tuletroa", side="declarer", announced=True, announcer="B", result="made"), None,
                 ("figures[0].announcer", "inconsistent"), id="3.2.7-announcer-not-on-side"),
    pytest.param(fig(figure="dupla", side="declarer", announced=False), None,
                 ("figures[0].announced", "not_applicable"), id="3.2.7-silent-dupla-listed"),
    pytest.param(fig(figure="tuletroa", side="declarer", announced=False), None,
                 ("figures[0].result", "missing_field"), id="3.2.7-result-missing"),
    pytest.param(fig(figure="tuletroa", side="declarer", announced=True, announcer="A", result="lost_early"), None,
                 ("figures[0].result", "invalid_value"), id="3.2.7-result-of-wrong-kind"),
    pytest.param(fig(figure="dupla", side="declarer", announced=True, announcer="A", result="made"), None,
                 ("figures[0].result", "not_applicable"), id="3.2.7-result-on-dupla"),
    pytest.param(fig(figure="xxi_fogas", side="opponents", announced=False, result="failed"), None,
                 ("figures[0].result", "inconsistent"), id="3.2.7-silent-figure-failed"),
    pytest.param(fig(figure="pagat_ulti", side="declarer", announced=True, announcer="A", with_volat=True,
                     result="made"), None, ("figures[0].with_volat", "not_applicable"),
                 id="3.2.7-with-volat-on-pagat-ulti"),
    pytest.param(fig(figure="tuletroa", side="declarer", announced=True, announcer="A", with_volat=True,
                     result="made"), None, ("figures[0].with_volat", "inconsistent"),
                 id="3.2.7-with-volat-without-volat"),
    pytest.param(fig(figure="xxi_fogas", side="declarer", announced=True, announcer="A", result="made",
                     unplayable="xxi_not_catchable"), None, ("figures[0].unplayable", "not_applicable"),
                 id="3.2.7-unplayable-on-made-entry"),
    pytest.param(fig(figure="xxi_fogas", side="declarer", announced=True, announcer="A", result="failed",
                     unplayable="opponent_9_tarokk"), None, ("figures[0].unplayable", "invalid_value"),
                 id="3.2.7-unplayable-wrong-value-for-figure"),
    pytest.param(fig(figure="pagat_ulti", side="declarer", announced=True, announcer="A", result="lost_early",
                     unplayable="starting_opponent_8_tarokk"), None, ("figures[0].unplayable", "inconsistent"),
                 id="3.2.7-starting-opponent-on-announcers-side"),
    pytest.param(make({**PLAYED, "figures": [
        {"figure": "pagat_ulti", "side": "declarer", "announced": False, "result": "made"},
        {"figure": "pagat_ulti", "side": "opponents", "announced": False, "result": "made"}]}),
        None, ("figures[1].result", "inconsistent"), id="3.2.7-same-figure-made-by-both-sides"),
    pytest.param(make({**PLAYED, "declarer_card_points": 80, "declarer_tricks": 9, "figures": [
        {"figure": "negy_kiraly", "side": "opponents", "announced": True, "announcer": "B", "result": "made"}]}),
        None, ("figures[0].result", "inconsistent"), id="3.2.7-other-side-made-volat"),
    # rule 8
    pytest.param(make({**PLAYED, "lengetes_ulti": {"waver": "A", "mode": "optional"}}), None,
                 ("lengetes_ulti.waver", "inconsistent"), id="3.2.8-waver-is-declarer"),
    pytest.param(make({**PLAYED, "lengetes_ulti": {"waver": "E", "mode": "optional"}}), None,
                 ("lengetes_ulti.waver", "invalid_value"), id="3.2.8-waver-not-in-seats"),
    pytest.param(make({**V13, "game_kontra": 0}), None, ("lengetes_ulti.mode", "inconsistent"),
                 id="3.2.8-obligatory-without-game-kontra"),
    pytest.param(make({**V13, "figures": V13["figures"][1:]}), None, ("lengetes_ulti.mode", "inconsistent"),
                 id="3.2.8-obligatory-without-wavers-tuletroa"),
    pytest.param(make({**V13, "figures": V13["figures"][:1]}), None, ("lengetes_ulti.mode", "inconsistent"),
                 id="3.2.8-obligatory-without-declarers-ulti"),
    pytest.param(make({**V13, "lengetes_ulti": {"waver": "C", "mode": "obligatory"}}), None,
                 ("lengetes_ulti.waver", "inconsistent"), id="3.2.8-obligatory-waver-is-partner"),
    pytest.param(make({**V13, "lengetes_ulti": {"waver": "B", "mode": "optional"}}), None,
                 ("lengetes_ulti.mode", "inconsistent"), id="3.2.8-optional-while-waver-announced-tuletroa"),
    # rule 9
    pytest.param(make({"outcome": "renonsz", "declarer": "A", "declarer_talon_taken": 2,
                       "renonsz": {"offender": "E", "kind": "play"}}), None,
                 ("renonsz.offender", "invalid_value"), id="3.2.9-offender-not-in-seats"),
    pytest.param(make({"outcome": "renonsz", "declarer": "A", "declarer_talon_taken": 2, "declarer_tricks": 4,
                       "renonsz": {"offender": "B", "kind": "play"}}), None,
                 ("declarer_tricks", "not_applicable"), id="3.2.9-renonsz-with-tricks"),
    pytest.param(make({"outcome": "renonsz", "declarer": "A", "declarer_talon_taken": 2,
                       "figures": [{"figure": "tuletroa", "side": "declarer", "announced": False, "result": "made"}],
                       "renonsz": {"offender": "B", "kind": "play"}}), None,
                 ("figures[0].result", "not_applicable"), id="3.2.9-renonsz-with-figure-result"),
    pytest.param(make({"outcome": "renonsz", "declarer": "A", "declarer_talon_taken": 2}), None,
                 ("renonsz", "missing_field"), id="3.2.9-renonsz-record-missing"),
    pytest.param(make({**PLAYED, "renonsz": {"offender": "B", "kind": "play"}}), None,
                 ("renonsz", "not_applicable"), id="3.2.9-renonsz-record-on-played-hand"),
    # §3.4 state
    pytest.param(make(PLAYED), {"double_round_remaining": 5}, ("state.double_round_remaining", "inconsistent"),
                 id="3.4-state-counter-above-participants"),
    pytest.param(make(PLAYED), {"double_round_remaining": -1}, ("state.double_round_remaining", "out_of_range"),
                 id="3.4-state-counter-negative"),
    pytest.param(make(PLAYED), {"radelci": 1}, ("state.radelci", "unknown_field"), id="3.4-state-unknown-key"),
    pytest.param(make(PLAYED), [], ("state", "invalid_value"), id="3.4-state-not-an-object"),
]  # fmt: skip
