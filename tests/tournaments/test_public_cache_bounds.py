"""What a hostile visitor can make the public page cache keep (tournaments/public/cache.py): a copy is
keyed by the query parameters the page reads (normalised), the representation the Accept header asks
for and the host's name, so junk in any of them adds no keys; one page keeps a bounded number of
copies, an event a bounded number of keys, and no copy is bigger than a bound."""

from __future__ import annotations

import random
import string

import pytest
from django.core.cache import caches

from tests.conftest import client_for
from tournaments.public import cache as public_cache

PAGES = [
    "/e/{slug}/",
    "/e/{slug}/standings/",
    "/e/{slug}/hall/",
    "/e/{slug}/round/1/",
    "/e/{slug}/live.json",
    "/api/events/{slug}/standings/",
    "/api/events/{slug}/live/",
]
ACCEPTS = [
    "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    "application/json",
    "*/*",
    "",
    "application/json; q=0.5, text/html",
    "image/webp",
]


@pytest.fixture
def local_cache(settings):
    """A cache of this process whose keys the test can count (CI may point the suite at Redis)."""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "bounds"}}
    cache = caches["default"]
    cache.clear()
    yield cache
    cache.clear()


def junk(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(string.ascii_letters + string.digits + "%_-") for _ in range(n))


def test_a_thousand_anonymous_requests_with_junk_add_a_small_bounded_number_of_keys(paused, local_cache):
    rng = random.Random(26)
    client = client_for(None)
    for path in PAGES:  # every page once, as a visitor would: what an event legitimately keeps
        assert client.get(path.format(slug=paused.slug)).status_code == 200
    legitimate = len(local_cache._cache)
    for i in range(1000):
        path = PAGES[i % len(PAGES)].format(slug=paused.slug)
        query = "&".join(f"{junk(rng, 6)}={junk(rng, 12)}" for _ in range(rng.randint(1, 3)))
        if rng.random() < 0.3:  # the parameters the pages do read, with junk values
            query += f"&part={rng.choice(['rows', junk(rng, 4)])}&turn={rng.choice([str(rng.randint(-9, 99)), 'x'])}"
        accept = rng.choice(ACCEPTS) if rng.random() < 0.7 else f"{junk(rng, 8)}/{junk(rng, 8)}"
        response = client.get(f"{path}?{query}", HTTP_ACCEPT=accept, HTTP_HOST=f"localhost:{rng.randint(1024, 65535)}")
        # The API answers 406 to an Accept header naming none of its types (JSON, HTML): never kept.
        assert response.status_code in ((200, 406) if path.startswith("/api/") else (200,)), (path, query)
    added = len(local_cache._cache) - legitimate
    # Per page at most MAX_VARIANTS copies whatever is asked; in fact far fewer: the standings' part,
    # the hall's seconds per page and two representations are all a visitor can vary here.
    assert added <= len(PAGES) * public_cache.MAX_VARIANTS
    assert added <= 40, added
    assert len(local_cache._cache) <= public_cache.MAX_EVENT_KEYS


def test_junk_in_the_query_is_answered_from_the_same_copy(paused, local_cache):
    client = client_for(None)
    url = f"/e/{paused.slug}/standings/"
    first = client.get(url)
    again = client.get(f"{url}?utm_source=x&me=3&zz=%00", HTTP_ACCEPT="text/html")
    assert again.content == first.content
    assert f'value="/e/{paused.slug}/standings/"' in first.content.decode()  # no visitor's query echoed
    assert client.get(f"{url}?part=rows").content != first.content  # a parameter the page reads


def test_one_page_keeps_at_most_max_variants_copies(paused, local_cache, monkeypatch):
    monkeypatch.setattr(public_cache, "MAX_VARIANTS", 3)
    client = client_for(None)
    url = f"/e/{paused.slug}/hall/"
    for seconds in range(2, 40):
        assert client.get(f"{url}?turn={seconds}").status_code == 200
    kept = [k for k in local_cache._cache if "/hall/" in k and ":page:" in k]
    assert len(kept) == 3, kept


def test_an_event_keeps_at_most_its_key_budget(paused, local_cache, monkeypatch):
    monkeypatch.setattr(public_cache, "MAX_EVENT_KEYS", 4)
    client = client_for(None)
    for path in PAGES:
        for language in ("en", "sl", "hu"):
            client.get(path.format(slug=paused.slug), HTTP_ACCEPT_LANGUAGE=language)
    kept = [k for k in local_cache._cache if ":page:" in k]
    assert len(kept) == 4, kept


def test_a_copy_bigger_than_the_bound_is_not_kept(paused, local_cache, monkeypatch):
    monkeypatch.setattr(public_cache, "MAX_COPY_BYTES", 100)
    client = client_for(None)
    client.get(f"/e/{paused.slug}/standings/")
    assert not [k for k in local_cache._cache if ":page:" in k]


def test_a_page_asked_for_by_another_spelling_of_its_address_is_not_kept(paused, local_cache):
    client = client_for(None)
    assert client.get(f"/e/{paused.slug}/round/0001/").status_code == 200
    assert not [k for k in local_cache._cache if ":page:" in k]
    assert client.get(f"/e/{paused.slug}/round/1/").status_code == 200
    assert len([k for k in local_cache._cache if ":page:" in k]) == 1
