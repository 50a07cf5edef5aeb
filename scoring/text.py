"""The engine's words and sentences in the reader's language, without importing Django.

A breakdown line or an error message is a ``Msg``: a ``str`` whose value is the English
text (so code and tests that read English keep working, ``"; ".join`` included), carrying
the message id it was made from and its named arguments, so that it can be rendered later
in another language::

    _("%(bid)s made", bid=_("parti"))      # str value "parti made"; .msgid, .args kept
    render(line, "hu")                      # the same line in Hungarian

Writing messages (the engine's side):

- ``_("literal")`` or ``_("literal with %(name)s", name=value)``. The msgid is a plain
  literal, never an f-string or a computed string: ``makemessages`` (xgettext) extracts
  every ``_("...")`` call into the project's catalogues, ``locale/<lang>/LC_MESSAGES/django.po``,
  and one catalogue serves the site and the engine. Placeholders are always ``%(name)s``:
  every argument is rendered to text first.
- An argument is a number (``int``, ``float``, ``Decimal``: formatted per language when
  rendered, a decimal comma in Slovenian and Hungarian; whole numbers are written plainly,
  without grouping, as on the paper sheet), a plain ``str`` (a seat letter, a field path,
  a value the referee typed: never translated), another ``Msg`` (a game's name, a bid, the
  words "made"/"failed": rendered recursively) or a ``Seq`` (parts joined by a separator
  that is punctuation, e.g. the payments of a line joined by "; ").

Rendering (the site's, the command line's side): ``render(item, lang)`` translates with the
standard library's ``gettext`` reading the compiled catalogues (``django.mo``, domain
"django"). A plain ``str`` (a line of a hand stored before lines were messages, or a message
of the site) renders as itself; a msgid missing from the catalogue, or a translation whose
placeholders do not match, falls back to English.

Storing: ``to_json`` turns a line into JSON that a database keeps and ``from_json`` reads back
(hand-format.md's breakdown, stored with a hand, re-rendered in each reader's language):

- a plain line stays a JSON string;
- a ``Msg`` line is ``{"text": <English>, "id": <msgid>, "args": {<name>: <argument>}}``
  (``args`` left out when empty; ``text`` is for people and programs reading the raw JSON),
  a ``Seq`` line ``{"text": <English>, "join": <separator>, "parts": [...]}``;
- an argument is a JSON number, a string, a nested message ``{"id": ..., "args": ...}`` or a
  sequence ``{"join": <separator>, "parts": [<argument>, ...]}``.
"""

from __future__ import annotations

import gettext
import json
from collections.abc import Iterable, Mapping
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Any

# The project's catalogues (settings.LOCALE_PATHS of the site), found from here so that the
# engine needs no settings.
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "django"
DECIMAL_COMMA = frozenset({"sl", "hu"})


class Msg(str):
    """A message: the English text as the string, ``msgid`` and ``args`` beside it."""

    msgid: str
    args: dict[str, Any]

    def __new__(cls, msgid: str, /, **args: Any) -> Msg:
        # English: every argument as ``%s`` writes it (a Msg or Seq is its English text already).
        self = str.__new__(cls, msgid % args if args else msgid)
        self.msgid = msgid
        self.args = args
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.msgid, self.args))


class Seq(str):
    """Parts (messages, numbers, text) joined by ``sep``; the string is the English text."""

    sep: str
    parts: list[Any]

    def __new__(cls, sep: str, parts: Iterable[Any]) -> Seq:
        return join(sep, parts)  # one way to build one (Seq has no subclasses)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Seq, (self.sep, self.parts))


class Plural(Msg):
    """A message whose words depend on a number ``n``: the singular msgid, the plural, ``n`` and the
    arguments. English takes the singular for 1; another language its catalogue's plural form. The
    argument ``n`` (the count itself) stays a whole number, so its placeholder may be ``%(n)d``."""

    plural: str
    n: int

    def __new__(cls, singular: str, plural: str, n: int, /, **args: Any) -> Plural:
        self = super().__new__(cls, singular if n == 1 else plural, **args)
        self.msgid, self.plural, self.n = singular, plural, n
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild_plural, (self.msgid, self.plural, self.n, self.args))


def _rebuild(msgid: str, args: dict[str, Any]) -> Msg:
    return Msg(msgid, **args)


def _rebuild_plural(singular: str, plural: str, n: int, args: dict[str, Any]) -> Plural:
    return Plural(singular, plural, n, **args)


# ``_("msgid", name=value)``: a message. ``ngettext("singular", "plural", n, n=n)``: a message by a
# number (makemessages reads both names). ``join(sep, parts)``: parts joined by ``sep`` (punctuation:
# it is not translated).
#
# ``_`` and ``join`` run for every line of every hand, a dozen times a hand: they build the same
# object as ``Msg(...)`` and ``Seq(...)`` without the class call (``type.__call__`` dispatching to
# ``__new__`` and then ``__init__``), a third of a message's cost.
_new_str = str.__new__


def _(msgid: str, /, **args: Any) -> Msg:
    """``Msg(msgid, **args)``, faster (see above)."""
    self = _new_str(Msg, msgid % args if args else msgid)
    self.msgid = msgid
    self.args = args
    return self


