"""Words the site shows, marked for translation without importing Django.

The engine is pure Python, so a variant package cannot call Django's gettext. It writes
``_("word")`` with this ``_``, which returns the English text unchanged; ``makemessages``
extracts every ``_("...")`` call into the catalogues, and the site translates the text
where it shows it (``gettext(text)``, in the reader's language).
"""

from __future__ import annotations


def _(message: str) -> str:
    """``message`` as it is: marked for the catalogues, translated by whoever shows it."""
    return message
