"""The hand form's widgets written in Python (tournaments/tables/handforms/render.py, the chips tag)
write what Django's widget templates write, to the byte: Django's own renderer is the reference."""

from __future__ import annotations

import pytest
from django import forms
from django.forms.renderers import DjangoTemplates
from django.template import Context, Template

from tournaments.tables.handforms.render import HandFormRenderer


class Sample(forms.Form):
    bid = forms.ChoiceField(
        choices=[("", "—"), ("passz", "Passz"), ("40-100", "40 & 100 <szín>"), (7, "hét")],
        widget=forms.Select(attrs={"data-x": 'a"b', "autofocus": True, "hidden": False}),
    )
    grouped = forms.ChoiceField(choices=[("Ulti", [("u", "ulti"), ("du", "durchmarsch")]), ("x", "other")])
    points = forms.IntegerField(widget=forms.NumberInput(attrs={"inputmode": "numeric"}), required=False)
    note = forms.CharField(max_length=40, required=False)
    ok = forms.BooleanField(required=False)


def _both(data: dict | None) -> list[tuple[str, str]]:
    django, ours = Sample(data, renderer=DjangoTemplates()), Sample(data, renderer=HandFormRenderer())
    if data is not None:
        django.is_valid(), ours.is_valid()
    return [(str(django[name]), str(ours[name])) for name in Sample.base_fields]


@pytest.mark.parametrize(
    "data",
    [
        None,
        {"bid": "40-100", "grouped": "du", "points": "-30", "note": 'Béla <b>"ok"</b> & co', "ok": "on"},
        {"bid": "nonsense", "grouped": "", "points": "x"},  # errors: aria-invalid on the widgets
        {"bid": "7", "grouped": "x", "points": "0", "note": ""},
    ],
)
def test_the_written_widgets_are_djangos_to_the_byte(data):
    for django, ours in _both(data):
        assert ours == django


def test_a_select_is_written_by_python_not_by_its_templates(monkeypatch):
    """The point of the renderer: a select and its ~50 options are not ~50 template includes."""
    drawn = []
    original = DjangoTemplates.render
    monkeypatch.setattr(
        DjangoTemplates, "render", lambda self, name, *a, **k: drawn.append(name) or original(self, name, *a, **k)
    )
    str(Sample(renderer=HandFormRenderer())["bid"])
    str(Sample(renderer=HandFormRenderer())["ok"])
    assert drawn == ["django/forms/widgets/checkbox.html"]


def test_a_chip_is_a_labelled_radio_input_escaped():
    field = forms.Form()
    field.fields["game"] = forms.ChoiceField(choices=[("a&b", "<Solo>"), ("c", "c")], widget=forms.RadioSelect)
    bound = forms.Form({"game": "c"})
    bound.fields["game"] = field.fields["game"]
    html = Template(
        '{% load chip_tags %}{% chips f %}|{% chips f common "common" %}|{% chips f common "rest" %}'
    ).render(Context({"f": bound["game"], "common": {"c"}}))
    first = (
        '<label class="chip" for="id_game_0"><input type="radio" name="game" value="a&amp;b" id="id_game_0" required>'
        "<span>&lt;Solo&gt;</span></label>\n"
    )
    second = (
        '<label class="chip" for="id_game_1"><input type="radio" name="game" value="c" id="id_game_1" required checked>'
        "<span>c</span></label>\n"
    )
    assert html == f"{first}{second}|{second}|{first}"
