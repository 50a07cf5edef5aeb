"""A whole event of each variant run through the REST API alone, as a club's script would run it:
create the event, import the players from a file, name a referee, draw, publish and start, enter every
hand of every table (a correction and a deletion among them), let the players confirm with their PINs,
close, re-seat, play round 2, and read the standings. The standings must equal the totals this test
computes from the hands it entered, scored with the engine (``tests/fullevent.py``)."""

from __future__ import annotations

import io
import random

import pytest
from rest_framework.test import APIClient

from scoring.samples.tarokk_laza import TEST_CONFIG
from tests import fullevent as fe
from tests.conftest import client_for

VARIANTS = list(fe.FORMATS)
NAMES = [
    "Ana Novak",
    "Bojan Kranjc",
    "Cvetka Zupan",
    "Darko Horvat",
    "Eva Kos",
    "Franc Vidmar",
    "Gregor Golob",
    "Helena Turk",
]


def _token_client(username: str, password: str) -> APIClient:
    client = APIClient()
    response = client.post("/api/token/", {"username": username, "password": password})
    assert response.status_code == 200, response.content
    client.credentials(HTTP_AUTHORIZATION="Token " + response.json()["token"])
    return client


def _ok(response, status: int = 200) -> dict:
    assert response.status_code == status, (response.status_code, response.content[:2000])
    return response.json() if response.content else {}


def _players_file(variant: str, count: int) -> io.BytesIO:
    lines = ["name,club,strength,team"]
    for i, name in enumerate(NAMES[:count], start=1):
        team = f"Pair {(i + 1) // 2}" if variant == "tarokk-laza" else ""
        lines.append(f"{name},TK {i % 3},{i},{team}")
    f = io.BytesIO("\n".join(lines).encode())
    f.name = "players.csv"
    return f


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_whole_event_runs_through_the_api_alone(variant, alice):
    fmt = fe.FORMATS[variant]
    config = TEST_CONFIG if variant == "tarokk-laza" else None
    org = _token_client("alice", "alice-password")
    slug = "api-" + variant
    base = f"/api/events/{slug}/"
    body = {
        "name": f"API {variant}",
        "slug": slug,
        "variant": variant,
        "rounds": 2,
        "is_public": True,
        "table_size": fmt["table_size"],
        "hands_per_round": fmt["hands_per_round"],
        "draw_seed": "api-run",
    }
    if config:
        body["config"] = config
    _ok(org.post("/api/events/", body, format="json"), 201)
    _ok(org.post(base + "entries/import/", {"file": _players_file(variant, fmt["players"])}, format="multipart"), 201)
    # The organizer makes a referee account for every table (the staff page's twin) and reads the PINs.
    _ok(
        org.post(base + "referees/", {"username": "vera", "password": "kralj-pagat-77", "tables": []}, format="json"),
        201,
    )
    ref = _token_client("vera", "kralj-pagat-77")
    pins = {p["start_number"]: p["pin"] for p in _ok(org.get(base + "pins/"))}
    assert len(pins) == fmt["players"]
    rng = random.Random(f"api-{variant}")
    played: list[tuple[dict[str, str], fe.TablePlay]] = []
    for number in (1, 2):
        _ok(org.post(base + "rounds/", {}, format="json"), 201)
        for action in ("publish", "start"):
            _ok(org.post(f"{base}rounds/{number}/{action}/", {}, format="json"))
        rnd = _ok(ref.get(f"{base}rounds/{number}/"))
        for table in rnd["tables"]:
            seats = {s["position"]: s["name"] for s in table["seats"]}
            numbers = {s["position"]: s["start_number"] for s in table["seats"]}
            url = f"{base}rounds/{number}/tables/{table['number']}/"
            play = fe.TablePlay(sorted(seats))
            _enter_table(ref, url, play, rng, variant, table["first_dealer"], config, correct=table["number"] == 1)
            for position in play.positions:
                _ok(ref.post(url + "confirm/", {"position": position, "pin": pins[numbers[position]]}, format="json"))
            assert _ok(ref.get(url))["confirmed"] is True
            played.append((seats, play))
        _ok(org.post(f"{base}rounds/{number}/close/", {}, format="json"))
    standings = _ok(client_for(None).get(base + "standings/"))
    expected = fe.player_totals(played)
    shown = {}
    for row in standings["rows"]:
        for name in row["name"].split(" & "):
            shown[name] = row["metrics"]["game_points"]
    if variant == "tarokk-laza":
        # tarokk-laza.md §5.4: a pair ranks as one; its game points are one partner's (both score alike).
        for row in standings["rows"]:
            first, second = row["name"].split(" & ")
            assert expected[first] == expected[second] == row["metrics"]["game_points"]
    else:
        assert shown == {name: float(total) for name, total in expected.items()}
    if variant == "taruk2012":
        ranking: dict[str, float] = {}
        for seats, play in played:
            for pos, rp in fe.taruk_ranking_points(play.totals()).items():
                ranking[seats[pos]] = ranking.get(seats[pos], 0) + rp
        assert {r["name"]: r["metrics"]["ranking_points"] for r in standings["rows"]} == ranking


def _enter_table(
    ref: APIClient,
    url: str,
    play: fe.TablePlay,
    rng: random.Random,
    variant: str,
    first_dealer: str,
    config,
    *,
    correct: bool,
) -> None:
    expected = _ok(ref.get(url))["expected_hands"]
    while len(play.hands) < expected:
        hand = fe.choose_hand(variant, rng, play, first_dealer, config)
        body = {**hand, "number": len(play.hands) + 1}
        key = f"{url}{len(play.hands) + 1}"
        stored = _ok(ref.post(url + "hands/", body, format="json", HTTP_IDEMPOTENCY_KEY=key), 201)
        fe.play(play, hand, config)
        assert stored["points"] == play.points[-1]
        if len(play.hands) == 1:
            # The phone did not hear the answer and sends the same request again: the same hand answers.
            again = _ok(ref.post(url + "hands/", body, format="json", HTTP_IDEMPOTENCY_KEY=key), 201)
            assert again["id"] == stored["id"]
    if not correct:
        return
    # A correction of hand 2 with another hand of the same envelope (later hands rescored) ...
    second = _ok(ref.get(url + "hands/2/"))
    trial = fe.TablePlay(play.positions, play.hands[:1], play.points[:1], {})
    fe.rescore(trial, config)
    replacement = fe.choose_hand(variant, rng, trial, first_dealer, config)
    _ok(
        ref.put(
            url + "hands/2/", {"input": replacement, "version": second["version"], "reason": "miscount"}, format="json"
        )
    )
    play.hands[1] = replacement
    fe.rescore(play, config)
    # ... and a deletion of the last hand, entered again.
    last = _ok(ref.get(f"{url}hands/{expected}/"))
    response = ref.delete(
        f"{url}hands/{expected}/", {"version": last["version"], "reason": "entered twice"}, format="json"
    )
    assert response.status_code == 204, response.content
    del play.hands[-1]
    fe.rescore(play, config)
    hand = fe.choose_hand(variant, rng, play, first_dealer, config)
    _ok(ref.post(url + "hands/", {**hand, "number": expected}, format="json"), 201)
    fe.play(play, hand, config)
    table = _ok(ref.get(url))
    assert table["totals"] == play.totals()
    assert len(table["hands"]) == expected
