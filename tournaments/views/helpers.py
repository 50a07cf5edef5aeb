"""Small helpers for views: the shared lookups (``tournaments.lookups``) and form errors."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.forms import Form

from ..lookups import tournament_for_organizer, tournament_for_viewer

__all__ = ["form_errors_from", "tournament_for_organizer", "tournament_for_viewer"]


def form_errors_from(form: Form, exc: ValidationError) -> None:
    """Show an action's ValidationError on the form, field by field where it names one."""
    if hasattr(exc, "error_dict"):
        for field, errors in exc.error_dict.items():
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error(None, exc)
