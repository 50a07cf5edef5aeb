"""The helpers every variant shares (``scoring/common.py``): what each accepts, the error it
records (field path, code, message), and the JSON corner cases: a bool is no integer, 2.0 is
no integer, an unhashable value never crashes a check. Pure engine, no database."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest

from scoring.common import (
    KONTRA_FACTORS,
    KONTRA_NAMES,
    MISSING,
    Errors,
    absent,
    check_empty,
    envelope,
    is_int,
    is_object,
    is_seat_list,
    kontra_name,
    nul_paths,
    opt,
    present,
    round_toward_zero,
)
from scoring.registry import VARIANTS


def recorded(errors: Errors) -> list[tuple[str, str, str]]:
    return [(e.field, e.code, e.message) for e in errors.items]


# --- what a JSON value is --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [(0, True), (-3, True), (10**20, True), (True, False), (False, False), (2.0, False), ("2", False), (None, False)],
)
def test_is_int(value: Any, expected: bool) -> None:
    assert is_int(value) is expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [({}, True), ({"a": 1}, True), (MappingProxyType({"a": 1}), True), ([], False), ("{}", False), (None, False)],
)
def test_is_object(value: Any, expected: bool) -> None:
    assert is_object(value) is expected


@pytest.mark.parametrize("value", [None, MISSING, [], {}])
def test_absent(value: Any) -> None:
    assert absent(value)
    assert not present(value)


@pytest.mark.parametrize("value", [0, False, "", [0], {"a": None}, [[]], 0.0])
def test_present(value: Any) -> None:
    assert present(value)
    assert not absent(value)


def test_opt() -> None:
    obj = {"null": None, "zero": 0, "false": False, "empty": []}
    assert opt(obj, "missing", 7) == 7
    assert opt(obj, "null", 7) == 7
    assert opt(obj, "zero", 7) == 0
    assert opt(obj, "false", 7) is False
    assert opt(obj, "empty", 7) == []


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (["A", "B", "C", "D"], True),
        (["G", "A"], True),
        ([], True),
        (["A", "A"], False),
        (["A", "H"], False),
        (["a"], False),
        ([1, 2], False),
        ([True], False),
        ([["A"]], False),  # unhashable: no crash
        ([{"A": 1}], False),
        (("A", "B"), False),
        ("AB", False),
        (None, False),
    ],
)
def test_is_seat_list(value: Any, expected: bool) -> None:
    assert is_seat_list(value) is expected


# --- Errors: objects and keys ---------------------------------------------------------------


def test_check_object_accepts_objects() -> None:
    errors = Errors()
    hand = {"a": 1}
    assert errors.check_object(hand, "x") is hand
    proxy = MappingProxyType({"a": 1})
    assert errors.check_object(proxy, "x") is proxy
    assert errors.check_object({}, "x") == {}
    assert not errors


@pytest.mark.parametrize("value", [[], "x", 1, None, True, [("a", 1)]])
def test_check_object_rejects_other_values(value: Any) -> None:
    errors = Errors()
    assert errors.check_object(value, "bonuses[0]") is None
    assert errors.check_object(value, "") is None
    assert recorded(errors) == [
        ("bonuses[0]", "invalid_value", "bonuses[0] must be a JSON object"),
        ("", "invalid_value", "the hand must be a JSON object"),
    ]


def test_check_object_text_keys() -> None:
    errors = Errors()
    odd = {"a": 1, 2: "b"}
    assert errors.check_object(odd, "x") is None  # a JSON object has text keys only
    assert errors.check_object(odd, "x", text_keys=False) is odd  # a plain dict is taken as it is
    # ... but only a plain dict: another Mapping is still checked.
    assert errors.check_object(MappingProxyType(odd), "y", text_keys=False) is None
    assert [e.field for e in errors.items] == ["x", "y"]


@pytest.mark.parametrize("allowed", [frozenset({"a", "b"}), ("a", "b"), {"a": 0, "b": 0}])
def test_unknown_keys(allowed: Any) -> None:
    errors = Errors()
    errors.unknown_keys({"a": 1, "b": 2}, allowed, "p")
    assert not errors
    errors.unknown_keys({"z": 1, "a": 2, 3: 3}, allowed, "p")
    errors.unknown_keys({"z": 1}, allowed)
    assert recorded(errors) == [
        ("p.z", "unknown_field", "unknown field 'z'"),
        ("p[3]", "unknown_field", "unknown field 3"),
        ("z", "unknown_field", "unknown field 'z'"),
    ]


def test_require_and_forbid() -> None:
    errors = Errors()
    assert errors.require({"a": 0}, "a") == 0
    assert errors.require({"a": None}, "a", "p", why="here") is None
    for value in (None, [], {}):
        errors.forbid({"f": value}, "f")
    errors.forbid({"f": 0}, "f", "p", why="in a redeal")
    assert recorded(errors) == [
        ("p.a", "missing_field", "a is required here"),
        ("p.f", "not_applicable", "f does not apply in a redeal"),
    ]


# --- Errors: numbers and flags --------------------------------------------------------------


def test_required_int() -> None:
    errors = Errors()
    obj = {"n": 5, "low": -1, "b": True, "f": 2.0, "s": "5", "big": 10**6}
    assert errors.required_int(obj, "n", 0, 9) == 5
    assert errors.required_int(obj, "big", 0, None) == 10**6
    assert errors.required_int(obj, "low", None, 0) == -1
    assert errors.required_int(obj, "missing", 0, 9, why="in a played hand") is None
    assert errors.required_int(obj, "low", 0, 9, "p") is None
    assert errors.required_int(obj, "b", 0, 9) is None  # true is no integer
    assert errors.required_int(obj, "f", 0, 9) is None  # nor is 2.0
    assert errors.required_int(obj, "s", 0, 9) is None
    assert errors.required_int(obj, "n", 6, None) is None
    assert recorded(errors) == [
        ("missing", "missing_field", "missing is required in a played hand"),
        ("p.low", "out_of_range", "p.low must be between 0 and 9"),
        ("b", "invalid_value", "b must be a whole number"),
        ("f", "invalid_value", "f must be a whole number"),
        ("s", "invalid_value", "s must be a whole number"),
        ("n", "out_of_range", "n must be at least 6"),
    ]


def test_optional_int() -> None:
    errors = Errors()
    obj = {"n": 3, "null": None, "b": False, "f": 1.0, "hi": 9}
    assert errors.optional_int(obj, "missing", 0, 5) is None
    assert errors.optional_int(obj, "null", 0, 5, default=0) == 0
    assert errors.optional_int(obj, "n", 0, 5, default=0) == 3
    assert not errors
    assert errors.optional_int(obj, "b", 0, 5, "p", default=0) is None  # an error gives None, not the default
    assert errors.optional_int(obj, "f", 0, 5) is None
    assert errors.optional_int(obj, "hi", 0, 5) is None
    assert errors.optional_int(obj, "hi", None, 5) is None
    assert recorded(errors) == [
        ("p.b", "invalid_value", "p.b must be a whole number"),
        ("f", "invalid_value", "f must be a whole number"),
        ("hi", "out_of_range", "hi must be between 0 and 5"),
        ("hi", "out_of_range", "hi must be at most 5"),
    ]


def test_required_bool() -> None:
    errors = Errors()
    obj = {"t": True, "f": False, "one": 1, "zero": 0, "text": "true"}
    assert errors.required_bool(obj, "t") is True
    assert errors.required_bool(obj, "f", "p") is False
    assert errors.required_bool(obj, "missing", "p") is None
    assert errors.required_bool(obj, "one", "p") is None  # 1 is not true
    assert errors.required_bool(obj, "zero") is None
    assert errors.required_bool(obj, "text") is None
    assert recorded(errors) == [
        ("p.missing", "missing_field", "missing is required"),
        ("p.one", "invalid_value", "p.one must be true or false"),
        ("zero", "invalid_value", "zero must be true or false"),
        ("text", "invalid_value", "text must be true or false"),
    ]


# --- Errors: choices, seats, kontra ---------------------------------------------------------


@pytest.mark.parametrize("choices", [("made", "failed"), frozenset({"made", "failed"}), {"made": 1, "failed": 2}])
def test_check_choice_text(choices: Any) -> None:
    errors = Errors()
    assert errors.check_choice("made", "r", choices) == "made"
    assert errors.check_choice("lost", "r", choices) is None
    assert errors.check_choice(["made"], "r", choices) is None  # unhashable: no crash
    assert errors.check_choice(None, "r", choices) is None
    assert [(e.field, e.code) for e in errors.items] == [("r", "invalid_value")] * 3


def test_check_choice_compares_types() -> None:
    errors = Errors()
    assert errors.check_choice(1, "k", (0, 1)) == 1
    assert errors.check_choice(8, "count", {8: 1, 9: 2}) == 8
    assert errors.check_choice(True, "k", (0, 1)) is None  # True == 1 in Python, not in JSON
    assert errors.check_choice(1.0, "k", (0, 1)) is None  # 1.0 == 1 in Python, not in JSON
    assert errors.check_choice("1", "k", (0, 1)) is None
    assert recorded(errors) == [("k", "invalid_value", "k must be one of 0, 1")] * 3


def test_check_choice_message() -> None:
    errors = Errors()
    errors.check_choice("x", "side", ("declarer", "opponents"))
    errors.check_choice("x", "side", ("declarer", "opponents"), quote=False)
    assert [e.message for e in errors.items] == [
        "side must be one of 'declarer', 'opponents'",
        "side must be one of declarer, opponents",
    ]


def test_required_choice() -> None:
    errors = Errors()
    obj = {"side": "declarer", "bad": "left", "num": 1, "null": None}
    sides = ("declarer", "opponents")
    assert errors.required_choice(obj, "side", sides, "f[0]") == "declarer"
    assert errors.required_choice(obj, "missing", sides, "f[0]", why="for a king") is None
    assert errors.required_choice(obj, "null", sides) is None
    assert errors.required_choice(obj, "bad", sides, "f[0]") is None
    assert errors.required_choice(obj, "num", sides, quote=False) is None
    assert errors.required_choice({"count": 9}, "count", {8: 1, 9: 2}, "t") == 9
    assert errors.required_choice({"count": True}, "count", {8: 1, 9: 2}, "t") is None
    assert recorded(errors) == [
        ("f[0].missing", "missing_field", "missing is required for a king"),
        ("null", "missing_field", "null is required"),
        ("f[0].bad", "invalid_value", "f[0].bad must be one of 'declarer', 'opponents'"),
        ("num", "invalid_value", "num must be one of declarer, opponents"),
        ("t.count", "invalid_value", "t.count must be one of 8, 9"),
    ]


def test_required_seat() -> None:
    errors = Errors()
    seats = ["A", "B", "C"]
    obj = {"ok": "B", "out": "D", "num": 1, "list": ["A"]}
    assert errors.required_seat(obj, "ok", seats) == "B"
    assert errors.required_seat(obj, "missing", seats, "r", why="here") is None
    assert errors.required_seat(obj, "out", seats, "r", what="player") is None
    assert errors.required_seat(obj, "list", seats) is None
    # Seats unknown (the envelope is broken): only the presence is checked, and nothing is trusted.
    assert errors.required_seat(obj, "ok", None) is None
    assert errors.required_seat(obj, "num", None) is None
    assert errors.required_seat(obj, "missing", None) is None
    assert recorded(errors) == [
        ("r.missing", "missing_field", "missing is required here"),
        ("r.out", "invalid_value", "r.out must be a player of this hand (A, B, C)"),
        ("list", "invalid_value", "list must be a seat of this hand (A, B, C)"),
        ("missing", "missing_field", "missing is required"),
    ]


def test_check_kontra() -> None:
    errors = Errors()
    for level in (1, 2, 4):
        assert errors.check_kontra(level, "k") == level
    assert not errors
    assert errors.check_kontra(3, "k") is None
    assert errors.check_kontra(True, "k") is None  # True == 1 in Python
    assert errors.check_kontra(2.0, "k") is None  # 2.0 == 2 in Python
    assert errors.check_kontra("2", "k") is None
    assert errors.check_kontra(8, "k", (1, 2, 4, 8)) == 8
    assert errors.check_kontra(4, "game_kontra", (1, 2), prefix="invalid kontra level: ") is None
    assert recorded(errors) == [("k", "invalid_value", "k must be 1, 2 or 4")] * 4 + [
        ("game_kontra", "invalid_value", "invalid kontra level: game_kontra must be 1 or 2")
    ]


# --- a state or config of a variant that has none --------------------------------------------


@pytest.mark.parametrize("text_keys", [True, False])
def test_check_empty_accepts_nothing(text_keys: bool) -> None:
    errors = Errors()
    check_empty(errors, None, "config", text_keys=text_keys)
    check_empty(errors, {}, "state", text_keys=text_keys)
    check_empty(errors, MappingProxyType({}), "state", text_keys=text_keys)
    assert not errors


@pytest.mark.parametrize("text_keys", [True, False])
def test_check_empty_rejects(text_keys: bool) -> None:
    errors = Errors()
    check_empty(errors, {"a": 1, "b": None}, "config", text_keys=text_keys)
    check_empty(errors, {"x": 1}, "state", "unknown state field {key!r} (none kept)", text_keys=text_keys)
    for value in ([], "x", 0, False):
        check_empty(errors, value, "config", text_keys=text_keys)
    assert (
        recorded(errors)
        == [
            ("config.a", "unknown_field", "unknown field 'a'"),
            ("config.b", "unknown_field", "unknown field 'b'"),
            ("state.x", "unknown_field", "unknown state field 'x' (none kept)"),
        ]
        + [("config", "invalid_value", "config must be a JSON object")] * 4
    )


def test_check_empty_text_keys() -> None:
    strict, loose = Errors(), Errors()
    check_empty(strict, {1: "a"}, "config")
    check_empty(loose, {1: "a"}, "config", text_keys=False)
    assert recorded(strict) == [("config", "invalid_value", "config must be a JSON object")]
    assert recorded(loose) == [("config.1", "unknown_field", "unknown field 1")]


# --- kontra and rounding --------------------------------------------------------------------


def test_kontra_tables() -> None:
    assert KONTRA_NAMES == ("", "kontra", "rekontra", "szubkontra", "hirskontra", "mordkontra")
    assert KONTRA_FACTORS == (1, 2, 4, 8, 16, 32)
    assert [kontra_name(m) for m in KONTRA_FACTORS] == list(KONTRA_NAMES)
    assert kontra_name(3) == "x3"
    assert kontra_name(64) == "x64"


@pytest.mark.parametrize(
    ("value", "step", "expected"),
    [
        (0, 3, 0),
        (2, 3, 0),
        (3, 3, 3),
        (8, 3, 6),
        (9, 3, 9),
        (-2, 3, 0),
        (-8, 3, -6),
        (-9, 3, -9),
        (-11, 5, -10),
        (14, 5, 10),
        (7, 1, 7),
    ],
)
def test_round_toward_zero(value: int, step: int, expected: int) -> None:
    assert round_toward_zero(value, step) == expected


def test_round_toward_zero_is_symmetric() -> None:
    for n in range(-50, 51):
        assert round_toward_zero(-n, 3) == -round_toward_zero(n, 3)
        assert abs(round_toward_zero(n, 3)) <= abs(n)
        assert round_toward_zero(n, 3) % 3 == 0


# --- the envelope ---------------------------------------------------------------------------

ALLOWED = frozenset({"variant", "seats", "dealer", "game"})
GOOD = {"variant": "v", "seats": ["A", "B", "C", "D"], "dealer": "D", "game": 1}


@pytest.mark.parametrize("allowed", [ALLOWED, tuple(ALLOWED)])
def test_envelope_well_formed(allowed: Any) -> None:
    errors = Errors()
    assert envelope(errors, GOOD, "v", allowed) is GOOD
    assert envelope(errors, {**GOOD, "seats": ["G"], "dealer": "E"}, "v", allowed) is not None
    assert not errors


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"extra": 1}, [("extra", "unknown_field", "unknown field 'extra'")]),
        ({"variant": "w"}, [("variant", "invalid_value", "wrong variant for this spec (expected 'v')")]),
        ({"variant": None}, [("variant", "missing_field", "variant is required")]),
        ({"variant": ["v"]}, [("variant", "invalid_value", "wrong variant for this spec (expected 'v')")]),
        ({"seats": None}, [("seats", "missing_field", "seats is required")]),
        ({"seats": "ABCD"}, [("seats", "invalid_value", "seats must be a list of distinct seats A to G")]),
        ({"seats": ["A", "A"]}, [("seats", "invalid_value", "seats must be a list of distinct seats A to G")]),
        ({"seats": ["A", "H"]}, [("seats", "invalid_value", "seats must be a list of distinct seats A to G")]),
        ({"seats": [["A"]]}, [("seats", "invalid_value", "seats must be a list of distinct seats A to G")]),
        ({"dealer": None}, [("dealer", "missing_field", "dealer is required")]),
        ({"dealer": 1}, [("dealer", "invalid_value", "dealer must be a seat A to G")]),
        ({"dealer": ["D"]}, [("dealer", "invalid_value", "dealer must be a seat A to G")]),
    ],
)
def test_envelope_errors(change: dict[str, Any], expected: list[tuple[str, str, str]]) -> None:
    errors = Errors()
    hand = {**GOOD, **change}
    assert envelope(errors, hand, "v", ALLOWED) is hand
    assert recorded(errors) == expected


def test_envelope_missing_members_and_non_objects() -> None:
    errors = Errors()
    assert envelope(errors, {}, "v", ALLOWED) == {}
    assert recorded(errors) == [
        ("variant", "missing_field", "variant is required"),
        ("seats", "missing_field", "seats is required"),
        ("dealer", "missing_field", "dealer is required"),
    ]
    for hand in ([], None, "hand", {**GOOD, 1: 2}):
        errors = Errors()
        assert envelope(errors, hand, "v", ALLOWED) is None
        assert recorded(errors) == [("", "invalid_value", "the hand must be a JSON object")]


# The pure part: the whole engine, the pure tournament modules and the test data (samples), each
# walked whole when it is a package, so a new module is checked without anyone listing it.
PURE = [
    "scoring",
    "tournaments.rounds.seating",
    "tournaments.results.standings",
    "tournaments.tables.progress",
    "tournaments.incidents.exclusions",
    "tests.samples",
]
DJANGO = ("django", "rest_framework")

# Run in a fresh interpreter: Django (and DRF) cannot be imported there at all (None in sys.modules
# makes every ``import django...`` raise ImportError), so a module that imports it fails loudly,
# even lazily at import time, and one that swallows the ImportError still must not have loaded it.
_IMPORT_ALL_WITHOUT_DJANGO = """
import importlib, json, pkgutil, sys
for name in DJANGO:
    sys.modules[name] = None
