"""Refuse NUL characters in user input before any view sees them.

PostgreSQL cannot store a NUL (0x00) in a text column nor ``\\u0000`` in jsonb, so such input
would end as a database error (a 500) wherever it reached a query; SQLite would store it. No
field of ours may contain one, so the request is answered 400 naming the field. Forms already
refuse NUL (Django's CharField), but views also read raw values (a seat letter, a PIN, a
version) and the API and the hand-entry JSON tab take JSON bodies. Uploaded files are not
inspected (an XLSX is binary).

Two more kinds of JSON would fail deeper down, whatever the URL: JSON nested hundreds deep
(Python's parser, and every recursive walk after it, runs out of stack: a RecursionError) and a
string holding a lone UTF-16 surrogate (``"\\ud800"`` is valid JSON but no UTF-8 text, so
saving it fails). Both are refused here too, in JSON bodies and in form fields holding JSON
(the hand form's JSON tab).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.utils.translation import gettext as _

from scoring.common import NUL
from tournaments.nul import nul_message

API_PREFIX = "/api/"
# Deeper than any document of ours (a hand is four levels deep); far below the parser's stack limit.
MAX_JSON_DEPTH = 32
# Lists, objects and values (counted by their brackets, commas and quotes, inside strings too): more than any
# request of ours holds (a hand a few dozen, the Laza point table a few hundred), few enough that
# everything after the count is cheap. Every JSON body is checked before any sign-in is.
MAX_JSON_VALUES = 10_000
# A string (escapes included), or one bracket: what the depth scan steps through.
_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')


def too_deep_message(field: str) -> str:
    return _("%(field)s: the JSON is nested more than %(n)d levels deep.") % {"field": field, "n": MAX_JSON_DEPTH}


def too_many_message(field: str) -> str:
    return _("%(field)s: the JSON holds more than %(n)d values.") % {"field": field, "n": MAX_JSON_VALUES}


def surrogate_message(field: str) -> str:
    return _("%(field)s: contains an invalid character (a lone UTF-16 surrogate).") % {"field": field}


def json_values(text: str) -> int:
    """How many lists, objects and values ``text`` holds at most (brackets, commas and strings' quotes,
    counted at C speed)."""
    return text.count("[") + text.count("{") + text.count(",") + text.count('"') // 2


def json_depth(text: str) -> int:
    """How deep ``[`` and ``{`` nest in JSON text, brackets inside strings ignored, counted up to
    MAX_JSON_DEPTH + 1 (it stops there): measured before parsing, so that no parser is asked to go
    deeper, and without recursion. Its cost follows the strings and brackets of ``text``, which
    ``json_values`` bounds first."""
    if text.count("[") + text.count("{") <= MAX_JSON_DEPTH:  # the common case, at C speed
        return text.count("[") + text.count("{")
    depth = deepest = 0
    for token in _TOKENS.finditer(text):
        ch = token.group()
        if ch in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                return depth
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _bad_string(value: str, nul: bool = True) -> str | None:
    """The message kind for a string no field may hold: a NUL, or a lone surrogate."""
    if nul and NUL in value:
        return "nul"
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return "surrogate"
    return None


def _json_problem(text: str, field: str, nul: bool = True) -> tuple[str, str] | None:
    """(field path, message) for JSON text nested too deep or holding a lone surrogate (or a NUL,
    unless ``nul`` is false: the hand actions name an escaped NUL in the form's JSON tab themselves)."""
    if json_values(text) > MAX_JSON_VALUES:
        return field or "body", too_many_message(field or "body")
    if json_depth(text) > MAX_JSON_DEPTH:
        return field or "body", too_deep_message(field or "body")
    try:
        data = json.loads(text)
    except ValueError:
        return None  # not JSON: the view answers that itself
    stack: list[tuple[str, object]] = [(field, data)]
    while stack:  # iterative: the depth is bounded, but no recursion is needed
        path, value = stack.pop()
        children: list[tuple[str, object]] = []
        if isinstance(value, dict):
            for key, item in value.items():
                child = f"{path}.{key}" if path else str(key)
                kind = _bad_string(str(key), nul)
                if kind:
                    return _problem(child, kind)
                children.append((child, item))
        elif isinstance(value, list):
            children = [(f"{path}.{i}" if path else str(i), item) for i, item in enumerate(value)]
        elif isinstance(value, str):
            kind = _bad_string(value, nul)
            if kind:
                return _problem(path, kind)
        stack.extend(reversed(children))
    return None


def _problem(field: str, kind: str) -> tuple[str, str]:
    field = field or "body"
    return field, nul_message(field) if kind == "nul" else surrogate_message(field)


def _first_problem(request: HttpRequest) -> tuple[str, str] | None:
    # The API parses JSON only (a form body answers 415 there): its POST is left unread.
    form = request.method == "POST" and not request.path.startswith(API_PREFIX)
    for query in [request.GET] + ([request.POST] if form else []):
        for key, values in query.lists():
            if NUL in key or any(NUL in v for v in values):
                return key, nul_message(key or "body")
            for v in values:
                if v.lstrip()[:1] in ("[", "{"):  # a field holding JSON (the hand form's JSON tab)
                    problem = _json_problem(v, key, nul=False)
                    if problem:
                        return problem
    if request.content_type == "application/json" and request.body:
        try:
            text = request.body.decode("utf-8")
        except UnicodeDecodeError:
            return None  # not JSON: the view answers that itself
        return _json_problem(text, "")
    return None


class RejectNulMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        problem = _first_problem(request)
        if problem is None:
            return self.get_response(request)
        field, message = problem
        if request.path.startswith(API_PREFIX) or request.content_type == "application/json":
            return JsonResponse({"errors": [{"field": field, "code": "invalid_value", "message": message}]}, status=400)
        return HttpResponseBadRequest(message, content_type="text/plain; charset=utf-8")
