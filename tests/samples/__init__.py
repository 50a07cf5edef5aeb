"""Random valid hands per variant, for property tests and benchmarks: one module per variant
(``tests.samples.<key>``, the key's dashes as underscores) with ``random_hand`` and
``random_hand_sequence``; ``sequence.py`` deals a table's hands by the variant's own rules.

Each module also gives what the variant contract (tests/scoring/test_variant_contract.py) knows of the
variant beyond its registry entry: ``FUZZ_KEYS`` and ``FUZZ_WORDS`` (names and values near valid ones,
for arbitrary JSON), ``kontra_raises`` and ``kontra_amounts`` (which items a kontra raises, and their
amounts as the rules settle them)."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any


def samples_of(key: str) -> ModuleType:
    """The sample module of the variant ``key``."""
    return importlib.import_module(f"tests.samples.{key.replace('-', '_')}")


def sample_config(key: str) -> dict[str, Any]:
    """The event configuration the variant's samples are valid under (Laza's made-up point table),
    ``{}`` for a variant that has none."""
    return getattr(samples_of(key), "TEST_CONFIG", None) or {}
