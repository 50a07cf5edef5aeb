"""taruk2012: everything about the variant, declared in one place (see ``VARIANT``)."""

from scoring.assembly import assemble
from scoring.text import _

VARIANT = assemble(
    __name__,
    _("Taruk 2012 (Slovenian competitive tarok)"),
    incident_kinds=("renonsz", "stop", "conduct", "time", "other"),  # the "stop" procedure, R1–R4
)

__all__ = ["VARIANT"]
