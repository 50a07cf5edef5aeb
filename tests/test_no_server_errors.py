"""No 500 on user input: every page of the site, for every persona, with junk in the query
string, the form fields and the uploaded file. A 500 is a bug (the guide's standard); the
test client re-raises a view's exception, so a failure here shows its traceback.
"""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.conftest import client_for, enter_e1
from tests.support.junk import FIELD_JUNK
from tests.tournaments.variant_tables import every_variant_table, fitting_sequence  # noqa: F401  (the fixture table)
from tournaments.documents.protocols import render
from tournaments.models import Table
from tournaments.rounds.actions import ACTIONS
from tournaments.tables import hands

# Every field name a form or view of ours reads (tournaments/events/forms.py, scoring/forms/, request.POST/GET).
FIELDS = [
    "name",
    "slug",
    "variant",
    "rounds",
    "hands_per_round",
    "round_minutes",
    "table_size",
    "is_public",
    "language",
    "draw_seed",
    "club",
    "team",
    "strength",
    "federation_id",
    "username",
    "tables",
    "seed",
    "method",
    "confirm_redraw",
    "status",
    "position",
    "pin",
    "version",
    "reason",
    "next",
    "json",
    "state",
    "game",
    "declarer",
    "partner",
    "called_king",
    "card_points",
    "won",
    "game_kontra",
    "mondfang",
    "mond_in_talon",
    "misdeal",
    "renons_seat",
    "renons_points",
    "note",
    "bid",
    "trump",
    "four_aces",
    "gave_up",
    "renonsz_case",
    "renonsz_offender",
    "renonsz_kind",
    "outcome",
    "declarer_card_points",
    "declarer_tricks",
    "declarer_talon_taken",
    "thrower",
    "throw_in_reason",
    "start_double_round",
    "lengetes_waver",
    "penalty_bid",
    "penalty_red",
    "body",
    "klop_A",
    "bonus_trula",
]
JUNK = {**FIELD_JUNK, "json": '{"variant": [1, {"x": null}]}'}


def junk_data(value: str) -> dict:
    return {field: value for field in FIELDS}


def junk_file() -> dict:
    return {"file": SimpleUploadedFile("players.xlsx", b"PK\x03\x04 not really a zip \xff\xfe", "application/zip")}


def urls(event, at: Table) -> list[str]:
    slug, rnd, t = event.slug, at.round.number, at.number
    out = [reverse("home"), reverse("tournament-create")]
    out += [
        reverse(name, args=[slug])
        for name in (
            "tournament",
            "tournament-edit",
            "staff",
            "audit-log",
            "players",
            "players-import",
            "rounds",
            "standings",
            "live-json",
            "hall",
            "documents",
            "standings-print",
        )
    ]
    out += [reverse("referee-remove", args=[slug, "nobody"]), reverse("referee-remove", args=[slug, "bob"])]
    out += [reverse("entry-status", args=[slug, n]) for n in (1, 999)]
    out += [reverse("round-action", args=[slug, rnd, a]) for a in (*ACTIONS, "explode")]
    out += [reverse(name, args=[slug, n]) for name in ("round", "round-clock", "round-protocols") for n in (rnd, 99)]
    out += [
        reverse(name, args=[slug, rnd, n])
        for name in (
            "table",
            "table-json",
            "hand-preview",
            "hand-enter",
            "table-confirm",
            "table-protocol",
            "table-protocol-pdf",
        )
        for n in (t, 99)
    ]
    out += [reverse(name, args=[slug, rnd, t, n]) for name in ("hand-edit", "hand-edit-preview") for n in (1, 999)]
    for key in ("standings-pdf", "players-xlsx", "round-1-protocols-filled", "round-99-protocols-blank", "nonsense"):
        out += [
            reverse(name, args=[slug, key]) for name in ("document-download", "document-generate", "document-status")
        ]
    return out


class _UndrawnPDF:
    """Stands in for WeasyPrint's document: the views' handling of input is what is tested here, not
    the drawing (test_protocols and test_documents draw real PDFs); a drawing costs seconds."""

    def __init__(self, *args, **kwargs) -> None:
        pass

    def render(self, **kwargs) -> _UndrawnPDF:
        return self

    def write_pdf(self) -> bytes:
        return b"%PDF-1.4\n%%EOF\n"


@pytest.fixture(autouse=True)
def _pdfs_not_drawn(monkeypatch):
    monkeypatch.setattr(render, "_html_class", lambda: _UndrawnPDF)


@pytest.fixture
def table_with_a_hand(running_event, bob):
    first = Table.objects.get(round__tournament=running_event, round__number=1, number=1)
    enter_e1(bob, first)
    return first


@pytest.mark.parametrize("who", ["alice", "bob", "charlie", None])
@pytest.mark.parametrize("junk", list(JUNK))
def test_no_page_answers_500_to_junk(
    running_event, table_with_a_hand, request, who, junk, django_capture_on_commit_callbacks, documents_settings
):
    client = client_for(request.getfixturevalue(who) if who else None)
    value = JUNK[junk]
    for url in urls(running_event, table_with_a_hand):
        query = {f: value for f in ("json", "state", "variant", "next", "page", "round")}
        assert client.get(url, query).status_code < 500, url
        with django_capture_on_commit_callbacks(execute=True):
            data = {**junk_data(value), **(junk_file() if "import" in url else {})}
            response = client.post(url, data)
        assert response.status_code < 500, url
        if "hand" in url or "preview" in url or "confirm" in url:
            response = client.post(url, value.encode("utf-8", "surrogatepass"), content_type="application/json")
            assert response.status_code < 500, url


@pytest.mark.parametrize("junk", ["empty", "long", "negative", "json", "unicode"])
def test_no_variants_hand_form_answers_500_to_junk(table, bob, junk):
    """The hand forms of every variant (the ``table`` fixture runs once per variant), with one real
    hand stored so that the correction form is reached too."""
    tournament = table.round.tournament
    positions = sorted(table.seats.values_list("position", flat=True))
    hand = fitting_sequence(tournament.variant, positions, 1)[0]
    hands.enter_hand(bob, table, hand)
    client = client_for(bob)
    slug, rnd, t = tournament.slug, table.round.number, table.number
    for url in (
        reverse("table", args=[slug, rnd, t]),
        reverse("hand-preview", args=[slug, rnd, t]),
        reverse("hand-enter", args=[slug, rnd, t]),
        reverse("hand-edit", args=[slug, rnd, t, 1]),
        reverse("hand-edit-preview", args=[slug, rnd, t, 1]),
    ):
        assert client.get(url, {"json": JUNK[junk]}).status_code < 500, url
        assert client.post(url, junk_data(JUNK[junk])).status_code < 500, url
        # The JSON tab of the form: the raw hand as typed, broken in the same ways.
        assert client.post(url, {"json": JUNK[junk], "version": "1", "reason": "x"}).status_code < 500, url
    extra = list(table.hands.order_by("number")[1:])
    if tournament.variant == "tarokk-laza":
        # Laza's form reads only its bid lines, so junk in other fields leaves a deal in which nobody
        # bid: valid (tarokk-laza.md §5.1, "lists may be empty") and worth nothing to anybody.
        assert all(set(h.points.values()) == {0} and h.input["bids"] == {"attack": [], "defence": []} for h in extra)
    else:
        assert extra == []  # nothing junk was stored
