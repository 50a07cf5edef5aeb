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


def insert(model: type[models.Model], objects: Sequence[models.Model]) -> None:
    """Insert ``objects`` (new, unsaved) in order, their values as they hold them: unlike ``bulk_create``
    an ``auto_now_add`` field is not filled in (the caller gives it). Their primary keys are the database's
    and are not read back; no ``save()``, no signals."""
    if not objects:
        return
    db = connections[DEFAULT_DB_ALIAS]
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    qn = db.ops.quote_name
    columns = ", ".join(qn(f.column) for f in fields)
    sql = f"INSERT INTO {qn(model._meta.db_table)} ({columns}) VALUES ({', '.join(['%s'] * len(fields))})"
    with db.cursor() as cursor:
        cursor.executemany(sql, _rows(fields, objects, db))


def update(model: type[models.Model], objects: Sequence[models.Model], names: Sequence[str]) -> None:
    """Store the fields ``names`` of ``objects`` (rows of ``model``), one UPDATE by primary key each."""
    if not objects:
        return
    db = connections[DEFAULT_DB_ALIAS]
    fields = [model._meta.get_field(name) for name in names]
    qn = db.ops.quote_name
    assignments = ", ".join(f"{qn(f.column)} = %s" for f in fields)
    sql = f"UPDATE {qn(model._meta.db_table)} SET {assignments} WHERE {qn(model._meta.pk.column)} = %s"
    rows = _rows(fields, objects, db)
    with db.cursor() as cursor:
        cursor.executemany(sql, [[*row, obj.pk] for row, obj in zip(rows, objects, strict=True)])
