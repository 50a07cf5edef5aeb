"""The official sheets and PDFs as a federation reads them (the director's day, item 11): every variant's
filled protocol and the standings in Slovenian and Hungarian hold no English and no raw code, numbers and
dates as the language writes them, the judge's cards on the sheet of the table, headings that never
print over each other, PIN slips whose PIN no long name pushes away, file names in the event's language.

The PDFs are the ones people download (the table page's PDF, the documents, the slips), read back with
pypdf (text) and poppler's pdftotext (where each word stands)."""

from __future__ import annotations

import datetime
import re

import pytest

from scoring.registry import VARIANTS
from scoring.variants.tarokk_laza.rules import TEMPLATE_NAMES
from tests.conftest import client_for, file_of
from tests.html_forms import form_with
from tests.pdf_text import overlapping, pdf_text, pdf_words
from tests.pending import use_pending
from tests.tournaments.variant_tables import sample_table
from tournaments.events import services
from tournaments.incidents import services as incidents
from tournaments.models import Entry, Table
from tournaments.tables import hands

SITE = "https://tarok.example"
EVENT_NAME = "Budapesti Nemzetközi Tarokk- és Ulti Bajnokság 2026 – Józsefvárosi Kulturális Központ"
VENUE = "Józsefvárosi Kulturális Központ, nagyterem, Budapest"
LONG_NAME = ("Maximilian Alexander von und zu Hohenberg-Schwarzenstein " * 3)[:120]  # the import's longest
LONG_CLUB = ("Budapesti Tarokk és Ulti Klub Egyesület, Józsefvárosi Szakosztály " * 2)[:120]
# What leaked onto the sheets before: English, the engine's codes, the Laza bids' ids.
ENGLISH = re.compile(
    r"\b(before|after|first|card|pts?|tricks?|Referee|Total|Place|hands?|confirmed|generated|provisional|Round|"
    r"Table|Dealer|silent|opp|gave up|marriage|redeal|thrown|alone|template|Judge|filled|blank|Seat)\b"
)
CODE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b|\b4asz\b")
LAZA_IDS = re.compile(
    r"\b(" + "|".join(b for b, name in TEMPLATE_NAMES.items() if b != name.lower() and "_" not in b) + r")\b"
)
DATE = {"sl": "28. november 2026", "hu": "2026. november 28."}


@pytest.fixture(autouse=True)
def _site(settings, documents_settings, monkeypatch):
    settings.SITE_URL = SITE
    use_pending(monkeypatch, "sheets")


def dress(table: Table) -> None:
    """The event as a federation runs it: a long name, a date and a venue on every sheet."""
    event = table.round.tournament
    event.name, event.date, event.venue = EVENT_NAME, datetime.date(2026, 11, 28), VENUE
    event.save(update_fields=["name", "date", "venue"])


def card(judge, table: Table, position: str, kind: str, reason: str) -> None:
    """An incident at ``table`` about ``position``'s player, and the judge's card for it given with the
    form the incident's page renders."""
    entry = table.seats.get(position=position).entry
    incident = incidents.open_incident(
        judge, table.round.tournament, kind="conduct", finding="loud remarks", table=table, involved=[entry]
    )
    client = client_for(judge)
    url = f"/e/{table.round.tournament.slug}/manage/judge/{incident.pk}/"
    found = form_with(client.get(url).content, "kind", "/sanction/")
    response = client.post(found.action, found.data(entry_id=str(entry.pk), kind=kind, reason=reason))
    assert response.status_code == 302


def download(client, url: str, capture) -> object:
    """The organizer asks for a stored document: it is made in the background (the task runs when the
    request's transaction commits), then the same link gives the file."""
    with capture(execute=True):
        first = client.get(url)
    response = client.get(url) if first.status_code == 202 else first
    assert response.status_code == 200, response.status_code
    return response


