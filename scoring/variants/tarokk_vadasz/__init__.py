"""tarokk_vadasz: everything about the variant, declared in one place (see ``VARIANT``)."""

from dataclasses import replace

from scoring.text import _

from . import entry, protocol, rules, schema, standing, state, table

VARIANT = replace(
    rules.VARIANT,
    title=_("Vadász tarokk"),
    plan=table.PLAN,
    standing=standing.STANDING,
    protocol=protocol.PROTOCOL,
    entry=entry.ENTRY,
    hand_schema=schema.HAND_SCHEMA,
    describe_state=state.describe,
)

__all__ = ["VARIANT"]
