"""Checks that a variant's lines and errors read in Slovenian and Hungarian, shared by the variants'
``test_*_lines.py``: no English word of a vocabulary, the same numbers as the English, every message a
``scoring.text`` message, every msgid of the module translated with its placeholders and numbers.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

from scoring.text import Msg, Seq, catalogue, render
from scoring.types import HandError, HandScore
from tests.scoring.test_ulti_mausz_lines import msgids, numbers, words

PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def check_lines(scored: Iterable[tuple[str, Any]], lang: str, english_words: Collection[str]) -> int:
    """Every breakdown line of ``scored`` ((name, result) pairs) rendered in ``lang``: a message,
    no word of ``english_words``, the English line's numbers. Returns how many lines were read."""
    seen = 0
    for name, result in scored:
        assert isinstance(result, HandScore), (name, result)
        for line in result.breakdown:
            assert isinstance(line, (Msg, Seq)), f"{name}: {line!r} is plain text"
            shown = render(line, lang)
            english = words(shown) & set(english_words)
            assert not english, f"{name}: {shown!r} has English words {sorted(english)}"
            assert numbers(shown) == numbers(line), f"{name}: {shown!r} lost a number of {line!r}"
            seen += 1
    return seen


def plain_args(message: Any) -> list[str]:
    """The plain text a message quotes (field paths, keys, seats, values a hand holds): never translated."""
    out: list[str] = []
    if isinstance(message, Msg):
        for value in message.args.values():
            out += plain_args(value)
    elif isinstance(message, Seq):
        for part in message.parts:
            out += plain_args(part)
    elif isinstance(message, str):
        out.append(str.__str__(message))
    return out


def error_words(error: HandError, lang: str) -> set[str]:
    """The words a referee reads in the message, without what it quotes from the hand."""
    shown = render(error.message, lang)
    for text in sorted(plain_args(error.message), key=len, reverse=True):
        if text:
            shown = shown.replace(text, " ")
    shown = re.sub(r"'[^']*'|\S*[_.\[]\S*", " ", shown)
    return words(shown)


def check_errors(rejections: Iterable[tuple[str, list[HandError]]], lang: str, english_words: Collection[str]) -> int:
    """Every error of ``rejections`` rendered in ``lang``: a message, translated, no word of
    ``english_words`` outside what it quotes. Returns how many errors were read."""
    seen = 0
    for name, errors in rejections:
        for error in errors:
            assert isinstance(error.message, (Msg, Seq)), f"{name}: {error.message!r} is plain text"
            shown = render(error.message, lang)
            assert shown != error.message, f"{name}: {error.message!r} untranslated"
            english = error_words(error, lang) & set(english_words)
            assert not english, f"{name}: {shown!r} has English words {sorted(english)}"
            seen += 1
    return seen


def check_catalogue(module: ModuleType, lang: str, same: Collection[str]) -> int:
    """Every ``_("...")`` msgid of ``module`` has a translation in ``lang`` (``same``: the terms that are
    the same in every language), with the msgid's placeholders and numbers. Returns how many msgids."""
    ids = msgids(Path(module.__file__ or ""))
    tr = catalogue(lang)
    missing = sorted(m for m in ids if tr.gettext(m) == m and m not in same)
    assert not missing, f"untranslated in locale/{lang}: {missing}"
    for m in ids:
        text = tr.gettext(m)
        assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(m)), (m, text)
        assert numbers(text) == numbers(m), (m, text)
    return len(ids)