def join(sep: str, parts: Iterable[Any]) -> Seq:
    """``Seq(sep, parts)``, faster (see above)."""
    if type(parts) is not list:
        parts = list(parts)
    try:
        text = sep.join(parts)
    except TypeError:  # a number among the parts
        text = sep.join([str(p) for p in parts])
    self = _new_str(Seq, text)
    self.sep = sep
    self.parts = parts
    return self


ngettext = Plural


def _number(value: Any, lang: str) -> str:
    """A number as ``lang`` writes it: "2.5" in English (as ``%s`` does), "2,5" in Slovenian
    and Hungarian; whole numbers without grouping, as on the paper sheet."""
    text = str(value)
    return text.replace(".", ",") if lang in DECIMAL_COMMA and not isinstance(value, int) else text


@lru_cache(maxsize=16)
def catalogue(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (English, or a missing one: the msgids themselves)."""
    return gettext.translation(DOMAIN, str(LOCALE_DIR), languages=[lang], fallback=True)


def language(code: str | None) -> str:
    """ "en", "sl" or "hu" from a language code such as "hu", "sl-SI" or None (English)."""
    base = (code or "en").split("-")[0].split("_")[0].lower()
    return base if base in DECIMAL_COMMA else "en"


def render(item: Any, lang: str | None = None) -> str:
    """``item`` (a Msg, a Seq, a number or plain text) as text in ``lang`` (None: English)."""
    lang = language(lang)
    if lang == "en" and isinstance(item, str):
        return str.__str__(item)
    return _render(item, catalogue(lang), lang)


def render_all(items: Iterable[Any], lang: str | None = None) -> list[str]:
    """``[render(item, lang) for item in items]``, the language and its catalogue looked up once (an
    answer's breakdown: a dozen lines, thousands of answers in a batch)."""
    lang = language(lang)
    tr = catalogue(lang)
    if lang == "en":
        as_text = str.__str__
        return [as_text(item) if isinstance(item, str) else _render(item, tr, lang) for item in items]
    return [_render(item, tr, lang) for item in items]


def _render(item: Any, tr: gettext.NullTranslations, lang: str) -> str:
    if isinstance(item, Msg):
        text = tr.ngettext(item.msgid, item.plural, item.n) if isinstance(item, Plural) else tr.gettext(item.msgid)
        if not item.args:
            return text
        args = {k: _render(v, tr, lang) for k, v in item.args.items()}
        if isinstance(item, Plural) and item.args.get("n") == item.n:
            args["n"] = item.n  # the number the sentence is chosen by, whole: "%(n)d" or "%(n)s"
        try:
            return text % args
        except (KeyError, ValueError, TypeError):  # a translation that does not fit its msgid
            english = item.msgid if not isinstance(item, Plural) or item.n == 1 else item.plural
            return english % args
    if isinstance(item, Seq):
        return item.sep.join([_render(p, tr, lang) for p in item.parts])
    if isinstance(item, str):
        return str.__str__(item)
    if isinstance(item, (int, float, Decimal)):
        return _number(item, lang)
    return str(item)


def as_is(state: Mapping[str, Any], told: Iterable[str] = ()) -> list[str]:
    """Each member of a table's state that no sentence tells (``told``: the keys that one does) as it
    is, ``key: value``: nothing the engine carries is hidden."""
    skip = set(told)
    return [f"{key}: {json.dumps(value, ensure_ascii=False)}" for key, value in state.items() if key not in skip]


# --- storing ----------------------------------------------------------------------------------


def to_json(item: Any) -> Any:
    """A line as JSON to store (see the module docstring); a plain str stays a str."""
    if isinstance(item, (Msg, Seq)):
        return {"text": str.__str__(item), **_arg_json(item)}
    return _arg_json(item)


def _arg_json(value: Any) -> Any:
    if isinstance(value, Msg):
        out: dict[str, Any] = {"id": value.msgid}
        if isinstance(value, Plural):
            out.update(plural=value.plural, n=value.n)
        if value.args:
            out["args"] = {k: _arg_json(v) for k, v in value.args.items()}
        return out
    if isinstance(value, Seq):
        return {"join": value.sep, "parts": [_arg_json(p) for p in value.parts]}
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, Decimal):
        return float(value)
    return value


def from_json(value: Any) -> Any:
    """A stored line (or argument) back as a Msg, a Seq or the plain value it was."""
    if isinstance(value, dict):
        if isinstance(value.get("id"), str):
            args = value.get("args")
            args = {str(k): from_json(v) for k, v in args.items()} if isinstance(args, dict) else {}
            try:
                value["id"] % args  # do the arguments still fit the msgid?
                if isinstance(value.get("plural"), str) and isinstance(value.get("n"), int):
                    return Plural(value["id"], value["plural"], value["n"], **args)
                return Msg(value["id"], **args)
            except (KeyError, ValueError, TypeError):  # stored by another version of the msgid
                return value.get("text", value["id"])
        if isinstance(value.get("join"), str) and isinstance(value.get("parts"), list):
            return Seq(value["join"], [from_json(p) for p in value["parts"]])
        return str(value.get("text", value))
    return value
