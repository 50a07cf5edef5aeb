"""The Slovenian and Hungarian catalogues: complete, and the committed .mo compiled from the .po.

The site reads the committed ``.mo`` files (nothing compiles them at start-up), so a ``.po``
edited without recompiling would silently show English or stale text.
"""

from __future__ import annotations

import gettext
import shutil
import subprocess
from pathlib import Path

import pytest

LOCALE = Path(__file__).resolve().parent.parent / "locale"
LANGUAGES = ["sl", "hu"]


def msgfmt(po: Path, mo: Path) -> str:
    """Compile ``po`` to ``mo`` with GNU msgfmt (Debian's gettext, installed by dev.sh); return its statistics."""
    assert shutil.which("msgfmt"), "msgfmt missing: install Debian's gettext package"
    done = subprocess.run(
        ["msgfmt", "--check-format", "--statistics", "-o", str(mo), str(po)], capture_output=True, text=True, check=True
    )
    return done.stderr


def catalog(mo: Path) -> dict:
    with mo.open("rb") as f:
        return dict(gettext.GNUTranslations(f)._catalog)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated_and_none_is_fuzzy(language, tmp_path):
    stats = msgfmt(LOCALE / language / "LC_MESSAGES" / "django.po", tmp_path / "django.mo")
    assert "translated" in stats
    assert "untranslated" not in stats and "fuzzy" not in stats, stats


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_committed_mo_is_compiled_from_the_po(language, tmp_path):
    folder = LOCALE / language / "LC_MESSAGES"
    msgfmt(folder / "django.po", tmp_path / "django.mo")
    assert catalog(folder / "django.mo") == catalog(tmp_path / "django.mo"), (
        f"locale/{language}/LC_MESSAGES/django.mo is stale: run manage.py compilemessages --ignore .venv"
    )


@pytest.mark.parametrize(("language", "heading"), [("sl", "Lestvica"), ("hu", "Tabella"), ("en", "Standings")])
def test_a_visitor_reads_the_public_pages_in_the_language_the_browser_asks_for(
    client, running_event, language, heading
):
    from django.urls import reverse

    response = client.get(reverse("standings", args=[running_event.slug]), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    assert response["Content-Language"] == language
    assert f"<h1>{heading}</h1>" in response.content.decode()


def test_the_language_switcher_keeps_the_visitors_choice(client, running_event):
    from django.urls import reverse

    page = reverse("standings", args=[running_event.slug])
    response = client.post(reverse("set_language"), {"language": "hu", "next": page})
    assert response.status_code == 302 and response["Location"] == page
    assert "<h1>Tabella</h1>" in client.get(page, HTTP_ACCEPT_LANGUAGE="sl").content.decode()
