"""One settings module, driven by environment variables and working with none.

With no environment at all the site runs on a SQLite file with Celery tasks run
eagerly in-process, so a fresh checkout works at once. A malformed value stops
start-up with ``ImproperlyConfigured`` naming the variable.
"""

from __future__ import annotations

import sys
import zoneinfo
from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()


def _env(name: str, cast, default):
    """Read ``name`` with ``cast``; a value that does not parse names the variable."""
    try:
        return cast(name, default=default)
    except (ValueError, TypeError, ImproperlyConfigured) as exc:
        raise ImproperlyConfigured(f"{name}: cannot read {env.str(name, default='')!r}: {exc}") from exc


def _bool(name: str, default: bool) -> bool:
    raw = env.str(name, default="")
    if raw == "":
        return default
    if raw.lower() in ("1", "true", "yes", "on"):
        return True
    if raw.lower() in ("0", "false", "no", "off"):
        return False
    raise ImproperlyConfigured(f"{name}: expected true or false, got {raw!r}")


def database_from_url(url: str) -> dict:
    """Django's DATABASES entry for ``url``; only SQLite and PostgreSQL are supported."""
    scheme = url.split("://", 1)[0] if "://" in url else ""
    if scheme not in ("sqlite", "postgres", "postgresql", "pgsql"):
        raise ImproperlyConfigured(
            f"DATABASE_URL: expected sqlite:///path or postgres://user:pass@host:port/name, got {url!r}"
        )
    try:
        config = environ.Env.db_url_config(url)
    except Exception as exc:  # django-environ raises several types for a bad URL
        raise ImproperlyConfigured(f"DATABASE_URL: cannot parse {url!r}: {exc}") from exc
    if scheme != "sqlite" and not config.get("NAME"):
        raise ImproperlyConfigured(f"DATABASE_URL: no database name in {url!r}")
    if scheme != "sqlite":
        # Keep connections for a minute; check them before use after a restart.
        config.setdefault("CONN_MAX_AGE", 60)
        config["CONN_HEALTH_CHECKS"] = True
    else:
        config["OPTIONS"] = {**SQLITE_OPTIONS, **config.get("OPTIONS", {})}
        # A connection per server thread, kept: opening one (and its PRAGMAs) cost more than a
        # cached public page itself (bench/public_load.py).
        config.setdefault("CONN_MAX_AGE", None)
    return config


# SQLite for a club event with several referees entering at once (tests/test_concurrency.py):
# - IMMEDIATE: a transaction takes the write lock when it begins, so it waits for the lock there
#   (busy timeout) instead of failing with "database is locked" when a read turns into a write
#   (SQLite cannot wait at that point: it would deadlock);
# - WAL: readers never block the writer nor the writer them; synchronous=NORMAL is safe with WAL
#   (a power cut may lose the last commits, never corrupt the file);
# - timeout / busy_timeout: a writer waits up to 20 s for another's commit (each takes milliseconds).
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=20000;",
}


# Off unless asked for: an error must never show a traceback to a visitor. ``./dev.sh serve`` and
# ``./dev.sh test`` (and the test settings, tests/settings.py) turn it on for a developer's machine.
DEBUG = _bool("DEBUG", False)
SECRET_KEY = env.str("SECRET_KEY", default="")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY: must be set when DEBUG is false (on a developer's machine: DEBUG=true, or ./dev.sh serve)"
        )
    SECRET_KEY = "insecure-local-development-key-change-me-in-production-0123456789"
