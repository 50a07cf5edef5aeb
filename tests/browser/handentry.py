"""Typing a hand into a variant's hand form in the browser, as a referee taps it in.

The values are those the variant's form itself would show for the hand (``initial_from``), so
one driver serves every variant: the fields are filled in the order the page shows them, a
folded section is opened by tapping its title, selects are chosen, boxes ticked, numbers typed,
and a value left from an earlier choice is cleared where it can be seen. A section the page hides
for the chosen game is left as it is: the form must not let it block the hand (issue 11 item 8).
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
        control = form.locator(f"[name='{name}']")
        if kind == "radio" and value is not None:  # a chip row; nothing: its first chip, as a select's first option
            control = form.locator(f"[name='{name}'][value='{value}']")
        control = control.first
        if not _reveal(control):
            continue  # hidden for this game
        if kind == "radio":
            chip = control.locator("xpath=ancestor::label[1]")
            chip.click() if chip.count() else control.check()  # a finger lands on the chip
            assert control.is_checked(), name
        elif tag == "SELECT":
            if value is None:
                control.select_option(index=0) if not field["multiple"] else control.select_option([])
            else:
                wanted = value if isinstance(value, list) else [value]
                control.select_option(wanted if field["multiple"] else wanted[0])
        elif kind == "checkbox":
            control.set_checked(value is not None)
        else:
            control.fill("" if value is None else str(value))


def _reveal(control: Any) -> bool:
    """Open the folded section that holds the field, as a referee taps its title; False when hidden."""
    if control.is_visible():
        return True
    summary = control.locator("xpath=ancestor::details[1]/summary").first
    if summary.count() and summary.is_visible():
        summary.click()
    return control.is_visible()
