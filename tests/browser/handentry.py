"""Typing a hand into a variant's hand form in the browser, as a referee taps it in.

The values are those the variant's form itself would show for the hand (``initial_from``), so
one driver serves every variant: the fields are filled in the order the page shows them, a
folded section is opened by tapping its title, selects are chosen, boxes ticked, numbers typed,
and a value left from an earlier choice is cleared where it can be seen. A field that already
holds what the hand needs (a preset, a default) is left alone, as a referee leaves it. A section
the page hides for the chosen game is left as it is: the form must not let it block the hand
(issue 11 item 8).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from tests.fullevent import form_data
from tournaments.tables.handforms import form_class

SKIP = ("csrfmiddlewaretoken", "version", "reason", "json", "idempotency_key", "number")

# One read of the form: every named control, in page order, with what it holds and whether it shows.
_FIELDS = """form => Array.from(form.querySelectorAll('[name]')).map(e => ({
    name: e.name, tag: e.tagName, type: e.type || '', multiple: !!e.multiple,
    filled: e.type === 'checkbox' ? e.checked
          : e.tagName === 'SELECT' ? (e.multiple ? e.selectedOptions.length > 0 : e.selectedIndex > 0)
          : e.type === 'radio'
            ? form.querySelector(`[name='${e.name}']`) !== form.querySelector(`[name='${e.name}']:checked`)
          : e.value !== '',
}))"""

# One field as it is now, read just before it is touched (the page's script presets fields as others
# are chosen): what the form would post for it, whether the control to touch shows, and whether a
# radio sits in a chip (the label a finger lands on).
_NOW = """(form, [name, value]) => {
    const all = Array.from(form.querySelectorAll(`[name='${name}']`));
    const first = all[0];
    const target = first.type === 'radio' && value !== null
        ? all.find(e => e.value === value) || first : first;
    let now;
    if (first.type === 'radio') now = (all.find(e => e.checked) || {}).value ?? null;
    else if (first.type === 'checkbox') now = first.checked;
    else if (first.tagName === 'SELECT')
        now = first.multiple ? Array.from(first.selectedOptions).map(o => o.value).sort()
            : (first.selectedIndex > 0 ? first.value : null);
    else now = first.value;
    return {now, visible: target.checkVisibility(), chip: !!target.closest('label')};
}"""


def fill_hand(
    page: Any, form_selector: str, variant: str, hand: Mapping[str, Any], *, leave: Collection[str] = ()
) -> None:
    """Fill the form at ``form_selector`` so that it posts ``hand``; the fields named in ``leave`` are
    not touched (the referee leaves what the form preselects)."""
    data = form_data(form_class(variant).initial_from(hand))
    if "dealer" in hand:
        data.setdefault("dealer", hand["dealer"])
    form = page.locator(form_selector)
    seen: set[str] = set()
    for field in form.evaluate(_FIELDS):
        name, tag, kind = field["name"], field["tag"], field["type"]
        if name in seen or name in SKIP or name in leave or tag == "BUTTON" or kind in ("hidden", "submit"):
            continue
        seen.add(name)
        value = data.get(name)
        if value is None and not field["filled"]:
            continue  # nothing to type, nothing to clear
        wanted = value if kind == "radio" and not isinstance(value, list) else None
        state = form.evaluate(_NOW, [name, None if wanted is None else str(wanted)])
        if _holds(field, value, state["now"]):
            continue  # already as the hand needs it
        control = form.locator(f"[name='{name}']")
        if kind == "radio" and value is not None:  # a chip row; nothing: its first chip, as a select's first option
            control = form.locator(f"[name='{name}'][value='{value}']")
        control = control.first
        if not state["visible"] and not _reveal(control):
            continue  # hidden for this game
        if kind == "radio":
            if state["chip"]:
                control.locator("xpath=ancestor::label[1]").click()  # a finger lands on the chip
            else:
                control.check()
            assert control.is_checked(), name
        elif tag == "SELECT":
            if value is None:
                control.select_option(index=0) if not field["multiple"] else control.select_option([])
            else:
                wanted_list = value if isinstance(value, list) else [value]
                control.select_option(wanted_list if field["multiple"] else wanted_list[0])
        elif kind == "checkbox":
            control.set_checked(value is not None)
        else:
            control.fill("" if value is None else str(value))


def _holds(field: Mapping[str, Any], value: Any, now: Any) -> bool:
    """Does the control already post ``value`` (None: nothing)?"""
    kind = field["type"]
    if kind == "checkbox":
        return now == (value is not None)
    if field["tag"] == "SELECT" and field["multiple"]:
        return now == sorted(value if isinstance(value, list) else [] if value is None else [value])
    if kind == "radio" or field["tag"] == "SELECT":
        return now == (None if value is None else str(value))
    return now == ("" if value is None else str(value))


def _reveal(control: Any) -> bool:
    """Open the folded sections that hold the field, outermost first, as a referee taps their titles (a
    renonsz case under "more choices" sits in a folded section); False when it stays hidden."""
    folds = control.locator("xpath=ancestor::details")
    for i in range(folds.count()):
        details = folds.nth(i)
        summary = details.locator("xpath=./summary").first
        # An open section's title would fold it: a field hidden there waits for another (scoring.entry's
        # waits_for) and stays hidden.
        if summary.count() and summary.is_visible() and details.get_attribute("open") is None:
            summary.click()
    return control.is_visible()
