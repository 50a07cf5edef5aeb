"""Read the forms a page renders, so that a test posts what a person's browser would post."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class RenderedForm:
    action: str
    method: str
    fields: dict[str, str] = field(default_factory=dict)
    names: list[str] = field(default_factory=list)


class _Forms(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.forms: list[RenderedForm] = []
        self._form: RenderedForm | None = None
        self._textarea: str | None = None
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = dict(attrs)
        if tag == "form":
            self._form = RenderedForm(a.get("action") or "", (a.get("method") or "get").lower())
            self.forms.append(self._form)
        elif self._form is None:
            return
        elif tag == "input" and a.get("name"):
            self._form.names.append(a["name"])
            if a.get("type") in ("checkbox", "radio") and "checked" not in a:
                return
            if a.get("type") not in ("submit", "button"):
                self._form.fields[a["name"]] = a.get("value") or ""
        elif tag == "textarea" and a.get("name"):
            self._form.names.append(a["name"])
            self._textarea = a["name"]
            self._form.fields[a["name"]] = ""
        elif tag == "select" and a.get("name"):
            self._form.names.append(a["name"])
            self._select = a["name"]
        elif tag == "option" and self._select and ("selected" in a or self._select not in self._form.fields):
            self._form.fields[self._select] = a.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "textarea":
            self._textarea = None
        elif tag == "select":
            self._select = None

    def handle_data(self, data: str) -> None:
        if self._form is not None and self._textarea:
            self._form.fields[self._textarea] += data


def forms_of(html: str | bytes) -> list[RenderedForm]:
    parser = _Forms()
    parser.feed(html.decode() if isinstance(html, bytes) else html)
    return parser.forms


def form_with(html: str | bytes, field_name: str, action_contains: str = "") -> RenderedForm:
    """The page's form that renders ``field_name`` (and whose action contains the text given)."""
    for f in forms_of(html):
        if field_name in f.names and action_contains in f.action:
            return f
    raise AssertionError(f"no form with the field {field_name!r} (action ~ {action_contains!r}) on the page")


def submit(client, page_url: str, field_name: str, values: dict, action_contains: str = "", **kwargs):
    """GET the page, fill the rendered form that has ``field_name``, POST it to its action."""
    response = client.get(page_url)
    assert response.status_code == 200, response.status_code
    form = form_with(response.content, field_name, action_contains)
    unknown = set(values) - set(form.names)
    assert not unknown, f"the form does not render {unknown}"
    return client.post(form.action or page_url, {**form.fields, **values}, **kwargs)
