"""A player's own seat (issue 16, "players' own phones"): his table's hands and live totals, his
running standing and whether he has confirmed. One shape for the seat page and its API twin
(STYLE.md §17); the confirmation itself is ``confirmations.confirm_table(..., own_phone=True)``."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.urls import reverse

from tournaments.models import Seat, Table, Tournament
from tournaments.rounds import whereabouts
from tournaments.tables import lines
from tournaments.tables.table_view import table_view


def seat_of(table: Table, position: str) -> Seat:
    """The seat at ``position`` of the table (its seats are prefetched by ``lookups.table_of``); 404 if empty."""
    seat = next((s for s in table.seats.all() if s.position == position), None)
    if seat is None:
        raise Http404
    return seat


def live_state(hands: int, positions: list[str], totals: dict[str, int], confirmed: bool) -> str:
    """What the page was drawn from, as ``static/js/seat.js`` reads it from ``table.json``: the page
    reloads itself when a hand is entered or corrected, or the table is confirmed."""
    return f"{hands}:{','.join(str(totals.get(p, 0)) for p in positions)}:{'true' if confirmed else 'false'}"


def seat_data(tournament: Tournament, table: Table, seat: Seat) -> dict[str, Any]:
    """The seat page: the table's seats and totals (his row marked), its hands with the running totals,
    its progress, his confirmation and the table's, his standing. Lines in the reader's language."""
    view = table_view(table, tournament)
    progress, positions = view.progress, view.positions
    rows = [
        {
            "number": line.number,
            "dealer": line.dealer,
            "played": line.played,
            "points": line.points,
            "running": line.running,
            "breakdown": lines.breakdown(line.stored.breakdown),
            # For the page: the seats' columns in order, his marked.
            "cells": [(line.points[p], line.running[p], p == seat.position) for p in positions],
        }
        for line in view.hands
    ]
    entry = seat.entry
    mine = view.seat(seat.position).confirmed_at
    table_confirmed = view.confirmed
    slug, round_no = tournament.slug, table.round.number
    return {
        "round": round_no,
        "round_status": view.round_status,
        "table": view.number,
        "position": seat.position,
        "start_number": entry.start_number,
        "name": entry.player.name,
        "seats": [
            {
                "position": s.position,
                "start_number": s.start_number,
                "name": s.name,
                "total": progress.totals.get(s.position, 0),
                "confirmed": s.confirmed,
                "me": s.position == seat.position,
            }
            for s in view.seats
        ],
        "positions": positions,
        "totals": dict(progress.totals),
        "expected_hands": progress.expected,
        "played_hands": progress.played,
        "complete": progress.complete,
        "time_expired": progress.time_expired,
        "time_up_after": progress.time_up_after,
        "hands": rows,
        "confirmed": mine is not None,
        "confirmed_at": mine,
        "table_confirmed": table_confirmed,
        # The form is offered while his PIN would change something; confirm_table decides all the same.
        "can_confirm": progress.complete and mine is None and not table_confirmed,
        "standing": whereabouts.player_standing(tournament, entry),
        "live_state": live_state(len(view.hands), positions, progress.totals, table_confirmed),
        "urls": {
            "player": whereabouts.player_url(tournament, entry.start_number),
            "table": reverse("table", args=[slug, round_no, table.number]),
            "table_json": reverse("table-json", args=[slug, round_no, table.number]),
            "standings": reverse("standings", args=[slug]) + f"?me={entry.start_number}#p-{entry.start_number}",
            "confirm": reverse("seat-confirm", args=[slug, round_no, table.number, seat.position]),
        },
    }