imported = []
def fail(name):
    raise ImportError(f"cannot import {name}")
for name in PURE:
    module = importlib.import_module(name)
    imported.append(name)
    for info in pkgutil.walk_packages(getattr(module, "__path__", []), name + ".", onerror=fail):
        importlib.import_module(info.name)
        imported.append(info.name)
loaded = [m for m, v in sys.modules.items() if v is not None and m.split(".")[0] in DJANGO]
print(json.dumps({"imported": imported, "loaded": loaded}))
"""


def test_the_engine_and_the_pure_tournament_modules_import_without_django():
    """scoring/ (every variant package, the registry, the CLI), the pure tournament modules and the
    sample hands never import Django, so they can be tested and benchmarked alone."""
    root = Path(__file__).resolve().parents[2]
    code = f"PURE = {PURE!r}\nDJANGO = {DJANGO!r}\n{_IMPORT_ALL_WITHOUT_DJANGO}"
    run = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    answer = json.loads(run.stdout)
    assert answer["loaded"] == []
    # The walk reached every module file on disk (a folder without __init__.py would be skipped).
    on_disk = set()
    for name in PURE:
        base = root.joinpath(*name.split("."))
        files = base.rglob("*.py") if base.is_dir() else [base.with_suffix(".py")]
        on_disk |= {".".join(f.relative_to(root).with_suffix("").parts).removesuffix(".__init__") for f in files}
    assert set(answer["imported"]) == on_disk
    assert {f"scoring.variants.{key.replace('-', '_')}.rules" for key in VARIANTS} <= on_disk


def test_nul_paths_name_every_place_in_a_json_document():
    doc = {"a": "x\x00", "b": [{"c": "ok"}, {"d": "\x00"}], "e\x00": 1, "f": 3}
    assert list(nul_paths(doc)) == ["a", "b.1.d", "e\x00"]
    assert list(nul_paths({"clean": ["text", 1, None]})) == []
