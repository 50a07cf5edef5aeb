"""Settings come from the environment; a malformed value names its variable."""

from __future__ import annotations

import os
import subprocess

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.settings import database_from_url
from tests.support.processes import python


def test_a_sqlite_url_gives_a_sqlite_database(tmp_path):
    config = database_from_url(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert config["NAME"].endswith("x.sqlite3")


def test_a_postgres_url_gives_psycopg_settings():
    config = database_from_url("postgres://tarok:secret@db.example:5433/events")
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert (config["NAME"], config["USER"], config["HOST"], config["PORT"]) == ("events", "tarok", "db.example", 5433)


@pytest.mark.parametrize("url", ["mysql://x@y/z", "not a url", "postgres://host-without-db", ""])
def test_a_bad_database_url_fails_with_a_clear_message(url):
    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL"):
        database_from_url(url)


def _start(env: dict[str, str]) -> subprocess.CompletedProcess:
    """Import the settings in a fresh interpreter with ``env`` added."""
    base = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "CELERY_BROKER_URL", "DEBUG"}}
    return python(
        "-c",
        "import django; django.setup()",
        env={**base, "DEBUG": "true", "DJANGO_SETTINGS_MODULE": "config.settings", **env},
    )


@pytest.mark.parametrize(
    ("env", "variable"),
    [
        ({"DATABASE_URL": "mysql://root@localhost/x"}, "DATABASE_URL"),
        ({"DEBUG": "maybe"}, "DEBUG"),
        ({"TIME_ZONE": "Mars/Olympus"}, "TIME_ZONE"),
        ({"LANGUAGE_CODE": "xx"}, "LANGUAGE_CODE"),
        ({"CELERY_BROKER_URL": "amqp://guest@localhost//"}, "CELERY_BROKER_URL"),
        ({"DEBUG": "false"}, "SECRET_KEY"),
        ({"LOG_FORMAT": "xml"}, "LOG_FORMAT"),
        ({"API_TOKEN_DAYS": "forever"}, "API_TOKEN_DAYS"),
        ({"PUBLIC_CACHE_SECONDS": "soon"}, "PUBLIC_CACHE_SECONDS"),
    ],
)
def test_start_up_stops_on_a_malformed_variable_and_names_it(env, variable):
    result = _start(env)
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert variable in result.stderr.splitlines()[-1]


def _settings(env: dict[str, str], names: str) -> subprocess.CompletedProcess:
    """Print the settings ``names`` (comma separated) in a fresh interpreter with only ``env``."""
    return python(
        "-c",
        f"import django; django.setup(); from django.conf import settings as s; print({names})",
        env={"PATH": os.environ["PATH"], "DJANGO_SETTINGS_MODULE": "config.settings", **env},
    )


def test_a_developer_machine_needs_only_debug_and_runs_on_sqlite_with_eager_tasks():
    result = _settings({"DEBUG": "true"}, "s.DATABASES['default']['ENGINE'], s.CELERY_TASK_ALWAYS_EAGER, s.DEBUG")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["django.db.backends.sqlite3", "True", "True"]


def test_debug_is_off_unless_asked_for():
    result = _settings({"SECRET_KEY": "k" * 50}, "s.DEBUG")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False"]


def test_no_environment_at_all_asks_for_a_secret_key_and_says_how_to_develop():
    result = _settings({}, "s.DEBUG")
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr.splitlines()[-1]
    assert "DEBUG=true" in result.stderr.splitlines()[-1]


def test_hsts_covers_subdomains_and_preload_only_when_asked_for():
    names = "s.SECURE_HSTS_SECONDS, s.SECURE_HSTS_INCLUDE_SUBDOMAINS, s.SECURE_HSTS_PRELOAD"
    production = {"SECRET_KEY": "k" * 50}
    assert _settings(production, names).stdout.split() == ["31536000", "False", "False"]
    opted_in = {**production, "SECURE_HSTS_INCLUDE_SUBDOMAINS": "true", "SECURE_HSTS_PRELOAD": "true"}
    assert _settings(opted_in, names).stdout.split() == ["31536000", "True", "True"]


def test_the_sqlite_default_waits_for_the_write_lock_in_wal_mode():
    result = _settings({"DEBUG": "true"}, "s.DATABASES['default']['OPTIONS']")
    assert result.returncode == 0, result.stderr
    assert "'transaction_mode': 'IMMEDIATE'" in result.stdout
    assert "journal_mode=WAL" in result.stdout and "busy_timeout=" in result.stdout


def test_check_deploy_is_clean_with_production_like_settings():
    env = {
        "PATH": os.environ["PATH"],
        "DEBUG": "false",
        "SECRET_KEY": "k" * 20 + "-production-like-secret-0123456789",
        "ALLOWED_HOSTS": "tarok.example",
        "DATABASE_URL": "sqlite:////tmp/check-deploy.sqlite3",
    }
    result = python("manage.py", "check", "--deploy", "--fail-level", "WARNING", env=env, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


def test_without_debug_the_site_serves_its_own_collected_static_files(tmp_path):
    """In production (DEBUG off, any WSGI server) WhiteNoise serves the collected files under hashed
    names, and pages link those names."""
    env = {
        "PATH": os.environ["PATH"],
        "DEBUG": "false",
        "SECRET_KEY": "k" * 20 + "-production-like-secret-0123456789",
        "ALLOWED_HOSTS": "testserver",
        "DATABASE_URL": f"sqlite:///{tmp_path}/db.sqlite3",
        "STATIC_ROOT": str(tmp_path / "static"),
        "SECURE_SSL_REDIRECT": "false",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    # The site's own files only: compressing the vendored API docs and admin (28 MB) costs a minute of
    # CPU and proves nothing more about how the site serves what it collected.
    vendored = ["drf_spectacular_sidecar", "admin", "rest_framework"]
    collect = python(
        "manage.py", "collectstatic", "--noinput", *(f"--ignore={v}" for v in vendored), env=env, timeout=300
    )
    assert collect.returncode == 0, collect.stderr
    code = (
        "import django; django.setup()\n"
        "from django.core.management import call_command; call_command('migrate', verbosity=0)\n"
        "from django.test import Client\n"
        "c = Client()\n"
        "page = c.get('/').content.decode()\n"
        "import re; css = re.search(r'/static/css/site\\.[0-9a-f]{12}\\.css', page).group(0)\n"
        "r = c.get(css, HTTP_ACCEPT_ENCODING='gzip')\n"
        "forever = 'max-age=315360000' in r['Cache-Control']\n"
        "print(r.status_code, r['Content-Type'], r.get('Content-Encoding'), forever)\n"
    )
    result = python("-c", code, env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["200", "text/css;", 'charset="utf-8"', "gzip", "True"]
