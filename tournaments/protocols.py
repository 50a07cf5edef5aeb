"""Printable protocols (zapisnik / játszmalap) and the standings sheet: data and rendering.

Three layers, as elsewhere in the project (STYLE.md §1):

- pure functions turn plain data (a hand's input and state, seats, totals) into
  what a protocol shows: one "protocol row" function per variant (``ROWS``),
  the dealer order, places and ranking points;
- ``round_protocols`` / ``table_protocol`` load one round's tables, seats and
  hands in a fixed number of queries, however many tables;
- ``render_pdf`` renders the same HTML templates the browser shows as the print
  view with WeasyPrint: a whole round is one document with page breaks (on a
  multi-core machine one per core, merged: ``render_processes``); static files
  are read from disk and nothing is fetched over the network.

Call the ``*_pdf`` functions inside ``translation.override(event language)``.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import io
import json
import mimetypes
import os
import threading
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import segno
from django.conf import settings
from django.contrib.staticfiles import finders
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scoring.registry import VARIANTS

from .models import Confirmation, Hand, Round, Seat, Table, Tournament
from .progress import table_progress
from .standings import TABLE_POINTS, places
from .variants import variant_name

# Words that appear inside composed cells. Module-level lazy strings, because
# makemessages does not see a gettext call written inside an f-string.
SILENT = gettext_lazy("silent")
OPP = gettext_lazy("opp.")
KLOP_KONTRA = gettext_lazy("klop kontra")
MONDFANG = gettext_lazy("mondfang")
RENONS = gettext_lazy("renons")
MISDEAL = gettext_lazy("misdeal")
WARNING = gettext_lazy("warning")
MARRIAGE = gettext_lazy("marriage")
TRUMP7_LAST = gettext_lazy("trump 7 last")
RENONSZ = gettext_lazy("renonsz")
TALON = gettext_lazy("talon")
LENGETES = gettext_lazy("lengetés")
ALONE = gettext_lazy("alone")
# Coded values of the Hungarian tarokk records (tarokk-illusztralt.md, tarokk-vadasz.md §3.1).
RENONSZ_KINDS = {
    "discard": gettext_lazy("discard"),
    "invite_discard": gettext_lazy("invitation discard"),
    "play": gettext_lazy("play"),
    "no_honour": gettext_lazy("no honour"),
    "timeout": gettext_lazy("timeout"),
    "other": gettext_lazy("other"),
}
SOLO_KINDS = {
    "forced": gettext_lazy("forced alone"),
    "open_self_call": gettext_lazy("open self-call"),
    "hidden_self_call": gettext_lazy("hidden self-call"),
}
LENGETES_MODES = {"obligatory": gettext_lazy("obligatory"), "optional": gettext_lazy("optional")}
THROW_IN_REASONS = {
    "no_tarokk": gettext_lazy("no tarokk"),
    "only_xxi": gettext_lazy("only the XXI"),
    "four_kings": gettext_lazy("four kings"),
    "partner_obligatory": gettext_lazy("partner obligatory"),
    "declarer_obligatory": gettext_lazy("declarer obligatory"),
    "second_round_no_honour": gettext_lazy("second round, no honour"),
    "other": gettext_lazy("other"),
}


def _coded(words: Mapping[str, Any], value: Any) -> str:
    """A coded value as the sheet writes it: the translated word, else the code readable."""
    return str(words[value]) if value in words else str(value or "").replace("_", " ")


# --- pure: one protocol row per hand ------------------------------------------------


@dataclass
class RowText:
    """The variant-specific cells of one hand's line on the paper sheet."""

    game: str = ""
    declarer: str = ""
    partner: str = ""
    details: str = ""


