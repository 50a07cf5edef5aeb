"""/health/ for a load balancer: JSON, no sign-in, never cached, 503 when the database is gone; the
broker and the cache reported beside it, "degraded" (still 200: the site serves) when one is down."""

from __future__ import annotations

from unittest import mock

import pytest
from django.db import DatabaseError
from django.test import Client

from tests.support.processes import free_port


@pytest.fixture
def default_setup(settings):
    """No broker (jobs run in the server process), the cache in the process's memory: what a fresh
    checkout runs (CI's second pass sets a broker for the whole suite)."""
    settings.CELERY_BROKER_URL = ""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}


def test_it_answers_ok_as_json_to_anyone_and_is_never_cached(db, default_setup):
    response = Client().get("/health/")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "broker": "none", "cache": "ok"}
    assert "no-cache" in response["Cache-Control"] and "no-store" in response["Cache-Control"]


def redis_cache(url: str) -> dict:
    return {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}}


@pytest.fixture
def redis_down(settings):
    """The broker and the cache pointed at a Redis that does not answer (nothing listens there)."""
    down = f"redis://127.0.0.1:{free_port()}/0"
    settings.CELERY_BROKER_URL = down
    settings.CACHES = redis_cache(down)
    return down


def test_it_says_degraded_naming_the_broker_and_the_cache_when_redis_is_down(db, redis_down):
    response = Client().get("/health/")
    assert response.status_code == 200  # the site still serves: pages computed per request
    assert response.json() == {"status": "degraded", "database": "ok", "broker": "error", "cache": "error"}
    assert "127.0.0.1" not in response.content.decode()  # no detail of the failure (it goes to the log)


def test_pages_are_served_while_redis_is_down(running_event, redis_down):
    assert Client().get(f"/e/{running_event.slug}/standings/").status_code == 200


def test_it_says_ok_with_a_real_redis_as_broker_and_cache(db, redis_url, settings):
    settings.CELERY_BROKER_URL = redis_url
    settings.CACHES = redis_cache(redis_url.replace("/0", "/1"))
    response = Client().get("/health/")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "broker": "ok", "cache": "ok"}


def test_it_answers_503_when_the_database_does_not_answer(db, default_setup):
    from django.db.backends.utils import CursorWrapper

    with mock.patch.object(CursorWrapper, "execute", side_effect=DatabaseError("connection refused")):
        response = Client().get("/health/")
    assert response.status_code == 503
    assert response.json() == {"status": "error", "database": "error", "broker": "none", "cache": "ok"}
    assert "refused" not in response.content.decode()


def test_it_takes_only_get(db):
    assert Client().post("/health/").status_code == 405
