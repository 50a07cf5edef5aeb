"""``python -m scoring.series < input.json`` (season.md §9): the ladder as JSON with exact numbers,
and every malformed input of §9 refused with exit status 2 and the field named on standard error.
Pure: run with ``-p no:django``."""

from __future__ import annotations

import copy
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scoring.series.__main__ import main


def totals(*players_and_totals: Any) -> list[dict[str, Any]]:
    """A result list from player, total, player, total, ... in place order."""
    pairs = zip(players_and_totals[::2], players_and_totals[1::2], strict=True)
    return [{"player": p, "place": i, "total": t} for i, (p, t) in enumerate(pairs, start=1)]


VALID: dict[str, Any] = {
    "settings": {"points": "event_total", "count": "best_n", "n": 2},
    "events": [
        {"id": "E1", "weight": 0.5, "results": totals("P1", 59, "P2", 7)},
        {"id": "E2", "weight": 0.3, "results": totals("P2", 1.625, "P1", 1)},
        {"id": "Masters", "always_counts": True, "results": totals("P2", 8, "P1", 6.5)},
        {"id": "E4", "results": totals("P1", 4)},
    ],
}
# P1: E1 59 × 0.5 = 29.5, E2 1 × 0.3 = 0.3, E4 4; best 2 of those: 29.5 and 4 (0.3 dropped);
#     Masters 6.5 on top: 29.5 + 6.5 + 4 = 40.
# P2: E1 7 × 0.5 = 3.5, E2 1.625 × 0.3 = 0.4875; both count (2 results), Masters 8: 11.9875.
EXPECTED = [
    {
        "player": "P1",
        "rank": 1,
        "total": 40,
        "counted": {"E1": 29.5, "Masters": 6.5, "E4": 4},
        "dropped": {"E2": 0.3},
        "events": 4,
    },
    {
        "player": "P2",
        "rank": 2,
        "total": 11.9875,
        "counted": {"E1": 3.5, "E2": 0.4875, "Masters": 8},
        "dropped": {},
        "events": 3,
    },
]