MADE, FAILED = "✓", "✗"
SUIT_SIGN = {"hearts": "♥", "diamonds": "♦", "spades": "♠", "clubs": "♣"}
HU_SUITS = {
    "kor": "kőr",
    "karo": "káró",
    "treff": "treff",
    "pikk": "pikk",
    "makk": "makk",
    "tok": "tök",
    "zold": "zöld",
    "piros": "piros",
}
TARUK_GAMES = {
    "klop": "klop",
    "tri": "tri",
    "dve": "dve",
    "ena": "ena",
    "solo_tri": "solo tri",
    "solo_dve": "solo dve",
    "solo_ena": "solo ena",
    "berac": "berač",
    "solo_brez": "solo brez",
    "valat": "valat",
    "none": "—",
}
TARUK_BONUSES = {
    "kralji": "kralji",
    "trula": "trula",
    "kralj_ultimo": "kralj ult.",
    "pagat_ultimo": "pagat ult.",
    "valat": "valat",
    "barvni_valat": "barvni valat",
}
TAROKK_BIDS = {"harmas": "Hármas", "kettes": "Kettes", "egyes": "Egyes", "szolo": "Szóló"}
TAROKK_FIGURES = {
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
# Kontra levels of the Hungarian tarokks (level n doubles 2**n times).
TAROKK_KONTRA = ("", "kontra", "rekontra", "szubkontra", "hirskontra", "mordkontra")
ENVELOPE = ("variant", "seats", "dealer")


def _kontra_word(level: Any) -> str:
    """Taruk/ulti kontra multipliers 2 and 4 as the sheet writes them."""
    return {2: "K", 4: "Re"}.get(level, "")


def _tarokk_kontra(level: Any) -> str:
    if isinstance(level, int) and 0 < level < len(TAROKK_KONTRA):
        return TAROKK_KONTRA[level]
    return ""


def _mark(made: Any) -> str:
    return MADE if made else FAILED


def _pts(n: Any) -> str:
    """ "48 pts" with the plural the language needs (Slovenian: 1 točka, 2 točki, 3 točke, 5 točk)."""
    return ngettext("%(n)s pt", "%(n)s pts", n if isinstance(n, int) else 0) % {"n": n}


def _tricks(n: Any) -> str:
    return ngettext("%(n)s trick", "%(n)s tricks", n if isinstance(n, int) else 0) % {"n": n}


def compact(value: Any) -> str:
    """Short text for a value the protocol has no column for."""
    if value is None or value == [] or value == {}:
        return ""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, str | int | float):
        return str(value)
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _extras(hand: Mapping[str, Any], known: Iterable[str]) -> list[str]:
    """Fields a row function did not place: ``key: value``, so nothing typed is lost."""
    skip = set(known) | set(ENVELOPE)
    return [f"{k}: {compact(v)}" for k, v in hand.items() if k not in skip and compact(v)]


def _join(parts: Iterable[str]) -> str:
    return "; ".join(p for p in parts if p)


def taruk_row(hand: Mapping[str, Any], before: Mapping[str, Any], after: Mapping[str, Any]) -> RowText:
    """taruk2012.md §5: game, declarer, called king and partner, card points, bonuses, penalties."""
    game = hand.get("game", "")
    label = TARUK_GAMES.get(game, str(game))
    if hand.get("won") is not None:
        label += f" {_mark(hand['won'])}"
    kontra = _kontra_word(hand.get("game_kontra"))
    if kontra:
        label += f" {kontra}"
    partner = ""
    if hand.get("called_king"):
        partner = SUIT_SIGN.get(hand["called_king"], hand["called_king"])
        partner += f" {hand['partner']}" if hand.get("partner") else f" {ALONE}"
    details = []
    if hand.get("card_points") is not None:
        details.append(_pts(hand["card_points"]))
    for b in hand.get("bonuses") or ():
        text = TARUK_BONUSES.get(b.get("type"), str(b.get("type")))
        text += "" if b.get("announced") else f" ({SILENT})"
        text += f" {_mark(b.get('made'))}"
        if b.get("side") == "opponents":
            text += f" {OPP}"
        if _kontra_word(b.get("kontra")):
            text += f" {_kontra_word(b.get('kontra'))}"
        details.append(text)
    if hand.get("klop_points"):
        details.append(" ".join(f"{s}{p}" for s, p in sorted(hand["klop_points"].items())))
    for k in hand.get("klop_kontra") or ():
        details.append(f"{KLOP_KONTRA} {k.get('seat')} {_mark(k.get('no_trick'))}")
    if hand.get("mondfang"):
        details.append(f"{MONDFANG} {hand['mondfang']}")
    if hand.get("mond_in_talon"):
        details.append(_("mond in talon"))
    for p in hand.get("penalties") or ():
        if p.get("type") == "renons":
            details.append(f"{RENONS} {p.get('seat')} {p.get('points', -70)}")
        elif p.get("type") == "misdeal":
            details.append(f"{MISDEAL} {p.get('seat')} {WARNING if p.get('warning') else '-20'}")
        else:
            details.append(compact(p))
    if hand.get("note"):
        details.append(str(hand["note"]))
    known = (
        "game",
        "won",
        "game_kontra",
        "declarer",
        "called_king",
        "partner",
        "card_points",
        "bonuses",
        "klop_points",
        "klop_kontra",
        "mondfang",
        "mond_in_talon",
        "penalties",
        "note",
    )
    return RowText(label, hand.get("declarer") or "", partner, _join([*details, *_extras(hand, known)]))


