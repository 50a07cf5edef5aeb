"""The API keeps its contract (issue 26 item 7): schemathesis runs every check over every operation of
``/api/schema/`` against an event with real data, and finds nothing.

Every operation the schema lists is a test of its own (``schema.parametrize``), so an endpoint added
later is covered without naming it here. The requests go through the WSGI application in this process:
its writes land in the test's database, and a 500 is the handler's answer, as a client would see it.

- The data (``seeded``): the event of ``running_event`` (Taruk 2012, round 1 running) with a hand at
  table 1, table 2 complete, an incident, a generated document, and a Laza tarokk event (its point
  table). It is made once for the module; each operation runs in a savepoint of it, rolled back after
  the operation (its examples share it). Path parameters are drawn from the identifiers that exist
  (``IDENTIFIERS``), so most requests reach an event, round, table, hand, seat, player, document or
  incident; negative cases still mutate them.
- Signed in with a token of the organizer; a request that revokes it (``DELETE /api/token/``) is answered,
  and the next one gets a token issued again (``Run.headers``): the run never loses its sign-in.
- Checks: every built-in check of schemathesis, with one narrowed: ``positive_data_acceptance`` (a
  schema-valid request is never answered 400) holds for reads only. A write is judged by rules no schema
  states — the game's rules (a tri only by the forehand), the event's state (close round 1 before drawing
  round 2), who exists (a referee's user name), a PIN — and answers 400 naming them. For writes
  ``the_schema_states_every_limit`` stands in: a schema-valid request is never refused for a limit the
  schema could state (a required, blank, null or missing value, a length, a range, a choice, a type).
- Strings hold no NUL (``allow-x00``): the API refuses U+0000 everywhere (PostgreSQL cannot store it),
  as the schema's description says; no JSON Schema keyword says it short of a pattern on every string.
- ``/api/schema/`` is drf-spectacular's own view: an unknown ``lang`` or ``format`` (the default language,
  a 404) is the library's leniency, not the API's; those two checks are off for it.
- Repeatable: a fixed seed and derandomized generation. The coverage phase (every boundary the schema
  states: blanks, lengths, ranges, missing values) runs whole; the fuzzing phase takes a few examples per
  operation, so the run stays within a minute.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
import schemathesis
from django.core.wsgi import get_wsgi_application
from hypothesis import HealthCheck, settings
from werkzeug.test import Client

EVENT = "ljubljana-open"
LAZA = "tarokk-laza-open"  # tests/tournaments/variant_tables.running_table's slug
# The identifiers the fixture makes, by path parameter name. Incidents are numbered here 1, 2, ... in the
# order the fixture opens them (``Run.incidents`` maps them to primary keys, which a database sequence
# does not restart for each test).
IDENTIFIERS: dict[str, list[Any]] = {
    "slug": [EVENT, LAZA],
    "number": [1],
    "table_no": [1, 2],
    "hand_no": [1, 2],
    "position": ["A", "B", "C", "D"],
    "start_number": list(range(1, 9)),
    "key": ["players-xlsx", "hands-xlsx"],
    "id": [1],
    "username": ["bob", "rita"],
}
# DRF's codes for a value outside what a field takes: the schema states each of these limits.
FORM_CODES = frozenset(
    {
        "required",
        "null",
        "blank",
        "empty",
        "max_length",
        "min_length",
        "max_value",
        "min_value",
        "invalid_choice",
        "not_a_list",
        "not_a_dict",
        "max_string_length",
        "no_name",
        "parse_error",
    }
)

CONFIG = schemathesis.Config.from_dict(
    {
        "seed": 26,
        "generation": {"max-examples": 3, "allow-x00": False, "deterministic": True, "database": "none"},
        "checks": {"enabled": True, "positive_data_acceptance": {"enabled": False}},
        "operations": [
            {"include-method": "GET", "checks": {"positive_data_acceptance": {"enabled": True}}},
            # drf-spectacular's own view: it answers the schema in the default language for a `lang` it does
            # not know, and 404 (undocumented) for a `format` it does not know. The library's, not the API's.
            {
                "include-path": "/api/schema/",
                "checks": {
                    "negative_data_rejection": {"enabled": False},
                    "status_code_conformance": {"enabled": False},
                },
            },
            # The hand body's boundaries (about 2,700 cases an operation: each field of each variant) are
            # tried whole where a body is first read: entering a hand (hand_enter) and correcting one
            # (hand_patch). A PUT correction is the same function with the same body as PATCH (only the
            # fields it starts from differ): it keeps its examples and fuzzing. The preview reads
            # hand_enter's body: its coverage keeps the valid boundaries, whose answer (a score) is its own.
            {"include-operation-id": "hand_correct", "phases": {"coverage": {"enabled": False}}},
            {
                "include-operation-id": "hand_preview",
                "phases": {"coverage": {"generation": {"mode": "positive"}}},
            },
        ],
        "dictionaries": {name: {"values": values} for name, values in IDENTIFIERS.items()},
        "parameters": {f"path.{name}": {"dictionary": name} for name in IDENTIFIERS},
    }
)

schema = schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application(), config=CONFIG)


@schemathesis.check
def the_schema_states_every_limit(ctx: Any, response: Any, case: Any) -> bool | None:
    """A request the schema allows is not refused for a limit the schema could have stated, nor for its
    media type."""
    if case.meta is None or not case.meta.generation.mode.is_positive:
        return None
    if response.status_code == 415:
        raise AssertionError("A media type the schema documents was refused (415).")
    if response.status_code != 400:
        return None
    errors = response.json().get("errors", [])
    unstated = [e for e in errors if e.get("code") in FORM_CODES]
    if unstated:
        raise AssertionError(f"A schema-valid request was refused for limits the schema leaves out: {unstated}")
    return None


class BufferedClient(Client):
    """The WSGI client, reading each answer whole and closing it (a file download's file included)."""

    def open(self, *args: Any, **kwargs: Any) -> Any:
        kwargs["buffered"] = True
        return super().open(*args, **kwargs)


@dataclass
class Run:
    user: Any
    incidents: dict[int, int]

    def headers(self) -> dict[str, str]:
        """The run's token, issued again if the run revoked it (``DELETE /api/token/``)."""
        from rest_framework.authtoken.models import Token

        token, _created = Token.objects.get_or_create(user=self.user)
        return {"Authorization": f"Token {token.key}"}


@pytest.fixture(scope="module")
def seeded(django_db_setup, django_db_blocker, tmp_path_factory) -> Any:
    """The data, made once for the module inside a transaction that is rolled back at its end; each
    operation's test runs in a savepoint of it (``db``), so its writes are undone before the next."""
    from django.db import transaction
    from django.test import override_settings

    from config.celery import app
    from tests.conftest import _user, enter_e1, make_event, make_organizer, start_event
    from tests.tournaments.variant_tables import running_table
    from tournaments.documents import files as documents
    from tournaments.documents import jobs
    from tournaments.incidents import services as incidents
    from tournaments.models import Table

    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    with django_db_blocker.unblock(), override_settings(MEDIA_ROOT=tmp_path_factory.mktemp("media")):
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            alice = make_organizer("alice")
            bob, _rita = _user("bob"), _user("rita")
            event = start_event(alice, make_event(alice))
            tables = Table.objects.filter(round__tournament=event, round__number=1).order_by("number")
            table1, table2 = tables
            enter_e1(bob, table1)
            enter_e1(bob, table2)
            enter_e1(bob, table2)
            incident = incidents.open_incident(alice, event, kind="conduct", finding="Talked", table=table1)
            row = jobs.request_document(alice, event, "players-xlsx")
            documents.generate(row.pk, row.fingerprint)
            running_table(alice, "tarokk-laza")
            yield Run(user=alice, incidents={1: incident.pk})
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)
            app.conf.task_always_eager = eager


@pytest.fixture
def run(seeded, db) -> Iterator[Run]:
    """``seeded`` in a savepoint of this operation. The WSGI handler closes the database connection at
    the end of each request (``close_old_connections``), which on PostgreSQL would end the test's
    transaction: not during the run, as Django's test client does."""
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield seeded
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


@schema.parametrize()
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
def test_every_operation_keeps_the_contract(case, run):
    if "id" in case.path_parameters:
        case.path_parameters["id"] = run.incidents.get(case.path_parameters["id"], case.path_parameters["id"])
    case.call_and_validate(headers=run.headers(), session=BufferedClient(get_wsgi_application()))
