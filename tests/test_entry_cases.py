"""bench/entry_cases.json, the chosen hands of the entry bench (bench/entry.py), says what the form is:
every step is one the page offers at that point (a chip is tapped, a number typed, a select picked, a
folded section opened before a field in it), none sets a value the page already shows (the forehand's
declarer chip, a preset: a wasted input the bench would count), and the steps make a hand that scores
the case's points. The browser run is the bench's; this catches a case the form has moved away from
before the bench is run (a renonsz case that became a chip was still "selected" there)."""

from __future__ import annotations

import json

import pytest

from scoring import entry as spec
from scoring.registry import VARIANTS, get
from tests.samples import sample_config
from tests.support.entry_bench import ROOT, dealt, entry_plan

CASES = json.loads((ROOT / "bench" / "entry_cases.json").read_text(encoding="utf-8"))["cases"]
PARAMS = [pytest.param(case, id=f"{case['variant']}:{case['name']}") for case in CASES]


def table_of(variant: str) -> tuple[list[str], dict]:
    """The bench's table (tests.tournaments.variant_tables.running_table): the variant's fewest seats, A
    dealing hand 1; the envelope of that hand."""
    positions = [chr(ord("A") + i) for i in range(VARIANTS[variant].plan.min_seats)]
    return positions, dealt(get(variant), positions, "A", {})


@pytest.mark.parametrize("case", PARAMS)
def test_every_step_is_one_the_page_offers_and_none_is_wasted(case):
    plan = entry_plan()
    positions, envelope = table_of(case["variant"])
    page = plan.Page(case["variant"], envelope, positions, sample_config(case["variant"]))
    section_of = {f.name: i for i, s in enumerate(page.sections) for f in s.fields()}
    more: set[str] = set()
    for step in case["steps"]:
        action, name = step[0], step[1]
        assert name in page.fields, step
        field, i = page.fields[name], section_of[name]
        assert not page.hidden[i], f"{step}: its section is hidden at this point"
        if action == "open":
            assert not page.open[i], f"{step}: the section is open already"
            page.open[i] = True
            continue
        if action == "more":
            more.add(name)
            continue
        assert page.open[i], f"{step}: its section is folded; open it first"
        kind = {"tap": page.chips(field) and field.kind != spec.BOOL, "type": field.kind == spec.INT}
        kind["select"] = field.kind != spec.INT and not page.chips(field)
        kind["check"] = field.kind == spec.BOOL
        assert kind[action], f"{step}: the page shows {name} otherwise"
        value = ("" if page.values[name] == "on" else "on") if action == "check" else step[2]
        if action in ("tap", "select"):
            assert value in {str(v) for v, _label in field.choices}, step
            folded = field.common and value not in field.common and len(field.choices) > plan.CHIPS_MAX
            assert not folded or name in more, f"{step}: a choice under 'more choices'"
        assert page.values[name] != value, f"{step}: the page shows {value!r} already, a wasted input"
        page.set(name, value)


@pytest.mark.parametrize("case", PARAMS)
def test_the_steps_make_a_hand_that_scores_the_cases_points(case):
    positions, envelope = table_of(case["variant"])
    config = sample_config(case["variant"])
    hand = entry_plan().replay(case["variant"], {**envelope, "participants": positions}, case["steps"], config)
    assert hand is not None, "the form's own checks refuse what the steps enter"
    if "participants" not in envelope:
        hand.pop("participants", None)
    variant = get(case["variant"])
    assert variant.validate(hand, {}, config) == [], hand
    assert variant.score(hand, {}, config).points == case["points"], hand
