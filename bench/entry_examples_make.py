"""Write bench/entry_examples.json: every worked example of the five specs as a referee enters it.

    python bench/entry_examples_make.py

The hands, states and points are the specs' (as tests/scoring/examples holds them, each checked
there against the spec's text; V15, which those files hold as a test, is written out here); the
steps are the fewest inputs the table page takes for each (bench/entry_plan.py), replayed in the
browser by ``python bench/entry.py --examples``. A state the spec gives an example (every seat
holding a radelc, the dealer's earlier misdeal) is set up by hands entered before it (``before``:
not counted, entered as the table's earlier hands). A row of the file marked ``"by_hand": true``
keeps its steps when the file is written again (steps a person found shorter than the plan's).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from report import setup_path

setup_path()

from entry_plan import plan, positions_of  # noqa: E402

from tests.scoring.examples import load  # noqa: E402
from tests.scoring.examples import tarokk_laza as laza  # noqa: E402

OUT = Path(__file__).with_name("entry_examples.json")

# A hand that gives every seat a radelc (taruk2012.md rule 27: a klop), for the examples whose
# state is "every seat holds one radelc".
KLOP = {"game": "klop", "klop_points": {"A": 20, "B": 20, "C": 20, "D": 10}}
ALL1 = {"radelci": dict.fromkeys("ABCD", 1)}
ENVELOPE = ("variant", "seats", "dealer", "participants", "talon_arranger")


def fields(hand: dict[str, Any]) -> dict[str, Any]:
    """A hand without its envelope (the table deals the hands before an example)."""
    return {k: v for k, v in hand.items() if k not in ENVELOPE}


def taruk() -> list[dict[str, Any]]:
    data = load("taruk2012")
    out = []
    for row in data["worked"]:
        hand = data["hands"][row["hand"]]
        before = []
        if row["state"]:
            assert row["state"] == ALL1, row["id"]
            before = [KLOP]
        if row["hand"] == "E21":
            # §5.4: the dealer's second misdeal in the tournament; his first (E21's variant, a
            # warning) was at this table a turn before.
            before = [fields(data["hands"]["E21_WARNING"])] + [fields(data["hands"]["E3"])] * 3
        out.append(case("taruk2012", row["id"], "taruk2012.md §8.1", hand, row["points"], row["state"], before))
    return out


def ulti() -> list[dict[str, Any]]:
    data = load("ulti_mausz")
    return [
        case("ulti-mausz", f"Example {r['n']}: {r['title']}", "ulti-mausz.md §7", r["hand"], r["points"])
        for r in data["examples"]
    ]


def illusztralt() -> list[dict[str, Any]]:
    data = load("tarokk_illusztralt")
    return [
        case(
            "tarokk-illusztralt", r["id"], "tarokk-illusztralt.md §4", {**data["envelope"], **r["fields"]}, r["points"]
        )
        for r in data["examples"]
        if r["id"].startswith("E")
    ]


# tarokk-vadasz.md §4 V15, a sequence: a throw-in starts a double round, the next hand is doubled.
FIVE = {"variant": "tarokk-vadasz", "participants": ["A", "B", "C", "D", "E"]}
V15 = [
    (
        {**FIVE, "seats": ["A", "B", "C", "D"], "dealer": "E", "talon_arranger": "E", "outcome": "thrown_in",
         "thrower": "A", "throw_in_reason": "four_kings", "start_double_round": True},
        {},
        dict.fromkeys("ABCDE", 0),
    ),
    (
        {**FIVE, "seats": ["B", "C", "D", "E"], "dealer": "A", "talon_arranger": "A", "declarer": "C", "partner": "E",
         "declarer_talon_taken": 2, "declarer_card_points": 56, "declarer_tricks": 6},
        {"double_round_remaining": 5},
        {"A": 0, "B": -4, "C": 4, "D": -4, "E": 4},
    ),
]  # fmt: skip


def vadasz() -> list[dict[str, Any]]:
    data = load("tarokk_vadasz")
    out = [
        case("tarokk-vadasz", r["id"], "tarokk-vadasz.md §4", r["hand"], r["points"])
        for r in data["examples"]
        if r["id"].startswith("V")
    ]
    at = next(i for i, r in enumerate(out) if r["name"].startswith("V16"))
    sequence = [
        {**case("tarokk-vadasz", f"V15-double-round-hand-{n}", "tarokk-vadasz.md §4", hand, points, state),
         "sequence": "V15", "position": n}
        for n, (hand, state, points) in enumerate(V15, 1)
    ]  # fmt: skip
    return out[:at] + sequence + out[at:]


def tarokk_laza() -> list[dict[str, Any]]:
    out = []
    for param in laza.PAIR_EXAMPLES:
        if not param.id.startswith(("5.5", "3.7")):
            continue  # the rest are readings of §3 and §6, not the spec's examples
        attack, silent, total, _lines = param.values
        points = {"A": total, "B": 0, "C": 0, "D": total}
        out.append(
            case("tarokk-laza", param.id, "tarokk-laza.md §5.5", laza.deal(attack, silent_attack=silent), points)
        )
    l8 = {"A": 130, "B": -10, "C": -10, "D": 130}
    out.append(case("tarokk-laza", "5.5-L8-whole-deal", "tarokk-laza.md §5.5 L8", laza.L8, l8))
    return out


def case(variant, name, source, hand, points, state=None, before=()) -> dict[str, Any]:
    positions = positions_of(hand)
    config = laza.SPEC_CONFIG if variant == "tarokk-laza" else None
    return {
        "variant": variant,
        "name": name,
        "source": source,
        "table": len(positions),
        **({"config": config} if config else {}),
        "before": list(before),
        "state": state or {},
        "hand": hand,
        "points": points,
        "steps": plan(variant, hand, positions, config, state),
    }


def main() -> None:
    examples = taruk() + ulti() + illusztralt() + vadasz() + tarokk_laza()
    old = json.loads(OUT.read_text(encoding="utf-8")) if OUT.exists() else {}
    kept = {(r["variant"], r["name"]): r for r in old.get("examples", []) if r.get("by_hand")}
    examples = [kept.get((r["variant"], r["name"]), r) for r in examples]
    body = {
        "about": (
            "Every worked example of the five specs as the referee enters it on the table page "
            "(bench/entry.py --examples): the spec's hand (hand), the state it is scored from (state, set up "
            "by the hands of before, entered first and not counted; or, in an example of several hands, by "
            "the hands of its sequence before it, each a row with its position, entered at one table), "
            "the table's seats (table), the event's "
            'configuration (config), the points the spec gives and the steps: ["tap", field, value], '
            '["type", field, number], ["select", field, value], ["check", field], ["open", field] (the '
            'title of the folded section holding field) or ["more", field] (a long list\'s other choices). '
            "Written by bench/entry_examples_make.py; a row with by_hand: true has steps written by hand."
        ),
        "left_out": old.get("left_out", []),
        "examples": examples,
    }
    text = json.dumps(body, ensure_ascii=False, indent=1)
    OUT.write_text(text + "\n", encoding="utf-8")
    print(f"{len(examples)} examples written to {OUT}")


if __name__ == "__main__":
    main()
