"""scoring.text: messages keep their English text, msgid and arguments; they render in another language
from a compiled catalogue (here a small one written by the test), survive JSON and pickling, and fall
back to English where the catalogue has nothing or something that does not fit. No Django."""

from __future__ import annotations

import json
import pickle
import struct
from decimal import Decimal
from pathlib import Path

import pytest

from scoring import text
from scoring.text import Msg, Seq, _, from_json, join, render, render_all, to_json
from scoring.types import HandError, HandScore

HU = {
    "%(game)s made": "%(game)s teljesítve",
    "%(payer)s pays %(payee)s %(amount)s": "%(payer)s fizet %(payee)s játékosnak %(amount)s",
    "silent 100": "csendes száz",
    "parti": "parti",
    "%(field)s must be a whole number": "%(field)s egész szám kell legyen",
    "%(n)s per defender": "védőnként %(n)s",
    "broken %(x)s": "hibás %(y)s",  # a translation whose placeholder does not fit its msgid
}


def write_mo(path: Path, catalogue: dict[str, str]) -> None:
    """A GNU .mo file (the format msgfmt writes) holding ``catalogue``."""
    entries = {"": "Content-Type: text/plain; charset=UTF-8\n", **catalogue}
    ids = sorted(entries)
    keys = [k.encode() for k in ids]
    values = [entries[k].encode() for k in ids]
    start = 7 * 4 + 16 * len(ids)
    offsets, blob = [], b""
    for k in keys:
        offsets.append((len(k), start + len(blob)))
        blob += k + b"\0"
    for v in values:
        offsets.append((len(v), start + len(blob)))
        blob += v + b"\0"
    n = len(ids)
    header = struct.pack("Iiiiiii", 0x950412DE, 0, n, 7 * 4, 7 * 4 + 8 * n, 0, 0)
    table = b"".join(struct.pack("ii", length, offset) for length, offset in offsets)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(header + table + blob)


@pytest.fixture
def catalogues(tmp_path, monkeypatch):
    """A Hungarian catalogue with the entries above, and none for Slovenian."""
    write_mo(tmp_path / "hu" / "LC_MESSAGES" / "django.mo", HU)
    monkeypatch.setattr(text, "LOCALE_DIR", tmp_path)
    text.catalogue.cache_clear()
    yield tmp_path
    text.catalogue.cache_clear()


def payment(payer: str, payee: str, amount: object) -> Msg:
    return _("%(payer)s pays %(payee)s %(amount)s", payer=payer, payee=payee, amount=amount)


def test_a_message_is_its_english_text_and_keeps_its_msgid_and_arguments():
    line = _("%(game)s made", game=_("parti"))
    assert line == "parti made" and isinstance(line, str)
    assert line.msgid == "%(game)s made" and line.args == {"game": "parti"}
    assert "; ".join([line, payment("B", "A", 1)]) == "parti made; B pays A 1"
    assert json.dumps([line]) == '["parti made"]'  # as a str in JSON, English


def test_it_renders_in_hungarian_with_nested_messages_and_sequences(catalogues):
    line = join(": ", [_("%(game)s made", game=_("parti")), join("; ", [payment("B", "A", 1), payment("C", "A", 1)])])
    assert line == "parti made: B pays A 1; C pays A 1"
    assert render(line, "hu") == "parti teljesítve: B fizet A játékosnak 1; C fizet A játékosnak 1"
    assert render(line, "en") == render(line) == "parti made: B pays A 1; C pays A 1"
    assert render(line, "hu-HU") == render(line, "hu")  # a regional code is its language


def test_numbers_take_the_decimal_comma_in_slovenian_and_hungarian(catalogues):
    for value in (2.5, Decimal("2.5")):
        line = _("%(n)s per defender", n=value)
        assert line == "2.5 per defender"
        assert render(line, "hu") == "védőnként 2,5"
        assert render(line, "sl") == "2,5 per defender"  # no Slovenian catalogue here: English words, Slovenian number
    assert render(_("%(n)s per defender", n=-1625), "hu") == "védőnként -1625"  # whole numbers as on paper


def test_a_plain_string_renders_as_itself(catalogues):
    assert render("parti (zöld) made, x1: B pays A 1", "hu") == "parti (zöld) made, x1: B pays A 1"
    assert render(from_json("old line, stored as text"), "hu") == "old line, stored as text"


