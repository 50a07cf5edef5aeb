"""ulti-mausz: the paper protocol's rows and columns (ulti-mausz.md §6.2, the game sheet)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring import protocol_layout as sheet
from scoring.protocol_layout import ProtocolLayout, RowText, Translator
from scoring.text import _

from .rules import CASES, COMPONENT_NAME, paragraph

MARRIAGE = _("marriage")
TRUMP7_LAST = _("trump 7 last")
GAVE_UP = _("gave up")
# When the declarer gave up (§5.4), as the sheet writes it.
GAVE_UP_WHEN = {"before_first_card": _("before the first card"), "after_first_card": _("after the first card")}
KNOWN = ("bid", "trump", "kontra", "play", "silent_claims", "gave_up", "results", "renonsz", "declarer")


def component(key: str, tr: Translator) -> str:
    """A game of the bid (``teritett_durchmars``) by the rulebook's name: "terített durchmars"."""
    return tr.gettext(COMPONENT_NAME[key]) if key in COMPONENT_NAME else sheet.coded({}, key, tr)


def row(hand: Mapping[str, Any], before: Mapping[str, Any], after: Mapping[str, Any], tr: Translator) -> RowText:
    """ulti-mausz.md §6.2: bid and trump, declarer, kontras, the facts of play, renonsz."""
    # "40-100+ulti" as "40-100 + ulti": a narrow column can break the line between components.
    label = " + ".join(component(c, tr) for c in str(hand.get("bid") or "").split("+") if c)
    if hand.get("trump"):
        label += f" {sheet.HU_SUITS.get(hand['trump'], hand['trump'])}"
    kontras = []
    for key, level in sorted((hand.get("kontra") or {}).items()):
        if isinstance(level, dict):
            by_seat = " ".join(f"{s}×{v}" for s, v in sorted(level.items()) if v != 1)
            if by_seat:
                kontras.append(f"{component(key, tr)} {by_seat}")
        elif level != 1:
            kontras.append(f"{component(key, tr)} ×{level}")
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
            details.append(f"{component('4asz', tr)} {play['four_aces']}")
        last = play.get("trump7_last_trick")
        if last:
            details.append(f"{tr.gettext(TRUMP7_LAST)} {last.get('seat')} {sheet.mark(last.get('won'))}")
    if hand.get("silent_claims"):
        details.append(f"{tr.gettext(sheet.SILENT)}: {', '.join(component(c, tr) for c in hand['silent_claims'])}")
    if hand.get("gave_up"):
        details.append(f"{tr.gettext(GAVE_UP)} ({sheet.coded(GAVE_UP_WHEN, hand['gave_up'], tr)})")
    if hand.get("results"):
        details.append(" ".join(f"{component(c, tr)} {sheet.mark(r == 'made')}" for c, r in hand["results"].items()))
    renonsz = hand.get("renonsz")
    if renonsz:
        case = renonsz.get("case", "")
        # The case by its paragraph of the rulebook ("13. § (2) 3. c)"), as the MAUSZ sheet cites it.
        text = f"{tr.gettext(sheet.RENONSZ)} {paragraph(case) if case in CASES else case}"
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
