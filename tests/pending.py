"""A change's new words (``locale/pending/<name>.json``) in the catalogues until the lead compiles them in.

The lead applies every pending file after merging; until then a test that reads a Slovenian or
Hungarian page or sheet would see English for the new msgids. ``use_pending`` puts the file's
translations into the loaded catalogues for one test (monkeypatch undoes it): new msgids and
corrected translations alike (once the file is applied the catalogues hold the same words).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

PENDING = Path(__file__).resolve().parents[1] / "locale" / "pending"


def use_pending(monkeypatch: Any, name: str) -> None:
    from django.utils.translation import trans_real

    path = PENDING / f"{name}.json"
    if not path.exists():
        return
    for entry in json.loads(path.read_text(encoding="utf-8")):
        prefix = f"{entry['msgctxt']}\x04" if entry.get("msgctxt") else ""
        for language in ("sl", "hu"):
            catalog = trans_real.translation(language)._catalog
            own = catalog._catalogs[0]
            if "msgid_plural" in entry:
                for i, text in enumerate(entry[f"{language}_plural"]):
                    monkeypatch.setitem(own, (prefix + entry["msgid"], i), text)
            else:
                monkeypatch.setitem(own, prefix + entry["msgid"], entry[language])
