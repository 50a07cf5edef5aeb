"""The migration that makes a federation id name one player (season.md §1.1) succeeds on a database that
already holds two players of one id: the earliest keeps it, the later one's is cleared (nothing merged,
no entry moved), and each clearing is in the audit log of the events of the cleared player and in
``migrate``'s output."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("tournaments", "0011_hands_per_round_at_the_smallest_table")]
AFTER = [("tournaments", "0013_one_player_per_federation_id")]


@pytest.mark.django_db(transaction=True)
def test_players_sharing_a_federation_id_are_kept_apart(capsys):
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    Player = old.get_model("tournaments", "Player")
    Entry = old.get_model("tournaments", "Entry")
    event = old.get_model("tournaments", "Tournament").objects.create(
        name="Old", slug="old", variant="taruk2012", rounds=1, hands_per_round=12, table_size=4
    )
    first = Player.objects.create(name="Janez Čuk", federation_id="SLO-1")
    later = Player.objects.create(name="Ana Novak", federation_id="SLO-1")
    alone = Player.objects.create(name="Bor Kos", federation_id="SLO-2")
    Entry.objects.create(tournament=event, player=first, start_number=1)
    Entry.objects.create(tournament=event, player=later, start_number=2)
    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    ids = dict(new.get_model("tournaments", "Player").objects.values_list("pk", "federation_id"))
    assert ids == {first.pk: "SLO-1", later.pk: "", alone.pk: "SLO-2"}
    assert new.get_model("tournaments", "Entry").objects.filter(player_id=later.pk).count() == 1
    [logged] = new.get_model("tournaments", "AuditEntry").objects.filter(action="player.federation_id_cleared")
    assert (logged.tournament_id, logged.target_id) == (event.pk, str(later.pk))
    assert logged.before["federation_id"] == "SLO-1" and logged.after["held_by"]["name"] == "Janez Čuk"
    assert f"player {later.pk} (Ana Novak): federation id 'SLO-1' cleared" in capsys.readouterr().out
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    from tournaments.history import audit_text
    from tournaments.models import AuditEntry, Tournament

    [text] = audit_text.sentences(Tournament.objects.get(pk=event.pk), [AuditEntry.objects.get(pk=logged.pk)])
    assert "another player already held it" in text
    assert f"player: Ana Novak (player {later.pk}); federation id SLO-1 → —" in text
    assert f"the id stays with: Janez Čuk (federation id: SLO-1; player {first.pk})" in text
