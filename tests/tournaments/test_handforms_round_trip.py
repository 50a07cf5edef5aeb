"""Every variant's hand form, as a browser posts it: a sample hand shown by the form (``initial_from``)
and posted back is the hand as the form writes it (``ENTRY.normalised``) — Taruk's included — and the
engine's errors of a wrong hand are shown under the rendered fields, not at the form's top.
"""

from __future__ import annotations

import copy
import importlib
import random
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.utils.html import escape
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import entry as spec
from scoring.registry import VARIANTS
from tests.fullevent import form_data
from tournaments.tables.handforms import HandForm, form_class

KEYS = sorted(VARIANTS)


def samples(key: str) -> Any:
    return importlib.import_module(f"tests.samples.{key.replace('-', '_')}")


def make_form(key: str, hand: dict[str, Any], data: Any) -> HandForm:
    positions = hand.get("participants") or sorted(set(hand["seats"]) | {hand["dealer"]})
    return form_class(key)(
        data,
        envelope={k: hand[k] for k in ("variant", "seats", "dealer")},
        names={s: f"Player {s}" for s in positions},
        table_positions=positions,
        config=getattr(samples(key), "TEST_CONFIG", None),
    )


@pytest.mark.parametrize("key", KEYS)
def test_a_posted_sample_hand_comes_back_as_it_was(key: str) -> None:
    variant, rng, checked = VARIANTS[key], random.Random(41), 0
    for _ in range(120):
        hand, _state = samples(key).random_hand(rng)
        if not spec.carries(variant.entry, hand):
            continue
        form = make_form(key, hand, form_data(form_class(key).initial_from(hand)))
        assert form.is_valid(), form.errors.as_data()
        assert form.hand() == variant.entry.normalised(hand)
        checked += 1
    assert checked >= 100


@pytest.mark.parametrize("key", KEYS)
@settings(max_examples=100, deadline=None)
@given(rng=st.randoms(use_true_random=False), as_post=st.booleans())
def test_a_sample_hand_shown_and_posted_back_scores_as_it_did(key: str, rng: random.Random, as_post: bool) -> None:
    """The form's values (as they are, or as a browser posts them) give back the hand as the form writes
    it, with the same points and state."""
    variant, config = VARIANTS[key], getattr(samples(key), "TEST_CONFIG", None)
    hand, state = samples(key).random_hand(rng)
    if not spec.carries(variant.entry, hand):
        return  # the JSON form's (next test)
    initial = form_class(key).initial_from(hand)
    form = make_form(key, hand, form_data(initial) if as_post else initial)
    assert form.is_valid(), form.errors.as_data()
    again = form.hand()
    assert again == variant.entry.normalised(hand)
    before, after = variant.score(hand, state, config), variant.score(again, state, config)
    assert (after.points, after.state) == (before.points, before.state)


@pytest.mark.parametrize("key", KEYS)
def test_the_form_carries_every_sample_hand_but_a_second_misdeal(key: str) -> None:
    """1000 seeded sample hands: the form has a row for every entry of each, except a hand with two
    misdeals (Taruk's dealer who misdeals twice in one hand, taruk2012.md §5.4): the JSON form takes it."""
    entry = VARIANTS[key].entry
    left = [hand for hand, _ in map(samples(key).random_hand, map(random.Random, range(1000)))]
    left = [hand for hand in left if not spec.carries(entry, hand)]
    assert all([p["type"] for p in hand["penalties"]].count("misdeal") == 2 for hand in left), left[:1]


@pytest.mark.parametrize("key", KEYS)
def test_engine_errors_are_shown_under_rendered_fields(key: str) -> None:
    """A hand with a wrong value where a field wrote (an int made negative, a word made unknown)."""
    variant, rng, shown, rendered = VARIANTS[key], random.Random(43), 0, 0
    config = getattr(samples(key), "TEST_CONFIG", None)
    # Rendering the whole hand form costs a tenth of a second: 30 forms with errors are sample enough.
    for _ in range(120):
        if rendered == 30:
            break
        hand, state = samples(key).random_hand(rng)
        if not spec.carries(variant.entry, hand):
            continue
        form = make_form(key, hand, form_data(form_class(key).initial_from(hand)))
        assert form.is_valid()
        built = spec.build(variant.entry, form.cleaned_data, form.ctx)
        leaves = sorted(p for p in built.wrote if isinstance(spec.get_path(hand, p), (int, str)))
        if not leaves:
            continue
        bad, (*parents, last) = copy.deepcopy(form.hand()), spec.steps(rng.choice(leaves))
        target = bad
        for step in parents:
            target = target[step]
        target[last] = -99 if isinstance(target[last], int) and not isinstance(target[last], bool) else "Z"
        errors = [e for e in variant.validate(bad, state, config) if not e.field.startswith(("attack", "defence"))]
        form.add_engine_errors(errors)
        assert not form.non_field_errors(), (errors, form.non_field_errors())
        html = render_to_string("scoring/_hand_fields.html", {"form": form})
        rendered += 1
        for name, messages in form.errors.items():
            assert f'name="{name}"' in html and all(escape(m) in html for m in messages)
        shown += len(errors)
    assert shown > 20


def test_taruk_misdeal_choices_follow_the_dealers_history() -> None:
    """§5.4: a first misdeal is a warning, a later one -20; the form offers only the one that applies."""
    hand = {"variant": "taruk2012", "seats": ["A", "B", "C", "D"], "dealer": "D"}
    first, again = make_form("taruk2012", hand, None), make_form("taruk2012", hand, None)
    first.limit_misdeal(0)
    again.limit_misdeal(2)
    assert [v for v, _label in first.fields["misdeal"].choices] == ["", "warning"]
    assert [v for v, _label in again.fields["misdeal"].choices] == ["", "penalty"]
    posted = make_form("taruk2012", hand, {"game": "klop", "game_kontra": "1", "misdeal": "warning"})
    posted.limit_misdeal(1)
    assert not posted.is_valid() and "-20" in posted.errors["misdeal"][0]
