"""A series' audit entries as sentences in the reader's language, for its audit page and its API."""

from __future__ import annotations

from typing import Any

from tournaments.history.audit_text import Place, sentence, who
from tournaments.people.names import display_name
from tournaments.seasons.models import Series


def series_sentences(series: Series, entries: list[Any]) -> list[str]:
    """The series' audit entries as sentences in the reader's language (``tournaments.history.audit_text``)."""
    organizers = set(series.organizers.values_list("pk", flat=True))
    return [
        sentence(
            e.action,
            Place(),
            who(display_name(e.actor), "organizer" if e.actor_id in organizers else ""),
            e.created_at,
            variant=e.tournament.variant if e.tournament else "",
            before=e.before,
            after=e.after,
            reason=e.reason,
        )
        for e in entries
    ]