def run(payload: Any, *args: str, raw: str | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    text = raw if raw is not None else json.dumps(payload)
    old, sys.stderr = sys.stderr, err
    try:
        status = main(io.StringIO(text), out, list(args))
    finally:
        sys.stderr = old
    return status, out.getvalue(), err.getvalue()


def test_a_valid_season_gives_the_ladder():
    status, out, err = run(VALID)
    assert (status, err) == (0, "")
    assert json.loads(out) == EXPECTED


def test_numbers_are_exact_decimals_and_whole_values_integers():
    _, out, _ = run(VALID)
    assert '"total": 40,' in out  # not 40.0
    assert '"E2": 0.4875' in out  # not 0.48750000000000004
    assert '"total": 11.9875' in out
    assert '"E1": 29.5' in out


def test_missing_settings_take_the_defaults():
    # count all, minus_counts yes, tie-breaks best_result then latest_event: A and B tie on 5 and
    # on best_result; the latest event with both (E2) has B first.
    payload = {
        "settings": {"points": "event_total"},
        "events": [
            {"id": "E1", "results": totals("A", 5, "B", -1)},
            {"id": "E2", "results": totals("B", 6, "A", 0)},
        ],
    }
    status, out, _ = run(payload)
    assert status == 0
    assert [(line["player"], line["rank"], line["total"]) for line in json.loads(out)] == [("B", 1, 5), ("A", 2, 5)]


def test_tied_players_are_listed_by_id_in_code_point_order():
    payload = {
        "settings": {"points": "cubic", "tie_breaks": []},
        "events": [{"id": "E1", "results": [{"player": p, "place": 1} for p in ("Čuk", "Zupan", "Albreht")]}],
    }
    status, out, _ = run(payload)
    assert status == 0
    # "Č" (U+010C) comes after "Z" in code points.
    assert [(line["player"], line["rank"]) for line in json.loads(out)] == [("Albreht", 1), ("Zupan", 1), ("Čuk", 1)]
    assert "Čuk" in out  # written as it is, not escaped


def test_an_empty_season_gives_an_empty_ladder():
    assert run({"settings": {"points": "cubic"}, "events": []})[:2] == (0, "[]\n")


def with_change(change) -> dict[str, Any]:
    payload = copy.deepcopy(VALID)
    change(payload)
    return payload


def settings(**kw):
    def change(payload):
        payload["settings"] = kw

    return change


def set_at(*where, value=None, drop=False):
    def change(payload):
        node = payload
        for key in where[:-1]:
            node = node[key]
        if drop:
            del node[where[-1]]
        else:
            node[where[-1]] = value

    return change


E0 = ("events", 0)
R0 = ("events", 0, "results", 0)

MALFORMED = {
    # §9: "an unknown settings key or value"
    "unknown settings key": (settings(points="cubic", colour="red"), "settings.colour"),
    "unknown points": (settings(points="by_luck"), "settings.points"),
    "unknown count": (settings(points="cubic", count="some"), "settings.count"),
    "minus_counts not a bool": (settings(points="cubic", minus_counts="no"), "settings.minus_counts"),
    # "points missing"
    "points missing": (settings(count="all"), "settings.points"),
    # "table missing or not a list of numbers for fixed_by_place"
    "table missing": (settings(points="fixed_by_place"), "settings.table"),
    "table not a list": (settings(points="fixed_by_place", table="223, 198"), "settings.table"),
    "table with text": (settings(points="fixed_by_place", table=[223, "198"]), "settings.table[1]"),
    "table with a bool": (settings(points="fixed_by_place", table=[223, True]), "settings.table[1]"),
    # "n missing or below 1 for best_n"
    "n missing": (settings(points="cubic", count="best_n"), "settings.n"),
    "n zero": (settings(points="cubic", count="best_n", n=0), "settings.n"),
    "n not whole": (settings(points="cubic", count="best_n", n=2.5), "settings.n"),
    # "an unknown tie-break"
    "unknown tie-break": (
        settings(points="cubic", tie_breaks=["best_result", "head_to_head"]),
        "settings.tie_breaks[1]",
    ),
    "tie-breaks not a list": (settings(points="cubic", tie_breaks="events"), "settings.tie_breaks"),
    # "an event id twice"
    "event id twice": (set_at("events", 1, "id", value="E1"), "events[1].id"),
    # "a player twice in one event"
    "player twice": (set_at("events", 0, "results", 1, "player", value="P1"), "events[0].results[1].player"),
    # "a place below 1 or above N"
    "place 0": (set_at(*R0, "place", value=0), "events[0].results[0].place"),
    "place above N": (set_at(*R0, "place", value=3), "events[0].results[0].place"),
    "place not whole": (set_at(*R0, "place", value=1.5), "events[0].results[0].place"),
    # "a weight ≤ 0"
    "weight 0": (set_at(*E0, "weight", value=0), "events[0].weight"),
    "weight negative": (set_at(*E0, "weight", value=-0.5), "events[0].weight"),
    "weight text": (set_at(*E0, "weight", value="half"), "events[0].weight"),
    # "a missing figure the rule needs (total, game_points, max_total), or max_total ≤ 0"
    "total missing": (set_at(*R0, "total", drop=True), "events[0].results[0].total"),
    "total text": (set_at(*R0, "total", value="59"), "events[0].results[0].total"),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_malformed_input_exits_2_naming_the_field(case):
    change, field = MALFORMED[case]
    status, out, err = run(with_change(change))
    assert status == 2
    assert out == ""
    assert err.startswith(f"{field}: "), err


@pytest.mark.parametrize(
    ("points", "result", "field"),
    [
        ("heine", {"player": "A", "place": 1}, "game_points"),
        ("percent_of_possible", {"player": "A", "place": 1, "total": 3}, "max_total"),
        ("percent_of_possible", {"player": "A", "place": 1, "max_total": 8}, "total"),
        ("percent_of_possible", {"player": "A", "place": 1, "total": 3, "max_total": 0}, "max_total"),
        ("percent_of_possible", {"player": "A", "place": 1, "total": 3, "max_total": -8}, "max_total"),
    ],
)
def test_a_missing_figure_the_rule_needs_exits_2(points, result, field):
    status, _, err = run({"settings": {"points": points}, "events": [{"id": "E1", "results": [result]}]})
    assert status == 2
    assert err.startswith(f"events[0].results[0].{field}: "), err


def test_a_figure_the_rule_does_not_read_may_be_left_out():
    # cubic reads only the place: no total, game points or max_total needed.
    payload = {"settings": {"points": "cubic"}, "events": [{"id": "E1", "results": [{"player": "A", "place": 1}]}]}
    assert run(payload)[0] == 0


CUBIC = {"points": "cubic"}


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"events": []}, "settings"),
        ({"settings": {"points": "cubic"}}, "events"),
        ({"settings": {"points": "cubic"}, "events": [], "extra": 1}, "extra"),
        ({"settings": {"points": "cubic"}, "events": {"E1": []}}, "events"),
        ({"settings": {"points": "cubic"}, "events": ["E1"]}, "events[0]"),
        ({"settings": {"points": "cubic"}, "events": [{"id": "E1"}]}, "events[0].results"),
        ({"settings": {"points": "cubic"}, "events": [{"results": []}]}, "events[0].id"),
        ({"settings": {"points": "cubic"}, "events": [{"id": 1, "results": []}]}, "events[0].id"),
        ({"settings": CUBIC, "events": [{"id": "E1", "results": [{"place": 1}]}]}, "events[0].results[0].player"),
        ({"settings": CUBIC, "events": [{"id": "E1", "results": [{"player": "A"}]}]}, "events[0].results[0].place"),
        ({"settings": CUBIC, "events": [{"id": "E1", "results": [[]]}]}, "events[0].results[0]"),
        ({"settings": {"points": "cubic", "table": [1]}, "events": []}, "settings.table"),
        ({"settings": {"points": "cubic", "n": 3}, "events": []}, "settings.n"),
        ({"settings": {"points": "cubic"}, "events": [{"id": "E1", "results": [], "hall": "B"}]}, "events[0].hall"),
    ],
)  # fmt: skip
def test_a_malformed_shape_exits_2_naming_the_field(payload, field):
    # Beyond §9's list: what is not of §9's shape (a missing id, a stray key) is named the same way.
    # "table only for fixed_by_place", "n only for best_n": given with another rule, they are refused
    # rather than silently ignored (a ladder keeper who set n = 10 meant best_n).
    status, _, err = run(payload)
    assert status == 2
    assert err.startswith(f"{field}: "), err


