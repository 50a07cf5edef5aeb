"""The state a table carries from hand to hand, in words for the referee's table page.

Taruk 2012 radelci (taruk2012.md §5.3), the Vadász double round (tarokk-vadasz.md §1.8) and
the Laza pairs and attack (tarokk-laza.md §5.3); ulti and Illusztrált carry none. A key this
module does not know is shown as it is, so nothing the engine carries is hidden.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def describe(state: Mapping[str, Any]) -> list[str]:
    """One line per piece of state; none for an empty state or a double round that has run out."""
    lines = []
    for key, value in state.items():
        if key == "radelci" and isinstance(value, Mapping):
            held = [f"{seat} {'○' * n}" for seat, n in sorted(value.items()) if isinstance(n, int) and n > 0]
            lines.append(_("Radelci: %(held)s") % {"held": ", ".join(held)} if held else _("No radelci"))
        elif key == "double_round_remaining" and isinstance(value, int):
            if value > 0:
                lines.append(
                    ngettext(
                        "Double round: the next played hand counts double.",
                        "Double round: the next %(n)d played hands count double.",
                        value,
                    )
                    % {"n": value}
                )
        elif key == "pairs" and isinstance(value, list):
            pairs = ["+".join(map(str, pair)) for pair in value if isinstance(pair, list)]
            lines.append(_("Pairs: %(pairs)s") % {"pairs": " v ".join(pairs)})
            last = state.get("last_attack")
            if isinstance(last, int) and len(pairs) == 2 and last in (0, 1):
                lines.append(_("Attacks next: %(pair)s") % {"pair": pairs[1 - last]})
        elif key == "deals_played" and isinstance(value, int):
            lines.append(ngettext("%(n)d deal played", "%(n)d deals played", value) % {"n": value})
        elif key == "last_attack" and "pairs" in state:
            continue  # told with the pairs
        else:
            lines.append(f"{key}: {json.dumps(value, ensure_ascii=False)}")
    return lines