def ulti_row(hand: Mapping[str, Any], before: Mapping[str, Any], after: Mapping[str, Any]) -> RowText:
    """ulti-mausz.md §6.2: bid and trump, declarer, kontras, the facts of play, renonsz."""
    # "40-100+ulti" as "40-100 + ulti": a narrow column can break the line between components.
    label = " + ".join(str(hand.get("bid") or "").replace("_", " ").split("+"))
    if hand.get("trump"):
        label += f" {HU_SUITS.get(hand['trump'], hand['trump'])}"
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
        facts = [_tricks(play.get("declarer_tricks"))]
        if play.get("declarer_card_points") is not None:
            facts.append(_pts(play["declarer_card_points"]))
        details.append(", ".join(facts))
        for m in play.get("marriages") or ():
            details.append(f"{MARRIAGE} {m.get('seat')} {HU_SUITS.get(m.get('suit'), m.get('suit'))}")
        if play.get("four_aces"):
            details.append(f"4 ász {play['four_aces']}")
        last = play.get("trump7_last_trick")
        if last:
            details.append(f"{TRUMP7_LAST} {last.get('seat')} {_mark(last.get('won'))}")
    if hand.get("silent_claims"):
        details.append(f"{SILENT}: {', '.join(hand['silent_claims'])}")
    if hand.get("gave_up"):
        details.append(_("gave up") + f" ({hand['gave_up']})".replace("_", " "))
    if hand.get("results"):
        details.append(" ".join(f"{c.replace('_', ' ')} {_mark(r == 'made')}" for c, r in hand["results"].items()))
    renonsz = hand.get("renonsz")
    if renonsz:
        text = f"{RENONSZ} {renonsz.get('case', '')}"
        if renonsz.get("offender"):
            text += f" {renonsz['offender']}"
        details.append(text)
    known = ("bid", "trump", "kontra", "play", "silent_claims", "gave_up", "results", "renonsz", "declarer")
    return RowText(label, hand.get("declarer") or "", _join(kontras), _join([*details, *_extras(hand, known)]))


def _figures(figures: Iterable[Mapping[str, Any]]) -> list[str]:
    out = []
    for f in figures:
        text = TAROKK_FIGURES.get(f.get("figure"), str(f.get("figure", "")).replace("_", " "))
        if f.get("suit"):
            text += f" {HU_SUITS.get(f['suit'], f['suit'])}"
        if not f.get("announced"):
            text += f" ({SILENT})"
        if f.get("side") == "opponents":
            text += f" {OPP}"
        if f.get("result"):
            text += f" {_mark(f['result'] == 'made')}"
        if _tarokk_kontra(f.get("kontra")):
            text += f" {_tarokk_kontra(f.get('kontra'))}"
        out.append(text)
    return out


def _tarokk_game(hand: Mapping[str, Any]) -> str:
    outcome = hand.get("outcome") or "played"
    if outcome == "redeal":
        return _("redeal")
    if outcome == "thrown_in":
        return _("thrown in")
    label = TAROKK_BIDS.get(hand.get("bid"), str(hand.get("bid") or ""))
    if _tarokk_kontra(hand.get("game_kontra")):
        label += f" {_tarokk_kontra(hand.get('game_kontra'))}"
    return label


def _tarokk_details(hand: Mapping[str, Any]) -> list[str]:
    details = []
    if hand.get("declarer_card_points") is not None:
        details.append(f"{_pts(hand['declarer_card_points'])}, {_tricks(hand.get('declarer_tricks'))}")
    details += _figures(hand.get("figures") or ())
    renonsz = hand.get("renonsz")
    if renonsz:
        details.append(f"{RENONSZ} {renonsz.get('offender', '')} ({_coded(RENONSZ_KINDS, renonsz.get('kind'))})")
    return details


def illusztralt_row(hand: Mapping[str, Any], before: Mapping[str, Any], after: Mapping[str, Any]) -> RowText:
    """tarokk-illusztralt.md §3.1: bid and game kontra, declarer, partner, figures, tarokk counts."""
    details = _tarokk_details(hand)
    if hand.get("called_tarokk_discarded"):
        details.append(_("called tarokk discarded"))
    for c in hand.get("tarokk_counts") or ():
        details.append(f"{c.get('count')} tarokk {c.get('seat')}")
    partner = hand.get("partner") or (_("alone") if "partner" in hand else "")
    known = (
        "outcome",
        "bid",
        "game_kontra",
        "declarer",
        "partner",
        "declarer_card_points",
        "declarer_tricks",
        "figures",
        "renonsz",
        "called_tarokk_discarded",
        "tarokk_counts",
    )
    return RowText(_tarokk_game(hand), hand.get("declarer") or "", partner, _join([*details, *_extras(hand, known)]))


def vadasz_row(hand: Mapping[str, Any], before: Mapping[str, Any], after: Mapping[str, Any]) -> RowText:
    """tarokk-vadasz.md §3.1: bid, declarer, partner or solo kind, talon, figures, lengetés, double round."""
    details = []
    if hand.get("declarer_talon_taken") is not None:
        details.append(f"{TALON} {hand['declarer_talon_taken']}")
    details += _tarokk_details(hand)
    lengetes = hand.get("lengetes_ulti")
    if lengetes:
        details.append(f"{LENGETES} {lengetes.get('waver')} ({_coded(LENGETES_MODES, lengetes.get('mode'))})")
    if hand.get("thrower"):
        details.append(f"{hand['thrower']}: {_coded(THROW_IN_REASONS, hand.get('throw_in_reason'))}")
    if hand.get("start_double_round"):
        details.append(_("double round starts"))
    if (before.get("double_round_remaining") or 0) > 0 and hand.get("outcome", "played") in ("played", "renonsz"):
        details.append(_("double round ×2"))
    partner = hand.get("partner") or (_coded(SOLO_KINDS, hand["solo"]) if hand.get("solo") else "")
    known = (
        "outcome",
        "bid",
        "game_kontra",
        "declarer",
        "partner",
        "solo",
        "declarer_card_points",
        "declarer_tricks",
        "figures",
        "renonsz",
        "declarer_talon_taken",
        "lengetes_ulti",
        "thrower",
        "throw_in_reason",
        "start_double_round",
        "participants",
        "talon_arranger",
    )
    return RowText(_tarokk_game(hand), hand.get("declarer") or "", partner, _join([*details, *_extras(hand, known)]))


