"""A table played as referees play one: hands, a void deal, a correction and a deletion; and what the
table's readers show of it, read off their pages and answers. For the tests of the table's read model
(``tournaments/tables/table_view.py``) and the readers it feeds.

The tests' own numbers come from the hands' stored points, summed here (``stored_running``), never
from the code under test.
"""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

from tournaments.models import Table
from tournaments.tables import hands

from .variant_tables import running_table

# Four seats that all play; a hand thrown in is entered but does not count, and may start a double
# round that doubles the next hands (tarokk-vadasz.md §1.8, §3): a correction of it moves later hands.
KEY = "tarokk-vadasz"


def vadasz_table(organizer: Any) -> Table:
    """Table 1 of round 1 of a running Vadász event of four (8 hands a round), bob refereeing it."""
    return running_table(organizer, KEY, size=4, hands=8)


def game(seats: list[str], talon: int = 3) -> dict[str, Any]:
    """tarokk-vadasz.md §4 V1 at the hand's seats: the forehand declares with the third seat as
    partner, 50 card points and 5 tricks win the game; its value G by the talon taken (3: G = 1)."""
    return {
        "declarer": seats[0],
        "partner": seats[2],
        "declarer_talon_taken": talon,
        "declarer_card_points": 50,
        "declarer_tricks": 5,
    }


def thrown_in(seats: list[str], double: bool = False) -> dict[str, Any]:
    """tarokk-vadasz.md §1.8: four kings thrown in; no points, not a hand of the round."""
    hand = {"outcome": "thrown_in", "thrower": seats[0], "throw_in_reason": "four_kings"}
    return {**hand, "start_double_round": True} if double else hand


def enter(referee: Any, table: Table, body: Any = game) -> None:
    """Enter the table's next hand: its envelope as the table gives it, ``body(seats)`` the rest."""
    envelope = hands.next_envelope(hands.table_setup(table, table.round.tournament), table.hands.last())
    hands.enter_hand(referee, table, {**envelope, **body(envelope["seats"])})


def correct(referee: Any, table: Table, number: int, body: Any) -> None:
    hand = table.hands.get(number=number)
    envelope = {k: v for k, v in hand.input.items() if k in ("variant", "seats", "dealer", "participants")}
    new = {**envelope, **body(envelope["seats"])}
    hands.correct_hand(referee, hand, new, expected_version=hand.version, reason="misread the sheet")


def delete(referee: Any, table: Table, number: int) -> None:
    hand = table.hands.get(number=number)
    hands.delete_hand(referee, hand, expected_version=hand.version, reason="entered twice")


def eventful_table(organizer: Any, referee: Any) -> Table:
    """Two games, a hand thrown in, two games; the throw-in corrected to start a double round (the
    two games after it are rescored, doubled), then hand 2 deleted (the later hands move up, take the
    dealer and seats of their new place and are rescored)."""
    table = vadasz_table(organizer)
    for body in (game, lambda s: game(s, talon=2), thrown_in, game, lambda s: game(s, talon=1)):
        enter(referee, table, body)
    correct(referee, table, 3, lambda s: thrown_in(s, double=True))
    delete(referee, table, 2)
    return table


def stored_running(table: Table) -> list[dict[str, int]]:
    """Each seat's total after each hand, added up here from the points stored with the hands."""
    positions = sorted(table.seats.values_list("position", flat=True))
    total = dict.fromkeys(positions, 0)
    out = []
    for points in table.hands.order_by("number").values_list("points", flat=True):
        for p in positions:
            total[p] += points.get(p, 0)
        out.append(dict(total))
    return out


class _Cells(HTMLParser):
    """The numbers of a page's hands table: its hands' rows and its running rows (``tr.running``)."""

    def __init__(self) -> None:
        super().__init__()
        self.points: list[list[int]] = []
        self.running: list[list[int]] = []
        self.totals: list[int] = []
        self._in: str | None = None  # "hands", "seats"
        self._row: list[str] | None = None
        self._kind = ""
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        classes = a.get("class", "").split()
        if tag == "table" and "hands" in classes:
            self._in = "hands"
        elif tag == "table" and "seats-table" in classes:
            self._in = "seats"
        elif tag == "tr" and self._in:
            self._row, self._kind = [], "running" if "running" in classes else "row"
        elif tag == "td" and self._row is not None:
            self._cell = [] if "num" in classes else None
            if self._cell is None:
                self._row.append("")

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "td" and self._cell is not None and self._row is not None:
            self._row.append("".join(self._cell).strip())
            self._cell = None
        elif tag == "tr" and self._row is not None:
            numbers = [int(c) for c in self._row[2:] if c.lstrip("-").isdigit()]
            if self._in == "seats" and self._row and self._row[-1].lstrip("-").isdigit():
                self.totals.append(int(self._row[-1]))
            elif self._in == "hands" and self._kind == "running":
                self.running.append(numbers)
            elif self._in == "hands" and len(self._row) > 2:
                self.points.append(numbers)
            self._row = None
        elif tag == "table":
            self._in = None


def page_numbers(html: str) -> _Cells:
    """The seats' totals, each hand's points and the running totals as a page shows them."""
    parser = _Cells()
    parser.feed(html)
    return parser
