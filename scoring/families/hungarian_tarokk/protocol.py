"""The paper sheets of the Hungarian tarokks (Illusztrált §3.1, Vadász §3.1; Laza §5.1's kontra words): the
words they write for bids, kontra levels, figures, renonsz and the count, and the line of a hand.

Words are English msgids marked with ``scoring.text._`` (the game's own Hungarian terms are the same in
every language); a row function translates them with the ``Translator`` it is given.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from scoring.protocol_layout import (
    HU_SUITS,
    OPP,
    RENONSZ,
    SILENT,
    RowText,
    Translator,
    coded,
    extras,
    join,
    mark,
    pts,
    tricks,
)
from scoring.text import _

# Kontra levels of the Hungarian tarokks (level n doubles 2**n times).
KONTRA = ("", "kontra", "rekontra", "szubkontra", "hirskontra", "mordkontra")
BIDS = {"harmas": "Hármas", "kettes": "Kettes", "egyes": "Egyes", "szolo": "Szóló"}
FIGURES = {
    "tuletroa": "tulétroá",
    "negy_kiraly": "4 király",
    "pagat_ultimo": "pagát ult.",
    "pagat_uhu": "pagát uhu",
    "pagat_ulti": "pagát ulti",
    "xxi_fogas": "XXI-fogás",
    "kiraly_ultimo": "király ult.",
    "kiraly_uhu": "király uhu",
    "dupla": "dupla",
    "volat": "volát",
    "centrum": "centrum",
    "kismadar": "kismadár",
    "nagymadar": "nagymadár",
}
# Coded values of the Hungarian tarokk records (tarokk-illusztralt.md, tarokk-vadasz.md §3.1).
RENONSZ_KINDS = {
    "discard": _("discard"),
    "invite_discard": _("invitation discard"),
    "play": _("play"),
    "no_honour": _("no honour"),
    "timeout": _("timeout"),
    "other": _("other"),
}
REDEAL, THROWN_IN = _("redeal"), _("thrown in")
# The fields ``game`` and ``details`` and the declarer and partner cells place.
FIELDS = (
    "outcome",
    "bid",
    "game_kontra",
    "declarer",
    "partner",
    "declarer_card_points",
    "count_result",
    "declarer_tricks",
    "figures",
    "renonsz",
)
# The sheet's verdict of the count (``count_result``, instead of the card points); a dupla is written
# as the figures write it ("dupla", the opponents' "dupla opp.").
COUNT_WORDS = {"won": _("game won"), "lost": _("game lost")}


def count_result(verdict: Any, tr: Translator) -> str:
    if verdict == "dupla":
        return FIGURES["dupla"]
    if verdict == "opponents_dupla":
        return f"{FIGURES['dupla']} {tr.gettext(OPP)}"
    return coded(COUNT_WORDS, verdict, tr)


def kontra(level: Any) -> str:
    if isinstance(level, int) and 0 < level < len(KONTRA):
        return KONTRA[level]
    return ""


def figures(entries: Iterable[Mapping[str, Any]], tr: Translator) -> list[str]:
    """The figures of the record as the sheet writes them ("pagát ult. ✓ kontra")."""
    out = []
    for f in entries:
        text = FIGURES.get(f.get("figure"), str(f.get("figure", "")).replace("_", " "))
        if f.get("suit"):
            text += f" {HU_SUITS.get(f['suit'], f['suit'])}"
        if not f.get("announced"):
            text += f" ({tr.gettext(SILENT)})"
        if f.get("side") == "opponents":
            text += f" {tr.gettext(OPP)}"
        if f.get("result"):
            text += f" {mark(f['result'] == 'made')}"
        if kontra(f.get("kontra")):
            text += f" {kontra(f.get('kontra'))}"
        out.append(text)
    return out


def game(hand: Mapping[str, Any], tr: Translator) -> str:
    """The game cell: the bid and its kontra, or what happened instead of a game."""
    outcome = hand.get("outcome") or "played"
    if outcome == "redeal":
        return tr.gettext(REDEAL)
    if outcome == "thrown_in":
        return tr.gettext(THROWN_IN)
    label = BIDS.get(hand.get("bid"), str(hand.get("bid") or ""))
    if kontra(hand.get("game_kontra")):
        label += f" {kontra(hand.get('game_kontra'))}"
    return label


def line(hand: Mapping[str, Any], partner: str, written: list[str], known: Iterable[str], tr: Translator) -> RowText:
    """A Hungarian tarokk line: the game cell, the declarer, ``partner``, then ``written`` and the
    fields neither ``FIELDS`` nor ``known`` names."""
    rest = extras(hand, (*FIELDS, *known), tr)
    return RowText(game(hand, tr), hand.get("declarer") or "", partner, join([*written, *rest]))


def details(hand: Mapping[str, Any], tr: Translator) -> list[str]:
    """Card points (or the sheet's count) and tricks, figures, renonsz: what both Illusztrált and
    Vadász write."""
    out = []
    if hand.get("declarer_card_points") is not None:
        out.append(f"{pts(hand['declarer_card_points'], tr)}, {tricks(hand.get('declarer_tricks'), tr)}")
    elif hand.get("count_result") is not None:  # the sheet's verdict instead of the card points
        counted = [count_result(hand["count_result"], tr)]
        if hand.get("declarer_tricks") is not None:  # the tricks only for a volát (rules.tricks_left_out)
            counted.append(tricks(hand["declarer_tricks"], tr))
        out.append(", ".join(counted))
    out += figures(hand.get("figures") or (), tr)
    renonsz = hand.get("renonsz")
    if renonsz:
        kind = coded(RENONSZ_KINDS, renonsz.get("kind"), tr)
        out.append(f"{tr.gettext(RENONSZ)} {renonsz.get('offender', '')} ({kind})")
    return out
