"""The translations of ``locale/pending/<name>.json`` laid over the compiled catalogues for a test.

New message ids wait in ``locale/pending/`` until the catalogues are compiled; a test that reads a
page in Slovenian or Hungarian loads them with this, so that it checks the words a reader will see
(and fails on an English word the pending file does not cover)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.utils.translation import trans_real

PENDING = Path(__file__).resolve().parent.parent / "locale" / "pending"


@contextmanager
def pending_translations(name: str, languages: tuple[str, ...] = ("sl", "hu")) -> Iterator[None]:
    entries = json.loads((PENDING / f"{name}.json").read_text(encoding="utf-8"))
    laid: list[tuple[object, dict]] = []
    for lang in languages:
        catalog = trans_real.translation(lang)._catalog
        layer: dict = {}
        for e in entries:
            if "msgid_plural" in e:
                for i, form in enumerate(e[lang]):
                    layer[(e["msgid"], i)] = form
            else:
                layer[e["msgid"]] = e[lang]
        catalog._catalogs.insert(0, layer)
        catalog._plurals.insert(0, catalog._plurals[0])
        laid.append((catalog, layer))
    try:
        yield
    finally:
        for catalog, layer in laid:
            i = next(i for i, c in enumerate(catalog._catalogs) if c is layer)
            del catalog._catalogs[i]
            del catalog._plurals[i]
