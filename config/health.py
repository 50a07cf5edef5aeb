"""``/health/`` for a load balancer or a monitor: can this process serve (its database answers), and
what is degraded beside it (the job broker, the shared cache)?"""

from __future__ import annotations

import logging
import secrets

from django.conf import settings
from django.core.cache import caches
from django.db import DatabaseError, connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

log = logging.getLogger(__name__)

# A monitor polls every few seconds: a Redis that does not answer within this is reported down.
TIMEOUT_SECONDS = 1.0


def database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError:
        log.exception("health check: the database does not answer")
        return "error"
    return "ok"


def broker() -> str:
    """ "none" without a broker (documents are made in the server process), else whether it answers."""
    url = settings.CELERY_BROKER_URL
    if not url:
        return "none"
    if url.startswith("memory://"):
        return "ok"
    import redis

    client = redis.Redis.from_url(url, socket_connect_timeout=TIMEOUT_SECONDS, socket_timeout=TIMEOUT_SECONDS)
    try:
        client.ping()
    except (redis.RedisError, OSError):
        log.warning("health check: the broker does not answer", exc_info=True)
        return "error"
    finally:
        client.close()
    return "ok"


def cache() -> str:
    """Whether the cache stores and returns a value (its backends raise their own errors)."""
    nonce = secrets.token_hex(8)
    try:
        store = caches["default"]
        store.set("health-check", nonce, 10)
        if store.get("health-check") != nonce:
            raise RuntimeError("the cache returned another value")
    except Exception:
        log.warning("health check: the cache does not answer", exc_info=True)
        return "error"
    return "ok"


@never_cache
@require_GET
def health(request: HttpRequest) -> JsonResponse:
    """200 ``{"status": "ok", "database": "ok", "broker": "ok", "cache": "ok"}``; "degraded" (still 200:
    pages are served, computed per request, and documents cannot be queued) when the broker or the
    cache does not answer; 503 with ``"status": "error"`` when the database does not. No sign-in,
    never cached, no detail of a failure (it goes to the log)."""
    parts = {"database": database(), "broker": broker(), "cache": cache()}
    if parts["database"] == "error":
        return JsonResponse({"status": "error", **parts}, status=503)
    degraded = "error" in parts.values()
    return JsonResponse({"status": "degraded" if degraded else "ok", **parts})
