"""taruk2012: the paper protocol's rows and columns (taruk2012.md §5, §6.5)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring import protocol_layout as sheet
from scoring.protocol_layout import ProtocolLayout, RowText, SeatMarks, Translator
from scoring.text import _

from .rules import BONUS_LABEL, GAME_LABEL, HAND_KEYS

SUIT_SIGN = {"hearts": "♥", "diamonds": "♦", "spades": "♠", "clubs": "♣"}
# The rules' names of the games, as the sheet writes them (valat as a game, a stopped hand in words),
# and of the bonuses (P18): in the glossary's words of the sheet's language (Hungarian "királyok").
GAMES = {**GAME_LABEL, "valat": _("valat")}
BONUSES = BONUS_LABEL
KLOP_KONTRA = _("klop kontra")
MONDFANG = _("mondfang")
MOND_IN_TALON = _("mond in talon")
RENONS = _("renons")
MISDEAL = _("misdeal")
WARNING = _("warning")
KNOWN = HAND_KEYS  # the row places every field of a Taruk hand


def kontra_word(level: Any) -> str:
    """Kontra multipliers 2 and 4 as the sheet writes them."""
    return {2: "K", 4: "Re"}.get(level, "")


def row(hand: Mapping[str, Any], before: Mapping[str, Any], after: Mapping[str, Any], tr: Translator) -> RowText:
    """taruk2012.md §5: game, declarer, called king and partner, card points, bonuses, penalties."""
    game = hand.get("game", "")
    label = sheet.coded(GAMES, game, tr)
    if hand.get("won") is not None:
        label += f" {sheet.mark(hand['won'])}"
    kontra = kontra_word(hand.get("game_kontra"))
    if kontra:
        label += f" {kontra}"
    partner = ""
    if hand.get("called_king"):
        partner = SUIT_SIGN.get(hand["called_king"], hand["called_king"])
        partner += f" {hand['partner']}" if hand.get("partner") else f" {tr.gettext(sheet.ALONE)}"
    details = []
    if hand.get("card_points") is not None:
        details.append(sheet.pts(hand["card_points"], tr))
    for b in hand.get("bonuses") or ():
        text = sheet.coded(BONUSES, b.get("type"), tr)
        text += "" if b.get("announced") else f" ({tr.gettext(sheet.SILENT)})"
        text += f" {sheet.mark(b.get('made'))}"
        if b.get("side") == "opponents":
            text += f" {tr.gettext(sheet.OPP)}"
        if kontra_word(b.get("kontra")):
            text += f" {kontra_word(b.get('kontra'))}"
        details.append(text)
    if hand.get("klop_points"):
        details.append(" ".join(f"{s}{p}" for s, p in sorted(hand["klop_points"].items())))
    for k in hand.get("klop_kontra") or ():
        details.append(f"{tr.gettext(KLOP_KONTRA)} {k.get('seat')} {sheet.mark(k.get('no_trick'))}")
    if hand.get("mondfang"):
        details.append(f"{tr.gettext(MONDFANG)} {hand['mondfang']}")
    if hand.get("mond_in_talon"):
        details.append(tr.gettext(MOND_IN_TALON))
    for p in hand.get("penalties") or ():
        if p.get("type") == "renons":
            details.append(f"{tr.gettext(RENONS)} {p.get('seat')} {p.get('points', -70)}")
        elif p.get("type") == "misdeal":
            details.append(
                f"{tr.gettext(MISDEAL)} {p.get('seat')} {tr.gettext(WARNING) if p.get('warning') else '-20'}"
            )
        else:
            details.append(sheet.compact(p, tr))
    if hand.get("note"):
        details.append(str(hand["note"]))
    return RowText(label, hand.get("declarer") or "", partner, sheet.join([*details, *sheet.extras(hand, KNOWN, tr)]))


PROTOCOL = ProtocolLayout(
    row=row,
    columns=(_("Game"), _("Declarer"), _("King / partner"), _("Card points, bonuses, penalties")),
    # §4: a seat's radelci are marked after each hand (the state's {"radelci": {seat: 0|1}}).
    seat_marks=SeatMarks(legend=_("radelc after the hand"), count=lambda after: after.get("radelci") or {}),
)
