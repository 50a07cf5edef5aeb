"""Hidden form sections never block a save (issue 11 item 8).

The referee fills a section (Taruk bonuses of a tri, Vadász throw-in, Illusztrált figures,
ulti individual kontra), then switches the game/outcome/bid so that the page hides it. The
browser still posts what the hidden section holds; the form ignores it, and the hand is
saved as the visible fields say. A value that does block (Laza: a result without its bid in a
folded section) is shown: its section is rendered open with the error next to the field.
"""

from __future__ import annotations

import re

import pytest

from tests.conftest import client_for
from tests.tournaments.variant_tables import post_hand, rendered_form, running_table, table_url
from tournaments.models import Hand

# (variant, what the referee means, the stale values of the section the page now hides, a
# field of the hand that must be as typed)
CASES = [
    pytest.param(
        "taruk2012",
        {"game": "berac", "declarer": "B", "won": "yes"},
        {"b_trula": "made", "b_trula_side": "declarer", "b_kralji": "failed", "klop_A": "20"},
        {"game": "berac", "won": True},
        id="taruk: a tri with trula switched to berač",
    ),
    pytest.param(
        "tarokk-vadasz",
        {
            "outcome": "played",
            "declarer": "B",
            "partner": "D",
            "declarer_talon_taken": "3",
            "declarer_card_points": "50",
            "declarer_tricks": "5",
        },
        {
            "thrower": "B",
            "throw_in_reason": "four_kings",
            "start_double_round": "on",
            "renonsz_offender": "C",
            "renonsz_kind": "play",
        },
        {"declarer": "B", "partner": "D"},
        id="vadász: a throw-in switched to a played hand",
    ),
    pytest.param(
        "tarokk-illusztralt",
        {"outcome": "redeal"},
        {"fig1": "tuletroa", "fig1_kontra": "1", "tarokk_B": "9", "renonsz_offender": "C"},
        {"outcome": "redeal"},
        id="illusztrált: a played hand with figures switched to a redeal",
    ),
    pytest.param(
        "ulti-mausz",
        {"bid": "parti:zold", "declarer": "B", "declarer_tricks": "6", "declarer_card_points": "60"},
        {"k_seat_C": "2", "k_seat_A": "4"},
        {"bid": "parti", "declarer": "B"},
        id="ulti: a betli with individual kontra switched to a parti",
    ),
]


@pytest.mark.parametrize(("key", "typed", "stale", "kept"), CASES)
def test_a_hidden_section_left_filled_does_not_block_saving(key, typed, stale, kept, alice, bob):
    table = running_table(alice, key)
    response = post_hand(client_for(bob), table, {**stale, **typed})
    errors = response.context["form"].errors if response.status_code != 302 else None
    assert response.status_code == 302, errors
    hand = Hand.objects.get(table=table).input
    assert {k: hand.get(k) for k in kept} == kept
    for key_of_section in (
        "bonuses",
        "klop_points",
        "thrower",
        "start_double_round",
        "renonsz",
        "figures",
        "tarokk_counts",
    ):
        assert not hand.get(key_of_section), key_of_section


def test_a_visible_section_still_counts(alice, bob):
    """Only hidden sections are ignored: the trula of a tri is scored."""
    table = running_table(alice, "taruk2012")
    response = post_hand(
        client_for(bob),
        table,
        {
            "game": "tri",
            "declarer": "B",
            "called_king": "hearts",
            "partner": "D",
            "card_points": "48",
            "b_trula": "silent",
        },
    )
    assert response.status_code == 302
    assert Hand.objects.get(table=table).input["bonuses"] == [
        {"type": "trula", "side": "declarer", "announced": False, "made": True}
    ]


def test_laza_a_blocking_value_on_a_waiting_line_is_shown(alice, bob):
    """A result posted on a line whose bid is blank, far below the last line with a bid: the page's script
    hides a line until the one before holds a bid, but not one that holds an error (static/js/handform.js);
    the line is marked so, in the open section."""
    table = running_table(alice, "tarokk-laza")
    client = client_for(bob)
    fields = rendered_form(client, table)
    later = sorted(f for f in fields if re.fullmatch(r"attack_\d+_result", f))[-1]
    response = post_hand(
        client, table, {"attack_1": _first_bid(client, table), "attack_1_result": "made", later: "made"}, fields
    )
    assert response.status_code == 422
    line = later.removesuffix("_result")
    assert "Choose the bid this result belongs to." in response.context["form"].errors[line][0]
    page = response.content.decode()
    before = page[: page.index(f'name="{line}"')]
    box = before[before.rindex("<fieldset") :].split(">", 1)[0]
    assert "has-error" in box and f'data-waits-for="{line.rsplit("_", 1)[0]}_' in box
    assert before[before.rindex('<details class="fieldset"') :].split(">", 1)[0].endswith(" open")
    assert not Hand.objects.exists()