def _laza_entries(entries: Iterable[Mapping[str, Any]], silent: bool = False) -> str:
    out = []
    for e in entries:
        text = str(e.get("bid", "")).replace("_", " ")
        if e.get("qualifier"):
            text += f" {HU_SUITS.get(e['qualifier'], e['qualifier'])}"
        if silent:
            text += f" ({SILENT})"
        else:
            text += f" {_mark(e.get('made'))}"
            if _tarokk_kontra(e.get("kontra")):
                text += f" {_tarokk_kontra(e.get('kontra'))}"
        out.append(text)
    return ", ".join(out)


def laza_row(hand: Mapping[str, Any], before: Mapping[str, Any], after: Mapping[str, Any]) -> RowText:
    """tarokk-laza.md §5.1: the attacking and defending pair, each pair's bids and silent tasks."""
    attack, defence = hand.get("attack") or {}, hand.get("defence") or {}
    bids, silent = hand.get("bids") or {}, hand.get("silent") or {}
    details = []
    for side, word in (("attack", _("att.")), ("defence", _("def."))):
        parts = [_laza_entries(bids.get(side) or ()), _laza_entries(silent.get(side) or (), silent=True)]
        text = ", ".join(p for p in parts if p)
        if text:
            details.append(f"{word}: {text}")
    # The paper sheet's first column counts the deals of the match (§5.3 deals_played).
    return RowText(
        str((before.get("deals_played") or 0) + 1),
        "+".join(s for s in (attack.get("indito"), attack.get("elfogo")) if s),
        "+".join(s for s in (defence.get("elfogo"), defence.get("indito")) if s),
        _join([*details, *_extras(hand, ("attack", "defence", "bids", "silent"))]),
    )


def generic_row(hand: Mapping[str, Any], before: Mapping[str, Any], after: Mapping[str, Any]) -> RowText:
    """Unknown variant: the game and declarer if the hand names them, everything else as compact text."""
    return RowText(
        compact(hand.get("game") or hand.get("bid")),
        compact(hand.get("declarer")),
        compact(hand.get("partner")),
        _join(_extras(hand, ("game", "bid", "declarer", "partner"))),
    )


RowFunction = Callable[[Mapping[str, Any], Mapping[str, Any], Mapping[str, Any]], RowText]
ROWS: dict[str, RowFunction] = {
    "taruk2012": taruk_row,
    "ulti-mausz": ulti_row,
    "tarokk-illusztralt": illusztralt_row,
    "tarokk-vadasz": vadasz_row,
    "tarokk-laza": laza_row,
}

# Headings of the four variant columns, as each variant's paper sheet names them.
COLUMNS: dict[str, tuple[Any, Any, Any, Any]] = {
    "taruk2012": (
        gettext_lazy("Game"),
        gettext_lazy("Declarer"),
        gettext_lazy("King / partner"),
        gettext_lazy("Card points, bonuses, penalties"),
    ),
    "ulti-mausz": (
        gettext_lazy("Bid"),
        gettext_lazy("Declarer"),
        gettext_lazy("Kontra"),
        gettext_lazy("Play, silent items, renonsz"),
    ),
    "tarokk-illusztralt": (
        gettext_lazy("Bid"),
        gettext_lazy("Declarer"),
        gettext_lazy("Partner"),
        gettext_lazy("Card points, figures"),
    ),
    "tarokk-vadasz": (
        gettext_lazy("Bid"),
        gettext_lazy("Declarer"),
        gettext_lazy("Partner"),
        gettext_lazy("Talon, card points, figures"),
    ),
    "tarokk-laza": (
        gettext_lazy("Deal"),
        gettext_lazy("Attack"),
        gettext_lazy("Defence"),
        gettext_lazy("Bids and silent tasks"),
    ),
}
GENERIC_COLUMNS = (gettext_lazy("Game"), gettext_lazy("Declarer"), gettext_lazy("Partner"), gettext_lazy("Details"))


def protocol_row(variant: str, hand: Mapping[str, Any], before: Mapping[str, Any], after: Mapping[str, Any]) -> RowText:
    """The variant's row; a hand its function cannot read falls back to compact text."""
    try:
        return ROWS.get(variant, generic_row)(hand, before or {}, after or {})
    except (AttributeError, TypeError, ValueError, KeyError):
        return generic_row(hand, before or {}, after or {})


