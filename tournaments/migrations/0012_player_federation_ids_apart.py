"""Before a federation id names one player (season.md §1.1, the constraint of the next migration):
players that already share an id are kept apart, never merged here.

The earliest record (lowest id) keeps the federation id; each later one's id is cleared. Nothing else
changes: no entry moves, no name changes, since two records of one id may sit in one event (merging
them would seat one person twice) or be two people with a mistyped id. Each clearing is written to the
audit log of every event the cleared player is entered in (a tournament-less entry when he is in none),
as ``player.federation_id_cleared`` with both records, and printed by ``migrate``. An organizer then
merges the two on the player's page (``tournaments.people``) where they are one person.
"""

from django.db import migrations


def _snapshot(player, events):
    return {
        "id": player.pk,
        "name": player.name,
        "club": player.club,
        "federation_id": player.federation_id,
        "events": events,
    }


def keep_ids_apart(apps, schema_editor):
    Player = apps.get_model("tournaments", "Player")
    Entry = apps.get_model("tournaments", "Entry")
    AuditEntry = apps.get_model("tournaments", "AuditEntry")
    holders = {}
    for player in Player.objects.exclude(federation_id="").order_by("pk"):
        holder = holders.setdefault(player.federation_id, player)
        if holder.pk == player.pk:
            continue
        events = list(Entry.objects.filter(player=player).values_list("tournament_id", "tournament__slug"))
        held = list(Entry.objects.filter(player=holder).values_list("tournament__slug", flat=True))
        before = _snapshot(player, [slug for _id, slug in events])
        Player.objects.filter(pk=player.pk).update(federation_id="")
        after = {**before, "federation_id": "", "held_by": _snapshot(holder, held)}
        for tournament_id in sorted({t for t, _slug in events}) or [None]:
            AuditEntry.objects.create(
                tournament_id=tournament_id,
                actor=None,
                action="player.federation_id_cleared",
                target_type="player",
                target_id=str(player.pk),
                before=before,
                after=after,
            )
        print(  # the migrate command's output is the report
            f"\n  player {player.pk} ({player.name}): federation id {holder.federation_id!r} cleared, "
            f"it stays with player {holder.pk} ({holder.name})",
            end="",
        )


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0011_hands_per_round_at_the_smallest_table")]

    operations = [migrations.RunPython(keep_ids_apart, migrations.RunPython.noop)]
