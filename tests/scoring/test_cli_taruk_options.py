"""``python -m scoring`` takes the Taruk 2012 event options in ``config`` (hand-format.md,
"Command line"; taruk2012.md §4.5). No database: run with ``-p no:django``."""

from __future__ import annotations

import io
import json
from typing import Any

from scoring.__main__ import main
from tests.scoring.examples.taruk2012_options import SEQUENCE, TRI_LOST
from tests.support.processes import python

DVE = SEQUENCE[4][0]
# §4.5 sequence, hand 5: D holds two radelci, G = 20 + 5 = 25 -> D 50 (one used), A 25.
HAND_5 = {"hand": DVE, "state": {"radelci": {"A": 1, "B": 1, "C": 1, "D": 2}}, "config": {"radelc": "holder_plays"}}


def run(payload: Any) -> tuple[int, Any]:
    out = io.StringIO()
    status = main(io.StringIO(json.dumps(payload)), out)
    return status, json.loads(out.getvalue())


def test_the_command_line_scores_under_holder_plays():
    status, answer = run(HAND_5)
    assert status == 0
    assert answer["points"] == {"A": 25, "B": 0, "C": 0, "D": 50}
    assert answer["state"] == {"radelci": {"A": 1, "B": 1, "C": 1, "D": 1}}


def test_the_command_line_takes_a_different_config_per_item_of_a_list():
    # Tri lost with 30 card points: the declarer's -15; the partner's half is -10 by
    # magnitude (A3) and -5 read literally (§4.5).
    status, answers = run([{"hand": TRI_LOST}, {"hand": TRI_LOST, "config": {"partner_share": "literal"}}])
    assert status == 0
    assert [a["points"]["C"] for a in answers] == [-10, -5]


def test_the_command_line_rejects_an_unknown_option_with_exit_status_1():
    status, answer = run({**HAND_5, "config": {"radelc": "until_won", "table_ties": "dense"}})
    assert status == 1
    assert [(e["field"], e["code"]) for e in answer["errors"]] == [
        ("config.radelc", "invalid_value"),
        ("config.table_ties", "unknown_field"),
    ]


def test_the_state_of_holder_plays_is_refused_without_the_option():
    # Validation 25: a count of 2 is a valid state only under holder_plays.
    status, answer = run({"hand": DVE, "state": HAND_5["state"]})
    assert status == 1
    assert [(e["field"], e["code"]) for e in answer["errors"]] == [("state.radelci.D", "invalid_value")]


def test_python_dash_m_scoring_reads_the_options_from_standard_input():
    done = python("-m", "scoring", input=json.dumps(HAND_5))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["points"] == {"A": 25, "B": 0, "C": 0, "D": 50}
