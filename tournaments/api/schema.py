"""The API's OpenAPI generator: drf-spectacular's, stating the limits the serializers enforce that it
leaves out, so a client generated from the schema builds only requests the API accepts."""

from __future__ import annotations

import copy
import re
from typing import Any

from drf_spectacular.openapi import AutoSchema
from rest_framework import serializers

from scoring.common import ALL_SEATS
from scoring.hand_schema import open_hand
from scoring.registry import VARIANTS
from scoring.types import Variant

# A text that holds something besides whitespace (a JSON Schema pattern matches anywhere in the string).
NOT_BLANK = r"\S"


class ApiSchema(AutoSchema):
    def _map_serializer_field(self, field: Any, direction: str, bypass_extensions: bool = False) -> dict:
        """A required text (not ``allow_blank``) that the serializer trims refuses whitespace alone too:
        ``minLength: 1`` says only half of it."""
        schema = super()._map_serializer_field(field, direction, bypass_extensions)
        if (
            direction == "request"
            and type(field) is serializers.CharField
            and not field.allow_blank
            and field.trim_whitespace
            and schema.get("type") == "string"
            and "pattern" not in schema
        ):
            schema["pattern"] = NOT_BLANK
        return schema

    def _get_request_for_media_type(self, serializer: Any, direction: str = "request") -> tuple[Any, bool]:
        """A serializer that a PATCH validates whole (``partial_on_patch = False``) is documented as for
        PUT: its required fields stay required."""
        if self.method != "PATCH" or getattr(serializer, "partial_on_patch", True):
            return super()._get_request_for_media_type(serializer, direction)
        self.method = "PUT"
        try:
            return super()._get_request_for_media_type(serializer, direction)
        finally:
            self.method = "PATCH"


# --- the hand: each variant's schema (scoring/variants/<key>/schema.py) -------------------------------

ENVELOPE = ("variant", "seats", "dealer")
HAND_CHOICE = (
    "The hand of hand-format.md: one of the variants' hands, and the event's variant decides which applies "
    "(each names its variant in its title)."
)


def _component_name(key: str) -> str:
    return "".join(part.capitalize() for part in re.split(r"[-_]", key))


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def table_fixed(variant: Variant) -> tuple[str, ...]:
    """The members of a hand the API takes from the table when they are left out: the envelope and what
    else the variant says the table fixes (``Variant.table_fields``, at every table size of its plan)."""
    fixed = dict.fromkeys(ENVELOPE)
    if variant.table_fields is not None and variant.plan is not None:
        for size in variant.plan.seats:
            seats = list(ALL_SEATS[:size])
            fixed.update(dict.fromkeys(variant.table_fields(seats, seats[0])))
    return tuple(fixed)


def _without_required(schema: dict[str, Any], names: Any) -> dict[str, Any]:
    out = copy.deepcopy(schema)
    required = [name for name in out.get("required", []) if name not in names]
    if required:
        out["required"] = required
    else:
        out.pop("required", None)
    return out


def hand_schemas(variant: Variant) -> dict[str, dict[str, Any]]:
    """A variant's hand as the API reads it back (``…Hand``: whole, as stored), takes it (``…HandRequest``:
    the members the table fixes may be left out), takes it beside ``number`` when entered
    (``…HandEntryRequest``, completed by ``hand_bodies``) and as a PATCH's changes (``…HandChangesRequest``:
    any of its members)."""
    name = _component_name(variant.key)
    whole = dict(variant.hand_schema or open_hand(variant.key, variant.name))
    given = _without_required(whole, table_fixed(variant))
    given["description"] = (
        f"{whole['description']} The members the table fixes ({', '.join(table_fixed(variant))}) may be left out."
    )
    changes = _without_required(whole, whole.get("required", []))
    changes["title"] = f"{whole['title']}: changes"
    changes["description"] = "Only the members that change; they replace the stored ones."
    return {
        f"{name}Hand": whole,
        f"{name}HandRequest": given,
        f"{name}HandEntryRequest": copy.deepcopy(given),
        f"{name}HandChangesRequest": changes,
    }


def hand_bodies(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """drf-spectacular post-processing: the hand's members, documented as an open object by the serializers
    (``HandSerializer.input``, ``HandEntrySerializer``, ``HandCorrectionSerializer.input``, the preview's
    body), become one of the variants' hands: ``HandInput`` (read back: ``variant`` tells them apart),
    ``HandInputRequest`` (a PUT's ``input``, a preview), ``HandEntryRequest`` (``number`` beside the hand)
    and ``HandChangesRequest`` (a PATCH's ``input``: any of the variants' members)."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    entry = schemas.get("HandEntryRequest")
    if entry is None or "Hand" not in schemas or "HandCorrectionRequest" not in schemas:
        return result
    number = entry["properties"]["number"]
    names = {key: _component_name(key) for key in VARIANTS}
    for key, variant in VARIANTS.items():
        for component, schema in hand_schemas(variant).items():
            schemas[component] = schema
        entered = schemas[f"{names[key]}HandEntryRequest"]
        entered["properties"] = {"number": number, **entered["properties"]}
        entered["required"] = ["number", *entered.get("required", [])]

    def choice(suffix: str, description: str, keyword: str = "oneOf") -> dict[str, Any]:
        return {keyword: [_ref(f"{name}{suffix}") for name in names.values()], "description": description}

    schemas["HandInput"] = choice("Hand", f"{HAND_CHOICE} The hand as stored: `variant` names it.")
    schemas["HandInput"]["discriminator"] = {
        "propertyName": "variant",
        "mapping": {key: _ref(f"{name}Hand")["$ref"] for key, name in names.items()},
    }
    schemas["HandInputRequest"] = choice("HandRequest", HAND_CHOICE)
    schemas["HandEntryRequest"] = choice(
        "HandEntryRequest", f"{HAND_CHOICE} `number` goes beside the hand's members: {number.get('description', '')}"
    )
    # Changes of different variants can look alike (a `note`, a `declarer`): any of them, not exactly one.
    schemas["HandChangesRequest"] = choice(
        "HandChangesRequest",
        "Only the members of the hand that change (a shallow merge), of the event's variant's hand.",
        "anyOf",
    )
    schemas["Hand"]["properties"]["input"] = _ref("HandInput")
    correction = schemas["HandCorrectionRequest"]
    correction["properties"]["input"] = _ref("HandInputRequest")
    patch = copy.deepcopy(correction)
    patch["properties"]["input"] = _ref("HandChangesRequest")
    schemas["HandPatchRequest"] = patch
    bodies = {"hand_patch": "HandPatchRequest", "hand_preview": "HandInputRequest"}
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if isinstance(operation, dict) and operation.get("operationId") in bodies:
                for media in operation.get("requestBody", {}).get("content", {}).values():
                    media["schema"] = _ref(bodies[operation["operationId"]])
    return result
