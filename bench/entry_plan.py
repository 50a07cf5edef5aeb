"""The fewest inputs that enter a hand on the table page, read off the variant's form declaration
(``scoring/variants/<key>/entry.py``): what bench/entry_examples.json's steps were made from.

    python bench/entry_plan.py taruk2012 '{"variant": "taruk2012", ...}'   # print one hand's steps

A hand becomes the form's values (``scoring.entry.values_from``); the page is replayed in page order
as static/js/handform.js runs it: a section shown for one choice opens by itself, one declared open
is open, another folded section takes a tap on its title ("open"), a preset fills a field the
referee has not touched (a share of a total: the rest of the others), a choice outside a long list's
common ones takes a tap on "more choices" ("more"), a choice no longer offered for what its field
waits for gives way to the first one offered. A field already showing the wanted value takes no
input. Steps: ("tap", field, value) on a chip, ("type", field, number), ("select", field, value),
("check", field) a tick box, ("open", field), ("more", field).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from report import setup_path

setup_path()

from scoring import entry as spec  # noqa: E402
from scoring.registry import VARIANTS  # noqa: E402

CHIPS_MAX = 24  # tournaments/tables/handforms/base.py: up to this many choices a field is a row of chips


def _text(value: Any) -> str:
    if value is None or value is False:
        return ""
    return "on" if value is True else str(value)


class Page:
    """The form of one new hand as the phone holds it: values, touched fields, open sections."""

    def __init__(self, variant: str, envelope: Mapping[str, Any], positions: Sequence[str], config: Any = None):
        entry = VARIANTS[variant].entry
        seats = tuple(envelope["seats"])
        self.ctx = spec.Context(seats, tuple(positions), envelope.get("dealer", ""), seats, config)
        self.entry = entry
        self.sections = list(entry.layout(self.ctx))
        self.fields = {f.name: f for s in self.sections for f in s.fields()}
        self.values = {name: self._initial(f) for name, f in self.fields.items()}
        self.touched: set[str] = set()
        self.put: dict[str, str] = {}
        self.hidden = [self._hides(s) for s in self.sections]
        self.open = [i == 0 or s.open for i, s in enumerate(self.sections)]
        self._presets(None)

    def _initial(self, f: spec.Field) -> str:
        if f.initial is not None:
            return _text(f.initial)
        if f.kind in (spec.CHOICE, spec.INT_CHOICE) and not self.chips(f) and f.choices:
            return _text(f.choices[0][0])  # a select shows its first option
        return ""

    def _cleared(self, f: spec.Field) -> str:
        if self.chips(f):
            return _text(f.choices[0][0]) if f.choices else ""
        return self._initial(f)

    @staticmethod
    def chips(f: spec.Field) -> bool:
        return len(f.choices) <= CHIPS_MAX or bool(f.common)

    def _hides(self, section: spec.Section) -> bool:
        for name, wanted in section.show.items():
            if name in self.values and self.values[name] not in {str(v) for v in wanted}:
                return True
        return False

    def _holds(self, when: Mapping[str, Sequence[str]]) -> bool:
        return all(self.values.get(k) and (spec.ANY in v or self.values.get(k) in v) for k, v in when.items())

    def _presets(self, changed: str | None) -> None:
        if changed is not None:
            self.touched.add(changed)
        for name, f in self.fields.items():
            p = f.preset
            if p is None or changed is None or name in self.touched:
                continue
            applies = self._holds(p.when) and not any(self._holds(c) for c in p.unless)
            share = p.rest.value(name, self.values, f.min_value, f.max_value) if p.rest and applies else None
            applies = applies and (p.rest is None or share is not None)
            current, put = self.values[name], self.put.get(name)
            if applies:
                target = share if p.rest else self.values.get(p.copy, "") if p.copy else _text(p.value)
                if current == "" or current == put:
                    self.values[name], self.put[name] = target, target
            elif put is not None and current == put:
                self.values[name] = ""
                self.put.pop(name)

    def set(self, name: str, value: str) -> None:
        self.values[name] = value
        for i, section in enumerate(self.sections):  # handform.js update(): hide, clear, open
            hide = self._hides(section)
            if hide and not self.hidden[i]:  # a hidden section goes back to its first choice
                for f in section.fields():
                    self.values[f.name] = self._cleared(f)
            if not hide and self.hidden[i] and len(next(iter(section.show.values()), ())) == 1:
                self.open[i] = True
            self.hidden[i] = hide
        for f in self.fields.values():  # a chosen choice no longer offered gives way to the first offered
            held = self.values.get(f.offered_from or "", "")
            if held and self.values[f.name] not in f.offered(held):
                self.values[f.name] = f.offered(held)[0]
        self._presets(name)

    def steps_for(self, want: Mapping[str, str]) -> list[list[str]]:
        """The steps that make the form show ``want`` (field -> text; a field not named keeps its
        initial value)."""
        out: list[list[str]] = []
        for _round in range(3):  # a later field's preset may move an earlier one: go round again
            changed = False
            for i, section in enumerate(self.sections):
                if self.hidden[i]:
                    continue
                for f in section.fields():
                    target = want.get(f.name, self._initial(f) if f.name not in self.put else "")
                    if self.values[f.name] == target:
                        continue
                    if not self.open[i]:
                        out.append(["open", f.name])
                        self.open[i] = True
                    out.append(self._step(f, target))
                    self.set(f.name, target)
                    changed = True
            if not changed:
                break
        return out

    def _step(self, f: spec.Field, target: str) -> list[str]:
        if f.kind == spec.BOOL:
            return ["check", f.name]
        if f.kind == spec.INT:
            return ["type", f.name, target]
        if self.chips(f):
            if f.common and target not in f.common and len(f.choices) > CHIPS_MAX:
                return ["more+tap", f.name, target]
            return ["tap", f.name, target]
        return ["select", f.name, target]


def positions_of(hand: Mapping[str, Any]) -> list[str]:
    """The seats of the table a hand is dealt at (its participants, else its players and dealer)."""
    return sorted(hand.get("participants") or {*hand["seats"], hand["dealer"]})


ENVELOPE = ("variant", "seats", "dealer", "participants", "talon_arranger")


def _posted(field: spec.Field, text: str) -> Any:
    """What the form's cleaning makes of what the page posts."""
    if field.kind == spec.BOOL:
        return text == "on"
    if field.kind in (spec.INT, spec.INT_CHOICE):
        return int(text) if text != "" else None
    return text


