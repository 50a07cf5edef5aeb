"""The checks every variant's ``test_<variant>_lines.py`` makes of its lines and errors in Slovenian and
Hungarian: no English word, the same numbers, every message reached by the test's hands and translated.
A test file subclasses ``LinesContract`` as ``TestLines`` and fills in its variant's hands and words.

Built on the word, number, error-word and msgid helpers of ``test_ulti_mausz_lines`` (the first variant
that spoke the three languages).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Collection, Iterable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar

import pytest

from scoring.text import catalogue, render
from scoring.types import HandError, HandScore
from tests.scoring.test_ulti_mausz_lines import error_words, msgids, numbers, words


def check_breakdowns(scored: Iterable[tuple[str, Any]], lang: str, english_words: Collection[str]) -> int:
    """Every line of every ``(name, result)`` rendered in ``lang``: no word of ``english_words``, the
    English line's numbers, and not the English text itself. Returns how many lines were checked."""
    seen = 0
    for name, result in scored:
        assert isinstance(result, HandScore), f"{name}: {result}"
        for line in result.breakdown:
            shown = render(line, lang)
            english = words(shown) & set(english_words)
            assert not english, f"{name}: {shown!r} has English words {sorted(english)}"
            assert numbers(shown) == numbers(line), f"{name}: {shown!r} lost a number of {line!r}"
            assert shown != line, f"{name}: {line!r} untranslated"
            seen += 1
    return seen


def check_errors(rejected: Iterable[tuple[str, Any]], lang: str, english_words: Collection[str]) -> int:
    """Every error of every ``(name, errors)`` rendered in ``lang``: translated, and no word of
    ``english_words`` outside the field path and quoted values. Returns how many errors were checked."""
    seen = 0
    for name, errors in rejected:
        assert isinstance(errors, list) and errors, name
        for error in errors:
            shown = render(error.message, lang)
            assert shown != error.message, f"{name}: {error.message!r} untranslated"
            english = error_words(error, lang) & set(english_words)
            assert not english, f"{name}: {shown!r} has English words {sorted(english)}"
            seen += 1
    return seen


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


def untranslated(module_file: str, lang: str, same_in_every_language: Collection[str]) -> list[str]:
    """The msgids of ``module_file`` that the catalogue of ``lang`` leaves in English (but for the
    game's terms that every language writes alike)."""
    ids = msgids(Path(module_file))
    assert len(ids) > 10, module_file
    tr = catalogue(lang)
    return sorted(m for m in ids if tr.gettext(m) == m and m not in same_in_every_language)


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
        assert check_breakdowns(self.scored, lang, self.line_words) > self.min_lines

    @pytest.mark.parametrize("lang", ["sl", "hu"])
    def test_every_error_message_of_a_rejected_hand_is_translated(self, lang: str) -> None:
        assert check_errors(self.rejected, lang, self.error_words) > self.min_errors

    def test_the_hands_reach_every_message_of_the_module(self) -> None:
        """So the two tests above check every sentence the module can write, not only the common ones."""
        assert unreached(self.rules.__file__, [result for _name, result in self.scored + self.rejected]) == set()

    @pytest.mark.parametrize("lang", ["sl", "hu"])
    def test_every_message_the_module_can_say_has_a_translation(self, lang: str) -> None:
        assert untranslated(self.rules.__file__, lang, self.same_in_every_language) == []
