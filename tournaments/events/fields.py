"""An event's fields, declared once: the organizer's form, the API's serializer and the audit snapshot
take their lists from here, so a new field is added in one place."""

from __future__ import annotations

# How the event is played: every list below starts with these.
FORMAT = ("name", "slug", "variant", "rounds", "hands_per_round", "round_minutes", "table_size")

# The event form's own fields (the variant's configuration, readings and tie-breaks have their own).
FORM = (*FORMAT, "is_public", "language", "draw_seed", "draw_method", "date", "venue")

# What the API may write (``config`` and ``tiebreaks`` as JSON; the date and venue on the pages).
WRITABLE = (*FORMAT, "config", "tiebreaks", "is_public", "draw_seed", "draw_method", "language")

# What an edit may change and what its audit entry records before and after.
SNAPSHOT = (
    *FORMAT,
    "config",
    "event_settings",
    "tiebreaks",
    "is_public",
    "draw_seed",
    "draw_method",
    "language",
    "status",
    "date",
    "venue",
)
