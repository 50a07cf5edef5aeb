"""The compact declaration of a payload's plain fields (``tournaments.api.serializers.plain``)."""

import datetime as dt

from rest_framework import serializers

from tournaments.api.serializers import plain


class _Row(serializers.Serializer):
    rank, name = plain(int, str)
    club = serializers.CharField(help_text="between two tuples")
    points, played, on, at = plain(float | None, bool, dt.date, dt.datetime | None)


def test_fields_keep_the_declared_order_around_other_fields():
    assert list(_Row().fields) == ["rank", "name", "club", "points", "played", "on", "at"]


def test_each_python_type_gives_its_field_and_none_allows_null():
    fields = _Row().fields
    kinds = {name: (type(field), field.allow_null) for name, field in fields.items()}
    assert kinds == {
        "rank": (serializers.IntegerField, False),
        "name": (serializers.CharField, False),
        "club": (serializers.CharField, False),
        "points": (serializers.FloatField, True),
        "played": (serializers.BooleanField, False),
        "on": (serializers.DateField, False),
        "at": (serializers.DateTimeField, True),
    }


def test_an_answer_is_as_with_one_field_a_line():
    row = {"rank": 1, "name": "Ana", "club": "K", "points": None, "played": True, "on": dt.date(2026, 3, 1), "at": None}
    assert _Row(row).data == {**row, "on": "2026-03-01"}
