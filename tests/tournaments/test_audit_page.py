"""The organizers' audit page: every entry reachable page by page, filtered by round and table."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.db.models import QuerySet

from tests.conftest import client_for
from tests.support.events import seated_event, tables
from tests.support.taruk_hands import enter
from tournaments.history import audit
from tournaments.models import AuditEntry, Table


@pytest.fixture
def seated(event, alice):
    seated_event(event, alice, [f"Igralec {i}" for i in range(1, 9)], hands_per_round=12)
    event.refresh_from_db()
    return event


def reasons(html: str) -> list[str]:
    return re.findall(r"note (\d+)\b", html)


def test_the_audit_page_reaches_the_oldest_of_many_entries_page_by_page(seated, alice):
    table = Table.objects.filter(round__tournament=seated).first()
    for i in range(620):
        audit.log(alice, "table.noted", table, tournament=seated, reason=f"note {i}")
    client = client_for(alice)
    first = client.get(f"/e/{seated.slug}/manage/audit/")
    assert first.status_code == 200
    html = first.content.decode()
    assert "note 619" in html and "note 0<" not in html
    seen = set(reasons(html))
    page = 2
    while f"?page={page}" in html:
        html = client.get(f"/e/{seated.slug}/manage/audit/?page={page}").content.decode()
        seen |= set(reasons(html))
        page += 1
    assert seen == {str(i) for i in range(620)}


def test_a_page_holds_the_fifty_latest_entries_in_the_order_they_were_written(seated, alice):
    """Newest first by the order written, even where a server's clock stepped back between two entries;
    fifty a page (the page's cost does not grow with the event's log)."""
    table = Table.objects.filter(round__tournament=seated).first()
    for i in range(60):
        audit.log(alice, "table.noted", table, tournament=seated, reason=f"note {i}")
    last = AuditEntry.objects.get(reason="note 59")
    # The log refuses updates; the clock's step back is written past its guard, as the database would hold it.
    QuerySet.update(AuditEntry.objects.filter(pk=last.pk), created_at=last.created_at - timedelta(hours=1))
    html = client_for(alice).get(f"/e/{seated.slug}/manage/audit/").content.decode()
    assert reasons(html) == [str(i) for i in range(59, 9, -1)]  # notes 59 down to 10: fifty


def test_the_audit_page_filters_by_round_and_table(seated, alice, bob):
    one, two = tables(seated)
    enter(bob, one, 1)
    enter(bob, two, 1)
    client = client_for(alice)
    page = client.get(f"/e/{seated.slug}/manage/audit/")
    assert 'name="table"' in page.content.decode() and 'name="round"' in page.content.decode()
    html = client.get(f"/e/{seated.slug}/manage/audit/", {"round": "1", "table": "2"}).content.decode()
    rows = re.findall(r'<td data-action="(hand\.entered)">hand entered</td>', html)
    assert len(rows) == 1
    assert AuditEntry.objects.filter(action="hand.entered").count() == 2
    assert "round.published" not in html


@pytest.mark.parametrize("query", ["?page=999", "?page=x", "?round=x&table=-1", "?round=99999999999999"])
def test_odd_page_and_filter_values_do_not_break_the_audit_page(seated, alice, query):
    assert client_for(alice).get(f"/e/{seated.slug}/manage/audit/{query}").status_code == 200
