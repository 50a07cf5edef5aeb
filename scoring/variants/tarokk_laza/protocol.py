"""tarokk-laza: the paper protocol's rows and columns (tarokk-laza.md §5.1)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from scoring import protocol_layout as sheet
from scoring.families.hungarian_tarokk import protocol as tarokk
from scoring.protocol_layout import ProtocolLayout, RowText, Translator
from scoring.text import _

from . import rules

SIDES = (("attack", _("att.")), ("defence", _("def.")))


def bid_names(config: Any) -> Mapping[str, str]:
    """Bid id -> its name in the event's point table (the organizer's words), else the rules' own."""
    table, _errors = rules.point_table(config) if config else (None, [])
    return {bid: row.name for bid, row in table.rows.items()} if table else rules.TEMPLATE_NAMES


def entries(items: Iterable[Mapping[str, Any]], tr: Translator, names: Mapping[str, str], silent: bool = False) -> str:
    """One pair's bids (made or failed, with kontra) or silent tasks, named as the point table
    names them and qualified as the referee writes them ("kőr Banda", "pagát Ulti")."""
    out = []
    for e in items:
        bid, qualifier = str(e.get("bid", "")), e.get("qualifier")
        text = names.get(bid) or rules.TEMPLATE_NAMES.get(bid) or bid.replace("_", " ")
        if qualifier:
            text = f"{rules.QUALIFIER_NAMES.get(qualifier, qualifier)} {text}"
        if silent:
            text += f" ({tr.gettext(sheet.SILENT)})"
        else:
            text += f" {sheet.mark(e.get('made'))}"
            if tarokk.kontra(e.get("kontra")):
                text += f" {tarokk.kontra(e.get('kontra'))}"
        out.append(text)
    return ", ".join(out)


def row(
    hand: Mapping[str, Any], before: Mapping[str, Any], after: Mapping[str, Any], tr: Translator, config: Any = None
) -> RowText:
    """tarokk-laza.md §5.1: the attacking and defending pair, each pair's bids and silent tasks."""
    attack, defence = hand.get("attack") or {}, hand.get("defence") or {}
    bids, silent = hand.get("bids") or {}, hand.get("silent") or {}
    names = bid_names(config)
    details = []
    for side, word in SIDES:
        parts = [entries(bids.get(side) or (), tr, names), entries(silent.get(side) or (), tr, names, silent=True)]
        text = ", ".join(p for p in parts if p)
        if text:
            details.append(f"{tr.gettext(word)}: {text}")
    # The paper sheet's first column counts the deals of the match (§5.3 deals_played).
    return RowText(
        str((before.get("deals_played") or 0) + 1),
        "+".join(s for s in (attack.get("indito"), attack.get("elfogo")) if s),
        "+".join(s for s in (defence.get("elfogo"), defence.get("indito")) if s),
        sheet.join([*details, *sheet.extras(hand, ("attack", "defence", "bids", "silent"), tr)]),
    )


PROTOCOL = ProtocolLayout(
    row=row,
    columns=(_("Deal"), _("Attack"), _("Defence"), _("Bids and silent tasks")),
    reads_config=True,
)
