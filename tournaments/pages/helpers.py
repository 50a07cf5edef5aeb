"""Small helpers for views: an action's errors shown on its form (the lookups are ``tournaments.lookups``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.forms import Form
from django.http import HttpRequest
from django.urls import reverse


def form_errors_from(form: Form, exc: ValidationError) -> None:
    """Show an action's ValidationError on the form, field by field where it names one."""
    if hasattr(exc, "error_dict"):
        for field, errors in exc.error_dict.items():
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error(None, exc)


def form_action(request: HttpRequest, form: Form, action: Callable[[dict[str, Any]], str]) -> bool:
    """Run ``action`` on a valid ``form``'s cleaned data and show the message it returns: True once it ran;
    False with the errors on the form (its own, or the action's ValidationError, ``form_errors_from``)."""
    if not form.is_valid():
        return False
    try:
        done = action(form.cleaned_data)
    except ValidationError as exc:
        form_errors_from(form, exc)
        return False
    messages.success(request, done)
    return True


# A number no event reaches, reversed once and replaced per row: a thousand rows cost one reverse per link.
_ROW = 2147483647


def row_url(name: str, *args: Any) -> Callable[[int], str]:
    """The URL ``name`` with its last argument a row's own (a start number, a player's id, a table number)."""
    head, _marker, tail = reverse(name, args=[*args, _ROW]).rpartition(f"/{_ROW}/")
    return lambda n: f"{head}/{n}/{tail}"
