"""tarokk-vadasz: the paper protocol's rows and columns (tarokk-vadasz.md §3.1)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring import protocol_layout as sheet
from scoring.families.hungarian_tarokk import protocol as tarokk
from scoring.protocol_layout import ProtocolLayout, RowText, Translator
from scoring.text import _

from . import rules

TALON = _("talon")
LENGETES = _("lengetés")
DOUBLE_ROUND_STARTS = _("double round starts")
DOUBLE_ROUND = _("double round ×2")
# Coded values of the record (§3.1), as the sheet writes them.
LENGETES_MODES = {"obligatory": _("obligatory"), "optional": _("optional")}
THROW_IN_REASONS = {
    "no_tarokk": _("no tarokk"),
    "only_xxi": _("only the XXI"),
    "four_kings": _("four kings"),
    "partner_obligatory": _("partner obligatory"),
    "declarer_obligatory": _("declarer obligatory"),
    "second_round_no_honour": _("second round, no honour"),
    "other": _("other"),
}
KNOWN = (  # besides tarokk.FIELDS
    "solo",
    "declarer_talon_taken",
    "lengetes_ulti",
    "thrower",
    "throw_in_reason",
    "start_double_round",
    "participants",
    "talon_arranger",
)


def row(hand: Mapping[str, Any], before: Mapping[str, Any], after: Mapping[str, Any], tr: Translator) -> RowText:
    """tarokk-vadasz.md §3.1: bid, declarer, partner or solo kind, talon, figures, lengetés, double round."""
    details = []
    if hand.get("declarer_talon_taken") is not None:
        details.append(f"{tr.gettext(TALON)} {hand['declarer_talon_taken']}")
    details += tarokk.details(hand, tr)
    lengetes = hand.get("lengetes_ulti")
    if lengetes:
        mode = sheet.coded(LENGETES_MODES, lengetes.get("mode"), tr)
        details.append(f"{tr.gettext(LENGETES)} {lengetes.get('waver')} ({mode})")
    if hand.get("thrower"):
        details.append(f"{hand['thrower']}: {sheet.coded(THROW_IN_REASONS, hand.get('throw_in_reason'), tr)}")
    if hand.get("start_double_round"):
        details.append(tr.gettext(DOUBLE_ROUND_STARTS))
    if (before.get("double_round_remaining") or 0) > 0 and hand.get("outcome", "played") in ("played", "renonsz"):
        details.append(tr.gettext(DOUBLE_ROUND))
    partner = hand.get("partner") or (sheet.coded(rules.SOLO_NAME, hand["solo"], tr) if hand.get("solo") else "")
    return tarokk.line(hand, partner, details, KNOWN, tr)


PROTOCOL = ProtocolLayout(
    row=row,
    columns=(_("Bid"), _("Declarer"), _("Partner"), _("Talon, card points, figures")),
)
