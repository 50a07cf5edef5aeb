"""tarokk-illusztralt: the paper protocol's rows and columns (tarokk-illusztralt.md §3.1)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring import protocol_layout as sheet
from scoring.families.hungarian_tarokk import protocol as tarokk
from scoring.protocol_layout import ProtocolLayout, RowText, Translator
from scoring.text import _

CALLED_TAROKK_DISCARDED = _("called tarokk discarded")
KNOWN = ("called_tarokk_discarded", "tarokk_counts")  # besides tarokk.FIELDS


def row(hand: Mapping[str, Any], before: Mapping[str, Any], after: Mapping[str, Any], tr: Translator) -> RowText:
    """tarokk-illusztralt.md §3.1: bid and game kontra, declarer, partner, figures, tarokk counts."""
    details = tarokk.details(hand, tr)
    if hand.get("called_tarokk_discarded"):
        details.append(tr.gettext(CALLED_TAROKK_DISCARDED))
    for c in hand.get("tarokk_counts") or ():
        details.append(f"{c.get('count')} tarokk {c.get('seat')}")
    partner = hand.get("partner") or (tr.gettext(sheet.ALONE) if "partner" in hand else "")
    return tarokk.line(hand, partner, details, KNOWN, tr)


PROTOCOL = ProtocolLayout(
    row=row,
    columns=(_("Bid"), _("Declarer"), _("Partner"), _("Card points, figures")),
)
