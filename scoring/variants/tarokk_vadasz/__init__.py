"""tarokk_vadasz: everything about the variant, declared in one place (see ``VARIANT``)."""

from scoring.assembly import assemble
from scoring.text import _

VARIANT = assemble(__name__, _("Vadász tarokk"))

__all__ = ["VARIANT"]
