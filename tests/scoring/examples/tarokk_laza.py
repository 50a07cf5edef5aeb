"""tarokk-laza.md's examples. The rules document has no point values (§4.1), so every number comes from
the spec's §5.5 example table, ILLUSTRATIVE — NOT FROM THE RULES (``SPEC_CONFIG``; ``SPEC_VALUES`` the same
by bid as (made, failed, silent)): the worked examples of one pair's entries (§5.5, §3, §6), the whole
deal L8, and the rejected inputs of §5.2 and point tables of §4.2."""

from __future__ import annotations

import copy
from typing import Any

import pytest


def row(bid: str, made: int | None, failed: int | None, silent: int | None = None, **extra: Any) -> dict:
    return {"bid": bid, "made": made, "failed": failed, "silent": silent, **extra}


# §5.5: "ILLUSTRATIVE — NOT FROM THE RULES" (made / failed / silent). Rows the spec's
# table leaves out (honor, bridzs, ...) are deliberately absent.
SPEC_ROWS = [
    row("gem", 20, 10, 10), row("kassza", 30, 10), row("kopf", 20, 10), row("trul", 30, 10),
    row("mizer", 80, 30), row("banda", 20, 10), row("piros_fekete", 30, 10), row("flotta", 40, 15),
    row("armada", 60, 20), row("dzsinn", 40, 15), row("mariage", 50, 20), row("ulti", 40, 20),
    row("uhu", 50, 20), row("lamour", 30, 10), row("angelo", 30, 10), row("pikolo", 30, 10),
    row("city", 30, 10), row("centrum", 30, 10), row("kismadar", 40, 15), row("nagymadar", 50, 20),
    row("skala", 180, 20, trophy_rank=1),
]  # fmt: skip
SPEC_CONFIG = {"point_table": {"version": "spec-5.5-illustrative", "rows": SPEC_ROWS}}


def with_rows(*extra: dict, drop: tuple[str, ...] = ()) -> dict:
    """SPEC_CONFIG with rows replaced or added (by bid)."""
    rows = {r["bid"]: r for r in copy.deepcopy(SPEC_ROWS) if r["bid"] not in drop}
    for r in extra:
        rows[r["bid"]] = r
    return {"point_table": {"version": "spec-5.5-variant", "rows": list(rows.values())}}


def b(bid: str, made: bool = True, k: int | None = None, q: str | None = None) -> dict:
    """A bid entry: ``k`` is the record's kontra (1 kontra, 2 rekontra)."""
    entry: dict[str, Any] = {"bid": bid, "made": made}
    if q is not None:
        entry["qualifier"] = q
    if k is not None:
        entry["kontra"] = k
    return entry


def s(bid: str, q: str | None = None) -> dict:
    """A silent entry (always made)."""
    return {"bid": bid} if q is None else {"bid": bid, "qualifier": q}


def deal(attack_bids: list, defence_bids: list | None = None, silent_attack: list | None = None, **over: Any) -> dict:
    hand = {
        "variant": "tarokk-laza",
        "seats": ["A", "B", "C", "D"],
        "dealer": "C",
        "attack": {"indito": "A", "elfogo": "D"},
        "defence": {"elfogo": "B", "indito": "C"},
        "bids": {"attack": attack_bids, "defence": defence_bids or []},
        "silent": {"attack": silent_attack or [], "defence": []},
    }
    hand.update(over)
    return hand


def has_line(breakdown: list[str], *needles: str) -> bool:
    return any(all(n in line for n in needles) for line in breakdown)


SPEC_VALUES = {r["bid"]: (r["made"], r["failed"], r["silent"]) for r in SPEC_ROWS}


# --- §5.5 worked examples, one pair's entries (the defence bids nothing) ---------

