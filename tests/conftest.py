"""Shared fixtures: named personas (STYLE.md §12) and a small seated event.

- alice: organizer of the event (may create events).
- bob: referee of the event, every table.
- rita: referee of the event, limited to table 1.
- charlie: a logged-in user with no role in the event.
- the public: an anonymous client.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import settings

# Property tests run the same examples on every run (CI included), so a green suite stays
# green; HYPOTHESIS_PROFILE=explore draws new examples each run to hunt for new failures.
settings.register_profile("repeatable", derandomize=True, database=None, print_blob=True)
settings.register_profile("explore", database=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix):
    """No persistent connections in tests: the live server's request threads must not keep
    PostgreSQL sessions open, or the test database cannot be dropped at the end."""
    from django.conf import settings as django_settings

    for db in django_settings.DATABASES.values():
        db["CONN_MAX_AGE"] = 0


@pytest.fixture(scope="session", autouse=True)
def _fast_password_hashing(request) -> None:
    """Hashing a persona's password with the production hasher costs ~0.5 s, four personas a
    test: tests use MD5 (never in production settings). Only where Django is set up."""
    from django.conf import settings as django_settings

    if not request.config.pluginmanager.has_plugin("django") or not django_settings.configured:
        return  # the pure tests run without Django (see below)
    from django.contrib.auth.hashers import get_hashers, get_hashers_by_algorithm

    django_settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    get_hashers.cache_clear()
    get_hashers_by_algorithm.cache_clear()


@pytest.fixture(autouse=True)
def _english_unless_a_test_says_otherwise(request):
    """Each test starts in English: a request through LocaleMiddleware leaves its language
    active in the thread, which would otherwise leak into the next test."""
    if not request.config.pluginmanager.has_plugin("django"):
        yield  # the pure tests run without Django
        return
    from django.utils import translation

    translation.activate("en")
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _empty_cache(request):
    """Each test starts with an empty cache: the public pages cache their answers per event slug, and
    many tests reuse a slug, so a cached answer would otherwise leak from one test into the next. The
    ``renders`` cache is kept for the session: its entries are keyed by all they are made of (a table's
    hand forms ahead, about a second a table page to render), so a later test can only reuse a render
    that is exactly its own."""
    if not request.config.pluginmanager.has_plugin("django"):
        yield
        return
    from django.conf import settings as django_settings

    if django_settings.configured:
        from django.core.cache import cache

        cache.clear()
    yield


@pytest.fixture
def documents_settings(settings, tmp_path):
    """Generated files under a temporary MEDIA_ROOT; Celery tasks run in-process (eagerly) even
    when CI sets a broker for the suite."""
    from config.celery import app

    settings.MEDIA_ROOT = tmp_path / "media"
    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = eager


@pytest.fixture
def redis_url(tmp_path):
    """A real Redis server of this test (tests/tournaments/test_celery_worker.py, tests/test_health.py),
    stopped at the end. Skipped, saying why, where the binary is missing."""
    import shutil
    import subprocess
    import time

    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed (Debian package redis-server; ./dev.sh and .ci/run install it)")
    import redis

    from tests.support.processes import free_port

    port = free_port()
    options = ["--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", str(tmp_path)]
    server = subprocess.Popen(
        [binary, "--port", str(port), *options],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        client = redis.Redis(host="127.0.0.1", port=port)
        deadline = time.monotonic() + 15
        while True:
            try:
                client.ping()
                break
            except redis.ConnectionError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise
                time.sleep(0.1)
        client.close()
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        server.terminate()
        server.wait(timeout=15)


# Django is imported inside the fixtures, so that the pure tests (engine,
# seating, standings) also run without Django:
#   pytest -p no:django -W ignore::pytest.PytestConfigWarning tests/scoring/test_common.py \
#       tests/scoring/test_taruk2012.py tests/scoring/test_tarokk_*.py tests/scoring/test_ulti_mausz.py \
#       tests/tournaments/test_seating_*.py tests/scoring/test_table_plan.py tests/tournaments/test_standings.py


def _user(username: str) -> Any:
    from django.contrib.auth.models import User

    return User.objects.create_user(username, password=f"{username}-password")


@pytest.fixture
def alice(db) -> Any:
    return make_organizer("alice")


def make_organizer(username: str) -> Any:
    """A user who may create events."""
    from django.contrib.auth.models import Permission, User

    user = _user(username)
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    return User.objects.get(pk=user.pk)  # fresh instance: permission cache


@pytest.fixture
def bob(db) -> Any:
    return _user("bob")


@pytest.fixture
def rita(db) -> Any:
    return _user("rita")


@pytest.fixture
def charlie(db) -> Any:
    return _user("charlie")


def client_for(user: Any) -> Any:
    from django.test import Client

    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def file_of(response: Any) -> bytes:
    """A file response's bytes, its file closed as the server would close it. ``response.close()``
    would also send ``request_finished``, whose handler closes the test's database connection
    inside its transaction (PostgreSQL then fails the next query); the test client keeps that
    handler off around its own requests, and so does this."""
    from django.core.signals import request_finished
    from django.db import close_old_connections

    content = b"".join(response.streaming_content) if response.streaming else response.content
    request_finished.disconnect(close_old_connections)
    try:
        response.close()
    finally:
        request_finished.connect(close_old_connections)
    return content


def enter_e1(referee: Any, table: Any) -> Any:
    """Enter taruk2012.md §8.1 E1 as the table's next hand: tri by the forehand (the hand's first
    seat) with the third seat as partner, 48 card points; the stored Hand (its seats: ``input``)."""
    from tournaments.tables import hands

    envelope = hands.next_envelope(hands.table_setup(table, table.round.tournament), table.hands.last())
    s = envelope["seats"]
    tri = {"game": "tri", "declarer": s[0], "called_king": "hearts", "partner": s[2], "card_points": 48}
    return hands.enter_hand(referee, table, {**envelope, **tri})


@pytest.fixture
def event(alice, bob, rita):
    """A public Taruk 2012 event organized by alice, bob refereeing all tables, rita table 1."""
    return make_event(alice)


def make_event(alice: Any) -> Any:
    """``event``, for a fixture of a wider scope (bob and rita exist)."""
    from tests.support.events import new_event
    from tournaments.events import services

    tournament = new_event(alice, "ljubljana-open", rounds=4, hands_per_round=12, round_minutes=75, table_size=4)
    services.set_referee(alice, tournament, "bob", [])
    services.set_referee(alice, tournament, "rita", [1])
    return tournament


@pytest.fixture
def running_event(event, alice):
    """``event`` with 8 players, round 1 drawn, published and started; 2 hands per round."""
    return start_event(alice, event)


def start_event(alice: Any, event: Any) -> Any:
    """``running_event`` made of ``event``, for a fixture of a wider scope."""
    from tournaments.events import services
    from tournaments.rounds import services as rounds

    for i in range(1, 9):
        services.register_player(alice, event, name=f"Player {i}", club="TK Test")
    services.update_tournament(alice, event, hands_per_round=2, draw_seed="fixture")
    rnd = rounds.draw_round(alice, event)
    rounds.publish_draw(alice, rnd)
    rounds.start_clock(alice, rnd)
    return event


# Players whose names carry the accents of the two languages (issue 22 item 6), in the event's order of
# entry; round 1 drawn and published so that "Where do I sit?" and the standings have rows.
ACCENTED_PLAYERS = [
    ("Janez Zupan", "TK Celje"),
    ("Janez Čuk", "TK Koper"),
    ("Marta Cerar", "TK Kranj"),
    ("Ana Žagar", "TK Velenje"),
    ("Kovács Ödön", "Budapesti Ulti Klub"),
    ("Juhász Péter", "Szegedi Ulti Kör"),
    ("Peter Šuštar", "TK Maribor"),
    ("Tina Suhadolnik", "TK Ljubljana"),
]


@pytest.fixture
def accented_event(event, alice):
    """``event`` (Slovenian) with ``ACCENTED_PLAYERS``, round 1 published."""
    from tournaments.events import services
    from tournaments.rounds import services as rounds

    for name, club in ACCENTED_PLAYERS:
        services.register_player(alice, event, name=name, club=club)
    services.update_tournament(alice, event, language="sl", hands_per_round=2, draw_seed="accents")
    rounds.publish_draw(alice, rounds.draw_round(alice, event))
    event.refresh_from_db()
    return event


def set_hands_per_round(event: Any, hands: int) -> None:
    """The event's hands per round set in the database: its pages and API refuse the change while a round
    plays, and a test of a running round that needs a longer (or shorter) round sets it this way."""
    from tournaments.models import Tournament

    Tournament.objects.filter(pk=event.pk).update(hands_per_round=hands)
    event.hands_per_round = hands