def table_pdf(client, table: Table) -> bytes:
    event = table.round.tournament
    response = client.get(f"/e/{event.slug}/round/{table.round.number}/table/{table.number}/protocol.pdf")
    assert response.status_code == 200
    return response.content


@pytest.mark.parametrize("language", ["sl", "hu"])
@pytest.mark.parametrize("key", sorted(VARIANTS))
def test_every_variants_filled_sheet_reads_in_the_events_language(key, language, alice, bob):
    table = sample_table(alice, bob, key, language)
    dress(table)
    card(alice, table, "B", "yellow", "talked during play")
    pdf = table_pdf(client_for(alice), table)
    _pages, text = pdf_text(pdf)
    assert not ENGLISH.findall(text), ENGLISH.findall(text)
    assert not CODE.findall(text), CODE.findall(text)
    assert not LAZA_IDS.findall(text), LAZA_IDS.findall(text)
    assert not re.search(r"\d\.\d", text.replace(SITE, "")), "a decimal point instead of the language's comma"
    assert DATE[language] in text
    # The card from the judge's desk, on the sheet of the table where it was given.
    name_b = table.seats.select_related("entry__player").get(position="B").entry.player.name
    with_language = {"sl": "rumeni karton", "hu": "sárga lap"}[language]
    assert with_language in text.lower() and name_b in text and "talked during play" in text
    words = pdf_words(pdf)
    if words is not None:
        assert overlapping(words) == []


def test_a_red_card_and_a_warning_are_on_the_sheet_with_the_incidents_footnote(alice, bob):
    table = sample_table(alice, bob, "ulti-mausz", "en", hands_count=4)
    card(alice, table, "A", "warning", "late back from the break")
    card(alice, table, "C", "red", "insulted the referee")
    text = pdf_text(table_pdf(client_for(alice), table))[1]
    names = {s.position: s.entry.player.name for s in table.seats.select_related("entry__player")}
    assert f"red card C · {names['C']}2 · insulted the referee" in text
    assert f"warning A · {names['A']}1 · late back from the break" in text
    # A sanction the jury lifted is no longer on the sheet.
    given = table.round.tournament.sanctions.get(kind="red")
    given.lifted_at = given.given_at
    given.save(update_fields=["lifted_at"])
    assert "red card" not in pdf_text(table_pdf(client_for(alice), table))[1]


@pytest.mark.parametrize(("language", "heading"), [("sl", "K1"), ("hu", "1. f.")])
def test_the_standings_pdf_marks_running_points_provisional_under_the_sites_round_headings(
    language, heading, alice, bob, django_capture_on_commit_callbacks
):
    table = sample_table(alice, bob, "taruk2012", language, hands_count=8, samples=3)  # still playing
    dress(table)
    running = {p: sum(h.points.get(p, 0) for h in table.hands.all()) for p in "ABCD"}
    url = f"/e/{table.round.tournament.slug}/documents/standings-pdf/"
    response = download(client_for(alice), url, django_capture_on_commit_callbacks)
    pdf = file_of(response)
    text = pdf_text(pdf)[1]
    assert heading in text and " R1 " not in text
    for points in running.values():
        assert f"{points}*" in text  # a running total is marked provisional where it stands
    legend = {"sl": "sprotne točke iger", "hu": "folyó játékpontjai"}[language]
    assert legend in text
    words = pdf_words(pdf)
    if words is not None:
        assert overlapping(words) == []
        heads = {"sl": ["Mesto", "Igralec", "Klub"], "hu": ["Helyezés", "Játékos", "Klub"]}[language]
        assert set(heads) <= {w.text for w in words}  # each heading a word of its own, none run together


