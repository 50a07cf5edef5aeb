"""tarokk_illusztralt: everything about the variant, declared in one place (see ``VARIANT``)."""

from dataclasses import replace

from scoring.text import _

from . import entry, protocol, rules, schema, standing, table

VARIANT = replace(
    rules.VARIANT,
    title=_("Illusztrált tarokk"),
    plan=table.PLAN,
    standing=standing.STANDING,
    protocol=protocol.PROTOCOL,
    entry=entry.ENTRY,
    hand_schema=schema.HAND_SCHEMA,
)

__all__ = ["VARIANT"]
