"""Generated documents as a person fetches them: a GET whose queued jobs run when its transaction
commits, and a file answer read to its end."""

from __future__ import annotations

from typing import Any

from tests.conftest import client_for


def get(user: Any, url: str, capture: Any) -> Any:
    """GET ``url``; tasks queued by the request run when its transaction commits (eagerly here).

    Inside a test's transaction that is after the response, so a document that had to be
    generated answers 202 (the progress page) first and the file on the next request.
    """
    with capture(execute=True):
        response = client_for(user).get(url)
    if response.status_code == 202:
        response = client_for(user).get(url)
    return read(response)


def read(response: Any) -> Any:
    """A file response's bytes as ``response.body``; reading to the end closes the file, as a
    WSGI server would (closing again would fire request_finished a second time)."""
    if response.streaming:
        response.body = b"".join(response.streaming_content)
    return response
