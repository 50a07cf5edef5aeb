"""tarokk_illusztralt: everything about the variant, declared in one place (see ``VARIANT``)."""

from scoring.assembly import assemble
from scoring.text import _

VARIANT = assemble(__name__, _("Illusztrált tarokk"))

__all__ = ["VARIANT"]
