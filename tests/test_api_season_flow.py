"""A season through the API alone, end to end (issue 24's "Done when"; season.md §1, §2, §4–§6, §8): a
series created, two finished events and a new third added, the third's players imported (the dry run
shows each row's match; the import takes the organizer's answer to the "maybe"), its round 1 drawn by
ladder groups, a hand entered at every table, and the ladder's JSON compared with the series points
this test works out from each event's published places (§3.1 default table, best 2 of 3, §4)."""

from __future__ import annotations

import io
import json
import re
from decimal import Decimal

from scoring.registry import VARIANTS
from tests.conftest import client_for
from tests.fullevent import next_envelope
from tests.seasons_support import (
    SEASON_PLAYERS,
    THIRD_EVENT_CSV,
    THIRD_EVENT_MAYBE,
    best_n_by_place,
    finished_event,
    klop,
    standings_of,
    tri_e1,
)
from tests.support.api import send
from tournaments.models import Player

SLUGS = ["spring-cup", "summer-cup", "autumn-cup"]
AUTUMN = "/api/events/autumn-cup/"


def import_file(api, **fields):
    upload = io.BytesIO(THIRD_EVENT_CSV.encode())
    upload.name = "players.csv"
    return api.post(AUTUMN + "entries/import/", {"file": upload, **fields})


def test_a_season_runs_through_the_api_alone(alice):
    finished_event(alice, "Spring Cup", SEASON_PLAYERS[:8])
    finished_event(alice, "Summer Cup", SEASON_PLAYERS[2:10])
    api = client_for(alice)
    readings = {o.key: o.default for o in VARIANTS["taruk2012"].options if o.required}
    event = {"name": "Autumn Cup", "slug": "autumn-cup", "variant": "taruk2012", "rounds": 1, "is_public": True}
    event |= {"table_size": 4, "hands_per_round": 2, "draw_seed": "autumn", "readings": readings}
    assert send(api, "post", "/api/events/", event).status_code == 201

    series = {"name": "Season 2026", "points": "fixed_by_place", "count": "best_n", "best_n": 2, "is_public": True}
    created = send(api, "post", "/api/series/", series)
    assert created.status_code == 201, created.content
    slug = created.json()["slug"]
    for event_slug in SLUGS:
        added = send(api, "post", f"/api/series/{slug}/events/", {"event": event_slug})
        assert added.status_code == 201, added.content

    # The dry run shows each row's match and stores nothing; the import takes the answer to the "maybe".
    dry = import_file(api, dry_run="true")
    assert dry.status_code == 200, dry.content
    kinds = [(row["match"]["kind"], (row["match"]["player"] or {}).get("id")) for row in dry.json()]
    ids = {fid: Player.objects.get(federation_id=fid).pk for _name, _club, fid in SEASON_PLAYERS[:10]}
    assert kinds == [
        *[("same", ids[f"SLO-0{i}"]) for i in range(3, 8)],
        ("maybe", ids["SLO-08"]),
        ("new", None),
        ("new", None),
    ]
    unanswered = import_file(api)
    assert unanswered.status_code == 400
    assert [(e["field"], e["code"]) for e in unanswered.json()["errors"]] == [
        (f"matches.{THIRD_EVENT_MAYBE}", "match_pending")
    ]
    imported = import_file(api, matches=json.dumps({str(THIRD_EVENT_MAYBE): "accept"}))
    assert imported.status_code == 201, imported.content
    entered = [row["player"] for row in imported.json()]
    assert entered[:6] == [ids[f"SLO-0{i}"] for i in range(3, 9)]  # one person across the events
    assert Player.objects.filter(name__iexact="helena turk").count() == 1

    # Round 1 by ladder groups (§6.2): the ladder before the event, eight players at two tables of four,
    # four groups of two; the two new players close the order.
    public = client_for(None)
    before = [line["player"] for line in public.get(f"/api/series/{slug}/ladder/").json()["ladder"]]
    placed = [p for p in before if p in entered]
    assert len(placed) == 6
    groups = [set(placed[0:2]), set(placed[2:4]), set(placed[4:6]), set(entered) - set(placed)]
    drawn = send(api, "post", AUTUMN + "rounds/", {"method": "ladder_groups"})
    assert drawn.status_code == 201, drawn.content
    for action in ("publish", "start"):
        assert send(api, "post", f"{AUTUMN}rounds/1/{action}/", {}).status_code == 200
    player_of = {e["start_number"]: e["player"] for e in api.get(AUTUMN + "entries/").json()}
    tables = api.get(AUTUMN + "rounds/1/").json()["tables"]
    seated = [{player_of[s["start_number"]] for s in t["seats"]} for t in tables]
    assert len(seated) == 2
    for group in groups:
        assert [len(group & table) for table in seated] == [1, 1], (group, seated)

    # Before a hand the third event has no result; a hand at each table gives everyone his place there.
    assert all(
        "autumn-cup" not in line["results"] for line in public.get(f"/api/series/{slug}/ladder/").json()["ladder"]
    )
    enter_first_hands(api, tables)
    assert_ladder(public, slug, running=True)

    # The round's second hands and its close finish the event: the same rule on its final places,
    # nothing provisional any more.
    enter_second_hands(api, tables)
    closed = send(api, "post", f"{AUTUMN}rounds/1/close/", {"override": True, "reason": "no PINs in this test"})
    assert closed.status_code == 200, closed.content
    assert api.get(AUTUMN).json()["status"] == "finished"
    assert_ladder(public, slug, running=False)

    # Helena Turk's page (§1.4): her three events, each place final now that every event has finished
    # (closed without the players' PINs: the judge's override ends the event all the same), and the
    # series points the ladder gives her there.
    helena = public.get(f"/api/players/{ids['SLO-08']}/").json()
    expected = best_n_by_place([(s, standings_of(public, s)) for s in SLUGS], n=2)["Helena Turk"]
    places = {s: next(r["rank"] for r in standings_of(public, s) if r["name"] == "Helena Turk") for s in SLUGS}
    events = {e["slug"]: e for e in helena["events"]}
    assert {s: (e["place"], e["status"], e["provisional"]) for s, e in events.items()} == {
        s: (places[s], "finished", False) for s in SLUGS
    }
    assert {s: (Decimal(e["series"]["points"]), not e["series"]["dropped"]) for s, e in events.items()} == {
        s: (Decimal(v), counted) for s, (v, counted) in expected.items()
    }
    [season] = helena["series"]
    ladder = public.get(f"/api/series/{slug}/ladder/").json()["ladder"]
    [line] = [line for line in ladder if line["name"] == "Helena Turk"]
    assert [e["name"] for e in season["events"]] == ["Spring Cup", "Summer Cup", "Autumn Cup"]
    assert (season["events"][-1]["rank"], season["events"][-1]["of"]) == (line["rank"], len(ladder))
    page = public.get(f"/players/{ids['SLO-08']}/").content.decode()
    assert re.findall(r"\d+ of 8\*", page) == []  # no place marked provisional


