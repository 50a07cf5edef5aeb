"""Each table's hands summed, kept by the database (``TableSums``): triggers on the hands recompute
the sums of every table a statement touched, whatever wrote the hands (the site's services, a
rescoring's bulk update, a restore, a shell). Existing tables are summed once here."""

from django.db import migrations, models

# PostgreSQL: one function sums a table; statement triggers call it once per table a statement touched
# (a rescoring updates 12,288 hands in a few statements: 1,024 tables summed, not 12,288 times).
POSTGRES = """
CREATE FUNCTION tournaments_sum_table_hands(tid bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    -- The table's row lock orders writers of one table (the site's services hold it already): a
    -- writer that did not waits here, then sums what the one before it committed.
    PERFORM 1 FROM tournaments_table WHERE id = tid FOR UPDATE;
    IF NOT EXISTS (SELECT 1 FROM scoring_hand WHERE table_id = tid) THEN
        DELETE FROM tournaments_tablesums WHERE table_id = tid;
        RETURN;
    END IF;
    INSERT INTO tournaments_tablesums (table_id, entered, played, points)
    SELECT tid, count(*), count(*) FILTER (WHERE played),
           COALESCE((SELECT jsonb_object_agg(seat, total) FROM (
               SELECT p.key AS seat, sum(p.value::integer) AS total
               FROM scoring_hand h CROSS JOIN LATERAL jsonb_each_text(h.points) p
               WHERE h.table_id = tid GROUP BY p.key) s), '{}'::jsonb)
    FROM scoring_hand WHERE table_id = tid
    ON CONFLICT (table_id) DO UPDATE
        SET entered = EXCLUDED.entered, played = EXCLUDED.played, points = EXCLUDED.points;
END $$;

"""


def _pg_trigger(name: str, event: str, referencing: str, tables: str) -> str:
    """A statement trigger on the hands that sums each table whose id ``tables`` selects from the
    statement's transition tables, in the order of their ids."""
    return f"""
CREATE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM tournaments_sum_table_hands(t) FROM ({tables} ORDER BY 1) c;
    RETURN NULL;
END $$;
CREATE TRIGGER {name} AFTER {event} ON scoring_hand REFERENCING {referencing}
    FOR EACH STATEMENT EXECUTE FUNCTION {name}();
"""


POSTGRES += (
    _pg_trigger(
        "tournaments_hands_inserted", "INSERT", "NEW TABLE AS new_hands", "SELECT DISTINCT table_id AS t FROM new_hands"
    )
    + _pg_trigger(
        "tournaments_hands_updated",
        "UPDATE",
        "OLD TABLE AS old_hands NEW TABLE AS new_hands",
        "SELECT table_id AS t FROM new_hands UNION SELECT table_id FROM old_hands",
    )
    + _pg_trigger(
        "tournaments_hands_deleted", "DELETE", "OLD TABLE AS old_hands", "SELECT DISTINCT table_id AS t FROM old_hands"
    )
    + """
SELECT tournaments_sum_table_hands(t) FROM (SELECT DISTINCT table_id AS t FROM scoring_hand) c;
"""
)

POSTGRES_REVERSE = """
DROP TRIGGER IF EXISTS tournaments_hands_inserted ON scoring_hand;
DROP TRIGGER IF EXISTS tournaments_hands_updated ON scoring_hand;
DROP TRIGGER IF EXISTS tournaments_hands_deleted ON scoring_hand;
DROP FUNCTION IF EXISTS tournaments_hands_inserted();
DROP FUNCTION IF EXISTS tournaments_hands_updated();
DROP FUNCTION IF EXISTS tournaments_hands_deleted();
DROP FUNCTION IF EXISTS tournaments_sum_table_hands(bigint);
"""


def _sqlite_sum(table: str) -> str:
    """SQLite's statements that sum the table ``table`` names (NEW.table_id or OLD.table_id)."""
    return f"""
    INSERT OR REPLACE INTO tournaments_tablesums (table_id, entered, played, points)
    SELECT {table}, count(*), sum(played),
           (SELECT json_group_object(seat, total) FROM (
               SELECT p.key AS seat, sum(p.value) AS total FROM scoring_hand h, json_each(h.points) p
               WHERE h.table_id = {table} GROUP BY p.key))
    FROM scoring_hand WHERE table_id = {table} HAVING count(*) > 0;
    DELETE FROM tournaments_tablesums
    WHERE table_id = {table} AND NOT EXISTS (SELECT 1 FROM scoring_hand WHERE table_id = {table});"""


# SQLite has row triggers only; a hand moved to another table sums both.
SQLITE = [
    f"CREATE TRIGGER tournaments_hand_inserted AFTER INSERT ON scoring_hand BEGIN {_sqlite_sum('NEW.table_id')} END",
    f"CREATE TRIGGER tournaments_hand_deleted AFTER DELETE ON scoring_hand BEGIN {_sqlite_sum('OLD.table_id')} END",
    "CREATE TRIGGER tournaments_hand_updated AFTER UPDATE OF table_id, played, points ON scoring_hand BEGIN "
    f"{_sqlite_sum('NEW.table_id')} {_sqlite_sum('OLD.table_id')} END",
    """INSERT INTO tournaments_tablesums (table_id, entered, played, points)
    SELECT table_id, count(*), sum(played), '{}' FROM scoring_hand GROUP BY table_id""",
    """UPDATE tournaments_tablesums SET points = (
        SELECT json_group_object(seat, total) FROM (
            SELECT p.key AS seat, sum(p.value) AS total FROM scoring_hand h, json_each(h.points) p
            WHERE h.table_id = tournaments_tablesums.table_id GROUP BY p.key))""",
]

SQLITE_REVERSE = [
    "DROP TRIGGER IF EXISTS tournaments_hand_inserted",
    "DROP TRIGGER IF EXISTS tournaments_hand_deleted",
    "DROP TRIGGER IF EXISTS tournaments_hand_updated",
]


def install(apps, schema_editor) -> None:
    _run(schema_editor, POSTGRES if schema_editor.connection.vendor == "postgresql" else SQLITE)


def uninstall(apps, schema_editor) -> None:
    _run(schema_editor, POSTGRES_REVERSE if schema_editor.connection.vendor == "postgresql" else SQLITE_REVERSE)


def _run(schema_editor, statements: str | list[str]) -> None:
    vendor = schema_editor.connection.vendor
    if vendor not in ("postgresql", "sqlite"):
        raise NotImplementedError(f"table sums are kept by triggers on PostgreSQL and SQLite, not {vendor}")
    for statement in [statements] if isinstance(statements, str) else statements:
        schema_editor.execute(statement, params=None)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0001_squashed_0014_series")]

    operations = [
        migrations.CreateModel(
            name="TableSums",
            fields=[
                (
                    "table",
                    models.OneToOneField(
                        db_constraint=False,
                        on_delete=models.deletion.DO_NOTHING,
                        primary_key=True,
                        related_name="hand_sums",
                        serialize=False,
                        to="tournaments.table",
                    ),
                ),
                ("entered", models.PositiveIntegerField()),
                ("played", models.PositiveIntegerField()),
                ("points", models.JSONField(default=dict)),
            ],
            options={"verbose_name": "hands of a table summed", "verbose_name_plural": "hands of tables summed"},
        ),
        migrations.RunPython(install, uninstall),
    ]
