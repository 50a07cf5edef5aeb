"""Asking for a document: its row, made current or queued (audited), and the job sent to a Celery worker
or, without a broker, to this process's own job thread.

Apart from ``files`` (what a document is, its rows, making one) so that the task module can import
``files`` and this module the task, without a cycle.
"""

from __future__ import annotations

import logging
import queue
import threading
from typing import Any

from django.conf import settings
from django.db import connections, transaction
from django.utils import timezone
from kombu.exceptions import OperationalError

from tournaments.documents.files import (
    QUEUE_FAILED,
    STUCK_AFTER,
    fingerprint,
    is_fresh,
    parse_key,
    settled,
)
from tournaments.documents.tasks import generate_document
from tournaments.history import audit
from tournaments.models import GeneratedFile, Tournament

logger = logging.getLogger(__name__)
Status = GeneratedFile.Status


def _enqueue(file_id: int, requested: str) -> None:
    """Queue the task (after commit). With the broker down the row fails at once with the reason,
    instead of the request answering 500 and the row waiting as "queued" for STUCK_AFTER. Without a
    broker the job goes to this process's own job thread (``DOCUMENTS_IN_THREAD``)."""
    if generate_document.app.conf.task_always_eager and settings.DOCUMENTS_IN_THREAD:
        _in_process(file_id, requested)
        return
    try:
        # A short publish retry rides out a blip; a broker that stays down is reported now.
        generate_document.apply_async(
            (file_id, requested),
            retry=True,
            retry_policy={"max_retries": 2, "interval_start": 0.1, "interval_step": 0.2},
        )
    except (OperationalError, OSError) as exc:
        logger.warning("could not queue document %s: %s", file_id, exc)
        GeneratedFile.objects.filter(pk=file_id, fingerprint=requested, status=Status.QUEUED).update(
            status=Status.FAILED,
            error=f"{QUEUE_FAILED}{type(exc).__name__}: {exc}"[:2000],
            finished_at=timezone.now(),
            updated_at=timezone.now(),
        )


# Without a broker, one thread per server process makes the documents, one after another: a round's
# protocols take tens of seconds of CPU, which must not hold the organizer's request (nor, several at
# once, every request of the process). It shows its progress as a worker does; a process that stops
# mid-job leaves a row whose heartbeat stops (``settled``).
_jobs: queue.SimpleQueue[tuple[int, str]] = queue.SimpleQueue()
_job_thread: threading.Thread | None = None
_job_thread_lock = threading.Lock()


def _in_process(file_id: int, requested: str) -> None:
    global _job_thread
    _jobs.put((file_id, requested))
    with _job_thread_lock:
        if _job_thread is None or not _job_thread.is_alive():
            _job_thread = threading.Thread(target=_run_jobs, name="documents", daemon=True)
            _job_thread.start()


def _run_jobs() -> None:
    while True:
        file_id, requested = _jobs.get()
        try:
            generate_document(file_id, requested)  # the task's body, in this thread
        except Exception:  # generate() records its own failures; this is anything else
            logger.exception("document %s: the job thread failed", file_id)
        finally:
            connections.close_all()  # this thread's connection, closed between jobs


@transaction.atomic
def request_document(actor: Any, tournament: Tournament, key: str) -> GeneratedFile:
    """The stored document if its inputs are unchanged; otherwise the row, queued for regeneration.

    The generation task is queued after commit (a worker must see the row).
    """
    kind, _params = parse_key(key)
    current = fingerprint(tournament, key)
    row, created = GeneratedFile.objects.select_for_update().get_or_create(
        tournament=tournament, key=key, defaults={"kind": kind}
    )
    row = settled(row)
    if is_fresh(row, current):
        return row
    in_flight = row.status in (Status.QUEUED, Status.RUNNING) and not created
    if in_flight and row.fingerprint == current and timezone.now() - row.updated_at < STUCK_AFTER:
        return row  # already on its way
    before = {"status": row.status, "fingerprint": row.fingerprint}
    row.kind, row.fingerprint, row.status, row.progress, row.error = kind, current, Status.QUEUED, 0, ""
    row.requested_by = actor if getattr(actor, "is_authenticated", False) else None
    row.finished_at = None
    row.save()
    audit.log(
        actor,
        "document.requested",
        row,
        tournament=tournament,
        before=before,
        after={"key": key, "fingerprint": current},
    )
    transaction.on_commit(lambda: _enqueue(row.pk, current))
    return row