def replay(
    variant: str, hand: Mapping[str, Any], steps: Sequence[Sequence[str]], config: Any = None
) -> dict[str, Any] | None:
    """The hand the page saves after ``steps`` on a new hand with ``hand``'s envelope (the sections the
    page hides are left out, as the form leaves them); None where the form's own checks refuse it."""
    page = Page(variant, hand, positions_of(hand), config)
    for step in steps:
        if step[0] in ("tap", "type", "select"):
            page.set(step[1], step[2])
        elif step[0] == "check":
            page.set(step[1], "" if page.values[step[1]] == "on" else "on")
    shown = [f for i, s in enumerate(page.sections) if not page.hidden[i] for f in s.fields()]
    values = {f.name: _posted(f, page.values[f.name]) for f in shown}
    if page.entry.checks is not None and page.entry.checks(values, page.ctx):
        return None
    envelope = {k: v for k, v in hand.items() if k in ENVELOPE}
    return {**envelope, **spec.hand_from(page.entry, values, page.ctx)}


def scores_alike(variant: str, a: Mapping[str, Any] | None, b: Mapping[str, Any], state: Any, config: Any) -> bool:
    """Do the two hands score alike (points, state after, every breakdown line)? (None: no hand.)"""
    rules = VARIANTS[variant]
    if a is None or rules.validate(a, state, config) or rules.validate(b, state, config):
        return False
    x, y = rules.score(a, state, config), rules.score(b, state, config)
    return (x.points, x.state, list(x.breakdown)) == (y.points, y.state, list(y.breakdown))


