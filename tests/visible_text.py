"""What a reader sees on a page, and the English words and raw keys it must not contain in Slovenian or Hungarian.

``ENGLISH`` is the interface's English vocabulary, written out here rather than read from the
catalogue, so that a msgid missing from the catalogue (or a string never marked for translation)
cannot take its words out of the check. It was built once from the English msgids of
locale/*/django.po: every word of three letters or more that occurs in a msgid and in no Slovenian
or Hungarian translation (placeholders, quoted literals and snake_case keys left out), less the
games' own terms (klop, valat, ulti, betli, kassza, pagat …), proper names and file formats.
Words that are English and Slovenian or Hungarian alike (partner, kontra, most, pin, red, incident …)
are not in it, nor "stop" (Taruk's own word for the stop procedure, »stop« in the original): a page may
show them. Extend the list when the interface gains English words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html.parser import HTMLParser

ENGLISH = frozenset(
    """
    absorbed accepted account aces achieved achievement action active add added administrator after again
    against all allowed alone already also alternates although always among and announced announcement
    announcer announcers annulled another answer any anyone anyway appears applies apply applying are
    arithmetic arrange arranger arranges aside ask att attach attack attacked attacks attempts audit away back
    background been before behind being belongs below better between bid bidder bidding bids blank bonus
    bonuses both breakdown broke broken but bye byes call called caller can cannot card cards case catchable
    caught cell cells championship change changed changes changing character characters charged check checked
    checks choose chosen claim claimed claims clock clockwise close closed closing club clubs code colour
    coloured colourless column columns combination combinations comes commas competitive complete component
    components concerned concerns conduct config configuration confirm confirmation confirmations confirmed
    confirms connection consent consequence contains continued contradict contradicts correct corrected
    correction corrections costs could count counted counts covered create created creates credentials cross
    cumulative current date deal dealer dealing deals dealt decided decides decision decisions declared
    declarer declaring deep def default defaults defence defender defenders defines delete deleted deletion
    derived derives desk device diamonds did difference digits discard discarded discipline disclosed disputed
    distinct divided divisible document does done dots double doubled doubling down download downloaded draft
    draw drawing drawn dropped dry due during each earlier early edit edited editing effect either elapsed else
    empty end ended endpoint engine english enough enter entered entering entitled entries entry envelopes
    equal erased error event events every everyone everything exactly except exchange exclude excluded
    exclusion exist existing exists expected expired exports exposed face failed failing failure false far
    federation few field fields figures file files fill filled filter final finals find finding fingerprint
    finish finished first five fives fixed flat follow follows for forbidden force forced forehand form format
    found four free from gaining gains game gathered gave generate generated get give given gives got grounds
    group groups had half hall halved hand hands happened has hash have head hearts held here hidden higher him
    his hold holder holding holds honour how hungarian idempotency ids ignored import
    include included indices individual innocent input inserting instead integer integers into invalid
    invitation invite involved item items its job joins judge judges jury keep keeps kept key keys kind king
    kings known knows kontras ladder landing language large larger last lasts late later latest lay leading
    least leave leaves led left less letter letters level levels lifetime lifted limit limited line lines list
    listed literally log login lone long longer looked loses losing loss lost lot lowercase lowest machine made
    make making many marriage marriages match matches mate may means meanwhile meet meeting meetings member
    merged met method metric metrics mine minutes misdeal misdealt missing mixed mode moment move moved moves
    multiple must name named names need needed needs negative neither nested never new newer next nobody non
    none nor normal normally not note nothing noticed now null number numbers object objectively obligatory odd
    offence offender offending official old older once one only open opened opens opp opponent opponents
    opposite option optional options order organizer organizers other others otherwise out outbid outcome over
    overlapped override overtake own packet page pages paid pair pairs paper participant participants partners
    passed passes password patch path pause paused pay pays penalties penalty per phone picking picks pile pins
    place placement places play played player players playing plays point points position possible preview
    previous print printed problems procedure progress progression protest protested protocol protocols
    provisional pts public publish published put qualifier queued quote raised ran random rank ranking rather
    reached read readable reading readings ready reason receives record recorded records redeal redraw redrawn
    reduced referee referees refused registered reinstate reinstated rejected reload remove removed renumbered
    reopen reopened reopening repeat replace replaces report reproduces reproducibly request requested required
    rescored rest result results resume returns reuses revealed revoke rights round rounded rounds row rows
    rule ruled rules ruling run running runs said same sanction sanctions save saved saving say says schedule
    score scored scores seat seated seating seats second seconds see seed self semicolons send sending sent
    separated serious set setting settings seven share shared shares sheet short show shown shows side sides
    sign signatures silent silently simply since single sit site sits sitting six size skarts skipped slips
    slovenian slug someone spaces spades spec split staff standing standings stands start started starts state
    states status stay stays step still stopped stops stored strength strict strongest struck such suit
    sum superseded suppressed surrogate table tablemates tables take taken takes target tarokks tasks team tell
    ten tens text than that the their them then there these they thinking this three threes threw through throw
    thrower thrown tie tied ties time timeout together token told too took total totals tournament tournaments
    toward trick tricks trophies trophy true trump try turn twice two type types unable unchanged unconfirmed
    under unfinished unknown unless unpacked unpacks unplayable until updated updates upheld upload use used
    user username uses using usual valid value values variant venue verdicts version view violation void wait
    waiting warning was waver weaker were what whatever when where which while who whole whose why will win
    wins with withdraw withdrawn without won word words workbook worker worth would write written wrong yellow
    yes yet you your yours yourself zero
    """.split()  # noqa: SIM905 (a block of words reads and diffs better than a list of 900 quoted strings)
)

# Attributes a reader sees or hears (a tooltip, a screen reader's label, an empty field's hint, an image's
# text); every other attribute value (class, data-*, href, value of a non-button) is machinery.
SHOWN_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")
HIDDEN_ELEMENTS = ("script", "style")
# An address is no word (a QR code's caption on a PIN slip or protocol spells the page's URL).
URL = re.compile(r"(?:https?://|(?<!\S)/e/)\S+")
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})
WORD = re.compile(r"[^\W\d_]+(?:_\w+)?")  # a snake_case key is one token, reported as a raw key
# A snake_case identifier (game_points, called_king), a Python or JSON literal and braces: machinery shown
# as text. ``None`` and the booleans only capitalised (Python's repr), braces anywhere.
RAW_KEY = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\bNone\b|\bTrue\b|\bFalse\b|\bnull\b|[{}]|\[\s*'|'\s*\]")


class _Visible(HTMLParser):
    """Text nodes outside <script>/<style>, plus the shown attributes and the label of an input button.

    An element marked ``translate="no"`` (HTML's own mark for content no translator touches: the raw
    stored record under the audit log's sentence) is left out with everything inside it.
    """

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden: list[str] = []  # the open elements whose text is not read

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if self.hidden or tag in HIDDEN_ELEMENTS or a.get("translate") == "no":
            if tag not in VOID:
                self.hidden.append(tag)
            return
        for name in SHOWN_ATTRIBUTES:
            if a.get(name):
                self.parts.append(a[name] or "")
        if tag == "input" and a.get("type") in ("submit", "button", "reset") and a.get("value"):
            self.parts.append(a["value"] or "")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if not self.hidden:
            self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if self.hidden and self.hidden[-1] == tag:
            self.hidden.pop()

    def handle_data(self, data: str) -> None:
        if not self.hidden and data.strip():
            self.parts.append(data)


def visible_text(html: str) -> str:
    """The page's text as a reader meets it (tags gone, addresses blanked, one space between pieces),
    <option> texts included."""
    parser = _Visible()
    parser.feed(html)
    parser.close()
    return URL.sub(" ", " ".join(" ".join(parser.parts).split()))


def _in_context(text: str, start: int, end: int, width: int = 30) -> str:
    return f"…{text[max(0, start - width) : start]}[{text[start:end]}]{text[end : end + width]}…"


def offences(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """Each English word and raw key in ``text`` once, quoted in its first context.

    ``allowed`` are names the page may show as they were typed (players, the event, clubs): they are
    blanked out before the check, so "Player 3" is a name, not the word "player".
    """
    for name in sorted(set(allowed), key=len, reverse=True):
        if name:
            text = text.replace(name, " " * len(name))
    found: dict[str, str] = {}
    for m in WORD.finditer(text):
        if "_" not in m.group() and m.group().lower() in ENGLISH:
            found.setdefault(f"English {m.group()!r}", _in_context(text, m.start(), m.end()))
    for m in RAW_KEY.finditer(text):
        found.setdefault(f"raw key {m.group()!r}", _in_context(text, m.start(), m.end()))
    return [f"{what} {where}" for what, where in found.items()]
