"""Path converters the pages and the API share."""

from __future__ import annotations

from django.urls import register_converter

from scoring.registry import VARIANTS


def config_table_words() -> set[str]:
    """The words the registry's variants name their configuration tables by in addresses ("point-table")."""
    return {v.config_table.slug for v in VARIANTS.values() if v.config_table is not None}


class ConfigTableWord:
    """A path segment that is a configuration table's word: any other word does not match, so the page
    or endpoint it would shadow answers (``/e/<event>/standings/`` is not a table)."""

    regex = "[a-z][a-z0-9-]*"

    def to_python(self, value: str) -> str:
        if value not in config_table_words():
            raise ValueError(value)
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(ConfigTableWord, "config_table")
