"""ulti_mausz: everything about the variant, declared in one place (see ``VARIANT``)."""

from scoring.assembly import assemble
from scoring.text import _

VARIANT = assemble(__name__, _("Ulti (MAUSZ championship rules, 2017)"))

__all__ = ["VARIANT"]
