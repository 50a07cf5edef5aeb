"""Small access helpers for views: fetch an object and check the role in one call."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.forms import Form
from django.shortcuts import get_object_or_404

from .. import access
from ..models import Tournament


def tournament_for_viewer(request: Any, slug: str) -> Tournament:
    tournament = get_object_or_404(Tournament, slug=slug)
    access.require_view(request.user, tournament)
    return tournament


def tournament_for_organizer(request: Any, slug: str) -> Tournament:
    tournament = get_object_or_404(Tournament, slug=slug)
    access.require_organizer(request.user, tournament)
    return tournament


def form_errors_from(form: Form, exc: ValidationError) -> None:
    """Show an action's ValidationError on the form, field by field where it names one."""
    if hasattr(exc, "error_dict"):
        for field, errors in exc.error_dict.items():
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error(None, exc)
