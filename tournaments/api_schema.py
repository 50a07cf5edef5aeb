"""The API's OpenAPI generator: drf-spectacular's, stating the limits the serializers enforce that it
leaves out, so a client generated from the schema builds only requests the API accepts."""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema
from rest_framework import serializers

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
