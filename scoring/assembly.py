"""A variant package's ``VARIANT``: its rules' variant joined with what the package's own modules declare.

A variant package says what it has by the modules it holds (as Django finds an app's ``models`` and
``admin``): ``rules.VARIANT`` (the engine: validate, score, state), ``table.PLAN``, ``standing.STANDING``,
``protocol.PROTOCOL`` and ``entry.ENTRY`` always; where the package has them, ``schema.HAND_SCHEMA``,
``state.describe`` (its state in words), ``options.OPTIONS`` (event options), ``config_table.CONFIG_TABLE``
(an event configuration table) and ``incidents.false_call``.
"""

from dataclasses import replace
from importlib import import_module
from importlib.util import find_spec
from typing import Any

from .types import Variant

# (module, attribute, the Variant field it fills): every variant package has these ...
REQUIRED = (
    ("table", "PLAN", "plan"),
    ("standing", "STANDING", "standing"),
    ("protocol", "PROTOCOL", "protocol"),
    ("entry", "ENTRY", "entry"),
)
# ... and these where it holds the module.
OPTIONAL = (
    ("schema", "HAND_SCHEMA", "hand_schema"),
    ("state", "describe", "describe_state"),
    ("options", "OPTIONS", "options"),
    ("config_table", "CONFIG_TABLE", "config_table"),
    ("incidents", "false_call", "false_call"),
)


def assemble(package: str, title: str, **declared: Any) -> Variant:
    """The variant of the package named ``package`` (its ``__name__``), titled ``title``; ``declared`` sets
    what no module of the package says (e.g. its incident kinds)."""
    fields = {field: getattr(import_module(f"{package}.{module}"), attr) for module, attr, field in REQUIRED}
    for module, attr, field in OPTIONAL:
        if find_spec(f"{package}.{module}") is not None:
            fields[field] = getattr(import_module(f"{package}.{module}"), attr)
    return replace(import_module(f"{package}.rules").VARIANT, title=title, **fields, **declared)