def plan(
    variant: str, hand: Mapping[str, Any], positions: Sequence[str], config: Any = None, state: Any = None
) -> list[list[str]]:
    """The fewest steps that enter ``hand`` (with its envelope) at a table of ``positions``: every value
    the hand holds that the form does not show already, less those whose absence changes nothing of the
    score (points, state, breakdown: a fact the engine does not use for this hand, the form's explicit
    writing of a default); or, where the form takes the sheet's count instead of the card points
    (Illusztrált, Vadász: README "hands"), the same hand so entered when that is fewer inputs and scores
    the same points and state (its breakdown says "the sheet's count" instead of the card points)."""
    state = state or {}
    best = _exact(variant, hand, positions, config, state)
    for other in _by_the_count(variant, hand, positions, config, state):
        steps = _exact(variant, other, positions, config, state)
        if _inputs(steps) < _inputs(best):
            best = steps
    return best


def _inputs(steps: Sequence[Sequence[str]]) -> int:
    return sum(2 if step[0] == "select" else 1 for step in steps)


def _by_the_count(variant: str, hand: Mapping[str, Any], positions: Sequence[str], config: Any, state: Any) -> list:
    """``hand`` with the sheet's count in place of its card points, for every count that scores it alike."""
    page = Page(variant, hand, positions, config)
    if "count_result" not in page.fields or "declarer_card_points" not in hand:
        return []
    rules, out = VARIANTS[variant], []
    for value, _label in page.fields["count_result"].choices:
        other = {k: v for k, v in hand.items() if k != "declarer_card_points"}
        other["count_result"] = value
        if not value or rules.validate(other, state, config):
            continue
        x, y = rules.score(hand, state, config), rules.score(other, state, config)
        if (x.points, x.state, len(x.breakdown)) == (y.points, y.state, len(y.breakdown)):
            out.append(other)
    return out


def _exact(variant: str, hand: Mapping[str, Any], positions: Sequence[str], config: Any, state: Any) -> list:
    """The fewest steps that enter a hand scoring exactly as ``hand`` does."""
    page = Page(variant, hand, positions, config)
    values = spec.values_from(page.entry, hand, page.ctx)
    want = {k: _text(v) for k, v in values.items() if k in page.fields}
    steps: list[list[str]] = []
    for step in page.steps_for(want):  # "more+tap" is two inputs: open the fold, tap the chip
        steps += [["more", step[1]], ["tap", step[1], step[2]]] if step[0] == "more+tap" else [step]
    if not scores_alike(variant, replay(variant, hand, steps, config), hand, state, config):
        return steps  # the page cannot make this hand: the bench shows where it differs
    for i in reversed(range(len(steps))):
        if steps[i][0] in ("open", "more"):
            continue
        fewer = steps[:i] + steps[i + 1 :]
        if scores_alike(variant, replay(variant, hand, fewer, config), hand, state, config):
            steps = fewer
    return _needed_folds(page, steps)


def _needed_folds(page: Page, steps: list[list[str]]) -> list[list[str]]:
    """Drop a tap on a folded section's title (or a long list's "more") that no later step needs."""
    section_of = {f.name: i for i, s in enumerate(page.sections) for f in s.fields()}
    out = []
    for i, step in enumerate(steps):
        if step[0] in ("open", "more"):
            later = steps[i + 1 :]
            if step[0] == "open" and not any(
                s[0] not in ("open", "more") and section_of[s[1]] == section_of[step[1]] for s in later
            ):
                continue
            if step[0] == "more" and not any(s[0] == "tap" and s[1] == step[1] for s in later[:1]):
                continue
        out.append(step)
    return out


if __name__ == "__main__":
    key, text = sys.argv[1], sys.argv[2]
    hand = json.loads(text)
    print(json.dumps(plan(key, hand, positions_of(hand))))