PAIR_EXAMPLES = [
    # L1 / §3.2: the document's 30/10 bid plain, kontra, rekontra (Kassza is 30/10 in §5.5).
    pytest.param([b("kassza")], [], 30, [("Kassza made: +30",)], id="5.5-L1-plain-made"),
    pytest.param([b("kassza", k=1)], [], 60, [("Kassza made, kontra: 2 x 30 = +60",)], id="5.5-L1-kontra-made"),
    pytest.param([b("kassza", k=2)], [], 120, [("rekontra: 4 x 30 = +120",)], id="5.5-L1-rekontra-made"),
    pytest.param([b("kassza", False)], [], -10, [("Kassza failed: -10",)], id="5.5-L1-plain-failed"),
    pytest.param([b("kassza", False, k=1)], [], -20, [("kontra: -(2 x 10) = -20",)], id="5.5-L1-kontra-failed"),
    pytest.param([b("kassza", False, k=2)], [], -40, [("rekontra: -(4 x 10) = -40",)], id="5.5-L1-rekontra-failed"),
    pytest.param(
        [b("gem"), b("kassza")],
        [],
        30,
        [("Gém made: 0", "weaker ladder member"), ("Kassza made: +30",)],
        id="5.5-L2a",
    ),
    pytest.param(
        [b("gem"), b("kassza", False)],
        [],
        -10,
        [("Gém made: 0", "weaker ladder member"), ("Kassza failed: -10",)],
        id="5.5-L2b",
    ),
    pytest.param(
        [b("kassza")],
        [s("gem")],
        30,
        [("Gém silent: 0", "weaker ladder member"), ("Kassza made: +30",)],
        id="5.5-L2c",
    ),
    pytest.param([b("gem", k=1), b("kassza")], [], 70, [("Gém made, kontra: 2 x 20 = +40",)], id="5.5-L3a"),
    pytest.param(
        [b("gem"), b("kassza", k=1)],
        [],
        80,
        [("Kassza made, kontra: 2 x 30 = +60",), ("Gém made: +20",)],
        id="5.5-L3b",
    ),
    # §3.3 third bullet: both kontra'd -> both score (2 x 20 + 2 x 30).
    pytest.param([b("gem", k=1), b("kassza", k=1)], [], 100, [], id="3.3-both-kontrad"),
    pytest.param(
        [b("banda", q="kor"), b("flotta")],
        [],
        40,
        [("kőr Banda made: 0", "superseded by Flotta in Elfogók"), ("Flotta made: +40",)],
        id="5.5-L4a",
    ),
    pytest.param(
        [b("banda", q="pikk"), b("flotta", k=1)],
        [],
        100,
        [("Flotta made, kontra: 2 x 40 = +80",), ("pikk Banda made: +20",)],
        id="5.5-L4b",
    ),
    pytest.param(
        [b("piros_fekete"), b("armada")],
        [],
        60,
        [("Piros-fekete made: 0", "superseded by Armada in Elfogók")],
        id="5.5-L4c",
    ),
    pytest.param(
        [b("banda", q="kor"), b("banda", q="pikk")],
        [],
        20,
        [("pikk Banda made: 0", "superseded by kőr Banda in Elfogók")],
        id="5.5-L4d",
    ),
    pytest.param(
        [b("ulti", q="pagat"), b("mariage"), b("dzsinn")],
        [],
        50,
        [
            ("pagát Ulti made: 0", "superseded by Mariage in Utolsó két ütés"),
            ("Dzsinn made: 0", "superseded by Mariage in Extrák"),
            ("Mariage made: +50",),
        ],
        id="5.5-L5a",
    ),
    pytest.param(
        [b("ulti", False, q="pagat"), b("mariage"), b("dzsinn")],
        [],
        30,
        [("pagát Ulti failed: -20",), ("Dzsinn made: 0", "superseded by Mariage in Extrák")],
        id="5.5-L5b",
    ),
    pytest.param(
        [b("ulti", q="pagat"), b("uhu", False, q="pagat")],
        [],
        20,
        [("pagát Ulti made: +40",), ("pagát Uhu failed: -20",)],
        id="5.5-L5c",
    ),
]

