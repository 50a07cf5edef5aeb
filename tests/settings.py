"""The test suite's settings: the project's one settings module on a developer's machine.

``DEBUG`` defaults to false (config/settings.py), which also makes HTTPS strict and asks for a
``SECRET_KEY``; tests run as a developer's machine does (``./dev.sh test`` sets ``DEBUG=true``
too), unless the environment says otherwise. pytest-django switches ``DEBUG`` itself off while
the tests run, so error pages are the production ones.
"""

import os

os.environ.setdefault("DEBUG", "true")

from config.settings import *  # noqa: F403

# Documents made inline when their request commits, as the tests capture it: a thread's own database
# connection would not see a test's transaction (tests/tournaments/test_documents_in_thread.py turns
# the thread on).
DOCUMENTS_IN_THREAD = False

# The live server's requests counted, so that a browser test's teardown waits for the last answer before
# the database is emptied (tests/support/inflight.py).
# A phone the browser tests take offline gets no write through (tests/support/wifi.py).
MIDDLEWARE = ["tests.support.inflight.CountInFlight", "tests.support.wifi.HallWifi", *MIDDLEWARE]  # noqa: F405

# The test database is SQLite in memory with a shared cache (pytest-django's default), where a connection
# reading a table locks it against another connection's write while the read runs, and the writer fails at
# once ("database table is locked": no busy timeout applies). A test's threads (the live server's, the
# documents' job thread) then failed a write now and then while the test polled (CI, 29 Nov 2026:
# test_documents_in_thread). Readers that take no read locks end that; a test reads what it waited for, so
# seeing another thread's uncommitted rows changes nothing it asserts. The site's own file database uses
# WAL, where readers never block the writer.
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):  # noqa: F405
    _sqlite = DATABASES["default"]["OPTIONS"]  # noqa: F405
    _sqlite["init_command"] = _sqlite.get("init_command", "") + " PRAGMA read_uncommitted=1;"
