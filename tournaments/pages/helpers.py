"""Small helpers for views: an action's errors shown on its form (the lookups are ``tournaments.lookups``)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.forms import Form


def form_errors_from(form: Form, exc: ValidationError) -> None:
    """Show an action's ValidationError on the form, field by field where it names one."""
    if hasattr(exc, "error_dict"):
        for field, errors in exc.error_dict.items():
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error(None, exc)