NINE = ["kopf", "lamour", "angelo", "mizer", "pikolo", "city", "centrum", "kismadar", "nagymadar"]
PAIR_EXAMPLES += [
    pytest.param(
        [b(x) for x in NINE] + [b("skala")],
        [],
        180,
        [("Skála made: +180",), ("Köpf made: 0", "suppressed by trophy Skála")],
        id="5.5-L6a",
    ),
    # 20+30+30+80+30+30+30+40+50 = 340; Skála -20.
    pytest.param(
        [b(x) for x in NINE] + [b("skala", False)],
        [],
        320,
        [("Nagymadár made: +50",), ("Skála failed: -20",)],
        id="5.5-L6b",
    ),
    pytest.param(
        [b(x) for x in NINE[:-1]] + [b("nagymadar", False), b("skala")],
        [],
        160,
        [("Nagymadár failed: -20",), ("Centrum made: 0", "suppressed by trophy Skála")],
        id="5.5-L6c",
    ),
    pytest.param(
        [b("kopf", k=1), b("centrum"), b("skala")],
        [],
        220,
        [("Köpf made, kontra: 2 x 20 = +40",), ("Centrum made: 0", "suppressed by trophy Skála")],
        id="5.5-L7",
    ),
    # §3.7 the document's strategy example: "smaller bids made worth 80" (Kassza 30 + Mariage 50,
    # no group between them), a trophy worth 180 made / 20 failed (Skála in §5.5).
    pytest.param([b("kassza"), b("mariage"), b("skala")], [], 180, [], id="3.7-trophy-made"),
    pytest.param([b("kassza"), b("mariage"), b("skala", False, k=1)], [], 40, [], id="3.7-trophy-failed-kontrad"),
    pytest.param([b("kassza"), b("mariage")], [], 80, [], id="3.7-trophy-not-bid"),
    # §6.5: silent achievements score their silent value ... and are suppressed by a made trophy.
    pytest.param([], [s("gem")], 10, [("Gém silent: +10",)], id="6.5-silent-scores"),
    pytest.param(
        [b("skala")], [s("gem")], 180, [("Gém silent: 0", "suppressed by trophy Skála")], id="6.5-silent-trophy"
    ),
    # §6.4: a weaker ladder bid that failed is ignored, not deducted.
    pytest.param(
        [b("gem", False), b("kassza")], [], 30, [("Gém failed: 0", "weaker ladder member")], id="6.4-weaker-failed"
    ),
    # §3.5 says a made trophy leaves "only" the trophy, but §3.2/§3.6 take a kontra'd bid out of
    # every group and build the trophy set T from un-kontra'd bids only. The original agrees
    # ("kontra'd bids do not count in the group", and the trophy rule is "similar" to the group
    # rules), so a kontra'd made Skála scores 2 x 180 on its own and suppresses nothing: + Kassza 30.
    pytest.param(
        [b("kassza"), b("skala", k=1)],
        [],
        390,
        [("Skála made, kontra: 2 x 180 = +360",), ("Kassza made: +30",)],
        id="3.6-kontrad-trophy-suppresses-nothing",
    ),
]


L8 = deal(
    [b("kassza"), b("gem"), b("banda", q="kor"), b("flotta", k=1)],
    [b("ulti", False, k=1, q="pagat"), b("trul")],
)
L8_STATE = {"pairs": [["A", "D"], ["C", "B"]], "deals_played": 1, "last_attack": 0}


# --- §5.2 rejected inputs ------------------------------------------------------------


def mutated(change, base: dict = L8) -> dict:
    hand = copy.deepcopy(base)
    change(hand)
    return hand


BLANK_KASSZA = with_rows(row("kassza", None, 10))
BLANK_KASSZA_FAILED = with_rows(row("kassza", 30, None))