def _first_bid(client, table) -> str:
    page = client.get(f"/e/{table.round.tournament.slug}/round/1/table/1/").content.decode()
    return re.findall(r'name="attack_1" value="([^"]+)"', page)[0]  # its first chip with a bid


def _box(page: str, name: str) -> str:
    """The opening tag of the fieldset that holds the field ``name`` on the rendered page."""
    before = page[: page.index(f'name="{name}"')]
    return before[before.rindex("<fieldset") :].split(">", 1)[0]


@pytest.mark.parametrize(
    ("variant", "waits"),
    [
        pytest.param(
            "taruk2012",
            # taruk2012.md §8: a silent bonus takes no kontra ("must be 1 when silent"); its side is asked.
            {"b_trula_kontra": ("b_trula", "made failed"), "b_trula_side": ("b_trula", None)},
            id="taruk",
        ),
        pytest.param(
            "tarokk-vadasz",
            # tarokk-vadasz.md §3.2 rules 6 and 7: a silent figure has no announcer, kontra or overlap flag;
            # §1.10: only a failed announcement can be objectively unplayable.
            {
                "decl_tuletroa_by": ("decl_tuletroa", "made failed announced"),
                "decl_tuletroa_kontra": ("decl_tuletroa", "made failed announced"),
                "decl_tuletroa_volat": ("decl_tuletroa", "made failed announced"),
                "decl_xxi_fogas_unplayable": ("decl_xxi_fogas", "failed"),
                "opp_pagat_ulti_unplayable": ("opp_pagat_ulti", "lost_last_trick lost_early"),
                "lengetes_waver": ("decl_pagat_ulti", None),
            },
            id="vadasz",
        ),
        pytest.param(
            "tarokk-illusztralt",
            # tarokk-illusztralt.md §1.4: a silent figure cannot be kontra'd.
            {"fig1_how": ("fig1", None), "fig1_kontra": ("fig1_how", "made failed announced")},
            id="illusztralt",
        ),
    ],
)
def test_a_detail_the_check_would_refuse_waits_for_the_marks_it_belongs_to(alice, bob, variant, waits):
    """The table page tells its script which marks show a figure's detail (static/js/handform.js hides it
    for the others): the referee is never offered a control the hand's check refuses."""
    table = running_table(alice, variant)
    page = client_for(bob).get(table_url(table)).content.decode()
    for name, (field, values) in waits.items():
        box = _box(page, name)
        assert f'data-waits-for="{field}"' in box, (name, box)
        if values is None:
            assert "data-waits-values" not in box, (name, box)
        else:
            assert f'data-waits-values="{values}"' in box, (name, box)


def test_an_illusztralt_figures_how_names_the_figures_each_choice_is_offered_for(alice, bob):
    """The table page tells its script which figures each "how" belongs to (static/js/handform.js hides a
    chip for the others): silent only the four figures §3.2 lists, lost silently only the pagát ultimó,
    "announced" (the points decide) only dupla and volát (§2.1)."""
    table = running_table(alice, "tarokk-illusztralt")
    page = client_for(bob).get(table_url(table)).content.decode()

    def offered_for(value: str) -> set[str]:
        at = page.index(f'name="fig1_how" value="{value}"')
        label = page[:at][page[:at].rindex("<label") :]
        found = re.search(r'data-offered-for="([^"]*)"', label)
        assert found, (value, label)
        return set(found.group(1).split())

    assert offered_for("silent") == {"tuletroa", "negy_kiraly", "xxi_fogas", "pagat_ultimo"}
    assert offered_for("silent_failed") == {"pagat_ultimo"}
    assert offered_for("announced") == {"dupla", "volat"}
    made = offered_for("made")
    assert {"pagat_ultimo", "kiraly_ultimo:kor", "centrum"} <= made and not made & {"dupla", "volat"}


@pytest.mark.parametrize(
    ("variant", "name", "by", "value", "offered_for"),
    [
        # taruk2012.md P24: only the declarer answers with re.
        pytest.param("taruk2012", "b_trula_kontra", "b_trula_side", "4", {"declarer"}, id="taruk"),
        # tarokk-vadasz.md §3.1: a figure has no result only in a renonsz hand.
        pytest.param("tarokk-vadasz", "decl_tuletroa", "outcome", "announced", {"renonsz"}, id="vadasz"),
    ],
)
def test_a_choice_names_the_values_of_the_field_it_is_offered_for(alice, bob, variant, name, by, value, offered_for):
    """The table page tells its script which field decides a choice (data-offered-by on the fieldset) and
    for which of its values the chip is offered (data-offered-for): static/js/handform.js hides it for others."""
    table = running_table(alice, variant)
    page = client_for(bob).get(table_url(table)).content.decode()
    assert f'data-offered-by="{by}"' in _box(page, name)
    at = page.index(f'name="{name}" value="{value}"')
    label = page[:at][page[:at].rindex("<label") :]
    assert set(re.search(r'data-offered-for="([^"]*)"', label).group(1).split()) == offered_for
