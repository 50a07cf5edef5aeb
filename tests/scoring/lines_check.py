"""The checks every variant's ``test_<variant>_lines.py`` makes of its lines and errors in Slovenian and
Hungarian: every line and error a ``scoring.text`` message with no English word and the English line's
numbers, every message reached by the test's hands, every msgid of the module translated with its
placeholders and numbers.

A test file calls ``check_lines``, ``check_errors`` and ``check_catalogue`` itself, or subclasses
``LinesContract`` as ``TestLines`` and fills in its variant's hands and words.
"""

from __future__ import annotations

import ast
import copy
import random
import re
from collections.abc import Collection, Iterable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar

import pytest

from scoring.text import Msg, Seq, catalogue, render
from scoring.types import HandError, HandScore

PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def words(text: str) -> set[str]:
    return set(re.findall(r"[^\W\d_]+", text.lower()))


def numbers(text: str) -> list[str]:
    return sorted(re.findall(r"\d+", text))


def msgids(path: Path) -> set[str]:
    """Every ``_("...")`` msgid of a module, as makemessages extracts them."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.args[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "_"
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    }


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
    """The words a referee reads in the message, without what it quotes from the hand (the field path,
    JSON keys, quoted values)."""
    shown = render(error.message, lang)
    for text in sorted(plain_args(error.message), key=len, reverse=True):
        if text:
            shown = shown.replace(text, " ")
    shown = re.sub(r"'[^']*'|`[^`]*`|\S*[_.\[]\S*", " ", shown)
    return words(shown)


def check_lines(
    scored: Iterable[tuple[str, Any]], lang: str, english_words: Collection[str], *, all_translated: bool = False
) -> int:
    """Every breakdown line of ``scored`` ((name, result) pairs) rendered in ``lang``: a message, no word
    of ``english_words``, the English line's numbers, and (``all_translated``) never the English text
    itself. Returns how many lines were read."""
    seen = 0
    for name, result in scored:
        assert isinstance(result, HandScore), f"{name}: {result}"
        for line in result.breakdown:
            assert isinstance(line, (Msg, Seq)), f"{name}: {line!r} is plain text"
            shown = render(line, lang)
            english = words(shown) & set(english_words)
            assert not english, f"{name}: {shown!r} has English words {sorted(english)}"
            assert numbers(shown) == numbers(line), f"{name}: {shown!r} lost a number of {line!r}"
            assert not all_translated or shown != line, f"{name}: {line!r} untranslated"
            seen += 1
    return seen


def check_errors(rejected: Iterable[tuple[str, Any]], lang: str, english_words: Collection[str]) -> int:
    """Every error of every ``(name, errors)`` rendered in ``lang``: a message, translated, and no word of
    ``english_words`` outside what it quotes. Returns how many errors were read."""
    seen = 0
    for name, errors in rejected:
        assert isinstance(errors, list) and errors, name
        for error in errors:
            assert isinstance(error.message, (Msg, Seq)), f"{name}: {error.message!r} is plain text"
            shown = render(error.message, lang)
            assert shown != error.message, f"{name}: {error.message!r} untranslated"
            english = error_words(error, lang) & set(english_words)
            assert not english, f"{name}: {shown!r} has English words {sorted(english)}"
            seen += 1
    return seen


def check_catalogue(module: ModuleType, lang: str, same: Collection[str], *, same_numbers: bool = True) -> int:
    """Every ``_("...")`` msgid of ``module`` has a translation in ``lang`` (``same``: the terms that are
    the same in every language), with the msgid's placeholders and (``same_numbers``: where no
    translation writes a number as a word) its numbers. Returns how many msgids."""
    ids = msgids(Path(module.__file__ or ""))
    tr = catalogue(lang)
    missing = sorted(m for m in ids if tr.gettext(m) == m and m not in same)
    assert not missing, f"untranslated in locale/{lang}: {missing}"
    for m in ids:
        text = tr.gettext(m)
        assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(m)), (m, text)
        assert not same_numbers or numbers(text) == numbers(m), (m, text)
    return len(ids)


def mutated(rng: random.Random, hand: dict[str, Any], junk: Sequence[Any]) -> dict[str, Any]:
    """A copy of ``hand`` with one member -- of the hand or of one of its ``figures`` -- set to a value of
    ``junk`` (another type, range or choice: a typical typo)."""
    hand = copy.deepcopy(hand)
    target = hand
    if hand.get("figures") and rng.random() < 0.5:
        target = rng.choice(hand["figures"])
    key = rng.choice(sorted(target))
    target[key] = rng.choice(junk)
    return hand


def said(item: Any, out: set[str]) -> set[str]:
    """The msgids of a line or message and of every message nested in it, added to ``out``."""
    out.add(getattr(item, "msgid", ""))
    for value in getattr(item, "args", {}).values():
        said(value, out)
    for part in getattr(item, "parts", ()):
        said(part, out)
    return out


def unreached(module_file: str, results: Iterable[HandScore | list[HandError]]) -> set[str]:
    """The msgids of ``module_file`` that no line or error of ``results`` says."""
    reached: set[str] = set()
    for result in results:
        for item in result.breakdown if isinstance(result, HandScore) else [e.message for e in result]:
            said(item, reached)
    return msgids(Path(module_file)) - reached


class LinesContract:
    """The four checks of a variant's lines and errors (pytest collects them from a ``Test*`` subclass)."""

    rules: ClassVar[ModuleType]  # the variant's rules module
    scored: ClassVar[list[tuple[str, Any]]]  # (name, HandScore) of the spec's examples and random hands
    rejected: ClassVar[list[tuple[str, Any]]]  # (name, errors) of rejected hands
    line_words: ClassVar[Collection[str]]  # English words no rendered line may hold
    error_words: ClassVar[Collection[str]]  # English words no rendered error may hold
    same_in_every_language: ClassVar[Collection[str]]  # the game's terms, written alike in every language
    min_lines: ClassVar[int] = 1000
    min_errors: ClassVar[int] = 100

    @pytest.mark.parametrize("lang", ["sl", "hu"])
    def test_every_breakdown_line_reads_in_the_language_with_the_same_numbers(self, lang: str) -> None:
        assert check_lines(self.scored, lang, self.line_words, all_translated=True) > self.min_lines

    @pytest.mark.parametrize("lang", ["sl", "hu"])
    def test_every_error_message_of_a_rejected_hand_is_translated(self, lang: str) -> None:
        assert check_errors(self.rejected, lang, self.error_words) > self.min_errors

    def test_the_hands_reach_every_message_of_the_module(self) -> None:
        """So the two tests above check every sentence the module can write, not only the common ones."""
        assert unreached(self.rules.__file__, [result for _name, result in self.scored + self.rejected]) == set()

    @pytest.mark.parametrize("lang", ["sl", "hu"])
    def test_every_message_the_module_can_say_has_a_translation(self, lang: str) -> None:
        assert check_catalogue(self.rules, lang, self.same_in_every_language, same_numbers=False) > 10
