"""Every page, preview and document in Slovenian and Hungarian, read word by word: no English, no raw keys.

For each of the five variants a public event is played part-way (sample hands entered, one corrected,
an incident ruled on), and then, in each language (the reader's cookie, and the event's language for
its documents), every page of tournaments/urls*.py is asked for by each persona (the public, a player
signed in with no role, the referee, the organizer), with real arguments from that event; the hand
preview is posted as the table page posts it, once with a valid hand and once with one the engine
refuses; the protocols (blank and filled, of a table and of the round) and the standings sheet are
read as the HTML their PDFs are made from. The visible text must hold no word of the interface's
English vocabulary (tests/visible_text.py) and no raw key. Names typed by people (players, the
event, clubs, teams, user names, the findings and rulings typed on the judge's desk) are theirs.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from scoring.variants.ulti_mausz.rules import CASES as ULTI_CASES
from tests.conftest import client_for
from tests.fullevent import form_data
from tests.samples import samples_of
from tests.tournaments.variant_tables import rendered_form, running_table
from tests.visible_text import offences, visible_text
from tournaments.incidents import services as incidents
from tournaments.models import Entry, Tournament
from tournaments.seasons import services as series_services
from tournaments.tables import hands
from tournaments.tables.handforms import form_class

# What the pages say: no database can change their words, so CI's PostgreSQL pass leaves it out.
pytestmark = [pytest.mark.django_db, pytest.mark.page_only]

KEYS = ["taruk2012", "ulti-mausz", "tarokk-illusztralt", "tarokk-vadasz", "tarokk-laza"]
LANGUAGES = ["sl", "hu"]
HANDS = 6  # a round of six hands: three entered, the fourth previewed, the table still open
ENTERED = 3
# Not pages: the admin (Django's own, translated by Django), the API and its docs (JSON for programs),
# sign-in machinery, the language switch, the health probe and the service worker.
SKIPPED_PREFIXES = ("admin/", "api/", "accounts/", "i18n/", "health/", "sw.js")
# Typed by people, shown as typed: not the interface's words.
TYPED = ["Renonsz B", "Renonsz B, 10. §"]


# Text another helper owns (issue 15 is split between helpers) that the check still finds: its name,
# why it is let through here, and the exact English it consists of (blanked out like a typed name).
# Remove an entry when its owner's fix is merged: the check then covers that text too.
def _renonsz_cases(key: str, fields: list[str]) -> list[str]:
    return [*ULTI_CASES, *(str(case.text) for case in ULTI_CASES.values())] if key == "ulti-mausz" else []


def _error_field_keys(key: str, fields: list[str]) -> list[str]:
    return [f"{name} :" for name in fields]  # the preview's "<b>{{ field }}</b>: message"


KNOWN: dict[str, tuple[str, Callable[[str, list[str]], list[str]]]] = {
    "ulti renonsz cases": ("glossary: the 42 renonsz cases of ulti-mausz.md 13.§ are English", _renonsz_cases),
    "error field keys": ("glossary: an error in the preview names its field by the form's key", _error_field_keys),
    "tie-break help": (
        "glossary: the standings tie-break help says 'hash' in Hungarian",
        lambda k, f: ["SHA-256 hash"],
    ),
}

# Found by this check and not fixed yet (issue 15, left open by wordcheck): the name, why, the pages
# (Laza only) and the words or keys let through there. Each is a real gap, listed so it stays visible.
OPEN: dict[str, tuple[str, set[str], set[str]]] = {
    "Laza point table ids": (
        "the point table (event page, point-table pages) shows the organizer's own ids as typed in its id "
        "columns (bid id, ladder and only-one groups): they are the upload format's keys, not words",
        {"tournament", "config-table", "config-table-edit"},
        {"game_group", "honor_group", "utolso_ket_utes", "piros_fekete", "test_extra"},
    ),
    "Laza bid ids in the audit log": (
        "a Laza hand's sentence names a bid by its id (test_extra): the audit reads the hand without the "
        "event's point table",
        {"audit-log"},
        {"test_extra"},
    ),
}


def is_open(page: str, offence: str) -> bool:
    word = offence.split("'")[1]
    return any(page in pages and word in words for _why, pages, words in OPEN.values())


def _patterns(resolvers: list[Any], prefix: str = "") -> Iterator[tuple[str, URLPattern]]:
    for entry in resolvers:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            yield from _patterns(entry.url_patterns, route)
        elif entry.name:
            yield route, entry


def page_names() -> list[str]:
    """The named URL patterns of the site's pages (everything but SKIPPED_PREFIXES)."""
    return sorted(
        {p.name for route, p in _patterns(get_resolver().url_patterns) if not route.startswith(SKIPPED_PREFIXES)}
    )


def _arguments(name: str, event: Tournament, incident_pk: int) -> dict[str, Any] | None:
    """Real arguments for the pattern ``name`` in ``event``; None for an action that only answers a POST."""
    pattern = get_resolver().reverse_dict.getlist(name)[0][0][0][1]
    values = {
        "slug": event.slug,
        "number": 1,
        "table_no": 1,
        "hand_no": 1,
        "username": "bob",
        "pk": incident_pk,
        "position": "A",
        "event": event.slug,  # a series' member event (the series has the event's slug: ``_event``)
    }
    if "action" in pattern or "key" in pattern:  # round actions and stored documents: POSTs and files
        return None
    if "table" in pattern:  # the configuration table the event's variant declares, by its word
        declared = event.rules.config_table
        if declared is None:
            return None
        values["table"] = declared.slug
    return {k: values[k] for k in pattern}


