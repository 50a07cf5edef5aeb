"""The REST API as the tests call it: the fixture event's address, the personas, one request helper and
the status a refused persona gets."""

from __future__ import annotations

import json
from typing import Any

from tests.conftest import client_for

EVENT = "/api/events/ljubljana-open/"
PERSONAS = ["alice", "bob", "rita", "charlie", None]


def persona(request: Any, name: str | None) -> Any:
    """A client signed in as the persona fixture ``name`` (None: the public)."""
    return client_for(request.getfixturevalue(name) if name else None)


def refused(name: str | None) -> int:
    """The public (no credentials) is told to sign in (401, "WWW-Authenticate: Token"); a signed-in
    user without the role is forbidden (403)."""
    return 401 if name is None else 403


def send(client: Any, method: str, url: str, data: Any = None) -> Any:
    """``method`` on ``url`` with ``data`` as a JSON body (no body without data)."""
    body = {} if data is None else {"data": json.dumps(data), "content_type": "application/json"}
    return getattr(client, method)(url, **body)


def errors(response: Any) -> set[tuple[str, str]]:
    """The (field, code) pairs of an error answer."""
    return {(e["field"], e["code"]) for e in response.json()["errors"]}
