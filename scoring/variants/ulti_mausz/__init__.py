"""ulti_mausz: everything about the variant, declared in one place (see ``VARIANT``)."""

from .rules import VARIANT

__all__ = ["VARIANT"]