REJECTED = [
    # 1. envelope, seats, roles
    pytest.param(mutated(lambda h: h.update(foo=1)), {}, SPEC_CONFIG, ("foo", "unknown_field"),
                 id="5.2.1-unknown-field"),
    pytest.param(
        mutated(lambda h: h["bids"]["attack"][0].update(points=5)), {}, SPEC_CONFIG,
        ("bids.attack[0].points", "unknown_field"), id="5.2.1-unknown-entry-field",
    ),
    pytest.param(mutated(lambda h: h.update(seats=["A", "B", "C"])), {}, SPEC_CONFIG, ("seats", "invalid_value"),
                 id="5.2.1-three-seats"),
    pytest.param(mutated(lambda h: h.update(seats=["A", "B", "C", "C"])), {}, SPEC_CONFIG,
                 ("seats", "invalid_value"), id="5.2.1-seats-not-distinct"),
    pytest.param(mutated(lambda h: h.update(seats=["A", "B", "C", "E"])), {}, SPEC_CONFIG,
                 ("seats", "invalid_value"), id="5.2.1-seat-not-at-the-table"),
    pytest.param(mutated(lambda h: h.update(dealer="E")), {}, SPEC_CONFIG, ("dealer", "invalid_value"),
                 id="5.2.1-dealer-not-in-seats"),
    pytest.param(mutated(lambda h: h.pop("dealer")), {}, SPEC_CONFIG, ("dealer", "missing_field"),
                 id="5.2.1-dealer-missing"),
    pytest.param(mutated(lambda h: h["attack"].update(indito="B")), {}, SPEC_CONFIG,
                 ("attack.indito", "inconsistent"), id="5.2.1-attack-not-seats0"),
    pytest.param(mutated(lambda h: h["defence"].update(elfogo="C", indito="B")), {}, SPEC_CONFIG,
                 ("defence.elfogo", "inconsistent"), id="5.2.1-defence-not-seats1-2"),
    pytest.param(mutated(lambda h: h.pop("bids")), {}, SPEC_CONFIG, ("bids", "missing_field"), id="5.1-bids-required"),
    # 2. pairs and roles from the state; alternating attack
    pytest.param(L8, {"pairs": [["A", "B"], ["C", "D"]], "deals_played": 1, "last_attack": 1}, SPEC_CONFIG,
                 ("attack", "inconsistent"), id="5.2.2-other-pairs"),
    pytest.param(L8, {"pairs": [["D", "A"], ["C", "B"]], "deals_played": 1, "last_attack": 1}, SPEC_CONFIG,
                 ("attack", "inconsistent"), id="5.2.2-roles-swapped"),
    pytest.param(L8, L8_STATE, SPEC_CONFIG, ("attack", "inconsistent"), id="5.2.2-attack-must-alternate"),
    # 3. the table: unknown bid, blank value, qualifier
    pytest.param(mutated(lambda h: h["bids"]["attack"][0].update(bid="honor")), {}, SPEC_CONFIG,
                 ("bids.attack[0].bid", "invalid_value"), id="5.2.3-bid-not-in-table"),
    pytest.param(L8, {}, BLANK_KASSZA, ("bids.attack[0].bid", "missing_field"), id="5.2.3-blank-made-value"),
    pytest.param(mutated(lambda h: h["bids"]["attack"][0].update(made=False)), {}, BLANK_KASSZA_FAILED,
                 ("bids.attack[0].bid", "missing_field"), id="5.2.3-blank-failed-value"),
    pytest.param(mutated(lambda h: h["silent"].update(attack=[s("kassza")])), {}, SPEC_CONFIG,
                 ("silent.attack[0].bid", "not_applicable"), id="4.2-silent-null-row"),
    pytest.param(mutated(lambda h: h["bids"]["attack"][2].pop("qualifier")), {}, SPEC_CONFIG,
                 ("bids.attack[2].qualifier", "missing_field"), id="5.2.3-qualifier-missing"),
    pytest.param(mutated(lambda h: h["bids"]["attack"][0].update(qualifier="kor")), {}, SPEC_CONFIG,
                 ("bids.attack[0].qualifier", "not_applicable"), id="5.2.3-qualifier-not-allowed"),
    pytest.param(mutated(lambda h: h["bids"]["attack"][2].update(qualifier="zold")), {}, SPEC_CONFIG,
                 ("bids.attack[2].qualifier", "invalid_value"), id="5.2.3-unknown-suit"),
    pytest.param(mutated(lambda h: h["bids"]["defence"][0].update(qualifier="xxv")), {}, SPEC_CONFIG,
                 ("bids.defence[0].qualifier", "invalid_value"), id="5.2.3-unknown-card"),
    # 4. each (bid, qualifier) once per pair; silent duplicating a bid
    pytest.param(mutated(lambda h: h["bids"]["attack"].append(b("kassza", False))), {}, SPEC_CONFIG,
                 ("bids.attack[4]", "forbidden_combination"), id="5.2.4-bid-twice"),
    pytest.param(mutated(lambda h: h["silent"].update(attack=[s("gem")])), {}, SPEC_CONFIG,
                 ("silent.attack[0]", "inconsistent"), id="5.2.4-silent-duplicates-bid"),
    # 5. kontra range; kontra on a silent entry
    pytest.param(mutated(lambda h: h["bids"]["attack"][0].update(kontra=3)), {}, SPEC_CONFIG,
                 ("bids.attack[0].kontra", "out_of_range"), id="5.2.5-kontra-3"),
    pytest.param(mutated(lambda h: h["bids"]["attack"][0].update(kontra=-1)), {}, SPEC_CONFIG,
                 ("bids.attack[0].kontra", "out_of_range"), id="5.2.5-kontra-negative"),
    pytest.param(mutated(lambda h: h["bids"]["attack"][0].update(kontra=1.0)), {}, SPEC_CONFIG,
                 ("bids.attack[0].kontra", "invalid_value"), id="5.2.5-kontra-float"),
    pytest.param(mutated(lambda h: h["silent"].update(defence=[{"bid": "gem", "kontra": 1}])), {}, SPEC_CONFIG,
                 ("silent.defence[0].kontra", "not_applicable"), id="5.2.5-kontra-on-silent"),
    # 6. Pagát ulti and Pagát uhu both made
    pytest.param(mutated(lambda h: h["bids"]["defence"].extend([b("ulti", q="sas"), b("uhu", q="sas")])), {},
                 SPEC_CONFIG, ("bids.defence[3]", "forbidden_combination"), id="5.2.6-ulti-and-uhu-made"),
    # §6.1: nothing can be scored without the organizer's table.
    pytest.param(L8, {}, None, ("config.point_table", "missing_field"), id="6.1-no-point-table"),
    # §5.3 state format
    pytest.param(L8, {"pairs": [["A", "D"], ["C", "B"]], "deals_played": 1, "last_attack": 0, "x": 1},
                 SPEC_CONFIG, ("state.x", "unknown_field"), id="5.3-unknown-state-key"),
    pytest.param(L8, {"pairs": [["A", "D"], ["C", "B"]], "deals_played": 1, "last_attack": 2}, SPEC_CONFIG,
                 ("state.last_attack", "invalid_value"), id="5.3-last-attack-not-0-or-1"),
    pytest.param(L8, {"pairs": [["A", "D"], ["A", "B"]], "deals_played": 1, "last_attack": 0}, SPEC_CONFIG,
                 ("state.pairs", "invalid_value"), id="5.3-pairs-reuse-a-seat"),
    pytest.param(L8, {"pairs": [["A", "D"], ["C", "B"]]}, SPEC_CONFIG, ("state.deals_played", "missing_field"),
                 id="5.3-partial-state"),
]  # fmt: skip


