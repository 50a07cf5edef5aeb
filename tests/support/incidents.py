"""The judge's desk as its tests use it: a table of round 1, who sits where, an incident opened there,
and an ulti table whose first hand is ulti-mausz.md Example 1."""

from __future__ import annotations

from typing import Any

from tests.scoring.examples.ulti_mausz import EXAMPLES
from tests.tournaments.variant_tables import running_table
from tournaments.incidents import services as incidents
from tournaments.models import Entry, Incident, Seat, Table
from tournaments.tables import hands


def _table(event: Any, number: int = 1) -> Table:
    """Table ``number`` of round 1."""
    return Table.objects.get(round__tournament=event, round__number=1, number=number)


def _seated(table: Table) -> dict[str, Entry]:
    """The entries at ``table`` by seat."""
    return {s.position: s.entry for s in Seat.objects.filter(table=table).select_related("entry__player")}


def _open(actor: Any, event: Any, table: Table, **kw: Any) -> Incident:
    """A renonsz claim at hand 1, called by seat A against seat B, unless ``kw`` says otherwise."""
    seats = _seated(table)
    kw.setdefault("kind", "renonsz")
    kw.setdefault("finding", "B did not follow suit in trick 4")
    kw.setdefault("caller", seats["A"])
    kw.setdefault("involved", [seats["B"]])
    kw.setdefault("hand_number", 1)
    return incidents.open_incident(actor, event, table=table, **kw)


def incident_at_table(
    actor: Any, event: Any, table: Table, *, finding: str, hand_number: int, involved: int = 1
) -> tuple[Incident, list[Entry]]:
    """An incident of the event's first kind at ``table``, called by the first seat against the next
    ``involved`` seats; with the entries seated there in seat order."""
    seated = [s.entry for s in Seat.objects.filter(table=table).select_related("entry").order_by("position")]
    incident = incidents.open_incident(
        actor,
        event,
        kind=incidents.kinds(event)[0][0],
        finding=finding,
        table=table,
        hand_number=hand_number,
        caller=seated[0],
        involved=seated[1 : 1 + involved],
    )
    return incident, seated


def ulti_table_with_example_1(alice: Any) -> tuple[Table, dict[str, Any], tuple[str, str, str]]:
    """A running ulti table and ulti-mausz.md Example 1 (a zöld parti made, v = 1) re-seated as its
    first hand; the seats in play order: declarer, then the two defenders."""
    table = running_table(alice, "ulti-mausz")
    envelope = hands.next_envelope(hands.table_setup(table, table.round.tournament), None)
    declarer, first, second = envelope["seats"]
    example = EXAMPLES[1]
    play = {**example["play"], "marriages": [{"seat": declarer, "suit": "makk"}, {"seat": first, "suit": "tok"}]}
    return table, {**example, **envelope, "declarer": declarer, "play": play}, (declarer, first, second)
