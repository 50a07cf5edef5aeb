"""How the pages and the printed sheets name a person with an account (a judge, an organizer)."""

from __future__ import annotations

from typing import Any


def display_name(user: Any) -> str:
    """His full name if it is set, else his user name; empty for nobody (a deleted account)."""
    if user is None:
        return ""
    return user.get_full_name() or user.get_username()