def dealer_sequence(variant: str, positions: list[str], first: str, count: int) -> list[str]:
    """``count`` dealers in turn from ``first``, as the engine rotates the deal."""
    rotate = VARIANTS[variant].next_dealer if variant in VARIANTS else _clockwise
    out, dealer = [], first
    for _i in range(count):
        out.append(dealer)
        dealer = rotate(positions, dealer)
    return out


def _clockwise(positions: list[str], dealer: str) -> str:
    return positions[(positions.index(dealer) + 1) % len(positions)] if dealer in positions else dealer


def dealer_order(variant: str, positions: list[str], first: str) -> list[str]:
    """The order of the deal once round the table, starting with the first dealer."""
    order = []
    for d in dealer_sequence(variant, positions, first, len(positions)):
        if d in order:
            break
        order.append(d)
    return order


SITS_OUT_MARK = "–"


def sitting_out(variant: str, positions: list[str], dealer: str) -> frozenset[str]:
    """Seats that do not play the hand ``dealer`` deals: at tables larger than the game (the dealer
    at 5 Taruk seats or 4 ulti seats; at Vadász 5-7 the dealer and the one or two opposite him)."""
    if variant not in VARIANTS or not dealer:
        return frozenset()
    try:
        playing = VARIANTS[variant].playing_seats(positions, dealer, {})
    except (ValueError, KeyError):  # a table size or dealer the variant does not know: mark nobody
        return frozenset()
    return frozenset(positions) - set(playing)


def fmt_points(value: Fraction | float | int | None) -> str:
    """Ranking points as the sheet writes them: 2, 1.5, 1.625 (exact: multiples of 1/8)."""
    if value is None:
        return ""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


# --- the protocol as plain data ----------------------------------------------------------


@dataclass
class SeatLine:
    position: str
    name: str
    start_number: int | None
    club: str = ""
    team: str = ""
    confirmed_at: Any = None


@dataclass
class Cell:
    points: int | None = None
    running: int | None = None
    radelc: bool = False
    out: bool = False  # the seat sits out this hand (a 5-seat Taruk table, 4 at ulti, 5-7 at Vadász)

    @property
    def text(self) -> str:
        """One cell per seat and hand: "+25 → 40", a radelc mark after it; "–" for a seat that sits
        out. One plain text keeps WeasyPrint fast (every extra box in the grid costs about a
        millisecond, 256 pages a round)."""
        if self.points is None:
            return SITS_OUT_MARK if self.out else ""
        if self.out and not self.points:
            return f"{SITS_OUT_MARK} → {self.running}"
        change = f"{self.points:+d}" if self.points else "0"
        return f"{change} → {self.running}" + (" ○" if self.radelc else "")


@dataclass
class Line:
    number: int
    dealer: str
    text: RowText = field(default_factory=RowText)
    cells: list[Cell] = field(default_factory=list)
    filled: bool = False


@dataclass
class Protocol:
    event: str
    variant: str
    variant_name: str
    round: int
    table: int
    seats: list[SeatLine]
    first_dealer: str
    dealer_order: list[str]
    expected: int
    lines: list[Line]
    columns: tuple[Any, Any, Any, Any]
    url: str
    qr: str
    filled: bool
    totals: list[int | None] = field(default_factory=list)
    places: list[int | None] = field(default_factory=list)
    ranking: list[str] = field(default_factory=list)
    hands: int = 0
    complete: bool = False
    confirmed_at: Any = None
    time_expired: bool = False

    @property
    def positions(self) -> list[str]:
        return [s.position for s in self.seats]

    @property
    def footer(self) -> list[tuple[str, list[Any]]]:
        """Total, place and ranking points per seat; empty cells to write in on a blank sheet."""
        empty = [""] * len(self.seats)
        return [
            (_("Total"), self.totals or empty),
            (_("Place"), self.places or empty),
            (_("Ranking points"), self.ranking or empty),
        ]

    @property
    def radelci(self) -> bool:
        return self.variant == "taruk2012"

    @property
    def sit_outs(self) -> bool:
        """Some seat sits out some hand: the sheet explains the mark."""
        return any(c.out for line in self.lines for c in line.cells)


def site_url() -> str:
    # SITE_URL: the address players' phones reach; read at call time so settings/tests can change it.
    return str(getattr(settings, "SITE_URL", "http://127.0.0.1:8000")).rstrip("/")


def table_url(slug: str, round_no: int, table_no: int) -> str:
    return site_url() + reverse("table", args=[slug, round_no, table_no])


@functools.lru_cache(maxsize=4096)  # a round's URLs again at the next regeneration; ~8 ms each
def qr_data_uri(url: str) -> str:
    """The table's address as a QR code, embedded (no file, no fetch)."""
    # Error level M survives a crease or a pen mark; a scale of 4 px per module prints crisply at 150 dpi and up.
    return segno.make(url, error="m", micro=False).png_data_uri(scale=4, border=2)


