"""Events of a series played as referees play them, for the series tests (tournaments/seasons).

A season is a few small Taruk 2012 events whose players share their Player rows across events (a
federation id names one player: ``services.register_player`` reuses his row), each round's tables
played to the end with hands of taruk2012.md §8.1 E1 and closed. The tests' own series numbers are
computed from each event's published standings (``standings_of``: place, ranking points, game points),
never from the code under test.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from tournaments.events import services
from tournaments.models import Round, Tournament
from tournaments.rounds import services as rounds
from tournaments.tables import hands

# Twelve players of the season: (name, club, federation id).
SEASON_PLAYERS = [
    ("Ana Novak", "TK Ljubljana", "SLO-01"),
    ("Bojan Kranjc", "TK Maribor", "SLO-02"),
    ("Cvetka Zupan", "TK Celje", "SLO-03"),
    ("Darko Horvat", "TK Koper", "SLO-04"),
    ("Eva Kos", "TK Ljubljana", "SLO-05"),
    ("Franc Vidmar", "TK Kranj", "SLO-06"),
    ("Gregor Golob", "TK Maribor", "SLO-07"),
    ("Helena Turk", "TK Celje", "SLO-08"),
    ("Igor Božič", "TK Koper", "SLO-09"),
    ("Jana Kovačič", "TK Kranj", "SLO-10"),
    ("Klemen Mlakar", "TK Ljubljana", "SLO-11"),
    ("Lidija Zajc", "TK Maribor", "SLO-12"),
]

# The players' file of a third event (the season flow tests): five players of both Spring (1-8) and
# Summer (3-10) by federation id, Helena Turk (SLO-08) typed without her id in other case (a "maybe" by
# name and club, line 7), and two new players.
THIRD_EVENT_CSV = (
    "name,club,federation id\n"
    "Cvetka Zupan,TK Celje,SLO-03\n"
    "Darko Horvat,TK Koper,SLO-04\n"
    "Eva Kos,TK Ljubljana,SLO-05\n"
    "Franc Vidmar,TK Kranj,SLO-06\n"
    "Gregor Golob,TK Maribor,SLO-07\n"
    "HELENA TURK,tk celje,\n"
    "Marko Zorko,TK Ptuj,\n"
    "Nina Hribar,TK Ptuj,\n"
)
THIRD_EVENT_MAYBE = 7


def tri_e1(seats: Sequence[str]) -> dict[str, Any]:
    """taruk2012.md §8.1 E1 at the hand's seats: tri by the forehand, the third seat his partner."""
    return {"game": "tri", "declarer": seats[0], "called_king": "hearts", "partner": seats[2], "card_points": 48}


def klop(seats: Sequence[str]) -> dict[str, Any]:
    """A klop in which every seat took a different number of card points (all lose them)."""
    return {"game": "klop", "klop_points": dict(zip(seats, (13, 24, 31, 2), strict=False))}


def new_event(organizer: Any, name: str, players: Sequence[tuple[str, str, str]], **fields: Any) -> Tournament:
    """A public Taruk 2012 event of one round of two hands, with ``players`` registered."""
    event = services.create_tournament(
        organizer,
        name=name,
        variant="taruk2012",
        rounds=fields.pop("rounds", 1),
        hands_per_round=fields.pop("hands_per_round", 2),
        round_minutes=60,
        table_size=4,
        is_public=True,
        draw_seed=fields.pop("draw_seed", name),
        **fields,
    )
    for player_name, club, fid in players:
        services.register_player(organizer, event, name=player_name, club=club, federation_id=fid)
    return event


def play_round(organizer: Any, event: Tournament, bodies=(tri_e1, klop), method: str | None = None) -> Round:
    """Draw, publish and start the next round, play every table's hands and close it."""
    rnd = rounds.draw_round(organizer, event, method=method)
    rounds.publish_draw(organizer, rnd)
    rounds.start_clock(organizer, rnd)
    play_tables(organizer, rnd, bodies)
    return rounds.close_round(organizer, rnd, override=True, reason="test: the players did not confirm")


