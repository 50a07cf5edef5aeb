"""tarokk_laza: everything about the variant, declared in one place (see ``VARIANT``)."""

from dataclasses import replace

from scoring.text import _

from . import config_table, entry, protocol, rules, schema, standing, state, table

VARIANT = replace(
    rules.VARIANT,
    title=_("Laza tarokk"),
    plan=table.PLAN,
    standing=standing.STANDING,
    protocol=protocol.PROTOCOL,
    entry=entry.ENTRY,
    hand_schema=schema.HAND_SCHEMA,
    describe_state=state.describe,
    config_table=config_table.CONFIG_TABLE,
)

__all__ = ["VARIANT"]