def build_protocol(
    *,
    tournament: Tournament,
    round_no: int,
    table_no: int,
    first_dealer: str,
    seats: list[SeatLine],
    hands: list[Mapping[str, Any]],
    filled: bool,
    expected: int | None = None,
    time_expired: bool = False,
    confirmed_at: Any = None,
    closed: bool = False,
) -> Protocol:
    """One table's protocol from plain data. ``hands``: dicts with number, dealer, input, points, state_after
    and ``played`` (does it count for the round; derived from the input by the variant when absent).

    Blank: names and the dealer order only. Filled: every hand with points and running totals,
    then empty lines up to the expected number of hands, the totals, places and ranking points.
    """
    variant = tournament.variant
    positions = [s.position for s in seats]
    hands = sorted(hands, key=lambda h: h["number"]) if filled else []
    counts = VARIANTS[variant].counts_as_played if variant in VARIANTS else (lambda hand: True)
    hands = [{**h, "played": h.get("played", counts(h.get("input") or {}))} for h in hands]
    # The one progress computation (tournaments/progress.py): void deals and throw-ins are
    # written on the sheet but are not hands of the round.
    progress = table_progress(tournament, positions, hands, time_expired=time_expired, expected=expected)
    expected = progress.expected
    lines: list[Line] = []
    running = dict.fromkeys(positions, 0)
    state: Mapping[str, Any] = {}
    for h in hands:
        points = h.get("points") or {}
        after = h.get("state_after") or {}
        radelci = after.get("radelci") or {} if isinstance(after, dict) else {}
        played = (h.get("input") or {}).get("seats")
        out = set(positions) - set(played) if isinstance(played, list) else set()
        cells = []
        for p in positions:
            running[p] += points.get(p, 0)
            cells.append(Cell(points.get(p, 0), running[p], radelci.get(p) == 1, p in out))
        lines.append(
            Line(
                h["number"],
                h.get("dealer", ""),
                protocol_row(variant, h.get("input") or {}, state, after),
                cells,
                filled=True,
            )
        )
        state = after
    # Empty lines for the hands still to play, with their dealers written in.
    if positions and first_dealer:
        last = hands[-1]["dealer"] if hands else None
        start = first_dealer if last is None else _next_dealer(variant, positions, last)
        count = 0 if progress.complete else max(expected - progress.played, 0)
        for i, dealer in enumerate(dealer_sequence(variant, positions, start, count)):
            out = sitting_out(variant, positions, dealer)
            lines.append(Line(len(hands) + i + 1, dealer, cells=[Cell(out=p in out) for p in positions]))
    protocol = Protocol(
        event=tournament.name,
        variant=variant,
        variant_name=variant_name(variant),
        round=round_no,
        table=table_no,
        seats=seats,
        first_dealer=first_dealer,
        dealer_order=dealer_order(variant, positions, first_dealer) if positions and first_dealer else [],
        expected=expected,
        lines=lines,
        columns=COLUMNS.get(variant, GENERIC_COLUMNS),
        url=table_url(tournament.slug, round_no, table_no),
        qr="",
        filled=filled,
        hands=progress.played,
        complete=progress.complete,
        confirmed_at=confirmed_at,
        time_expired=time_expired,
    )
    protocol.qr = qr_data_uri(protocol.url)
    if hands:
        totals = {p: running[p] for p in positions}
        place = places(totals)
        try:
            ranking = TABLE_POINTS[variant](totals, tournament.event_settings)
        except (KeyError, ValueError):  # a table size the variant's ladder does not know
            ranking = {}
        protocol.totals = [totals[p] for p in positions]
        # taruk2012.md §6.1: places and ranking points once the table is complete (or its round closed).
        if progress.complete or closed:
            protocol.places = [place[p] for p in positions]
            protocol.ranking = [fmt_points(ranking.get(p)) for p in positions]
    return protocol


def _next_dealer(variant: str, positions: list[str], dealer: str) -> str:
    if variant in VARIANTS:
        return VARIANTS[variant].next_dealer(positions, dealer)
    return _clockwise(positions, dealer)


# --- loading from the database -------------------------------------------------------------


