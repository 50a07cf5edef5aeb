"""The live pages with the cache (Redis) down: computed directly, never a 500 (the hall keeps polling)."""

from __future__ import annotations

import pytest
from django.core.cache.backends.base import BaseCache

from tests.conftest import client_for


class BrokenCache(BaseCache):
    """A cache whose server is unreachable: every call raises, as django-redis or Django's Redis
    backend does when Redis is down."""

    def __init__(self, location=None, params=None):
        super().__init__(params or {})

    def _down(self, *args, **kwargs):
        raise ConnectionError("Error 111 connecting to redis:6379. Connection refused.")

    get = set = add = delete = get_many = set_many = delete_many = clear = incr = touch = has_key = _down


@pytest.fixture
def cache_down(settings):
    settings.CACHES = {"default": {"BACKEND": "tests.tournaments.test_live_cache_down.BrokenCache"}}


@pytest.mark.parametrize(
    "path", ["/e/{slug}/live.json", "/api/events/{slug}/live/", "/e/{slug}/hall/", "/e/{slug}/standings/"]
)
def test_the_live_pages_answer_with_the_cache_down(running_event, cache_down, path):
    response = client_for(None).get(path.format(slug=running_event.slug))
    assert response.status_code == 200, response.content[:300]


def test_live_json_with_the_cache_down_carries_the_standings(running_event, cache_down):
    data = client_for(None).get(f"/e/{running_event.slug}/live.json").json()
    assert data["event"] == "Ljubljana Open"
    assert len(data["standings"]) == 8 and len(data["tables"]) == 2
