"""What the entry bench's corpus tests share: bench/entry_plan.py (the table page replayed on the variant's
form declaration) imported as the bench imports it, and the envelope a table deals."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent


def entry_plan() -> Any:
    """bench/entry_plan.py, imported as the bench does (bench/ on the path)."""
    if str(ROOT / "bench") not in sys.path:
        sys.path.insert(0, str(ROOT / "bench"))
    import entry_plan

    return entry_plan


def dealt(variant: Any, positions: list[str], dealer: str, state: Mapping[str, Any]) -> dict[str, Any]:
    """The envelope a table of ``positions`` gives the hand ``dealer`` deals (tournaments.tables.hands)."""
    extra = variant.table_fields(positions, dealer) if variant.table_fields is not None else {}
    return {"variant": variant.key, "seats": variant.playing_seats(positions, dealer, state), "dealer": dealer, **extra}
