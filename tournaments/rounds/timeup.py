"""Where time was up at a table: the one audited write of "time was up after hand N".

taruk2012.md §7.2: when the round's time is up, the hand in progress is finished and scored, then the
round ends at that table and no new hand is started; the round result uses the hands actually played.
(The other variants' rules say nothing about time: ulti-mausz.md §6, tarokk-*.md; the site's round
clock applies the same reading to them.)

When time was up is a fact of play, not of data entry: referees type hands from the paper sheet after
the whistle, and a phone's offline queue sends them late. So the clock itself refuses no hand; the
referee of the table (or an organizer) records after which hand time was up, a hand number as the
table numbers its hands. The table is complete once it has that hand; hands up to it are accepted
whenever they are typed, a later one is refused (``hands._enter_hand``). A change of the record reopens
the players' confirmations, as a correction does.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.history import audit
from tournaments.models import Table
from tournaments.tables.hands import StaleEdit, check_open, lock_table, progress_of, reopen_confirmations

KEEP: Any = object()  # ``current`` not given: the caller does not say which record he saw


class StaleTimeUp(StaleEdit):
    """Somebody recorded another hand meanwhile (the API names the field ``current``)."""

    field = "current"


def _check(after_hand: int, table: Table) -> None:
    """Refuse a hand time cannot be up after (``TableProgress.time_up_limits``), saying why."""
    progress = progress_of(table)
    first, last = progress.time_up_limits
    if after_hand < 1:
        raise ValidationError(
            {"after_hand": _("Time is up after a hand played: give hand 1 or later, or leave it empty.")}
        )
    if after_hand < first:
        beyond = {"first": after_hand + 1, "last": first}
        if after_hand + 1 == first:
            text = _("Hand %(last)d is already entered: delete it first, or give hand %(last)d or later.") % beyond
        else:
            text = (
                _("Hands %(first)d to %(last)d are already entered: delete them first, or give hand %(last)d or later.")
                % beyond
            )
        raise ValidationError({"after_hand": text})
    if after_hand > last:
        raise ValidationError(
            {
                "after_hand": _(
                    "The table's hands end with hand %(last)d; time up after hand %(n)d would end nothing. Leave "
                    "it empty when the table plays all its hands."
                )
                % {"last": last, "n": after_hand}
            }
        )


@transaction.atomic
def record_time_up(
    actor: Any, table: Table, after_hand: int | None, *, reason: str = "", current: int | None = KEEP
) -> Table:
    """Record that time was up after hand ``after_hand`` at ``table`` (None: clear the record).

    A referee of the table while the round runs, an organizer also in a closed round (as for
    corrections). ``current``: the record the caller saw (None: none); another one stored meanwhile
    is refused (``StaleTimeUp``). Recording the same hand again changes nothing. Changing or clearing
    a record needs a reason and reopens the confirmations. Audited as ``table.time_up``."""
    table = lock_table(table)
    tournament = table.round.tournament
    check_open(actor, table, tournament)
    before = table.time_up_after
    if current is not KEEP and current != before:
        raise StaleTimeUp(
            _("Somebody recorded where time was up meanwhile (%(now)s); check it and save again.")
            % {"now": _("after hand %(n)d") % {"n": before} if before is not None else _("no record")}
        )
    if after_hand == before:
        return table
    if after_hand is not None:
        _check(after_hand, table)
    reason = (reason or "").strip()
    if before is not None and not reason:
        raise ValidationError(
            {"reason": _("Changing where time was up needs a reason (it reopens the players' confirmations).")}
        )
    table.time_up_after = after_hand
    table.save(update_fields=["time_up_after"])
    audit.log(
        actor,
        "table.time_up",
        table,
        tournament=tournament,
        before={"after_hand": before},
        after={"after_hand": after_hand},
        reason=reason,
    )
    if before is not None:  # a first record only ends a table that had no result to confirm yet
        reopen_confirmations(actor, table, tournament, reason)
    return table
