"""The games' glossaries (scoring/glossary/<family>.csv) are the catalogues' vocabulary.

Each row names a term of an original rulebook (../shared/seeds/), its English gloss, its Slovenian and
Hungarian words and the msgids the site shows it under. Every one of those msgids must exist in both
catalogues and its translation must use the glossary's word (a stem match: Slovenian and Hungarian
inflect, "klicani kralj" is the glossary's "klican kralj"). An empty Slovenian cell: the term has no
Slovenian word of its own (ulti's and tarokk's rulebook-only terms); an empty msgids cell: the site does
not show the term on its own.

The catalogue read is the compiled one the site uses (tests/test_locale.py checks it is compiled from
the .po).
"""

from __future__ import annotations

import csv
import gettext
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "scoring" / "glossary"
LOCALE = ROOT / "locale"
COLUMNS = ["term", "english", "slovenian", "hungarian", "original", "msgids"]
FAMILIES = ["taruk", "ulti", "tarokk"]
LANGUAGE_COLUMN = {"sl": "slovenian", "hu": "hungarian"}


def rows(family: str) -> list[dict[str, str]]:
    with (GLOSSARY / f"{family}.csv").open(encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f)
        assert reader.fieldnames == COLUMNS
        return list(reader)


def catalogue(language: str) -> dict[str, str]:
    """msgid -> translation, as the site's compiled catalogue holds them (singular messages)."""
    with (LOCALE / language / "LC_MESSAGES" / "django.mo").open("rb") as f:
        compiled = gettext.GNUTranslations(f)
    return {k: v for k, v in compiled._catalog.items() if isinstance(k, str) and k and v}


def stems(term: str) -> list[str]:
    """The words of ``term`` cut to a stem: the endings Slovenian and Hungarian inflect are left out."""
    return [w[: max(3, len(w) - 2)] for w in re.findall(r"\w+", term.lower())]


def uses(translation: str, term: str) -> bool:
    text = translation.lower()
    return all(stem in text for stem in stems(term))


CASES = [(family, row) for family in FAMILIES for row in rows(family)]


@pytest.mark.parametrize("family", FAMILIES)
def test_every_row_names_its_place_in_the_original(family):
    for row in rows(family):
        assert row["term"] and row["english"] and row["hungarian"], row
        assert row["original"], f"{row['term']}: where does the original use it?"


@pytest.mark.parametrize("language", ["sl", "hu"])
def test_the_catalogues_use_the_glossarys_words(language):
    tr = catalogue(language)
    wrong = []
    for family, row in CASES:
        word = row[LANGUAGE_COLUMN[language]]
        for msgid in filter(None, row["msgids"].split("|")):
            assert msgid in tr, f"{family}.csv {row['term']}: {msgid!r} is not in the {language} catalogue"
            if word and not uses(tr[msgid], word):
                wrong.append(f"{family}.csv {row['term']}: {msgid!r} -> {tr[msgid]!r}, glossary says {word!r}")
    assert not wrong, "\n".join(wrong)


def test_a_glossary_term_is_found_in_its_variants_form():
    """The glossary covers what the hand form shows: every bonus/bid word of each variant's choices
    that is a glossary msgid is spelled the same (the variant packages name their terms once)."""
    from scoring.variants.taruk2012 import rules as taruk
    from scoring.variants.ulti_mausz import rules as ulti

    listed = {m for _f, row in CASES for m in row["msgids"].split("|") if m}
    assert {str(v) for k, v in taruk.GAME_LABEL.items() if k != "none"} <= listed
    assert {str(v) for v in taruk.BONUS_LABEL.values()} <= listed
    names = {str(v) for v in ulti.COMPONENT_NAME.values()} - {"redurchmars", "színtelen terített durchmars"}
    assert names <= listed
