"""The one sentence for a NUL character (0x00) in user input.

No field of ours may hold one: PostgreSQL cannot store it in a text column nor ``\\u0000`` in
jsonb. The request middleware refuses it in raw input, the hand actions in a hand's JSON (an
escaped ``\\u0000``), the player import in a spreadsheet cell; all say it in these words.
"""

from __future__ import annotations

from django.utils.translation import gettext as _


def nul_message(field: str) -> str:
    return _("%(field)s: contains a NUL character, which no field may hold.") % {"field": field}
