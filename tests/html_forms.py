"""The forms a page renders, as a browser would post them: tests fill in what a person types and
post the rest (hidden fields, tokens, defaults, the chosen options) exactly as rendered."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any


@dataclass
class Form:
    action: str
    method: str = "get"
    fields: dict[str, str] = field(default_factory=dict)  # what the browser would send
    names: list[str] = field(default_factory=list)  # every control the form renders
    buttons: dict[str, str] = field(default_factory=dict)

    def data(self, **typed: str) -> dict[str, str]:
        """The rendered fields with what the person typed; an unknown field is a test error."""
        unknown = set(typed) - set(self.fields) - set(self.names)  # a radio group with none chosen sends nothing
        assert not unknown, f"the form has no field {unknown}"
        return {**self.fields, **typed}


class _Parser(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.forms: list[Form] = []
        self._form: Form | None = None
        self._select: str | None = None
        self._first_option = False
        self._textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self._form = Form(a.get("action", ""), (a.get("method") or "get").lower())
            self.forms.append(self._form)
            return
        form = self._form
        if form is None:
            return
        if tag == "option" and self._select:
            if "selected" in a or self._first_option:
                form.fields[self._select] = a.get("value", "")
            self._first_option = False
        elif "name" not in a:
            return
        elif tag == "input":
            kind = a.get("type", "text")
            form.names.append(a["name"])
            if kind in ("checkbox", "radio") and "checked" not in a:
                return
            if kind == "submit":
                form.buttons[a["name"]] = a.get("value", "")
            elif kind != "button":
                form.fields[a["name"]] = a.get("value", "on" if kind in ("checkbox", "radio") else "")
        elif tag == "button":
            form.buttons[a["name"]] = a.get("value", "")
        elif tag == "select":
            form.names.append(a["name"])
            self._select, self._first_option = a["name"], True
            form.fields[a["name"]] = ""
        elif tag == "textarea":
            form.names.append(a["name"])
            self._textarea = a["name"]
            form.fields[a["name"]] = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None

    def handle_data(self, data: str) -> None:
        if self._textarea and self._form is not None:
            self._form.fields[self._textarea] += data


def forms(html: str | bytes) -> list[Form]:
    parser = _Parser()
    parser.feed(html.decode() if isinstance(html, bytes) else html)
    return parser.forms


def form(html: str | bytes, action_ends: str) -> Form:
    """The one form whose action ends with ``action_ends``."""
    found = [f for f in forms(html) if f.action.endswith(action_ends)]
    assert len(found) == 1, f"{len(found)} forms post to …{action_ends}"
    return found[0]


def form_with(html: str | bytes, field_name: str, action_contains: str = "") -> Form:
    """The page's form that renders ``field_name`` (and whose action contains the text given)."""
    for f in forms(html):
        if field_name in f.names and action_contains in f.action:
            return f
    raise AssertionError(f"no form with the field {field_name!r} (action ~ {action_contains!r}) on the page")


def submit(client: Any, page_url: str, field_name: str, values: dict, action_contains: str = "", **kwargs: Any):
    """GET the page, fill the rendered form that has ``field_name``, POST it to its action."""
    response = client.get(page_url)
    assert response.status_code == 200, response.status_code
    found = form_with(response.content, field_name, action_contains)
    unknown = set(values) - set(found.names)
    assert not unknown, f"the form does not render {unknown}"
    return client.post(found.action or page_url, {**found.fields, **values}, **kwargs)
