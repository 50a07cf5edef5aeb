"""``python -m scoring`` on a batch whose items carry their event's config: equal configs are parsed
once (``_share_configs``), and a config that differs only in a JSON type still gets its own answer.
No database: run with ``-p no:django``."""

from __future__ import annotations

import copy
import io
import json
import random
from typing import Any

from scoring.__main__ import _share_configs, main
from tests.samples.tarokk_laza import TEST_CONFIG, random_hand


def run(payload: Any) -> tuple[int, Any]:
    out = io.StringIO()
    status = main(io.StringIO(json.dumps(payload)), out)
    return status, json.loads(out.getvalue())


def test_items_with_the_same_config_text_share_one_config_object():
    first, second = copy.deepcopy(TEST_CONFIG), copy.deepcopy(TEST_CONFIG)
    items = _share_configs([({}, None, first), ({}, None, second), ({}, None, None)])
    assert items[0][2] is first and items[1][2] is first
    assert items[2][2] is None


def test_a_config_that_differs_only_by_1_and_1_0_is_its_own_config():
    # Equal to Python (1 == 1.0), not to JSON: the point table's cells are whole numbers, so the
    # second item's table is refused while the first one's scores.
    floaty = copy.deepcopy(TEST_CONFIG)
    floaty["point_table"]["rows"][0]["made"] = float(floaty["point_table"]["rows"][0]["made"])
    hand, state = random_hand(random.Random(1))
    items = _share_configs([(hand, state, TEST_CONFIG), (hand, state, floaty)])
    assert items[1][2] is floaty
    status, answers = run([{"hand": hand, "state": state, "config": c} for c in (TEST_CONFIG, floaty, TEST_CONFIG)])
    assert status == 1
    assert "points" in answers[0] and "points" in answers[2]
    assert [e["field"] for e in answers[1]["errors"]] == ["config.point_table.rows[0].made"]


def test_a_config_that_differs_only_by_true_and_1_is_its_own_config():
    # True == 1 to Python, not to JSON: the two configs are not shared.
    first, second = {"point_table": {"rows": [{"made": 1}]}}, {"point_table": {"rows": [{"made": True}]}}
    items = _share_configs([({}, None, first), ({}, None, second), ({}, None, copy.deepcopy(second))])
    assert items[0][2] is first and items[1][2] is second and items[2][2] is second


def test_a_mixed_batch_is_answered_in_its_own_order_whatever_the_variants():
    # The command scores a batch variant by variant (``_by_variant``); the answers keep the input's
    # order. Each answer must be the one its item gets when sent alone: variants interleaved, a refused
    # hand, a hand that is not an object and one whose variant is not a string among them.
    from tests.samples import taruk2012, ulti_mausz

    rng = random.Random(7)
    laza, taruk, ulti = random_hand(rng), taruk2012.random_hand(rng), ulti_mausz.random_hand(rng)
    items: list[Any] = [
        {"hand": laza[0], "state": laza[1], "config": TEST_CONFIG},
        {"hand": taruk[0], "state": taruk[1]},
        {"hand": {**taruk[0], "variant": 7}},
        {"hand": ulti[0], "state": ulti[1]},
        {"hand": {**ulti[0], "declarer": "Z"}, "state": ulti[1]},
        {"hand": [1, 2]},
        {"hand": taruk[0], "state": taruk[1]},
    ]
    status, answers = run(items)
    alone = [run(item)[1] for item in items]
    assert status == 1
    assert answers == alone
    assert ["points" in a for a in answers] == [True, True, False, True, False, False, True]
