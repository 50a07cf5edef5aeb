"""The worked examples and rejected inputs of each spec (``shared/rules/<variant>.md``) as data: one JSON
file a variant, read by one module a variant into the names its tests use. A rejected input is written
as the example it changes (``hand``: its name), the places it sets (``set``: path -> value) and drops
(``drop``), so each row shows what makes it invalid. Pure: no Django."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.scoring.json_paths import derived


def load(name: str) -> dict[str, Any]:
    """The data of ``<name>.json`` beside this module."""
    return json.loads(Path(__file__).with_name(f"{name}.json").read_text(encoding="utf-8"))


def hand_of(row: dict[str, Any], hands: dict[str, Any]) -> Any:
    """The hand a row stands for: its ``hand`` (an example's name or number, or the hand itself) with its
    changes."""
    base = row["hand"] if isinstance(row["hand"], dict) else hands[row["hand"]]
    return derived(base, row.get("set"), row.get("drop", ()))