# --- §4.2 the organizer's point table ----------------------------------------------------

CONFIG_REJECTED = [
    pytest.param("not a table", ("config", "invalid_value"), id="4.2-config-not-object"),
    pytest.param({"point_table": {"rows": []}}, ("config.point_table.version", "missing_field"), id="4.2-no-version"),
    pytest.param({"point_table": {"version": "1", "rows": [], "x": 1}}, ("config.point_table.x", "unknown_field"),
                 id="4.2-unknown-key"),
    pytest.param(with_rows(row("gem", -20, 10)), ("config.point_table.rows[0].made", "out_of_range"),
                 id="4.2-negative-made"),
    pytest.param(with_rows(row("gem", "20", 10)), ("config.point_table.rows[0].made", "invalid_value"),
                 id="4.2-made-not-int"),
    pytest.param(with_rows(row("gem", 20, True)), ("config.point_table.rows[0].failed", "invalid_value"),
                 id="4.2-failed-bool"),
    pytest.param(with_rows(row("gem", 20, 10, colour="red")), ("config.point_table.rows[0].colour", "unknown_field"),
                 id="4.2-unknown-row-key"),
    pytest.param({"point_table": {"version": "1", "rows": [row("gem", 1, 1), row("gem", 2, 2)]}},
                 ("config.point_table.rows[1].bid", "inconsistent"), id="4.2-bid-twice"),
    pytest.param(with_rows(row("banda", 20, 10, qualifier="none")),
                 ("config.point_table.rows[5].qualifier", "inconsistent"), id="4.2-banda-names-a-suit"),
    pytest.param(with_rows(row("pikolo", 20, 10, qualifier="colour")),
                 ("config.point_table.rows[15].qualifier", "invalid_value"), id="4.2-qualifier-kind"),
    pytest.param(with_rows(row("gem", 20, 10, ladder="game_group", ladder_rank=3)),
                 ("config.point_table.rows[0].ladder", "inconsistent"), id="3.3-ladder-fixed-by-rules"),
    pytest.param(with_rows(row("mariage", 50, 20, only_one=[["extrak", 5]])),
                 ("config.point_table.rows[10].only_one", "inconsistent"), id="3.4-groups-fixed-by-rules"),
    pytest.param(with_rows(row("new_game", 50, 20, ladder="game_group", ladder_rank=2)),
                 ("config.point_table.rows[21].ladder_rank", "inconsistent"), id="3.3-ladder-rank-taken"),
    pytest.param(with_rows(row("kopf", 20, 10, trophy_rank=3)),
                 ("config.point_table.rows[2].trophy_rank", "inconsistent"), id="3.5-kopf-is-no-trophy"),
    pytest.param(with_rows(row("skala", 180, 20, trophy_rank=None)),
                 ("config.point_table.rows[20].trophy_rank", "inconsistent"), id="3.5-skala-is-a-trophy"),
    pytest.param(with_rows(row("nagymadar", 50, 20, trophy_rank=5)),
                 ("config.point_table.rows[19].trophy_rank", "inconsistent"), id="4.2-trophies-below-skala"),
    pytest.param(with_rows(row("ulti", 40, 20, cards="pagat")), ("config.point_table.rows[11].cards", "invalid_value"),
                 id="4.2-cards-list"),
]  # fmt: skip
