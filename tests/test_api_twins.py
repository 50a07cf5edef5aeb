"""Every page has its API twin: what a person does or reads on the pages, a club's script can do or
read through ``/api/`` (issue 11). A new page fails this test until it names its twin here."""

from __future__ import annotations

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from tests.conftest import client_for

# Page (URL name) -> the API operations that do the same. Actions first, then what pages show.
ACTIONS = {
    "tournament-create": ["event_create"],
    "tournament-edit": ["event_update"],
    "staff": ["organizer_add", "referee_account_create", "referee_set"],
    "referee-remove": ["referee_remove"],
    "referee-tables": ["referee_set"],
    "players": ["entry_register", "entry_late_add"],
    "players-import": ["entries_import"],
    "entry-status": ["entry_status"],
    "entry-edit": ["entry_edit"],
    "entry-pin": ["entry_new_pin"],
    "rounds": ["round_draw", "round_redraw", "round_reseat"],
    "round-action": ["round_action", "round_close", "round_reopen"],
    "round-adjust": ["round_adjust"],
    "config-table-edit": ["point_table_replace"],  # Laza's; every declared table has its pair
    "config-table-upload": ["point_table_replace"],
    "readings-confirm": ["readings_change"],
    "document-generate": ["document_generate"],
    "hand-preview": ["hand_preview"],
    "hand-enter": ["hand_enter"],
    "hand-edit": ["hand_correct", "hand_delete"],
    "hand-edit-preview": ["hand_preview"],  # the API's preview with ?hand=
    "table-confirm": ["table_confirm"],
    "table-confirm-judge": ["table_confirm_judge"],
    "table-time-up": ["table_time_up"],
    "seat-confirm": ["seat_confirm"],
    "incident-open": ["incident_open"],
    "incident-rule": ["incident_rule"],
    "incident-protest": ["incident_protest"],
    "incident-decide": ["incident_decide"],
    "incident-sanction": ["incident_sanction"],
    "judge-rights": ["judge_set"],
    "person-merge": ["person_merge"],
    "series-create": ["series_create"],
    "series-manage": ["series_update", "series_detail", "series_final"],
    "series-event-add": ["series_event_add"],
    "series-event": ["series_event_update", "series_event_remove"],
    "series-final-fill": ["series_final_fill"],
    "series-final-decline": ["series_final_decline"],
    "series-organizer-add": ["series_organizer_add"],
}
READS = {
    "home": ["events_list"],
    "tournament": ["event_detail"],
    "audit-log": ["audit_log"],
    "pin-slips": ["pins_list"],
    "pin-slips-pdf": ["pins_list"],
    "player": ["player_page"],
    "seat-lookup": ["seat_lookup"],
    "seating-print": ["round_detail"],
    "round": ["round_detail", "round_repeats"],
    "round-clock": ["round_detail"],
    "standings": ["standings"],
    "live-json": ["live"],
    "hall": ["live"],
    "config-table": ["point_table"],
    "config-table-csv": ["point_table"],
    "config-table-xlsx": ["point_table"],
    "documents": ["documents_list"],
    "document-download": ["document_download"],
    "document-status": ["document_status"],
    "round-protocols": ["document_generate", "document_download"],
    "table-protocol": ["table_detail"],
    "table-protocol-pdf": ["table_detail"],
    "standings-print": ["standings"],
    "table": ["table_detail", "hands_list"],
    "table-json": ["table_detail"],
    "table-seat": ["seat_detail"],
    "judge-desk": ["incidents_list"],
    "incident": ["incident_detail"],
    "incident-report": ["incidents_list"],
    "incident-report-pdf": ["incidents_list"],
    "player-discipline": ["player_discipline"],
    "person": ["person_detail"],
    "series": ["series_ladder"],
    "series-pdf": ["series_ladder"],
    "series-xlsx": ["series_ladder"],
    "series-audit": ["series_audit"],
}
# Pages of the framework itself, not of an event.
NOT_EVENT_PAGES = {
    "login",
    "logout",
    "password_change",
    "password_change_done",
    "password_reset",
    "password_reset_done",
    "password_reset_confirm",
    "password_reset_complete",
    "set_language",
    "health",
    "api-schema",
    "api-docs",
    "api-token",
    "offline-worker",  # the table page's service worker script (static/js/sw.js)
}


def _page_names(patterns, namespace: str = "") -> set[str]:
    names = set()
    for p in patterns:
        if isinstance(p, URLResolver):
            if p.namespace in ("admin", "api"):
                continue
            names |= _page_names(p.url_patterns, p.namespace or namespace)
        elif isinstance(p, URLPattern) and p.name and not namespace:
            names.add(p.name)
    return names


def test_every_page_names_its_api_twin():
    pages = _page_names(get_resolver().url_patterns) - NOT_EVENT_PAGES
    missing = sorted(pages - set(ACTIONS) - set(READS))
    assert not missing, f"pages without an API twin: {missing}"
    stale = sorted((set(ACTIONS) | set(READS)) - pages)
    assert not stale, f"twins of pages that no longer exist: {stale}"


@pytest.mark.django_db
def test_every_named_twin_is_an_operation_of_the_schema(alice):
    schema = client_for(alice).get("/api/schema/", HTTP_ACCEPT="application/json").json()
    operations = {
        op["operationId"]
        for path in schema["paths"].values()
        for op in path.values()
        if isinstance(op, dict) and "operationId" in op
    }
    named = {op for ops in [*ACTIONS.values(), *READS.values()] for op in ops}
    assert named - operations == set()
