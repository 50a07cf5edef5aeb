"""The site's WSGI application (runserver and gunicorn import it).

The whole site is loaded before the first request (its URLs import every view, form and template tag
module) and then frozen out of the cyclic garbage collector's sight (``gc.freeze``): the ~100,000 objects
of a loaded Django site are never garbage, yet every full collection walked them all, and a request
that builds many objects (the standings of a 1,024-player event) set off such collections again and
again — about a tenth of that recompute's time. Objects that requests make are collected as before.
"""

import gc
import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

get_resolver().url_patterns  # noqa: B018 (loads the URLconf and every module it imports)
gc.collect()
gc.freeze()
