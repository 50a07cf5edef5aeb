"""The site asks the variant object, never its key (issue 23, "the variant as the unit at the site's edge").

An event answers its rules object (``Tournament.rules``, as healthchecks' ``Channel.transport``); the
site's modules look a variant up by a tournament's key only there, import no variant package, and
name no variant key.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scoring.registry import VARIANTS
from tournaments.models import Tournament

ROOT = Path(__file__).resolve().parents[2]
KEYS = ("taruk2012", "ulti-mausz", "tarokk-illusztralt", "tarokk-vadasz", "tarokk-laza")
# The demo command creates a Taruk and an ulti event and a Taruk season: a key there is data it writes,
# not a branch.
DATA = {"tournaments/management/commands/demo.py", "tournaments/seasons/demo.py"}


def site_sources() -> dict[str, str]:
    """Every module and template of the site (migrations freeze history: left out)."""
    files = [*ROOT.glob("tournaments/**/*.py"), *ROOT.glob("templates/**/*.html")]
    return {
        str(p.relative_to(ROOT)): p.read_text(encoding="utf-8")
        for p in files
        if "/migrations/" not in str(p) and str(p.relative_to(ROOT)) not in DATA
    }


@pytest.mark.parametrize("key", KEYS)
def test_an_event_answers_its_variant_object(key):
    assert Tournament(variant=key).rules is VARIANTS[key]


def test_a_tournaments_key_is_looked_up_in_one_place():
    lookup = re.compile(r"VARIANTS\[[^\]]*\.variant\]|get_variant\([^)]*\.variant\)|registry\.get\([^)]*\.variant\)")
    found = {path: lookup.findall(text) for path, text in site_sources().items()}
    assert {path: hits for path, hits in found.items() if hits} == {
        "tournaments/models.py": ["get_variant(self.variant)"]
    }


def test_no_site_module_imports_a_variant_package():
    imports = re.compile(r"^\s*(?:from|import) scoring\.variants\b", re.M)
    assert [path for path, text in site_sources().items() if imports.search(text)] == []


def test_no_site_module_or_template_names_a_variant_key():
    named = {path: [k for k in KEYS if re.search(rf"[\"']{k}[\"']", text)] for path, text in site_sources().items()}
    assert {path: keys for path, keys in named.items() if keys} == {}


def test_no_site_module_reads_a_variants_state():
    """A variant tells its state in words (``Variant.describe_state``) and declares what its sheet marks
    (``ProtocolLayout.seat_marks``): the site reads neither Taruk's radelci, nor the Vadász double round,
    nor Laza's attack and deals."""
    keys = ("radelci", "double_round_remaining", "last_attack", "deals_played")
    named = {
        path: [k for k in keys if re.search(rf"[\"']{k}[\"']|\.{k}\b", text)] for path, text in site_sources().items()
    }
    assert {path: found for path, found in named.items() if found} == {}
