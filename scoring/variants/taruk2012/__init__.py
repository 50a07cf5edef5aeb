"""taruk2012: everything about the variant, declared in one place (see ``VARIANT``)."""

from dataclasses import replace

from scoring.text import _

from . import entry, options, protocol, rules, schema, standing, state, table

VARIANT = replace(
    rules.VARIANT,
    title=_("Taruk 2012 (Slovenian competitive tarok)"),
    plan=table.PLAN,
    standing=standing.STANDING,
    protocol=protocol.PROTOCOL,
    entry=entry.ENTRY,
    hand_schema=schema.HAND_SCHEMA,
    describe_state=state.describe,
    options=options.OPTIONS,
    incident_kinds=("renonsz", "stop", "conduct", "time", "other"),  # the "stop" procedure, R1–R4
)

__all__ = ["VARIANT"]
