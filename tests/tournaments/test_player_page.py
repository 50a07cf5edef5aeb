"""Players and the hall (issue 11 item 14): a player's own page, "where do I sit", the seating list by name,
and the event page's real table sizes (item 13)."""

from __future__ import annotations

from django.db.models import Count

from tests.conftest import client_for, enter_e1
from tournaments.events import services
from tournaments.models import Seat, Table
from tournaments.rounds import services as rounds


def seat_of(event, number: int) -> Seat:
    return Seat.objects.select_related("table").get(
        round__tournament=event, round__number=1, entry__start_number=number
    )


def test_the_player_page_says_where_he_sits_now_with_a_link_to_the_table(running_event):
    seat = seat_of(running_event, 5)
    html = client_for(None).get(f"/e/{running_event.slug}/player/5/").content.decode()
    assert "Player 5" in html
    assert f"Round 1: table {seat.table.number}, seat {seat.position}" in html
    assert f'href="/e/{running_event.slug}/round/1/table/{seat.table.number}/"' in html


def test_the_player_page_shows_his_game_points_of_the_round(running_event, bob):
    table = Table.objects.get(round__tournament=running_event, round__number=1, number=1)
    seats = enter_e1(bob, table).input["seats"]
    declarer = Seat.objects.get(table=table, position=seats[0]).entry.start_number
    other = Seat.objects.get(table=table, position=seats[1]).entry.start_number
    html = client_for(None).get(f"/e/{running_event.slug}/player/{declarer}/").content.decode()
    # taruk2012.md §8.1 E1: +25 for the declarer (15 for his partner), nothing for the others.
    row = html.split("<tbody>")[-1]
    assert '<td class="num">25</td>' in row
    html = client_for(None).get(f"/e/{running_event.slug}/player/{other}/").content.decode()
    assert '<td class="num">0</td>' in html.split("<tbody>")[-1]


def test_the_player_page_is_not_public_when_the_event_is_not(running_event, alice, charlie):
    services.update_tournament(alice, running_event, is_public=False)
    assert client_for(charlie).get(f"/e/{running_event.slug}/player/1/").status_code == 403
    assert client_for(alice).get(f"/e/{running_event.slug}/player/1/").status_code == 200


def test_an_unknown_start_number_is_not_found(running_event):
    assert client_for(None).get(f"/e/{running_event.slug}/player/99/").status_code == 404


def test_where_do_i_sit_finds_a_player_by_start_number_from_the_event_page(running_event):
    from tests.html_forms import form_with

    client = client_for(None)
    form = form_with(client.get(f"/e/{running_event.slug}/").content, "q")
    html = client.get(form.action, {"q": "7"}).content.decode()
    seat = seat_of(running_event, 7)
    assert "Player 7" in html
    assert f"Table {seat.table.number}, seat {seat.position}" in html
    assert "Player 1<" not in html


def test_where_do_i_sit_finds_players_by_part_of_the_name_from_the_player_page(running_event, alice):
    services.register_player(alice, running_event, name="Ana Novak")  # late: not seated in round 1
    client = client_for(None)
    from tests.html_forms import form_with

    form = form_with(client.get(f"/e/{running_event.slug}/player/1/").content, "q")
    html = client.get(form.action, {"q": "nova"}).content.decode()
    assert "Ana Novak" in html and "not seated in the current round" in html
    html = client.get(form.action, {"q": "player"}).content.decode()
    assert html.count("seat-results") == 1 and html.count('class="card"><a') == 8


def test_where_do_i_sit_says_so_when_nobody_matches(running_event):
    html = client_for(None).get(f"/e/{running_event.slug}/seat/", {"q": "Zzz"}).content.decode()
    assert "Nobody of that name or number." in html


def test_the_seating_list_is_sorted_by_name_with_table_and_seat(running_event, alice):
    e = services.register_player(alice, running_event, name="Aaron First")
    services.update_entry(alice, running_event.entries.get(start_number=8), name="Zora Last")
    html = client_for(None).get(f"/e/{running_event.slug}/round/1/seating/").content.decode()
    names = [n for n in ("Player 1", "Player 2", "Player 7", "Zora Last") if n in html]
    assert names == ["Player 1", "Player 2", "Player 7", "Zora Last"]
    positions = [html.index(n) for n in names]
    assert positions == sorted(positions)
    assert "Aaron First" not in html  # entered after the draw: not in round 1
    assert e.start_number == 9
    seat = seat_of(running_event, 7)
    row = html.split("Player 7", 1)[1].split("</tr>", 1)[0]
    assert f"<b>{seat.table.number}</b>" in row and f">{seat.position}<" in row


def test_an_unpublished_draw_has_no_public_seating_list(event, alice):
    for i in range(1, 9):
        services.register_player(alice, event, name=f"P{i}")
    rounds.draw_round(alice, event)
    assert client_for(None).get(f"/e/{event.slug}/round/1/seating/").status_code == 403
    assert client_for(alice).get(f"/e/{event.slug}/round/1/seating/").status_code == 200


def test_the_event_page_states_the_real_table_sizes(running_event):
    html = client_for(None).get(f"/e/{running_event.slug}/").content.decode()
    assert "2 tables of 4" in html


def test_the_table_sizes_read_naturally_in_every_language():
    from tournaments.rounds.whereabouts import table_sizes_text

    assert table_sizes_text([(4, 4), (5, 2)]) == "4 tables of 4, 2 tables of 5"
    assert table_sizes_text([(3, 1)], byes=1) == "1 table of 3, 1 player sits out"


def test_an_event_of_nine_at_tables_of_four_and_five(event, alice):
    for i in range(1, 10):
        services.register_player(alice, event, name=f"P{i}")
    rnd = rounds.draw_round(alice, event)
    rounds.publish_draw(alice, rnd)
    seats = sorted(Table.objects.filter(round=rnd).annotate(n=Count("seats")).values_list("n", flat=True))
    assert seats == [4, 5]  # taruk2012.md: nine players sit at a table of four and one of five
    html = client_for(None).get(f"/e/{event.slug}/").content.decode()
    assert "1 table of 4, 1 table of 5" in html
