"""A variant's hand as a JSON Schema (hand-format.md): the building blocks each variant's ``schema.py``
declares its ``HAND_SCHEMA`` with, and the conversion to plain JSON Schema.

The schemas are written in the dialect of OpenAPI 3.0 (the API's document, drf-spectacular's default):
a member that may be null says ``nullable: true`` (3.0 has no ``"null"`` type), a single value is an
``enum`` of one (3.0 has no ``const``). ``as_json_schema`` turns one into JSON Schema draft 2020-12 for a
validator (``jsonschema``). Pure Python, no Django.

A schema states what each member is: its type, its choices, its range, which members an object needs
and that it has no others where the engine refuses unknown fields. Which members a game needs or
forbids, and how members agree with each other, stay the engine's (``rules.validate``): a hand the
schema allows may still be refused, with errors naming the field.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Any

from .common import ALL_SEATS, NOTE_MAX_LENGTH

Schema = dict[str, Any]

CROSS_FIELD = (
    " The schema states each member's type, choices and range; which members a game needs or forbids and "
    "how they agree with each other (a partner only in a game with a called king, card points that add "
    "up, ...) the scoring engine checks, and a hand it refuses is answered with errors naming the field."
)


def _nullable(schema: Schema, nullable: bool) -> Schema:
    """``schema`` that also takes null (OpenAPI 3.0: ``nullable``, and null among an ``enum``'s values)."""
    if not nullable:
        return schema
    out = {**schema, "nullable": True}
    if "enum" in out and None not in out["enum"]:
        out["enum"] = [*out["enum"], None]
    return out


def choice(values: Iterable[Any], *, nullable: bool = True, description: str = "") -> Schema:
    """One of ``values`` (all text or all whole numbers; their keys when a mapping)."""
    values = list(values)
    kind = "string" if all(isinstance(v, str) for v in values) else "integer"
    schema: Schema = {"type": kind, "enum": values}
    if description:
        schema["description"] = description
    return _nullable(schema, nullable)


def seat(seats: Collection[str] = ALL_SEATS, *, nullable: bool = True, description: str = "") -> Schema:
    """A seat letter out of ``seats``."""
    return choice(seats, nullable=nullable, description=description)


def integer(lo: int | None = None, hi: int | None = None, *, nullable: bool = True, **more: Any) -> Schema:
    """A whole number in ``lo``..``hi`` (either bound may be open)."""
    schema: Schema = {"type": "integer", **more}
    if lo is not None:
        schema["minimum"] = lo
    if hi is not None:
        schema["maximum"] = hi
    return _nullable(schema, nullable)


def boolean(*, nullable: bool = True) -> Schema:
    return _nullable({"type": "boolean"}, nullable)


def text(max_length: int | None = None, *, nullable: bool = True) -> Schema:
    schema: Schema = {"type": "string"}
    if max_length is not None:
        schema["maxLength"] = max_length
    return _nullable(schema, nullable)


def array(items: Schema, *, nullable: bool = True, unique: bool = False, **more: Any) -> Schema:
    """A list of ``items`` (``more``: minItems, maxItems). Null or absent: none (the engines' reading)."""
    schema: Schema = {"type": "array", "items": items, **more}
    if unique:
        schema["uniqueItems"] = True
    return _nullable(schema, nullable)


def closed(
    properties: Mapping[str, Schema], required: Iterable[str] = (), *, nullable: bool = True, description: str = ""
) -> Schema:
    """An object of exactly these members (the engine refuses any other: ``unknown_field``)."""
    schema: Schema = {"type": "object", "properties": dict(properties), "additionalProperties": False}
    required = list(required)
    if required:
        schema["required"] = required
    if description:
        schema["description"] = description
    return _nullable(schema, nullable)


def hand(
    key: str,
    title: str,
    properties: Mapping[str, Schema],
    required: Iterable[str] = (),
    *,
    seats: Collection[str] = ALL_SEATS,
    players: tuple[int, int] = (3, 7),
    description: str = "",
) -> Schema:
    """A variant's whole hand: hand-format.md's envelope (``variant``, ``seats``, ``dealer``, the referee's
    ``note``) and the variant's ``properties``; ``seats`` are the table seats the variant has, ``players``
    how many of them play one hand (least, most)."""
    envelope: dict[str, Schema] = {
        "variant": {"type": "string", "enum": [key], "description": "The variant's key."},
        "seats": array(
            seat(seats, nullable=False),
            nullable=False,
            unique=True,
            minItems=players[0],
            maxItems=players[1],
            description="The seats that play this hand, in playing order.",
        ),
        "dealer": seat(seats, nullable=False, description="The seat that dealt."),
        "note": text(NOTE_MAX_LENGTH) | {"description": "The referee's remark; scoring ignores it."},
    }
    return {
        "title": title,
        "description": (description or f"A {key} hand ({key}.md).") + CROSS_FIELD,
        "type": "object",
        "properties": {**envelope, **properties},
        "required": ["variant", "seats", "dealer", *required],
        "additionalProperties": False,
    }


def open_hand(key: str, title: str) -> Schema:
    """The hand of a variant that declares no schema: any object of that variant."""
    return {
        "title": title,
        "description": f"A {key} hand: its fields are the variant's (its rules say which).",
        "type": "object",
        "properties": {"variant": {"type": "string", "enum": [key]}},
        "required": ["variant"],
        "additionalProperties": {},
    }


def as_json_schema(schema: Any) -> Any:
    """``schema`` (OpenAPI 3.0's dialect) in JSON Schema draft 2020-12: ``nullable`` becomes a ``"null"``
    type. For a validator such as ``jsonschema``; the API's document keeps the 3.0 form."""
    if isinstance(schema, list):
        return [as_json_schema(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: as_json_schema(v) for k, v in schema.items() if k != "nullable"}
    if schema.get("nullable") and "type" in out:
        out["type"] = [out["type"], "null"]
    return out