def round_protocols(rnd: Round, *, filled: bool, table_numbers: Iterable[int] | None = None) -> list[Protocol]:
    """Every table's protocol of ``rnd`` (or only ``table_numbers``): four queries whatever the size."""

    tournament = rnd.tournament
    tables = Table.objects.filter(round=rnd).order_by("number")
    if table_numbers is not None:
        tables = tables.filter(number__in=list(table_numbers))
    tables = list(tables)
    ids = [t.pk for t in tables]
    seats: dict[int, list[SeatLine]] = defaultdict(list)
    for s in (
        Seat.objects.filter(table_id__in=ids)
        .order_by("table_id", "position")
        .values(
            "table_id", "position", "entry__start_number", "entry__team", "entry__player__name", "entry__player__club"
        )
    ):
        seats[s["table_id"]].append(
            SeatLine(
                s["position"],
                s["entry__player__name"],
                s["entry__start_number"],
                s["entry__player__club"],
                s["entry__team"],
            )
        )
    hands: dict[int, list[dict]] = defaultdict(list)
    if filled:
        for h in (
            Hand.objects.filter(table_id__in=ids)
            .order_by("table_id", "number")
            .values("table_id", "number", "dealer", "played", "input", "points", "state_after")
        ):
            hands[h["table_id"]].append(h)
        for c in Confirmation.objects.filter(table_id__in=ids).values("table_id", "position", "confirmed_at"):
            for seat in seats[c["table_id"]]:
                if seat.position == c["position"]:
                    seat.confirmed_at = c["confirmed_at"]
    out = []
    for t in tables:
        table_seats = seats[t.pk]
        out.append(
            build_protocol(
                tournament=tournament,
                round_no=rnd.number,
                table_no=t.number,
                first_dealer=t.first_dealer,
                seats=table_seats,
                hands=hands[t.pk],
                filled=filled,
                time_expired=t.time_expired if filled else False,
                confirmed_at=t.confirmed_at if filled else None,
                closed=rnd.status == Round.Status.CLOSED,
            )
        )
    return out


def table_protocol(table: Table, *, filled: bool) -> Protocol:
    return round_protocols(table.round, filled=filled, table_numbers=[table.number])[0]


# --- rendering -------------------------------------------------------------------------


def protocols_html(tournament: Tournament, protocols: list[Protocol], *, pdf: bool, extra: dict | None = None) -> str:
    """The HTML of the protocols: the PDF's source and the browser's print view alike."""
    return render_to_string(
        "protocols/protocols.html",
        {
            "tournament": tournament,
            "protocols": protocols,
            "pdf": pdf,
            "generated_at": timezone.now(),
            **(extra or {}),
        },
    )


def standings_context(tournament: Tournament) -> dict[str, Any]:
    from .results import PAIR_VARIANTS, event_standings, lot_seed, metric_label, metric_text

    metrics, rows = event_standings(tournament)
    shown = list(metrics)
    return {
        "tournament": tournament,
        "metrics": [metric_label(m) for m in shown],
        "lot_seed": lot_seed(tournament) if "lot" in shown else None,
        "rows": [
            {
                "rank": r.rank,
                "start_number": r.start_number,
                "name": r.name,
                "club": r.club,
                "team": r.team,
                "provisional": r.line.provisional,
                "per_round": r.per_round,
                "metrics": [metric_text(r.line.metrics.get(m)) for m in shown],
            }
            for r in rows
        ],
        "round_numbers": list(range(1, tournament.rounds + 1)),
        "pairs": tournament.variant in PAIR_VARIANTS,
        "rounds_closed": tournament.round_set.filter(status=Round.Status.CLOSED).count(),
        "generated_at": timezone.now(),
    }


def standings_html(tournament: Tournament, *, pdf: bool, extra: dict | None = None) -> str:
    return render_to_string("protocols/standings.html", {**standings_context(tournament), "pdf": pdf, **(extra or {})})


def static_file(url: str) -> Path | None:
    """The file on disk behind a ``/static/...`` URL (or ``file:///static/...``), if any."""
    parts = urlsplit(url)
    path = unquote(parts.path)
    static = "/" + settings.STATIC_URL.strip("/") + "/"
    if parts.scheme not in ("", "file") or not path.startswith(static):
        return None
    found = finders.find(path[len(static) :])
    return Path(found) if found else None


@functools.cache
def _fetcher_class() -> type:
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class StaticFetcher(URLFetcher):
        """``data:`` URIs and our static files from disk; never the network (no HTTP, no other files)."""

        def __init__(self) -> None:
            super().__init__(allowed_protocols=("data", "file"))

        def fetch(self, url: str, headers: Any = None) -> Any:
            if url.startswith("data:"):
                return super().fetch(url, headers)
            found = static_file(url)
            if found is None:
                raise ValueError(f"not fetched (static files and data: URIs only): {url}")
            mime = mimetypes.guess_type(found.name)[0] or "application/octet-stream"
            return URLFetcherResponse(url, found.read_bytes(), {"Content-Type": mime})

    return StaticFetcher


# WeasyPrint's own user-agent sheet has ~200 rules that every element is matched against; our
# templates set everything that matters themselves, so a sheet with the few defaults they rely on
# renders the same page ~15% faster (bench/protocols.py). Browsers use their own sheet for the print view.
MINIMAL_UA_CSS = """
html, body, div, section, header, footer, nav, figure, figcaption, p, h1, h2, h3 { display: block }
head, style, script, title, meta, link, [hidden] { display: none }
table { display: table; box-sizing: border-box; border-spacing: 2px; border-collapse: separate; text-indent: initial }
caption { display: table-caption }
colgroup { display: table-column-group }
col { display: table-column }
thead { display: table-header-group; vertical-align: middle }
tbody { display: table-row-group; vertical-align: middle }
tfoot { display: table-footer-group; vertical-align: middle }
tr { display: table-row; vertical-align: inherit }
td, th { display: table-cell; vertical-align: inherit; padding: 1px }
b, strong, th { font-weight: bold }
h1 { font-size: 2em; font-weight: bold; margin: .67em 0 }
p { margin: 1em 0 }
figure { margin: 1em 40px }
img { overflow: hidden }
"""


