"""Writing many rows of one model at once: one prepared statement run once per row (``executemany``).

A change of readings on a 1,024-player event stores ten thousand rescored hands and as many audit
entries (bench/rescore.py). Django's ``bulk_update`` builds a CASE per field per row (slower than saving
the rows one by one), and both it and ``bulk_create`` prepare every value through its field: most of
the writing's time, while most columns of such rows hold one of a few values (the event, the actor,
the reason, the action), prepared here once each.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections, models


def _rows(fields: Sequence[models.Field], objects: Sequence[models.Model], db: Any) -> list[list[Any]]:
    """Each object's values of ``fields`` as the database ``db`` takes them. A JSON document is prepared
    every time, any other value once per field."""
    prepared: dict[tuple[int, type, Any], Any] = {}
    rows = []
    for obj in objects:
        row = []
        for i, field in enumerate(fields):
            value = getattr(obj, field.attname)
            if isinstance(value, dict | list):
                row.append(field.get_db_prep_save(value, db))
                continue
            key = (i, type(value), value)  # the type too: True and 1 are equal keys
            if key not in prepared:
                prepared[key] = field.get_db_prep_save(value, db)
            row.append(prepared[key])
        rows.append(row)
    return rows


# PostgreSQL: this many rows in one statement. Django binds values on the client there, so a statement
# run once per row is parsed and planned once per row (ten thousand rows took seconds).
ROWS_PER_STATEMENT = 500


def _run(db: Any, one_row: str, many_rows: Any, rows: list[list[Any]]) -> None:
    """Run the statement ``one_row`` once per row; on PostgreSQL ``many_rows(n)`` (the statement for n rows,
    their values in order) for as many as ``ROWS_PER_STATEMENT`` at a time instead."""
    with db.cursor() as cursor:
        if db.vendor != "postgresql":
            cursor.executemany(one_row, rows)
            return
        for start in range(0, len(rows), ROWS_PER_STATEMENT):
            batch = rows[start : start + ROWS_PER_STATEMENT]
            cursor.execute(many_rows(len(batch)), [value for row in batch for value in row])


def insert(model: type[models.Model], objects: Sequence[models.Model]) -> None:
    """Insert ``objects`` (new, unsaved) in order, their values as they hold them: unlike ``bulk_create``
    an ``auto_now_add`` field is not filled in (the caller gives it). Their primary keys are the database's
    and are not read back; no ``save()``, no signals."""
    if not objects:
        return
    db = connections[DEFAULT_DB_ALIAS]
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    qn = db.ops.quote_name
    head = f"INSERT INTO {qn(model._meta.db_table)} ({', '.join(qn(f.column) for f in fields)}) VALUES "
    values = f"({', '.join(['%s'] * len(fields))})"
    _run(db, head + values, lambda n: head + ", ".join([values] * n), _rows(fields, objects, db))


def update(model: type[models.Model], objects: Sequence[models.Model], names: Sequence[str]) -> None:
    """Store the fields ``names`` of ``objects`` (rows of ``model``), each row by its primary key."""
    if not objects:
        return
    db = connections[DEFAULT_DB_ALIAS]
    fields = [model._meta.get_field(name) for name in names]
    qn = db.ops.quote_name
    table, pk = qn(model._meta.db_table), qn(model._meta.pk.column)
    assignments = ", ".join(f"{qn(f.column)} = %s" for f in fields)
    # PostgreSQL: UPDATE ... FROM (VALUES ...), each value cast to its column's type (a literal alone is text).
    casts = ", ".join(f"CAST(%s AS {f.db_type(db)})" for f in [*fields, model._meta.pk])
    columns = ", ".join(qn(f"v{i}") for i in range(len(fields) + 1))
    from_values = ", ".join(f"{qn(f.column)} = v.{qn(f'v{i}')}" for i, f in enumerate(fields))
    same_row = f"{table}.{pk} = v.{qn(f'v{len(fields)}')}"

    def many_rows(n: int) -> str:
        values = ", ".join([f"({casts})"] * n)
        return f"UPDATE {table} SET {from_values} FROM (VALUES {values}) AS v({columns}) WHERE {same_row}"

    rows = [[*row, obj.pk] for row, obj in zip(_rows(fields, objects, db), objects, strict=True)]
    _run(db, f"UPDATE {table} SET {assignments} WHERE {pk} = %s", many_rows, rows)