def enter_first_hands(api, tables) -> None:
    """taruk2012.md §8.1 E1 as each table's first hand (its forehand declares, the third seat partners)."""
    for table in tables:
        positions = sorted(s["position"] for s in table["seats"])
        envelope = next_envelope("taruk2012", positions, table["first_dealer"], None, {})
        post_hand(api, table, {**envelope, **tri_e1(envelope["seats"]), "number": 1})


def enter_second_hands(api, tables) -> None:
    """A klop as each table's second hand (the next dealer's envelope, as the table's API gives it)."""
    for table in tables:
        url = f"{AUTUMN}rounds/1/tables/{table['number']}/"
        envelope = api.get(url).json()["next_envelopes"][0]
        post_hand(api, table, {**envelope, **klop(envelope["seats"]), "number": 2})


def post_hand(api, table, hand) -> None:
    url = f"{AUTUMN}rounds/1/tables/{table['number']}/hands/"
    key = f"{url}{hand['number']}"
    stored = api.post(url, json.dumps(hand), content_type="application/json", HTTP_IDEMPOTENCY_KEY=key)
    assert stored.status_code == 201, stored.content


def assert_ladder(public, slug: str, *, running: bool) -> None:
    """The ladder's JSON against the series points worked out from the events' published places."""
    ladder = public.get(f"/api/series/{slug}/ladder/").json()
    assert [e["slug"] for e in ladder["events"]] == SLUGS
    assert [e["provisional"] for e in ladder["events"]] == [False, False, running]
    expected = best_n_by_place([(s, standings_of(public, s)) for s in SLUGS], n=2)
    lines = {line["name"]: line for line in ladder["ladder"]}
    assert set(lines) == set(expected)
    for name, values in expected.items():
        line = lines[name]
        results = {s: (Decimal(str(r["points"])), r["counted"]) for s, r in line["results"].items()}
        assert results == {s: (Decimal(v), counted) for s, (v, counted) in values.items()}, name
        assert Decimal(str(line["total"])) == sum(v for v, counted in values.values() if counted), name
        assert line["events"] == len(values)
        assert {s: r["provisional"] for s, r in line["results"].items()} == {
            s: running and s == "autumn-cup" for s in values
        }
    assert any(not c for values in expected.values() for _v, c in values.values())  # some results dropped
    totals = [Decimal(str(line["total"])) for line in ladder["ladder"]]
    assert totals == sorted(totals, reverse=True)