ALLOWED_HOSTS = _env("ALLOWED_HOSTS", env.list, ["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = _env("CSRF_TRUSTED_ORIGINS", env.list, [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "axes",  # login throttling: counts failed logins per account and per address, locks out (below)
    "csp",  # the Content-Security-Policy header (below)
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Without DEBUG, static files straight from the WSGI server (collected, hashed, compressed): no web
    # server setup. With DEBUG, runserver serves them from static/ (nothing collected to look at).
    *([] if DEBUG else ["whitenoise.middleware.WhiteNoiseMiddleware"]),
    # Before sessions: an anonymous visitor's public page whole from the cache while the event is unchanged.
    "tournaments.public.cache.PublicPageCacheMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "tournaments.middleware.RejectNulMiddleware",  # PostgreSQL cannot store NUL: refuse it as bad input
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "tournaments.access.RolesPerRequest",  # the viewer's roles in an event, read once per request
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "axes.middleware.AxesMiddleware",  # last: turns a lockout into the "try again at" answer
]

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # first: refuses a locked-out account or address before checking
    "django.contrib.auth.backends.ModelBackend",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

DATABASES = {"default": database_from_url(env.str("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"))}
# runserver (./dev.sh serve) answers each request in a thread of its own and never closes that thread's
# connection: kept connections piled up until the garbage collector found them, and PostgreSQL refused
# new clients past its limit (tests/test_concurrency.py). There each request closes its connection.
if sys.argv[1:2] == ["runserver"]:
    DATABASES["default"]["CONN_MAX_AGE"] = 0
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
if env.str("CACHE_URL", default=""):
    CACHES = {"default": _env("CACHE_URL", env.cache_url, None)}
# Renders keyed by all they are made of (the hand forms a table page sends ahead for offline entry): an entry
# is never stale, so it lives apart from the live copies that are dropped and invalidated (the same server).
CACHES["renders"] = {
    **CACHES["default"],
    "KEY_PREFIX": "renders",
    "LOCATION": CACHES["default"].get("LOCATION") or "renders",  # a local memory cache of its own
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGES = [("en", _("English")), ("sl", _("Slovenian")), ("hu", _("Hungarian"))]
LANGUAGE_CODE = env.str("LANGUAGE_CODE", default="en")
if LANGUAGE_CODE not in dict(LANGUAGES):
    raise ImproperlyConfigured(f"LANGUAGE_CODE: must be one of {', '.join(dict(LANGUAGES))}, got {LANGUAGE_CODE!r}")
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env.str("TIME_ZONE", default="Europe/Ljubljana")
try:
    zoneinfo.ZoneInfo(TIME_ZONE)
except (zoneinfo.ZoneInfoNotFoundError, ValueError) as exc:
    raise ImproperlyConfigured(f"TIME_ZONE: unknown time zone {TIME_ZONE!r}") from exc
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(env.str("STATIC_ROOT", default=str(BASE_DIR / "staticfiles")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Without DEBUG, file names carry a content hash (cached for ever by browsers); collectstatic
    # must have run (README). With DEBUG, the files are read from static/ as they are.
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
MEDIA_URL = "media/"
MEDIA_ROOT = Path(env.str("MEDIA_ROOT", default=str(BASE_DIR / "media")))

# Security: strict when DEBUG is off (``manage.py check --deploy`` is clean then).
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = _bool("SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = _bool("SESSION_COOKIE_SECURE", not DEBUG)
CSRF_COOKIE_SECURE = _bool("CSRF_COOKIE_SECURE", not DEBUG)
# A refused form (token expired, cookies blocked) explained in the reader's language, not Django's English page.
CSRF_FAILURE_VIEW = "tournaments.pages.errors.csrf_failure"
SECURE_HSTS_SECONDS = _env("SECURE_HSTS_SECONDS", env.int, 0 if DEBUG else 31536000)
# Subdomains and the browsers' preload list bind every host of the domain to HTTPS for good (the
# domain may serve more than this site): opt-in only.
SECURE_HSTS_INCLUDE_SUBDOMAINS = _bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = _bool("SECURE_HSTS_PRELOAD", False)
# check --deploy warns about both; off is this site's decision, not an oversight.
SILENCED_SYSTEM_CHECKS = [
    *([] if SECURE_HSTS_INCLUDE_SUBDOMAINS else ["security.W005"]),
    *([] if SECURE_HSTS_PRELOAD else ["security.W021"]),
]
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

# Content-Security-Policy (django-csp): scripts only from our own static files (htmx and ours are
# vendored; no inline script or event handler anywhere, tests/test_csp.py checks the templates);
# styles may be inline (protocol print views, chart colours); images also as data: URIs (QR codes,
# the API docs' icons); nothing loads from another site; no <object>, no framing, forms post here.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
    },
}

# Login throttling (django-axes): after LOGIN_FAILURE_LIMIT failed attempts for one account from one
# address, or from one address for any accounts, further attempts from that address are refused for
# LOGIN_COOLOFF_MINUTES with a message saying when to retry (pages and /api/token/). Counted in the
# database, so it holds across server processes. Never per account alone: a stranger who knows a user
# name (easy to learn) would lock its owner out of his own account, a referee in the middle of a round.
AXES_FAILURE_LIMIT = _env("LOGIN_FAILURE_LIMIT", env.int, 10)
AXES_COOLOFF_TIME = _env("LOGIN_COOLOFF_MINUTES", env.int, 15) / 60  # hours, as axes reads a float
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]  # the pair, and the address
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "config.security.lockout_response"
# Behind a reverse proxy the client's address is in X-Forwarded-For: PROXY_COUNT proxies in front
# (0: REMOTE_ADDR is the client; with a proxy and 0, every visitor would share the proxy's address).
AXES_IPWARE_PROXY_COUNT = _env("PROXY_COUNT", env.int, 0)
AXES_CLIENT_IP_CALLABLE = "config.security.client_ip"
AXES_VERBOSE = False

# API tokens (POST /api/token/) expire this many days after they were issued; asking again then
# issues a new one. DELETE /api/token/ revokes one's own token (so do the account page and the admin).
API_TOKEN_DAYS = _env("API_TOKEN_DAYS", env.int, 30)

# Celery: a real broker when CELERY_BROKER_URL is set, else tasks run eagerly in-process.
CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default="")
if CELERY_BROKER_URL and not CELERY_BROKER_URL.startswith(("redis://", "rediss://", "memory://")):
    raise ImproperlyConfigured(f"CELERY_BROKER_URL: expected redis://host:port/db, got {CELERY_BROKER_URL!r}")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_RESULT_BACKEND = env.str("CELERY_RESULT_BACKEND", default=CELERY_BROKER_URL or None) or None
CELERY_TASK_SERIALIZER = "json"
# Without a broker, documents are made in a thread of the server process, with their progress shown,
# never inside the organizer's request (tournaments/documents/files.py). The tests make them inline.
DOCUMENTS_IN_THREAD = True
CELERY_ACCEPT_CONTENT = ["json"]

# The site's absolute address, for links printed on paper (the protocols' QR codes). The default
# reaches only this machine: the PIN-slip and documents pages warn while it is in force.
SITE_URL_DEFAULT = "http://127.0.0.1:8000"
SITE_URL = env.str("SITE_URL", default=SITE_URL_DEFAULT).rstrip("/")

# Seconds the public JSON of live pages is cached (read at request time, STYLE.md §10).
PUBLIC_CACHE_SECONDS = _env("PUBLIC_CACHE_SECONDS", env.int, 5)

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "tournaments.api.schema.ApiSchema",
    # Token first: a request without credentials, or with a bad token, is then answered 401 with
    # "WWW-Authenticate: Token" (DRF takes the scheme from the first class; sessions name none -> 403).
    # Scripts and apps: POST username + password to /api/token/, then send "Authorization: Token <key>".
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "config.security.ExpiringTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.BasicAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Tarok tournaments API",
    "DESCRIPTION": "Events, draws, hands and standings for tarok, ulti and tarokk tournaments.",
    "VERSION": "0.1.0",
    # The docs UI is self-hosted (drf-spectacular-sidecar): pages load nothing from the internet.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Request bodies get components of their own: what a client sends (no read-only fields, a required
    # text never blank: minLength 1) is told apart from what it reads back.
    "COMPONENT_SPLIT_REQUEST": True,
    # Incidents and sanctions both have a "kind": one enum each in the schema.
    # One path per configuration table the variants declare (/api/events/{slug}/point-table/, …).
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "tournaments.readings.config_table_api.schema_per_table",
        "tournaments.api.schema.hand_bodies",
    ],
    "ENUM_NAME_OVERRIDES": {
        "IncidentKindEnum": "tournaments.incidents.models.Incident.Kind",
        "SanctionKindEnum": "tournaments.incidents.models.Sanction.Kind",
    },
}

# LOG_FORMAT=json: one JSON object a line (time, level, logger, message, request fields), for a log
# collector; text (the default) for people.
LOG_FORMAT = env.str("LOG_FORMAT", default="text")
if LOG_FORMAT not in ("text", "json"):
    raise ImproperlyConfigured(f"LOG_FORMAT: expected text or json, got {LOG_FORMAT!r}")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": "%(asctime)s %(levelname)s %(name)s %(message)s %(process)d",
            "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
            "timestamp": False,
        },
        "text": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"},
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": LOG_FORMAT}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
    # WeasyPrint logs every CSS property it ignores at INFO/WARNING; only its errors matter here.
    "loggers": {
        "weasyprint": {"level": "ERROR"},
        "fontTools": {"level": "WARNING"},
        # axes: failures and lockouts (WARNING), not its bookkeeping on every attempt.
        "axes": {"level": "WARNING"},
    },
}
