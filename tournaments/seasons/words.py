"""A series' ladder in words and numbers of the reader's language: the settings as sentences (§5.3,
"above it the settings in words"), each ladder cell as the page, the PDF and the workbook show it
(dropped results in brackets, provisional ones marked), numbers as the language writes them (29,5).

Everything renders in the active language; the payload (``ladder.payload``) holds no words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.utils import formats
from django.utils.dateparse import parse_date
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scoring.series.counting import half_of
from scoring.series.jsonio import number_text

NO_RESULT = "–"  # a Heine "no result": neither counted nor dropped (§4.2)
PROVISIONAL = "*"

TIE_BREAK_WORDS = {
    "best_result": gettext_lazy("the best results compared one by one"),
    "latest_event": gettext_lazy("the place in the latest event all of them played"),
    "events": gettext_lazy("more events played"),
}


def number(value: Any) -> str:
    """A series number as the language writes it: exact, without trailing zeros (29,5; 0,4875; 200)."""
    if value is None:
        return ""
    return formats.number_format(Decimal(number_text(Decimal(value) if isinstance(value, float) else value)))


def date_text(iso: str | None) -> str:
    day = parse_date(iso) if iso else None
    return formats.date_format(day, "SHORT_DATE_FORMAT") if day else ""


@dataclass(frozen=True)
class Cell:
    """One event's cell of a ladder line: its text, and what it is."""

    text: str
    value: Decimal | None = None
    counted: bool = False
    dropped: bool = False
    provisional: bool = False


def cell(result: Mapping[str, Any] | None) -> Cell:
    """A ladder line's result in one event: counted "12", dropped "(12)", provisional "12*", a Heine
    no result "–", absent ""."""
    if result is None:
        return Cell("")
    mark = PROVISIONAL if result["provisional"] else ""
    if result["points"] is None:
        return Cell(NO_RESULT + mark, provisional=result["provisional"])
    text = number(result["points"])
    counted = result["counted"]
    return Cell(
        (text if counted else f"({text})") + mark,
        value=result["points"],
        counted=counted,
        dropped=not counted,
        provisional=result["provisional"],
    )


def cells(line: Mapping[str, Any], events: Sequence[Mapping[str, Any]]) -> list[Cell]:
    return [cell(line["results"].get(e["slug"])) for e in events]


def points_rule(settings: Mapping[str, Any]) -> str:
    rule = settings["points"]
    if rule == "event_total":
        return _("Series points: each event's total (the sum of the player's table points).")
    if rule == "fixed_by_place":
        table = settings.get("table") or []
        shown = ", ".join(number(v) for v in table[:10]) + (", …" if len(table) > 10 else "")
        return _("Series points by place from a fixed table (places 1 to %(n)d: %(table)s); none beyond its end.") % {
            "n": len(table),
            "table": shown,
        }
    if rule == "cubic":
        return _("Series points by the Tirol formula: round(200 · ((N − r)/(N − 1))³), N players ranked, r the place.")
    if rule == "heine":
        return _(
            "Series points by the Heine rule on game points: up to 100 in full, above that half, at most 200; "
            "0 or less is no result."
        )
    return _("Series points: the share of the possible points won, in percent (2 decimals).")


def counting_rule(settings: Mapping[str, Any], events: Sequence[Mapping[str, Any]]) -> str:
    count = settings["count"]
    if count == "best_n":
        n = settings.get("n") or 0
        return ngettext("The best result counts.", "The best %(n)d results count.", n) % {"n": n}
    if count == "best_half":
        e = sum(1 for ev in events if not ev["always_counts"] and ev["players"])
        n = half_of(e)
        return ngettext(
            "The best half of the events counts: %(n)d result of %(e)d events.",
            "The best half of the events counts: %(n)d results of %(e)d events.",
            n,
        ) % {"n": n, "e": e}
    return _("Every result counts.")


def settings_sentences(data: Mapping[str, Any]) -> list[str]:
    """§5.3: the settings above the ladder, in words."""
    settings, events = data["settings"], data["events"]
    out = [points_rule(settings), counting_rule(settings, events)]
    always = [e["name"] for e in events if e["always_counts"]]
    if always:
        out.append(_("Counted on top of them in any case: %(events)s.") % {"events": ", ".join(always)})
    weighted = [f"{e['name']} × {number(e['weight'])}" for e in events if Decimal(e["weight"]) != 1]
    if weighted:
        out.append(_("Weights: %(events)s.") % {"events": ", ".join(weighted)})
    if not settings["minus_counts"]:
        out.append(_("A negative result counts as 0."))
    breaks = [str(TIE_BREAK_WORDS[t]) for t in settings["tie_breaks"] if t in TIE_BREAK_WORDS]
    if breaks:
        rules = _(", then ").join(breaks)
        out.append(_("Ties: %(rules)s; players still tied share the rank.") % {"rules": rules})
    else:
        out.append(_("Players with equal totals share the rank."))
    if settings["final"]:
        final = next((e["name"] for e in events if e["slug"] == settings["final"]), settings["final"])
        ties = (
            _("every player tied at the cut enters")
            if settings["ties_at_cut"] == "all"
            else _("the final's lot decides ties at the cut")
        )
        out.append(
            _("Final: %(final)s, for the best %(k)d of the ladder before it; %(ties)s.")
            % {"final": final, "k": settings["final_places"] or 0, "ties": ties}
        )
    return out


def legend() -> str:
    return _("(12) = dropped, not counted; 12* = provisional, the event is still running; – = no result.")


def event_heads(events: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The ladder's event columns: a number for the head, and the legend's words (name, date, weight,
    whether it always counts, is the final or still runs)."""
    out = []
    for i, e in enumerate(events, start=1):
        notes = []
        if Decimal(e["weight"]) != 1:
            notes.append(f"× {number(e['weight'])}")
        if e["final"]:
            notes.append(_("final"))
        elif e["always_counts"]:
            notes.append(_("always counts"))
        if e["provisional"]:
            notes.append(_("running"))
        out.append({"number": i, "slug": e["slug"], "name": e["name"], "date": date_text(e["date"]), "notes": notes})
    return out


def rows(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The ladder's lines as every output shows them: rank, name, club, total, a cell per event, events
    played; ``cut_below`` on the line the final's cut line follows (while the final has no result),
    ``tied_at_cut`` on the players a tie at the cut runs across."""
    cut = data["cut"] if data["cut"] and data["cut"]["shown"] else None
    tied = set(cut["tied_across"]) if cut else set()
    ladder = data["ladder"]
    return [
        {
            "rank": line["rank"],
            "player": line["player"],
            "name": line["name"],
            "club": line["club"],
            "total": number(line["total"]),
            "total_value": line["total"],
            "events": line["events"],
            "cells": cells(line, data["events"]),
            "cut_below": cut is not None and i == cut["after"] and i < len(ladder),
            "tied_at_cut": line["player"] in tied,
        }
        for i, line in enumerate(ladder, start=1)
    ]


def cut_text(data: Mapping[str, Any]) -> str:
    """The cut line's words: who qualifies for the final."""
    settings = data["settings"]
    final = next((e["name"] for e in data["events"] if e["slug"] == settings["final"]), "")
    return _("Cut line: the best %(k)d qualify for %(final)s.") % {"k": settings["final_places"] or 0, "final": final}
