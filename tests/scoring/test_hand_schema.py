"""Each variant's hand as a JSON Schema (issue 26 item 7; scoring/variants/<key>/schema.py) holds to the
engine: every sample hand the engine accepts fits its variant's schema, and a hand the engine refuses for
a member's own value (an unknown member, a wrong type, a seat no table has, a choice it does not know, a
number out of range) the schema refuses too. The schema leaves the rules across members to the engine.
No database: ``pytest -p no:django``."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import jsonschema
import pytest

from scoring.hand_schema import as_json_schema
from scoring.registry import VARIANTS
from tests.samples import sample_config, samples_of

KEYS = sorted(VARIANTS)
HANDS_PER_VARIANT = 3000
# OpenAPI 3.0's schema object (the API's document): JSON Schema keywords it knows, and its own.
OPENAPI_30 = frozenset(
    {
        "title", "description", "type", "enum", "properties", "required", "additionalProperties", "items",
        "minItems", "maxItems", "uniqueItems", "minimum", "maximum", "multipleOf", "maxLength", "minLength",
        "oneOf", "anyOf", "nullable",
    }
)  # fmt: skip


def validator(key: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(as_json_schema(VARIANTS[key].hand_schema))


def accepted_hands(key: str, n: int = HANDS_PER_VARIANT) -> list[dict[str, Any]]:
    """The variant's seeded sample hands that its engine accepts (all of them, as the samples are valid)."""
    module, config, rng = samples_of(key), sample_config(key) or None, random.Random(f"hand-schema {key}")
    hands = []
    for _ in range(n):
        hand, state = module.random_hand(rng)
        if not VARIANTS[key].validate(hand, state, config):
            hands.append(hand)
    return hands


def keywords(schema: Any) -> set[str]:
    """Every keyword the schema uses (property names aside)."""
    if isinstance(schema, list):
        return set().union(*map(keywords, schema)) if schema else set()
    if not isinstance(schema, dict):
        return set()
    found = set(schema)
    for word, value in schema.items():
        if word == "properties":
            found |= set().union(*map(keywords, value.values()))
        elif word not in ("enum", "required"):
            found |= keywords(value)
    return found


@pytest.mark.parametrize("key", KEYS)
def test_each_variant_declares_a_schema_in_openapi_30s_words(key):
    schema = VARIANTS[key].hand_schema
    assert schema is not None and key in schema["properties"]["variant"]["enum"]
    assert keywords(schema) <= OPENAPI_30  # no `const`, no type lists: the API's document is OpenAPI 3.0
    jsonschema.Draft202012Validator.check_schema(as_json_schema(schema))
    assert schema["additionalProperties"] is False  # the engine refuses an unknown member (unknown_field)
    assert "the scoring engine checks" in schema["description"]  # the rules across members stay its


@pytest.mark.parametrize("key", KEYS)
def test_every_sample_hand_the_engine_accepts_fits_its_schema(key):
    hands = accepted_hands(key)
    assert len(hands) == HANDS_PER_VARIANT
    check = validator(key)
    misfits = [(hand, [e.message for e in check.iter_errors(hand)]) for hand in hands if not check.is_valid(hand)]
    assert misfits == []


def _set(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], bool]:
    """A damage: ``value`` at ``path`` of a hand that has the path's parent (False: it has not)."""

    def damage(hand: dict[str, Any]) -> bool:
        parent: Any = hand
        for step in path[:-1]:
            try:
                parent = parent[step]
            except (KeyError, IndexError, TypeError):
                return False
        if not isinstance(parent, dict | list) or (isinstance(parent, list) and len(parent) <= path[-1]):
            return False
        parent[path[-1]] = value
        return True

    return damage


def _field(path: tuple[Any, ...]) -> str:
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else step)
    return out


EVERY_VARIANT = [
    (("umpire",), "Ana"),  # an unknown member
    (("dealer",), "Z"),  # no table has a seat Z
    (("seats",), "ABCD"),  # a list, not text
    (("note",), 12),  # text, not a number
]
# Per variant: members with values of the wrong type, choices the engine does not know, numbers out of range.
DAMAGES: dict[str, list[tuple[tuple[Any, ...], Any]]] = {
    "taruk2012": [
        (("game",), "tarok"),
        (("card_points",), "30"),
        (("card_points",), 71),
        (("bonuses", 0, "kontra"), 3),
        (("bonuses", 0, "umpire"), True),
        (("penalties", 0, "seat"), "Z"),
    ],
    "ulti-mausz": [
        (("bid",), "nagy_ulti"),
        (("trump",), "hearts"),
        (("play", "declarer_tricks"), 11),
        (("play", "umpire"), 1),
        (("kontra", "ulti"), 3),
        (("renonsz", "case"), "99.9"),
    ],
    "tarokk-illusztralt": [
        (("bid",), "hetes"),
        (("game_kontra",), 6),
        (("declarer_tricks",), "5"),
        (("figures", 0, "figure"), "sas"),
        (("figures", 0, "umpire"), 1),
        (("partner",), "E"),
    ],
    "tarokk-vadasz": [
        (("outcome",), "void"),
        (("declarer_talon_taken",), 4),
        (("participants",), ["A", "B", "C", "D", "E", "F", "G", "A"]),
        (("figures", 0, "kontra"), 4),
        (("solo",), True),
        (("lengetes_ulti", "mode"), "always"),
    ],
    "tarokk-laza": [
        (("attack", "indito"), "Z"),
        (("bids", "attack"), "kassza"),
        (("bids", "defence", 0, "umpire"), 1),
        (("bids", "attack", 0, "kontra"), 3),
        (("silent",), []),
        (("defence", "umpire"), "A"),
    ],
}
CASES = [(key, path, value) for key in KEYS for path, value in EVERY_VARIANT + DAMAGES[key]]


@pytest.mark.parametrize(("key", "path", "value"), CASES, ids=[f"{k}-{_field(p)}={v!r}" for k, p, v in CASES])
def test_a_hand_refused_for_a_members_value_is_refused_by_the_schema_too(key, path, value):
    damage = _set(path, value)
    for hand in accepted_hands(key, 300):
        damaged = copy.deepcopy(hand)
        if damage(damaged):
            break
    else:
        pytest.fail(f"no sample hand of {key} has {_field(path[:-1])}")
    errors = VARIANTS[key].validate(damaged, {}, sample_config(key) or None)
    assert any(e.field == _field(path) for e in errors), errors  # the engine names the member
    assert not validator(key).is_valid(damaged)