def _event(alice: Any, bob: Any, key: str) -> tuple[Tournament, Any, list[dict[str, Any]], int]:
    """A public ``key`` event with round 1 part-played at table 1; the table, the sample hands, an incident's id."""
    table = running_table(alice, key, hands=HANDS)
    event = table.round.tournament
    positions = sorted(table.seats.values_list("position", flat=True))
    for seed in range(50):  # a sample sequence the site takes whole (Taruk's misdeal history is the site's, §5.4)
        sequence = samples_of(key).random_hand_sequence(random.Random(f"words-{key}-{seed}"), HANDS, positions, "A")
        try:
            with transaction.atomic():
                for hand in sequence[:ENTERED]:
                    hands.enter_hand(bob, table, hand)
            break
        except hands.HandRejected:
            continue
    first = table.hands.get(number=1)
    hands.correct_hand(bob, first, sequence[0], expected_version=first.version, reason="Renonsz B")
    seated = [s.entry for s in table.seats.select_related("entry").order_by("position")]
    incident = incidents.open_incident(
        bob,
        event,
        kind="renonsz",
        finding="Renonsz B",
        table=table,
        hand_number=1,
        caller=seated[0],
        involved=seated[1:2],
    )
    incidents.rule(alice, incident, ruling="Renonsz B, 10. §", outcome="confirmed")
    incidents.sanction(alice, incident, seated[1], "warning", reason="Renonsz B")
    # A public series of this event alone, under the event's slug, so that its pages are read too.
    series = series_services.create_series(alice, name=event.name, slug=event.slug, points="event_total")
    series_services.update_series(alice, series, is_public=True)
    series_services.add_event(alice, series, event)
    return event, table, sequence, incident.pk


def _names(event: Tournament) -> list[str]:
    entries = Entry.objects.filter(tournament=event).select_related("player")
    return [
        event.name,
        event.slug,
        *(e.player.name for e in entries),
        *(e.player.club for e in entries if e.player.club),
        *(e.team for e in entries if e.team),
        "alice",
        "bob",
        "charlie",
        *TYPED,
        *_point_table_names(event),
    ]


def _point_table_names(event: Tournament) -> list[str]:
    """A Laza event's point table: its version and its rows' names, as the organizer typed them."""
    table = (event.config or {}).get("point_table") or {}
    return [table.get("version") or "", *(row.get("name") or "" for row in table.get("rows") or ())]


def _reader(user: Any, language: str) -> Client:
    client = client_for(user)
    client.cookies["django_language"] = language
    return client


def _read(client: Client, url: str, method: str = "get", data: Any = None) -> str | None:
    """The visible text of an HTML answer; None for a redirect, a refusal or anything not HTML."""
    response = getattr(client, method)(url, data, HTTP_ACCEPT_LANGUAGE=client.cookies["django_language"].value)
    if response.status_code != 200 or "text/html" not in response.get("Content-Type", ""):
        return None
    return visible_text(response.content.decode())


def _previews(client: Client, table: Any, key: str, hand: dict[str, Any]) -> Iterator[tuple[str, str | None]]:
    """The table page's preview of the next sample hand, then of the same hand with every number made 999."""
    url = reverse("hand-preview", args=[table.round.tournament.slug, 1, table.number])
    valid = {**rendered_form(client, table), **form_data(form_class(key).initial_from(hand))}
    yield "preview (valid hand)", _read(client, url, "post", valid)
    wrong = {k: ("999" if isinstance(v, str) and v.lstrip("-").isdigit() else v) for k, v in valid.items()}
    yield "preview (hand with errors)", _read(client, url, "post", wrong)


def _documents(client: Client, event: Tournament) -> Iterator[tuple[str, str | None]]:
    for state in ("", "?state=blank"):
        yield f"table protocol{state}", _read(client, reverse("table-protocol", args=[event.slug, 1, 1]) + state)
        yield f"round protocols{state}", _read(client, reverse("round-protocols", args=[event.slug, 1]) + state)
    yield "standings sheet", _read(client, reverse("standings-print", args=[event.slug]))


@pytest.mark.parametrize("key", KEYS)
def test_every_page_preview_and_document_speaks_only_the_readers_language(key, alice, bob, charlie):
    event, table, sequence, incident_pk = _event(alice, bob, key)
    fields = list(rendered_form(client_for(bob), table))
    allowed = _names(event) + [text for _why, texts in KNOWN.values() for text in texts(key, fields)]
    names = page_names()
    urls = {name: _arguments(name, event, incident_pk) for name in names}
    personas = {"public": None, "player": charlie, "referee": bob, "organizer": alice}
    problems: list[str] = []
    read = set()
    for language in LANGUAGES:
        Tournament.objects.filter(pk=event.pk).update(language=language)  # its documents speak it
        readers = {persona: _reader(user, language) for persona, user in personas.items()}
        texts: list[tuple[str, str, str | None]] = []
        for name, kwargs in urls.items():
            if kwargs is None:
                continue
            url = reverse(name, kwargs=kwargs)
            for persona, client in readers.items():
                texts.append((name, persona, _read(client, url)))
        previews = _previews(readers["referee"], table, key, sequence[ENTERED])
        texts += [(what, "referee", text) for what, text in previews]
        texts += [(what, "organizer", text) for what, text in _documents(readers["organizer"], event)]
        for page, persona, text in texts:
            if text is None:
                continue
            read.add(page)
            for offence in offences(text, allowed):
                if not is_open(page, offence):
                    problems.append(f"{language} {page} ({persona}): {offence}")
    assert not problems, f"{key}: {len(problems)} words a reader of the event's language cannot read:\n" + "\n".join(
        sorted(set(problems))
    )
    assert {"preview (valid hand)", "preview (hand with errors)", "table protocol?state=blank", "standings"} <= read
    assert {"series", "series-manage", "series-audit", "series-create"} <= read  # the series' pages were read