def test_render_all_renders_each_line_as_render_does(catalogues):
    # An answer's lines in one call: messages, sequences, plain text and a number, in each language.
    lines = [
        _("%(game)s made", game=_("parti")),
        join("; ", [payment("B", "A", 1), payment("C", "A", 2.5)]),
        "as is",
        2.5,
    ]
    for lang in (None, "en", "hu", "hu-HU", "sl"):
        assert render_all(lines, lang) == [render(line, lang) for line in lines]
    assert render_all(lines, "hu")[:2] == ["parti teljesítve", "B fizet A játékosnak 1; C fizet A játékosnak 2,5"]
    assert all(type(line) is str for line in render_all(lines))  # plain str, not Msg: what JSON writes


def test_a_missing_entry_or_catalogue_falls_back_to_english(catalogues):
    assert render(_("ulti failure penalty (not doubled)"), "hu") == "ulti failure penalty (not doubled)"
    assert render(payment("A", "B", 4), "sl") == "A pays B 4"
    # a nested message with a translation inside one without
    assert render(_("%(what)s, %(silent)s", what="x2", silent=_("silent 100")), "hu") == "x2, csendes száz"


def test_a_translation_whose_placeholders_do_not_fit_falls_back_to_english(catalogues):
    assert render(_("broken %(x)s", x=3), "hu") == "broken 3"


def test_a_line_survives_json_and_is_rendered_from_it_later(catalogues):
    line = join(": ", [_("%(game)s made", game=_("parti")), join("; ", [payment("B", "A", 2.5)])])
    stored = json.loads(json.dumps(to_json(line)))
    assert stored == {
        "text": "parti made: B pays A 2.5",
        "join": ": ",
        "parts": [
            {"id": "%(game)s made", "args": {"game": {"id": "parti"}}},
            {
                "join": "; ",
                "parts": [
                    {"id": "%(payer)s pays %(payee)s %(amount)s", "args": {"payer": "B", "payee": "A", "amount": 2.5}}
                ],
            },
        ],
    }
    back = from_json(stored)
    assert back == line and render(back, "hu") == "parti teljesítve: B fizet A játékosnak 2,5"
    assert to_json(_("%(game)s made", game="ulti")) == {
        "text": "ulti made",
        "id": "%(game)s made",
        "args": {"game": "ulti"},
    }
    assert to_json("plain") == "plain"


def test_a_stored_message_whose_arguments_no_longer_fit_shows_its_stored_text():
    assert from_json({"text": "parti made", "id": "%(game)s made", "args": {}}) == "parti made"
    assert from_json({"unexpected": 1}) == "{'unexpected': 1}"


def test_messages_pickle_and_copy_with_their_msgid():
    line = join(": ", [_("%(game)s made", game=_("parti")), payment("B", "A", 1)])
    back = pickle.loads(pickle.dumps(line))
    assert isinstance(back, Seq) and back == line
    assert back.parts[0].msgid == "%(game)s made" and back.parts[0].args["game"].msgid == "parti"


def test_hand_score_and_hand_error_render_in_a_language_and_store_json(catalogues):
    score = HandScore({"A": 2, "B": -1, "C": -1}, {}, [_("%(game)s made", game=_("parti")), "an old plain line"])
    assert score.as_dict()["breakdown"] == ["parti made", "an old plain line"]
    assert score.as_dict("hu")["breakdown"] == ["parti teljesítve", "an old plain line"]
    assert score.stored_breakdown()[0] == {
        "text": "parti made",
        "id": "%(game)s made",
        "args": {"game": {"id": "parti"}},
    }
    assert score.stored_breakdown()[1] == "an old plain line"
    error = HandError(
        "play.declarer_tricks", "invalid_value", _("%(field)s must be a whole number", field="play.declarer_tricks")
    )
    assert error.as_dict() == {
        "field": "play.declarer_tricks",
        "code": "invalid_value",
        "message": "play.declarer_tricks must be a whole number",
    }
    assert error.as_dict("hu")["message"] == "play.declarer_tricks egész szám kell legyen"
    assert error == HandError("play.declarer_tricks", "invalid_value", "play.declarer_tricks must be a whole number")