def test_a_long_name_never_pushes_the_pin_off_its_slip(event, alice):
    """Ten slips a page; the 120-character name and club of slip 1 leave its PIN where slip 2's stands."""
    services.register_player(alice, event, name=LONG_NAME, club=LONG_CLUB)
    for i in range(2, 11):
        services.register_player(alice, event, name=f"Igralec {i}", club="TK")
    event.language = "hu"
    event.save(update_fields=["language"])
    pdf = client_for(alice).get(f"/e/{event.slug}/manage/players/pin-slips.pdf").content
    pages, text = pdf_text(pdf)
    assert pages == 1
    pins = dict(Entry.objects.filter(tournament=event).values_list("start_number", "pin"))
    for word in re.split(r"[\s-]+", LONG_NAME.strip()):
        assert word in text
    words = pdf_words(pdf)
    if words is None:
        pytest.skip("poppler's pdftotext is not installed")
    by_text = {}
    for w in words:
        by_text.setdefault(w.text, []).append(w)
    first, second = by_text[pins[1]][0], by_text[pins[2]][0]
    assert abs(first.top - second.top) < 0.5  # the same place on every slip
    # The slip's hint ends above the next row of slips (slips 3 and 4 start with the event's name).
    row_two = min(w.top for w in by_text["Ljubljana"] if w.top > first.bottom)
    hint_end = max(w.bottom for w in words if first.bottom < w.top < row_two)
    assert hint_end < row_two
    assert overlapping(words) == []


@pytest.mark.parametrize(
    ("language", "table_words", "standings_words", "slips_words"),
    [
        ("sl", "krog-1-miza-1-izpolnjen-zapisnik", "lestvica", "listki"),
        ("hu", "1-fordulo-1-asztal-kitoltott-jatszmalap", "tabella", "cedul"),
    ],
)
def test_documents_are_named_in_the_events_language(
    language, table_words, standings_words, slips_words, alice, bob, django_capture_on_commit_callbacks
):
    table = sample_table(alice, bob, "taruk2012", language, hands_count=4, samples=2)
    slug = table.round.tournament.slug
    client = client_for(alice)
    names = [client.get(f"/e/{slug}/round/1/table/1/protocol.pdf")["Content-Disposition"]]
    standings = download(client, f"/e/{slug}/documents/standings-pdf/", django_capture_on_commit_callbacks)
    names.append(standings["Content-Disposition"])
    file_of(standings)
    names.append(client.get(f"/e/{slug}/manage/players/pin-slips.pdf")["Content-Disposition"])
    assert f'{slug}-{table_words}.pdf"' in names[0]
    assert f"{slug}-{standings_words}.pdf" in names[1]
    assert slips_words in names[2].lower()
    for name in names:
        assert not re.search(r"round|table|filled|blank|protocol|standings|slips", name.split(slug, 1)[1]), name


def test_a_time_incident_is_the_time_limit_not_a_moment_in_hungarian(alice, bob):
    """ "time" as an incident's kind is the round's time limit (időkorlát); "Time" as a column heading
    stays the moment it was opened (időpont)."""
    table = sample_table(alice, bob, "taruk2012", "hu", hands_count=4, samples=2)
    incidents.open_incident(alice, table.round.tournament, kind="time", finding="too slow", table=table)
    text = pdf_text(table_pdf(client_for(alice), table))[1]
    assert "időkorlát" in text and "időpont" not in text


def test_a_taruk_sheet_in_hungarian_says_renons(alice, bob):
    """Taruk is Slovenian tarok: its Hungarian sheet writes renons, never the Hungarian tarokk's renonsz."""
    table = sample_table(alice, bob, "taruk2012", "hu", hands_count=4, samples=1)
    envelope = hands.next_envelope(hands.table_setup(table, table.round.tournament), table.hands.last())
    s = envelope["seats"]
    tri = {"game": "tri", "declarer": s[0], "called_king": "hearts", "partner": s[2], "card_points": 48}
    hands.enter_hand(bob, table, {**envelope, **tri, "penalties": [{"type": "renons", "seat": s[1]}]})
    text = pdf_text(table_pdf(client_for(alice), table))[1]
    assert "renons" in text and "renonsz" not in text