def play_tables(organizer: Any, rnd: Round, bodies=(tri_e1, klop), numbers: Sequence[int] | None = None) -> None:
    """Play the round's tables (or those ``numbers`` name) to the end of ``bodies``."""
    tables = rnd.tables.order_by("number")
    for table in tables.filter(number__in=numbers) if numbers is not None else tables:
        setup = hands.table_setup(table, rnd.tournament)
        previous = table.hands.order_by("number").last()
        for body in bodies[len(table.hands.all()) :]:
            envelope = hands.next_envelope(setup, previous)
            previous = hands.enter_hand(organizer, table, {**envelope, **body(envelope["seats"])})


def finished_event(organizer: Any, name: str, players: Sequence[tuple[str, str, str]], **fields: Any) -> Tournament:
    """An event played to its end (every round closed: the event is finished)."""
    event = new_event(organizer, name, players, **fields)
    for _ in range(event.rounds):
        play_round(organizer, event)
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED
    return event


def standings_of(client: Any, slug: str) -> list[dict[str, Any]]:
    """An event's standings as its API publishes them: per player (by name) his rank, ranking points
    and game points, in order."""
    rows = client.get(f"/api/events/{slug}/standings/").json()["rows"]
    return [
        {
            "name": r["name"],
            "rank": r["rank"],
            "ranking_points": Decimal(str(r["metrics"]["ranking_points"])),
            "game_points": r["metrics"]["game_points"],
        }
        for r in rows
    ]


def press(page: bytes | str, form: Any, button: str, value: str, **typed: str) -> dict[str, str]:
    """What the browser posts when a person types ``typed`` into ``form`` and presses its button
    ``button`` whose value is ``value`` (one of several buttons of one name the page renders, enabled)."""
    html = page.decode() if isinstance(page, bytes) else page
    rendered = re.findall(rf'<button[^>]*name="{re.escape(button)}" value="{re.escape(value)}"[^>]*>', html)
    assert rendered and "disabled" not in rendered[0], f"no enabled button {button}={value} on the page"
    return {**form.data(**typed), button: value}


class UndrawnPDF:
    """Stands in for WeasyPrint's document where a test reads the views' handling, not the drawing."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass

    def render(self, **kwargs: Any) -> UndrawnPDF:
        return self

    def write_pdf(self) -> bytes:
        return b"%PDF-1.4\n%%EOF\n"


def pdfs_not_drawn(monkeypatch: Any) -> None:
    from tournaments.documents.protocols import render

    monkeypatch.setattr(render, "_html_class", lambda: UndrawnPDF)


# season.md §3.1: the default table of fixed_by_place, places 1-50.
FIXED_TABLE = [
    223, 198, 180, 168, 156, 147, 138, 131, 124, 117, 110, 105, 100, 95, 90, 85, 80, 76, 72, 68, 64, 60, 56, 52, 49,
    46, 43, 40, 37, 34, 31, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1,
]  # fmt: skip


def best_n_by_place(
    events: Sequence[tuple[str, list[dict[str, Any]]]], n: int
) -> dict[str, dict[str, tuple[int, bool]]]:
    """Per player (by name), per event slug: his series points by place from the default table
    (§3.1 ``fixed_by_place``: ``table[place − 1]``, 0 beyond its end) and whether it counts under
    ``best_n`` (§4.2: his n highest; of equal values the earlier event). ``events``: (slug, the
    event's ``standings_of``) in the series' order, every player of each having played."""
    values: dict[str, dict[str, int]] = {}
    for slug, rows in events:
        for row in rows:
            place = row["rank"]
            values.setdefault(row["name"], {})[slug] = FIXED_TABLE[place - 1] if place <= len(FIXED_TABLE) else 0
    order = [slug for slug, _rows in events]
    out = {}
    for name, by_event in values.items():
        kept = sorted(by_event, key=lambda slug: (-by_event[slug], order.index(slug)))[:n]
        out[name] = {slug: (value, slug in kept) for slug, value in by_event.items()}
    return out