@functools.cache
def _html_class() -> type:
    from weasyprint import CSS, HTML

    ua = CSS(string=MINIMAL_UA_CSS)

    class ProtocolHTML(HTML):
        def _ua_stylesheets(self, forms: bool = False) -> list:
            return [ua]

    return ProtocolHTML


@contextlib.contextmanager
def _gc_paused() -> Iterator[None]:
    """WeasyPrint builds hundreds of thousands of small objects for a round; the cyclic
    collector scanning them again and again costs ~30% (reference counting still frees
    memory, and the collector runs again afterwards)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


_local = threading.local()


def _font_config() -> Any:
    """One WeasyPrint font configuration per thread: its Pango caches stay warm from one
    document to the next (~15% of a one-page protocol). Not shared between threads."""
    if getattr(_local, "font_config", None) is None:
        from weasyprint.text.fonts import FontConfiguration

        _local.font_config = FontConfiguration()
    return _local.font_config


def _print_css() -> Any:
    """templates/protocols/_print_css.html, parsed once per process (re-read on every call with DEBUG on)."""
    if settings.DEBUG:
        return _parse_print_css()
    if getattr(_local, "print_css", None) is None:
        _local.print_css = _parse_print_css()
    return _local.print_css


def _parse_print_css() -> Any:
    from weasyprint import CSS

    return CSS(
        string=render_to_string("protocols/_print_css.html"), font_config=_font_config(), url_fetcher=_fetcher_class()()
    )


def render_pdf(html: str, progress: Callable[[int], Any] | None = None) -> bytes:
    """HTML to PDF in one WeasyPrint call (a whole round is one document with page breaks).

    The HTML leaves out the print CSS (``pdf=True``); it comes in pre-parsed.
    """
    with _gc_paused():
        document = _html_class()(string=html, base_url="file:///", url_fetcher=_fetcher_class()()).render(
            font_config=_font_config(), stylesheets=[_print_css()]
        )
        if progress:
            progress(80)
        return document.write_pdf()


def table_protocol_pdf(table: Table, *, filled: bool) -> bytes:
    tournament = table.round.tournament
    return render_pdf(protocols_html(tournament, [table_protocol(table, filled=filled)], pdf=True))


# A round's protocols are split over this many processes at most (one WeasyPrint document each,
# merged): WeasyPrint is single-threaded pure Python, ~0.2 s of CPU a page, so a 256-table round
# takes a minute on one core. Below PARALLEL_FROM tables starting processes costs more than it saves.
PARALLEL_FROM = 64


def render_processes(pages: int) -> int:
    if pages < PARALLEL_FROM:
        return 1
    wanted = getattr(settings, "PROTOCOL_RENDER_PROCESSES", None) or os.cpu_count() or 1
    return max(1, min(int(wanted), pages // (PARALLEL_FROM // 2)))


def round_protocols_pdf(rnd: Round, *, filled: bool, progress: Callable[[int], Any] | None = None) -> bytes:
    """Every table's protocol of the round as one PDF, a page (or more) per table, in table order."""
    protocols = round_protocols(rnd, filled=filled)
    if progress:
        progress(20)
    parts = _split(protocols, render_processes(len(protocols)))
    htmls = [protocols_html(rnd.tournament, part, pdf=True) for part in parts]
    if progress:
        progress(35)
    if len(htmls) == 1:
        return render_pdf(htmls[0], progress)
    return _render_parallel(htmls, progress)


def _split(items: list, n: int) -> list[list]:
    size = -(-len(items) // n)
    return [items[i : i + size] for i in range(0, len(items), size)] or [items]


def _render_parallel(htmls: list[str], progress: Callable[[int], Any] | None) -> bytes:
    """Render the documents in fresh processes ("spawn": nothing inherited from a threaded web
    server or a Celery worker but the environment) and concatenate their pages in order."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    import django
    from pypdf import PdfWriter

    results: dict[int, bytes] = {}
    with ProcessPoolExecutor(
        max_workers=len(htmls), mp_context=multiprocessing.get_context("spawn"), initializer=django.setup
    ) as pool:
        futures = {pool.submit(render_pdf, html): i for i, html in enumerate(htmls)}
        for future in as_completed(futures):
            results[futures[future]] = future.result()
            if progress:
                progress(35 + 55 * len(results) // len(htmls))
    writer = PdfWriter()
    for i in range(len(htmls)):
        writer.append(io.BytesIO(results[i]))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def standings_pdf(tournament: Tournament, progress: Callable[[int], Any] | None = None) -> bytes:
    html = standings_html(tournament, pdf=True)
    if progress:
        progress(40)
    return render_pdf(html, progress)
