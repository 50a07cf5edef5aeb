"""What the no-500 tests type into every field (the guide: a 500 on any input is a bug)."""

from __future__ import annotations

FIELD_JUNK = {
    "empty": "",
    "long": "x" * 5000,
    "negative": "-1",
    "huge": "1" * 40,
    "float": "1e999",
    "markup": "<script>alert(1)</script>",
    "nul": "a\x00b",
    "unicode": "Čšž ő ű \u202e",
}
