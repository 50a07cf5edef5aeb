"""``{{ text|decimal }}``: a number the server printed as text (``results.metric_text``: "1.5"), with
the decimal separator of the page's language (Hungarian and Slovenian "1,5").

The live JSON keeps "1.5" (one cached body serves every language); pages localise it when they draw it,
and ``{% decimal_separator %}`` gives the separator to the scripts that redraw them.
"""

from __future__ import annotations

import re

from django import template
from django.utils.formats import get_format

register = template.Library()

_NUMBER = re.compile(r"-?\d+\.\d+")


@register.filter
def decimal(text: object) -> object:
    """Swap the point of a decimal number in ``text`` for the language's separator; anything else as it is."""
    if not isinstance(text, str) or not _NUMBER.fullmatch(text):
        return text
    return text.replace(".", get_format("DECIMAL_SEPARATOR"))


@register.simple_tag
def decimal_separator() -> str:
    return get_format("DECIMAL_SEPARATOR")
