"""ulti_mausz: everything about the variant, declared in one place (see ``VARIANT``)."""

from dataclasses import replace

from scoring.text import _

from . import entry, protocol, rules, standing, table

VARIANT = replace(
    rules.VARIANT,
    title=_("Ulti (MAUSZ championship rules, 2017)"),
    plan=table.PLAN,
    standing=standing.STANDING,
    protocol=protocol.PROTOCOL,
    entry=entry.ENTRY,
)

__all__ = ["VARIANT"]
