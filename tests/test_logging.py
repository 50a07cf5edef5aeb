"""LOG_FORMAT=json writes one JSON object a line, for a log collector."""

from __future__ import annotations

import json
import os

from tests.support.processes import python


def test_json_logs_are_one_object_a_line():
    code = "import django, logging; django.setup(); logging.getLogger('tournaments').warning('table %s full', 3)"
    result = python(
        "-c",
        code,
        env={
            "PATH": os.environ["PATH"],
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DEBUG": "true",
            "LOG_FORMAT": "json",
        },
    )
    assert result.returncode == 0, result.stderr
    line = json.loads(result.stderr.strip().splitlines()[-1])
    assert (line["level"], line["logger"], line["message"]) == ("WARNING", "tournaments", "table 3 full")
    assert "time" in line
