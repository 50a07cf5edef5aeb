"""The Celery app. Without CELERY_BROKER_URL tasks run eagerly (settings)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("tarok")
app.config_from_object("django.conf:settings", namespace="CELERY")
# Each app's ``tasks`` module, and the documents' own (``tournaments/documents/files/tasks.py``).
app.autodiscover_tasks()
app.autodiscover_tasks(["tournaments.documents"])