def test_every_malformed_field_is_named_one_a_line():
    payload = {
        "settings": {"points": "cubic", "count": "best_n", "n": 0},
        "events": [{"id": "E1", "weight": 0, "results": [{"player": "A", "place": 2}]}, {"id": "E1", "results": []}],
    }
    status, _, err = run(payload)
    assert status == 2
    assert [line.split(": ")[0] for line in err.splitlines()] == [
        "settings.n",
        "events[0].weight",
        "events[0].results[0].place",
        "events[1].id",
    ]


@pytest.mark.parametrize("raw", ["{", "", '{"settings": {"points": "cubic"}, "events": [{"id": "E1", "weight": NaN}]}'])
def test_input_that_is_not_json_exits_2(raw):
    status, out, err = run(None, raw=raw)
    assert (status, out) == (2, "")
    assert err.startswith("input is not JSON")


def test_errors_are_written_in_the_language_asked_for():
    status, _, err = run(with_change(settings(points="cubic", colour="red")), "--lang", "hu")
    assert status == 2
    assert err == "settings.colour: ismeretlen mező: 'colour'\n"


def python_m_scoring_series(text: str) -> subprocess.CompletedProcess[str]:
    root = Path(__file__).resolve().parents[2]
    command = [sys.executable, "-m", "scoring.series"]
    return subprocess.run(command, input=text, capture_output=True, text=True, cwd=root, timeout=60)


def test_python_dash_m_scoring_series_reads_standard_input():
    done = python_m_scoring_series(json.dumps(VALID))
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout) == EXPECTED
    bad = python_m_scoring_series(json.dumps(with_change(set_at(*E0, "weight", value=0))))
    assert bad.returncode == 2
    assert bad.stderr == "events[0].weight: events[0].weight must be above 0\n"
