"""ulti-mausz 10.§(3)g: a renonsz call the jury finds false is charged to the caller.

The judge's desk (tournaments/incidents/services.py) asks this for the hand a correction form opens with;
it only rewrites the referee's input: the engine's own renonsz case ``10.3.g`` (the general rule
of ulti-mausz.md §4.1 with offender = caller) does the arithmetic.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

FALSE_CALL_CASE = "10.3.g"
# With a PLAY-type renonsz case these are not recorded (ulti-mausz.md §5.4): play cannot continue.
_NOT_WITH_A_RENONSZ = ("play", "silent_claims", "gave_up", "results")


def false_call(hand: Mapping[str, Any], caller: str) -> dict[str, Any] | None:
    """``hand`` as it is recorded when ``caller``'s renonsz call proves false; None when the caller
    did not play that deal (the dealer sitting out at a four-seat table cannot be charged)."""
    if caller not in (hand.get("seats") or []):
        return None
    out = {k: v for k, v in hand.items() if k not in _NOT_WITH_A_RENONSZ}
    out["renonsz"] = {"case": FALSE_CALL_CASE, "offender": caller}
    return out
