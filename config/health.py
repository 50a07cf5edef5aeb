"""``/health/`` for a load balancer or a monitor: is this process able to serve (its database answers)?"""

from __future__ import annotations

import logging

from django.db import DatabaseError, connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

log = logging.getLogger(__name__)


@never_cache
@require_GET
def health(request: HttpRequest) -> JsonResponse:
    """200 ``{"status": "ok", "database": "ok"}``, or 503 with ``"database": "error"``. No sign-in,
    never cached, no detail of the failure (it goes to the log)."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError:
        log.exception("health check: the database does not answer")
        return JsonResponse({"status": "error", "database": "error"}, status=503)
    return JsonResponse({"status": "ok", "database": "ok"})
