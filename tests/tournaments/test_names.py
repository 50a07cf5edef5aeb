"""Names as people search and sort them (tournaments/people/names.py): pure, no database."""

from __future__ import annotations

from tournaments.people import names


def test_names_fold_and_read_the_surname_by_language():
    assert names.fold("Kovács Ödön") == "kovacs odon"
    assert names.fold("Đurđa Łukasz") == "durda lukasz"
    assert names.matches("kovacs odon", "Kovács Ödön")
    assert not names.matches("kovacs anna", "Kovács Ödön")
    assert names.surname_first("Janez Čuk", "sl") == "Čuk Janez"
    assert names.surname_first("Čuk, Janez", "sl") == "Čuk Janez"
    assert names.surname_first("Kovács Ödön", "hu") == "Kovács Ödön"
    assert names.surname_first("Madonna", "en") == "Madonna"
