"""ulti-mausz: the paper protocol's rows and columns (ulti-mausz.md §6.2, the game sheet)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring import protocol_layout as sheet
from scoring.protocol_layout import ProtocolLayout, RowText, Translator
from scoring.text import _

MARRIAGE = _("marriage")
TRUMP7_LAST = _("trump 7 last")
GAVE_UP = _("gave up")
KNOWN = ("bid", "trump", "kontra", "play", "silent_claims", "gave_up", "results", "renonsz", "declarer")


def row(hand: Mapping[str, Any], before: Mapping[str, Any], after: Mapping[str, Any], tr: Translator) -> RowText:
    """ulti-mausz.md §6.2: bid and trump, declarer, kontras, the facts of play, renonsz."""
    # "40-100+ulti" as "40-100 + ulti": a narrow column can break the line between components.
    label = " + ".join(str(hand.get("bid") or "").replace("_", " ").split("+"))
    if hand.get("trump"):
        label += f" {sheet.HU_SUITS.get(hand['trump'], hand['trump'])}"
    kontras = []
    for component, level in sorted((hand.get("kontra") or {}).items()):
        if isinstance(level, dict):
            by_seat = " ".join(f"{s}×{v}" for s, v in sorted(level.items()) if v != 1)
            if by_seat:
                kontras.append(f"{component.replace('_', ' ')} {by_seat}")
        elif level != 1:
            kontras.append(f"{component.replace('_', ' ')} ×{level}")
    details = []
    play = hand.get("play") or {}
    if play:
        facts = [sheet.tricks(play.get("declarer_tricks"), tr)]
        if play.get("declarer_card_points") is not None:
            facts.append(sheet.pts(play["declarer_card_points"], tr))
        details.append(", ".join(facts))
        for m in play.get("marriages") or ():
            details.append(f"{tr.gettext(MARRIAGE)} {m.get('seat')} {sheet.HU_SUITS.get(m.get('suit'), m.get('suit'))}")
        if play.get("four_aces"):
            details.append(f"4 ász {play['four_aces']}")
        last = play.get("trump7_last_trick")
        if last:
            details.append(f"{tr.gettext(TRUMP7_LAST)} {last.get('seat')} {sheet.mark(last.get('won'))}")
    if hand.get("silent_claims"):
        details.append(f"{tr.gettext(sheet.SILENT)}: {', '.join(hand['silent_claims'])}")
    if hand.get("gave_up"):
        details.append(tr.gettext(GAVE_UP) + f" ({hand['gave_up']})".replace("_", " "))
    if hand.get("results"):
        details.append(" ".join(f"{c.replace('_', ' ')} {sheet.mark(r == 'made')}" for c, r in hand["results"].items()))
    renonsz = hand.get("renonsz")
    if renonsz:
        text = f"{tr.gettext(sheet.RENONSZ)} {renonsz.get('case', '')}"
        if renonsz.get("offender"):
            text += f" {renonsz['offender']}"
        details.append(text)
    return RowText(
        label,
        hand.get("declarer") or "",
        sheet.join(kontras),
        sheet.join([*details, *sheet.extras(hand, KNOWN, tr)]),
    )


PROTOCOL = ProtocolLayout(
    row=row,
    columns=(_("Bid"), _("Declarer"), _("Kontra"), _("Play, silent items, renonsz")),
)
