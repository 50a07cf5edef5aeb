"""Celery tasks: a few lines each; they take ids, set the event's language and call plain functions.

Without CELERY_BROKER_URL they run eagerly in-process (config/settings.py).
"""

from __future__ import annotations

from celery import shared_task
from django.utils import translation

from . import documents
from .models import GeneratedFile


@shared_task(ignore_result=True)  # the outcome is the GeneratedFile row, not a result backend entry
def generate_document(file_id: int, fingerprint: str) -> None:
    row = GeneratedFile.objects.select_related("tournament").filter(pk=file_id).first()
    if row is None:
        return
    with translation.override(row.tournament.language):
        documents.generate(file_id, fingerprint)
