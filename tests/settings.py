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
MIDDLEWARE = ["tests.support.inflight.CountInFlight", *MIDDLEWARE]  # noqa: F405
