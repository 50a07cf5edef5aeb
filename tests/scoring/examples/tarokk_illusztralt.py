"""tarokk-illusztralt.md's examples (tarokk_illusztralt.json): the worked examples of §4 (the fields the
spec shows, ``spec_hand`` adds the envelope), the rejected inputs of §3.3 and settlement rules of §2 with
their arithmetic; ``played``, ``renonsz`` and ``fig`` build more hands like them."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.scoring.examples import hand_of, load

DATA = load("tarokk_illusztralt")
SEATS = ["A", "B", "C", "D"]
BASE: dict[str, Any] = DATA["envelope"]  # §4: every example, A-D dealt by D
PLAYED: dict[str, Any] = DATA["played"]  # a Hármas won with 52 card points


def spec_hand(fields: str | dict[str, Any]) -> dict[str, Any]:
    """An example of §4: the shown fields (a dict, or JSON text copied from the spec) plus the envelope."""
    shown = json.loads(fields) if isinstance(fields, str) else fields
    return {**BASE, **shown}


# (the fields the spec shows, points, lines the breakdown must hold)
EXAMPLES = [pytest.param(r["fields"], r["points"], r["lines"], id=r["id"]) for r in DATA["examples"]]
RENONSZ: dict[str, Any] = EXAMPLES[11].values[0]  # E12
DROP = object()  # a key to leave out


def fig(figure: str, side: str = "declarer", announced: bool = True, **more: Any) -> dict[str, Any]:
    """A figure entry (§3.1)."""
    return {"figure": figure, "side": side, "announced": announced, **more}


def played(**changes: Any) -> dict[str, Any]:
    """The played Hármas with ``changes`` (DROP leaves a member out)."""
    hand = {**BASE, **PLAYED, **changes}
    return {k: v for k, v in hand.items() if v is not DROP}


def renonsz(**changes: Any) -> dict[str, Any]:
    """E12's renonsz hand with ``changes`` (DROP leaves a member out)."""
    hand = {**BASE, **RENONSZ, **changes}
    return {k: v for k, v in hand.items() if v is not DROP}


MADE = {"result": "made"}
FAILED = {"result": "failed"}
HANDS = {"played": played(), "renonsz": renonsz(), "envelope": BASE}

# (hand, the field and code of one of its errors)
REJECTED = [pytest.param(hand_of(r, HANDS), r["field"], r["code"], id=r["id"]) for r in DATA["rejected"]]
# The examples as a referee types them into the table page's form: (what he types, its points).
TYPED = [pytest.param(r["typed"], r["points"], id=r["id"]) for r in DATA["examples"] if "typed" in r]
# Further settlement rules (§2.2-2.6): (the fields, points).
SECTION_2 = [pytest.param(r["fields"], r["points"], id=r["id"]) for r in DATA["section_2"]]
