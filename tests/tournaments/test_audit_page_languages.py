"""The audit page and the API's audit entries after a real correction, read in Hungarian and Slovenian:
each entry is a sentence in the reader's language; no key, no JSON, no database id, no English word."""

from __future__ import annotations

import re
from html import unescape

import pytest

from tests.conftest import client_for
from tests.html_forms import form_with
from tests.support.table_page import BASE, post_hand

ENGLISH = ("made", "failed", "hand", "table", "round", "points", "before", "after", "corrected", "by")
AUDIT = "/e/ljubljana-open/manage/audit/"


@pytest.fixture
def corrected(running_event, bob):
    """E1 entered by bob, then corrected through the rendered correction form: 48 → 30 card points."""
    client = client_for(bob)
    assert post_hand(client).status_code == 302
    page = client.get(BASE.format(1) + "hands/1/").content.decode()
    form = form_with(page, "reason")
    response = client.post(form.action or BASE.format(1) + "hands/1/", form.data(card_points="30", reason="recount"))
    assert response.status_code == 302
    return running_event


def reader(user, lang):
    client = client_for(user)
    client.cookies["django_language"] = lang
    return client


def sentences(html: str) -> list[str]:
    """The text of the page's sentence cells, without the stored record behind its summary."""
    cells = re.findall(r'<td class="sentence">(.*?)</td>', html, re.S)
    return [
        unescape(re.sub(r"<[^>]+>", "", re.sub(r"<details.*?</details>", "", c, flags=re.S))).strip() for c in cells
    ]


def visible_text(html: str) -> str:
    body = html[html.index("<body") :]
    body = re.sub(r"<(script|style|details)\b.*?</\1>", " ", body, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", body))


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("hu", "1. forduló, 1. asztal, 1. leosztás: bob játékvezető javította "),
        ("sl", "1. krog, 1. miza, 1. igra popravljena – sodnik bob ob "),
    ],
)
def test_the_audit_page_tells_the_correction_in_the_readers_language(corrected, alice, lang, expected):
    html = reader(alice, lang).get(AUDIT).content.decode()
    said = sentences(html)
    correction = next(s for s in said if s.startswith(expected))
    assert "48 → 30" in correction and "(" in correction and "recount" in correction
    text = visible_text(html)
    assert "{" not in text and "_id" not in text and "#" not in text
    words = {w.lower() for w in re.findall(r"[A-Za-z]+", " ".join(said))}
    assert not words & set(ENGLISH), words & set(ENGLISH)
    assert "<details" in html and "&quot;card_points&quot;: 30" in html  # the raw record stays one click away


def test_the_api_gives_each_entry_its_sentence_in_the_requests_language(corrected, alice):
    data = client_for(alice).get("/api/events/ljubljana-open/audit/", HTTP_ACCEPT_LANGUAGE="hu").json()
    entry = next(e for e in data["results"] if e["action"] == "hand.corrected")
    assert entry["before"]["input"]["card_points"] == 48 and entry["after"]["input"]["card_points"] == 30
    assert entry["text"].startswith("1. forduló, 1. asztal, 1. leosztás: bob játékvezető javította ")
    assert "a felvevő párt kártyapontjai 48 → 30" in entry["text"]


def test_each_entrys_changes_are_worded_once_per_language_and_read_again_the_same(corrected, alice, monkeypatch):
    """The audit page words an entry's changes (the hand form's layout: its cost) once per language; the
    next reading takes the same words from the cache, and another language words them anew."""
    from tournaments.history import audit_text

    worded: list[str] = []
    real = audit_text.changes

    def counting(action, *args):
        worded.append(action)
        return real(action, *args)

    monkeypatch.setattr(audit_text, "changes", counting)
    first = sentences(reader(alice, "hu").get(AUDIT).content.decode())
    entries = len(worded)
    assert entries >= 2 and "hand.corrected" in worded  # the entry and the correction, at least
    assert sentences(reader(alice, "hu").get(AUDIT).content.decode()) == first
    assert len(worded) == entries  # nothing worded again
    slovenian = sentences(reader(alice, "sl").get(AUDIT).content.decode())
    assert len(worded) == 2 * entries and slovenian != first
