"""Taruk 2012 hands the site's tests enter (taruk2012.md §5), and entering them at a table through the
audited action. The numbers are the spec's: E8 (klop, B full: B -70 and a radelc for all) and E1 (tri
won with 48: declarer 25, partner (25 + 5) / 2 = 15), §8.1."""

from __future__ import annotations

from typing import Any

from tournaments.models import Hand, Table
from tournaments.tables import hands

HAND1_SEATS = ("B", "C", "D", "A")  # dealer A, forehand B
HAND2_SEATS = ("C", "D", "A", "B")  # dealer B, forehand C
SEATS = {"A": ["B", "C", "D", "A"], "B": ["C", "D", "A", "B"], "C": ["D", "A", "B", "C"]}  # by the dealer


def klop_b_full(dealer: str = "A", seats: tuple[str, ...] = HAND1_SEATS) -> dict[str, Any]:
    """§8.1 E8: a klop in which B takes 36 card points (full): B -70, a radelc for everyone."""
    return {
        "variant": "taruk2012",
        "seats": list(seats),
        "dealer": dealer,
        "game": "klop",
        "klop_points": {"A": 4, "B": 36, "C": 20, "D": 10},
    }


def tri(dealer: str, seats: Any, declarer: str, partner: str, card_points: int = 48) -> dict[str, Any]:
    """A tri with the king of hearts (§8.1 E1 with its 48 card points)."""
    return {
        "variant": "taruk2012",
        "seats": list(seats),
        "dealer": dealer,
        "game": "tri",
        "declarer": declarer,
        "called_king": "hearts",
        "partner": partner,
        "card_points": card_points,
    }


def tri_in(envelope: dict[str, Any], card_points: int = 48) -> dict[str, Any]:
    """``tri`` in a table's next envelope (``hands.next_envelope``): the first seat declares with the
    third's king of hearts."""
    seats = envelope["seats"]
    return {**envelope, **tri(envelope["dealer"], seats, seats[0], seats[2], card_points)}


def dve(dealer: str, declarer: str, partner: str, card_points: int = 48) -> dict[str, Any]:
    """A dve dealt by ``dealer`` at a table of four, otherwise as ``tri``."""
    return {**tri(dealer, SEATS[dealer], declarer, partner, card_points), "game": "dve"}


def seats_after(dealer: str, table: str = "ABCD") -> list[str]:
    """The playing order of a hand ``dealer`` deals: the seat after him first (§7.3)."""
    i = table.index(dealer)
    return [table[(i + k) % len(table)] for k in range(1, len(table) + 1)]


def taruk_hand(n: int, dealer: str) -> dict[str, Any]:
    """A valid hand for hand number ``n`` dealt by ``dealer``, the four games in turn: a tri, a solo dve
    under kontra, a berač won, a klop (which gives everybody a radelc)."""
    s = seats_after(dealer)
    if n % 4 == 1:
        return tri(dealer, s, s[0], s[2])
    envelope = {"variant": "taruk2012", "seats": s, "dealer": dealer}
    if n % 4 == 2:
        return {**envelope, "game": "solo_dve", "declarer": s[1], "card_points": 30, "game_kontra": 2}
    if n % 4 == 3:
        return {**envelope, "game": "berac", "declarer": s[3], "won": True}
    return {**envelope, "game": "klop", "klop_points": {s[0]: 4, s[1]: 36, s[2]: 20, s[3]: 10}}


def enter(user: Any, table: Table, n: int) -> Hand:
    """``taruk_hand(n)`` as the table's next hand, dealt by the dealer the table's rotation gives."""
    previous = table.hands.order_by("number").last()
    envelope = hands.next_envelope(hands.table_setup(table, table.round.tournament), previous)
    return hands.enter_hand(user, table, taruk_hand(n, envelope["dealer"]))


def play(table: Table, user: Any, count: int) -> None:
    """Enter hands 1 to ``count`` at ``table`` through the audited action."""
    for n in range(1, count + 1):
        enter(user, table, n)
