"""Words the directors asked for (the director's day, low items): Slovenian as the federation writes
it, the Hungarian time limit that is not a moment, and a Taruk event's Hungarian that says renons."""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.translation import gettext, pgettext

from tests.pending import use_pending

SLOVENIAN = {
    "Start number": "Startna številka",
    "Incident": "Incident",
    "Incidents at this table": "Incidenti za to mizo",
    "stopped hand": "prekinjena igra",
    "No radelci": "Radelcev ni",
    "Readings in force": "Veljavne razlage pravil",
    "Seat": "Sedež",
    "Audit log": "Dnevnik sprememb",
    "audit entry": "vnos v dnevnik sprememb",
    "Not yet confirmed by all players.": "Še niso potrdili vsi igralci.",
    "QR code": "QR-koda",
}
TARUK_RENONS = [
    "renons",
    "renons by",
    "a stopped hand needs a renons",
    "renons points must be negative",
    "renons by %(seat)s: %(points)s (R3)",
]


@pytest.fixture(autouse=True)
def _words(monkeypatch):
    use_pending(monkeypatch, "sheets")


@pytest.mark.parametrize(("msgid", "words"), SLOVENIAN.items())
def test_slovenian_says_it_as_the_federation_writes_it(msgid, words):
    with translation.override("sl"):
        assert gettext(msgid) == words


def test_a_time_incident_is_the_time_limit_and_a_time_column_the_moment():
    with translation.override("hu"):
        assert pgettext("incident kind", "time") == "időkorlát"
        assert gettext("Time") == "Időpont"


@pytest.mark.parametrize("msgid", TARUK_RENONS)
def test_a_taruk_message_in_hungarian_says_renons_never_renonsz(msgid):
    with translation.override("hu"):
        text = gettext(msgid)
    assert "renons" in text.lower() and "renonsz" not in text.lower()
