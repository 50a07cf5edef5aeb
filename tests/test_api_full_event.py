"""A whole event of each variant run through the REST API alone, as a club's script would run it:
create the event, import the players from a file, make a referee account, draw, publish and start,
enter every hand of every table (a phone's retry, a correction and a deletion among them), let the
players confirm with their PINs, close, re-seat, play round 2, and read the standings.

It is the same event the browser run plays (``tests/browser/test_full_event.py``): the same players,
draw seed and hands (``tests/fullevent.py``), so it reaches the same standings, which must equal the
totals this test computes from the hands it entered, scored with the engine."""

from __future__ import annotations

import io

import pytest
from rest_framework.test import APIClient

from scoring.registry import VARIANTS
from tests import fullevent as fe
from tests.conftest import client_for
from tests.samples.tarokk_laza import TEST_CONFIG


def _token_client(username: str, password: str) -> APIClient:
    client = APIClient()
    response = client.post("/api/token/", {"username": username, "password": password})
    assert response.status_code == 200, response.content
    client.credentials(HTTP_AUTHORIZATION="Token " + response.json()["token"])
    return client


def _ok(response, status: int = 200) -> dict:
    assert response.status_code == status, (response.status_code, response.content[:2000])
    return response.json() if response.content else {}


@pytest.mark.parametrize("variant", list(fe.FORMATS))
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
        "draw_seed": fe.DRAW_SEED,
    }
    if config:
        body["config"] = config
    # A new event chooses its required readings (taruk2012.md §4.5): here the engine's defaults.
    body["readings"] = {o.key: o.default for o in VARIANTS[variant].options if o.required}
    _ok(org.post("/api/events/", body, format="json"), 201)
    players = io.BytesIO(fe.players_csv(variant, fmt["players"]))
    players.name = "players.csv"
    _ok(org.post(base + "entries/import/", {"file": players}, format="multipart"), 201)
    # The organizer makes a referee account for every table (the staff page's twin) and reads the PINs.
    _ok(
        org.post(base + "referees/", {"username": "vera", "password": "kralj-pagat-77", "tables": []}, format="json"),
        201,
    )
    ref = _token_client("vera", "kralj-pagat-77")
    pins = {p["start_number"]: p["pin"] for p in _ok(org.get(base + "pins/"))}
    assert len(pins) == fmt["players"]
    rng = fe.event_rng(variant)
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
            steps, play = fe.plan_table(
                variant,
                rng,
                sorted(seats),
                table["first_dealer"],
                config,
                fmt["hands_per_round"],
                eventful=number == 1 and table["number"] == 1,
            )
            _play_table(ref, url, steps)
            stored = _ok(ref.get(url))
            assert [h["points"] for h in stored["hands"]] == play.points
            assert stored["totals"] == play.totals()
            for position in play.positions:
                _ok(ref.post(url + "confirm/", {"position": position, "pin": pins[numbers[position]]}, format="json"))
            assert _ok(ref.get(url))["confirmed"] is True
            played.append((seats, play))
        _ok(org.post(f"{base}rounds/{number}/close/", {}, format="json"))
    standings = _ok(client_for(None).get(base + "standings/"))
    expected = fe.player_totals(played)
    for row in standings["rows"]:
        # tarokk-laza.md §5.4: a pair ranks as one ("A & B"); both partners score alike.
        for name in row["name"].split(" & "):
            assert row["metrics"]["game_points"] == expected[name], (name, row)
    assert sum(len(r["name"].split(" & ")) for r in standings["rows"]) == len(expected)
    if variant == "taruk2012":
        ranking: dict[str, float] = {}
        for seats, play in played:
            for pos, rp in fe.taruk_ranking_points(play.totals()).items():
                ranking[seats[pos]] = ranking.get(seats[pos], 0) + rp
        assert {r["name"]: r["metrics"]["ranking_points"] for r in standings["rows"]} == ranking


def _play_table(ref: APIClient, url: str, steps: list[fe.Step]) -> None:
    for i, step in enumerate(steps):
        if step.kind == "enter":
            body = {**step.hand, "number": step.number}
            key = f"{url}step-{i}"  # one key per request a phone makes
            stored = _ok(ref.post(url + "hands/", body, format="json", HTTP_IDEMPOTENCY_KEY=key), 201)
            if step.number == 1:
                # The phone did not hear the answer and sends the same request again: the same hand answers.
                again = _ok(ref.post(url + "hands/", body, format="json", HTTP_IDEMPOTENCY_KEY=key), 201)
                assert again["id"] == stored["id"]
        elif step.kind == "correct":
            hand = _ok(ref.get(f"{url}hands/{step.number}/"))
            _ok(
                ref.put(
                    f"{url}hands/{step.number}/",
                    {"input": step.hand, "version": hand["version"], "id": hand["id"], "reason": "miscount"},
                    format="json",
                )
            )
        else:
            hand = _ok(ref.get(f"{url}hands/{step.number}/"))
            response = ref.delete(
                f"{url}hands/{step.number}/",
                {"version": hand["version"], "id": hand["id"], "reason": "entered twice"},
                format="json",
            )
            assert response.status_code == 204, response.content
