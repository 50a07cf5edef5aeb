"""Celery tasks: a few lines each; they take ids, set the event's language and call plain functions.

Without CELERY_BROKER_URL they run eagerly in-process (config/settings.py).
"""

from __future__ import annotations

from celery import shared_task
from django.utils import translation

from tournaments.documents import files as documents
from tournaments.models import GeneratedFile


# The outcome is the GeneratedFile row, not a result backend entry. Acknowledged only when done
# (acks_late), and put back on the queue when the worker process dies mid-job (reject_on_worker_lost),
# so a killed worker's job is run again by another instead of staying "running". Rendering is
# idempotent: the row's fingerprint decides what is stored.
# The name is the one the task had before the site was grouped by concept, so a job queued by the
# previous release is still run by this one.
@shared_task(name="tournaments.tasks.generate_document", ignore_result=True, acks_late=True, reject_on_worker_lost=True)
def generate_document(file_id: int, fingerprint: str) -> None:
    row = GeneratedFile.objects.select_related("tournament").filter(pk=file_id).first()
    if row is None:
        return
    with translation.override(row.tournament.language):
        documents.generate(file_id, fingerprint)
