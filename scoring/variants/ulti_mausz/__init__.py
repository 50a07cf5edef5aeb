"""ulti_mausz: everything about the variant, declared in one place (see ``VARIANT``)."""

from dataclasses import replace

from scoring.text import _

from . import entry, incidents, protocol, rules, schema, standing, table

VARIANT = replace(
    rules.VARIANT,
    title=_("Ulti (MAUSZ championship rules, 2017)"),
    plan=table.PLAN,
    standing=standing.STANDING,
    protocol=protocol.PROTOCOL,
    entry=entry.ENTRY,
    hand_schema=schema.HAND_SCHEMA,
    false_call=incidents.false_call,
)

__all__ = ["VARIANT"]
