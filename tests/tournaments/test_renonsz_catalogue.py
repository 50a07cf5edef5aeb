"""The MAUSZ renonsz cases as a referee finds them in the rulebook (ulti-mausz.md §4.3, the rulebook's
13.§ and 10.§(3)): the table page's drop-down shows each case by its paragraph ("13. § (2) 3. a)") and
what happened, in the reader's language; the value stored with the hand stays the spec's case id."""

from __future__ import annotations

import html
import re

import pytest
from django.utils import translation

from scoring.variants.ulti_mausz.rules import CASES, paragraph
from tests.support.table_page import in_language
from tests.tournaments.variant_tables import running_table, table_url


@pytest.mark.parametrize(
    ("case", "where"),
    [
        ("13.1.1", "13. § (1) 1."),
        ("13.1.3b", "13. § (1) 3. b)"),
        ("13.1.5-late", "13. § (1) 5."),
        ("13.2.1-outbid", "13. § (2) 1."),
        ("13.2.7a", "13. § (2) 7. a)"),
        ("13.3.9b", "13. § (3) 9. b)"),
        ("13.3.9c", "13. § (3) 9. c)"),  # ulti-mausz.md §4.3: its own case, not a second 9. b)
        ("13.3.12", "13. § (3) 12."),
        ("10.3.g", "10. § (3) g)"),
    ],
)
def test_a_case_is_cited_by_the_rulebooks_paragraph(case, where):
    assert paragraph(case) == where


def test_no_two_cases_share_a_label():
    """A referee picks a case by its label: two cases never read the same (paragraph and what happened)."""
    labels = [f"{paragraph(c)} {case.text}" for c, case in CASES.items()]
    assert len(set(labels)) == len(labels)
    nine = [c for c in CASES if paragraph(c).startswith("13. § (3) 9.")]
    assert sorted(paragraph(c) for c in nine) == ["13. § (3) 9. a)", "13. § (3) 9. b)", "13. § (3) 9. c)"]


def test_the_42_case_ids_are_the_specs():
    assert len(CASES) == 42
    assert all(re.fullmatch(r"1[03]\.\d\.\w+(-\w+)?", c) for c in CASES)


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["hu", "sl", "en"])
def test_the_table_page_offers_each_case_by_paragraph_in_the_readers_language(alice, bob, lang):
    table = running_table(alice, "ulti-mausz")
    page = in_language(bob, lang).get(table_url(table)).content.decode()
    # Chips (the cases met during play first, the others under "more choices"), each a radio input
    # in its label: the case id is the value, the label its paragraph and what happened.
    chips = re.findall(r'<input type="radio" name="renonsz_case" value="([^"]*)"[^>]*><span>(.*?)</span>', page, re.S)
    assert chips, "no renonsz case chips"
    options = dict(chips)
    assert set(options) - {""} == set(CASES)
    with translation.override(lang):
        for case_id, case in CASES.items():
            assert html.unescape(options[case_id]) == f"{paragraph(case_id)} {translation.gettext(case.text)}"
