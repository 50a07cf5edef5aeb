"""The forms a page renders, as a browser would post them: tests fill in what a person types and
post the rest (hidden fields, tokens, defaults) exactly as rendered."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class Form:
    action: str
    fields: dict[str, str] = field(default_factory=dict)
    buttons: dict[str, str] = field(default_factory=dict)

    def data(self, **typed: str) -> dict[str, str]:
        """The rendered fields with what the person typed; an unknown field is a test error."""
        unknown = set(typed) - set(self.fields)
        assert not unknown, f"the form has no field {unknown}"
        return {**self.fields, **typed}


class _Parser(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.forms: list[Form] = []
        self._select: str | None = None
        self._first_option = False
        self._textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.forms.append(Form(a.get("action", "")))
        elif tag == "option" and self._select and self.forms:
            fields = self.forms[-1].fields
            if "selected" in a or self._first_option:
                fields[self._select] = a.get("value", "")
            self._first_option = False
        elif not self.forms or "name" not in a:
            return
        elif tag == "input":
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio") and "checked" not in a:
                return
            target = self.forms[-1].buttons if kind == "submit" else self.forms[-1].fields
            target[a["name"]] = a.get("value", "on" if kind in ("checkbox", "radio") else "")
        elif tag == "button":
            self.forms[-1].buttons[a["name"]] = a.get("value", "")
        elif tag == "select":
            self._select, self._first_option = a["name"], True
            self.forms[-1].fields[a["name"]] = ""
        elif tag == "textarea":
            self._textarea = a["name"]
            self.forms[-1].fields[a["name"]] = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None

    def handle_data(self, data: str) -> None:
        if self._textarea and self.forms:
            self.forms[-1].fields[self._textarea] += data


def forms(html: str | bytes) -> list[Form]:
    parser = _Parser()
    parser.feed(html.decode() if isinstance(html, bytes) else html)
    return parser.forms


def form(html: str | bytes, action_ends: str) -> Form:
    """The one form whose action ends with ``action_ends``."""
    found = [f for f in forms(html) if f.action.endswith(action_ends)]
    assert len(found) == 1, f"{len(found)} forms post to …{action_ends}"
    return found[0]
