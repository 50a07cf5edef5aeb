"""Issue 16: presets on the phone (scoring.entry.Preset, static/js/handform.js): the usual value is
filled in as soon as it applies, the referee's own choice is never overwritten, and a long bid list
shows its common bids as chips with the rest folded away."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import chosen, log_in, tap
from tests.tournaments.variant_tables import running_table, table_url
from tournaments.models import Hand

# What the page is (markup, layout, scripts): no database can change it, so CI's PostgreSQL pass leaves it out.
pytestmark = pytest.mark.page_only


@pytest.fixture
def phone(chromium, live_server):
    page = chromium.new_page(viewport={"width": 375, "height": 812})
    page.base_url = live_server.url
    log_in(page, "bob")
    return page


def test_a_40_100_presets_the_declarers_trump_40_and_keeps_the_referees_choice(alice, bob, phone):
    table = running_table(alice, "ulti-mausz")
    page = phone
    page.goto(page.base_url + table_url(table))
    # The common bids are chips, a row each with a chip per trump; the others are folded under "more choices".
    assert page.locator("label.chip:has(input[name='bid'][value='40-100'])").is_visible()
    assert page.locator("label.chip:has(input[name='bid'][value='40-100:zold'])").is_visible()
    rare = page.locator("label.chip:has(input[name='bid'][value='szintelen_teritett_durchmars'])")
    assert not rare.is_visible()
    page.locator("details.more-chips", has=page.locator("[name='bid']")).locator("summary").click()
    assert rare.is_visible()
    # ulti-mausz.md §2 row 3: 40-100 in zöld by B, 6 tricks, 60 card points + the trump 40 = 100:
    # 4 per defender.
    tap(page, "bid", "40-100:zold")  # one tap: the bid and its trump
    assert chosen(page, "declarer") == "B"  # A deals: the forehand B is shown chosen ...
    assert chosen(page, "m_zold") == "B"  # ... and the preset copies him
    tap(page, "declarer", "C")  # the preset follows the declarer ...
    assert chosen(page, "m_zold") == "C"
    tap(page, "bid", "40-100:tok")  # ... and the trump: the zöld 40 is taken back, the tök one put
    assert (chosen(page, "m_zold"), chosen(page, "m_tok")) == ("", "C")
    tap(page, "m_tok", "A")  # the referee's own choice stays whatever changes after it
    tap(page, "declarer", "B")
    assert chosen(page, "m_tok") == "A"
    tap(page, "m_tok", "B")
    tap(page, "bid", "parti:tok")  # a parti presets nothing, and a touched field keeps its value
    assert chosen(page, "m_tok") == "B"
    tap(page, "bid", "40-100:tok")
    page.fill("[name='declarer_tricks']", "6")
    page.fill("[name='declarer_card_points']", "60")
    page.locator("[name='declarer_card_points']").dispatch_event("change")
    # ulti-mausz.md §2 row 3: the 40-100 (4) in tök made (60 + B's tök 40), each defender pays B 4.
    expect(page.locator("#preview .preview:not(.bad) td")).to_have_text(["-4", "8", "-4"])
    page.locator(".entry-bar button[type=submit]").click()
    expect(page.locator("ul.messages")).to_contain_text("Hand 1 saved")
    assert Hand.objects.get().points == {"A": -4, "B": 8, "C": -4}


def test_a_laza_bid_presets_made_and_its_result_waits_for_the_bid(alice, bob, phone):
    """A Laza line is a bid (one tap on a chip) and its result, preset "made"; a pair's next line shows
    once its last holds a bid, as the sheet's next empty line."""
    table = running_table(alice, "tarokk-laza")  # the samples' point table
    page = phone
    page.goto(page.base_url + table_url(table))
    result = page.locator("fieldset:has(input[name='attack_1_result'])")
    second = page.locator("fieldset:has(input[name='attack_2'])")
    expect(result).to_be_hidden()  # no bid on the line, no result to give
    expect(second).to_be_hidden()
    tap(page, "attack_1", "kassza")
    expect(result).to_be_visible()
    expect(second).to_be_visible()
    assert chosen(page, "attack_1_result") == "made"
    tap(page, "attack_1_result", "failed")
    tap(page, "attack_1", "trul")  # the referee's "failed" stays
    assert chosen(page, "attack_1_result") == "failed"
    tap(page, "defence_1", "kassza")
    assert chosen(page, "defence_1_result") == "made"
    tap(page, "defence_2", "gem")
    tap(page, "defence_1", "")  # the bid taken back takes its preset back, and the lines after it
    expect(page.locator("fieldset:has(input[name='defence_1_result'])")).to_be_hidden()
    expect(page.locator("fieldset:has(input[name='defence_2'])")).to_be_hidden()
    assert (chosen(page, "defence_1_result"), chosen(page, "defence_2")) == ("", "")
    tap(page, "defence_1", "kassza")
    # tarokk-laza.md §3.1 with the samples' point table: the attack's trul failed -10, the
    # defence's kassza made +30 (not zero-sum).
    expect(page.locator("#preview .preview:not(.bad) td")).to_have_text(["-10", "30", "30", "-10"])
    page.locator(".entry-bar button[type=submit]").click()
    expect(page.locator("ul.messages")).to_contain_text("Hand 1 saved")
    assert Hand.objects.get().points == {"A": -10, "B": 30, "C": 30, "D": -10}


def test_the_40_preset_yields_to_a_renonsz_case_that_records_no_play(alice, bob, phone):
    """ulti-mausz.md §5.4: with a PLAY-type case (13.3.4, a revoke) the play is not recorded; the trump
    40 the form put for the 40-100 is taken back, so the hand saves as the referee tapped it."""
    table = running_table(alice, "ulti-mausz")
    page = phone
    page.goto(page.base_url + table_url(table))
    tap(page, "bid", "40-100:zold")
    tap(page, "declarer", "B")
    assert chosen(page, "m_zold") == "B"
    expect(page.locator("fieldset:has(input[name='renonsz_offender'])")).to_be_hidden()  # waits for a case
    tap(page, "renonsz_case", "13.3.4")  # a revoke: one of the cases shown first, in the open section
    assert chosen(page, "renonsz_offender") == ""  # anyone may revoke: no offender preset
    tap(page, "renonsz_offender", "B")
    assert chosen(page, "m_zold") == ""  # the preset yielded
    preview = page.locator("#preview")
    expect(preview).to_contain_text("The engine scores this hand")
    page.locator(".entry-bar button[type=submit]").click()
    expect(page.locator("ul.messages")).to_contain_text("Hand 1 saved")
    hand = Hand.objects.get()
    assert "play" not in hand.input and hand.input["renonsz"] == {"case": "13.3.4", "offender": "B"}
    # 13.3.4 by the declarer (§4.3 PLAY, as §7 Example 27): he pays each defender the whole bid at
    # the kontras said, V = 40-100 (§2 row 3) 4 x 1 = 4.
    assert hand.points == {"A": 4, "B": -8, "C": 4}


def test_a_case_only_the_declarer_commits_shows_him_as_the_offender(alice, bob, phone):
    """ulti-mausz.md §7 Example 32: 13.3.1 (trump not named before the first card) is a case of the
    declarer's (§4.3): once it is chosen the offender shows the declarer, and the hand saves as the spec's."""
    table = running_table(alice, "ulti-mausz")
    page = phone
    page.goto(page.base_url + table_url(table))
    page.locator("details.more-chips", has=page.locator("[name='bid']")).locator("summary").click()
    tap(page, "bid", "20-100+ulti")
    tap(page, "declarer", "A")
    more = page.locator("details.more-chips", has=page.locator("[name='renonsz_case']"))
    expect(more).not_to_have_attribute("open", "")  # a bidding case is folded under "more"
    more.locator("summary").click()
    tap(page, "renonsz_case", "13.3.1")
    expect(page.locator("input[name='renonsz_offender'][value='A']")).to_be_checked()
    expect(page.locator("#preview")).to_contain_text("-48")
    page.locator(".entry-bar button[type=submit]").click()
    expect(page.locator("ul.messages")).to_contain_text("Hand 1 saved")
    hand = Hand.objects.get()
    assert hand.input["renonsz"] == {"case": "13.3.1", "offender": "A"}
    # §7 Example 32: table total 8 (20-100) + 4 (ulti) = 12, doubled: the declarer pays each defender 24.
    assert hand.points == {"A": -48, "B": 24, "C": 24}


def test_a_number_out_of_range_shows_its_error_in_the_preview(alice, bob, phone):
    """95 card points (at most 90): the preview says so instead of keeping the last score."""
    table = running_table(alice, "ulti-mausz")
    page = phone
    page.goto(page.base_url + table_url(table))
    tap(page, "bid", "parti:zold")
    tap(page, "declarer", "B")
    page.locator("[name='declarer_tricks']").press_sequentially("6")
    points = page.locator("[name='declarer_card_points']")
    points.press_sequentially("60")
    preview = page.locator("#preview")
    # ulti-mausz.md §2 row 1: parti in zöld made, 1 per defender.
    expect(preview).to_contain_text("The engine scores this hand")
    expect(preview.locator("td")).to_have_text(["-1", "2", "-1"])
    points.fill("")
    points.press_sequentially("95")
    expect(preview).to_contain_text("Not valid yet")
    expect(preview).to_contain_text("declarer's card points")
    expect(preview).not_to_contain_text("The engine scores this hand")


def test_a_klop_shows_the_last_pile_as_what_is_left_of_70_and_the_referees_number_stays(alice, bob, phone):
    """taruk2012.md §3.9 and A35: four piles of card points make 70 (68 to 72 counted apart). Three
    typed, the fourth shows the rest before anything is saved; it follows the others until the referee
    types it himself."""
    table = running_table(alice, "taruk2012")
    page = phone
    page.goto(page.base_url + table_url(table))
    tap(page, "game", "klop")
    seats = page.locator("[name^='klop_']:not([name^='klop_kontra'])").evaluate_all("l => l.map(e => e.name)")
    first, second, third, last = seats
    page.fill(f"[name={first}]", "2")
    page.fill(f"[name={second}]", "13")
    expect(page.locator(f"[name={last}]")).to_have_value("")  # two piles tell nothing yet
    page.fill(f"[name={third}]", "24")
    expect(page.locator(f"[name={last}]")).to_have_value("31")  # 70 - 2 - 13 - 24
    # round5 (§3.9): 2 -> 0, 13 -> -15, 24 -> -25, 31 -> -30, shown before saving (A, B, C, D).
    shown = dict(zip(seats, ["0", "-15", "-25", "-30"], strict=True))
    expect(page.locator("#preview .preview:not(.bad) td")).to_have_text([shown[s] for s in sorted(seats)])
    page.fill(f"[name={first}]", "4")
    expect(page.locator(f"[name={last}]")).to_have_value("29")  # the rest follows what it was made of
    page.fill(f"[name={last}]", "30")  # the sheet says 30: the piles counted 71
    page.fill(f"[name={first}]", "3")
    expect(page.locator(f"[name={last}]")).to_have_value("30")  # the referee's number stays
    page.locator(".entry-bar button[type=submit]").click()
    expect(page.locator("ul.messages")).to_contain_text("Hand 1 saved")
    # round5: 3 -> -5, 13 -> -15, 24 -> -25, 30 -> -30
    assert Hand.objects.get().points == dict(
        zip([s.removeprefix("klop_") for s in seats], [-5, -15, -25, -30], strict=True)
    )


def test_a_bonus_shows_its_side_and_kontra_once_it_is_marked(alice, bob, phone):
    """The bonuses are open from the start (the zapisnik's columns); a bonus's side and kontra wait for
    the bonus, and go back to their defaults when it is taken back."""
    table = running_table(alice, "taruk2012")
    page = phone
    page.goto(page.base_url + table_url(table))
    tap(page, "game", "tri")
    trula = page.locator("label.chip:has(input[name='b_trula'][value='made'])")
    side = page.locator("fieldset:has(input[name='b_trula_side'])")
    expect(trula).to_be_visible()  # no tap on the section's title
    expect(side).to_be_hidden()
    trula.click()
    expect(side).to_be_visible()
    tap(page, "b_trula_side", "opponents")
    tap(page, "b_trula", "")
    expect(side).to_be_hidden()
    assert chosen(page, "b_trula_side") == "declarer"  # cleared as it hid


def test_a_vadasz_figure_of_the_declaring_side_is_announced_by_the_declarer_unless_the_referee_says(alice, bob, phone):
    """The figures are open (one tap a mark); a figure's announcer, kontra and the rest wait for it; the
    declaring side's announcer is preset to the declarer, shown before it is saved."""
    table = running_table(alice, "tarokk-vadasz")
    page = phone
    page.goto(page.base_url + table_url(table))
    by = page.locator("fieldset:has(input[name='decl_tuletroa_by'])")
    tap(page, "declarer", "A")
    expect(page.locator("label.chip:has(input[name='decl_tuletroa'][value='made'])")).to_be_visible()
    expect(by).to_be_hidden()
    tap(page, "decl_tuletroa", "made")
    expect(by).to_be_visible()
    assert chosen(page, "decl_tuletroa_by") == "A"
    tap(page, "declarer", "B")  # the preset follows the declarer ...
    assert chosen(page, "decl_tuletroa_by") == "B"
    tap(page, "decl_tuletroa_by", "C")  # ... until the referee names the announcer himself
    tap(page, "declarer", "A")
    assert chosen(page, "decl_tuletroa_by") == "C"
    tap(page, "opp_negy_kiraly", "made")
    assert chosen(page, "opp_negy_kiraly_by") in ("", None)  # the opponents have no usual announcer


def test_a_vadasz_lengetes_is_its_waver_and_his_tuletroa_shows_him_as_the_announcer(alice, bob, phone):
    """tarokk-vadasz.md §4 V13 on the phone: the waver shows once the declarer's pagát ulti is marked;
    the opponents' tulétroá then shows the waver as its announcer (tapped over where another said it),
    and no mode is asked: the preview shows the obligatory ulti's fixed −10 (§1.11). Game won with kontra
    +2, the opponents' tulétroá −2, the ulti −10: S = −10 → A −10, B +10, C −10, D +10."""
    table = running_table(alice, "tarokk-vadasz")
    page = phone
    page.goto(page.base_url + table_url(table))
    waver = page.locator("fieldset:has(input[name='lengetes_waver'])")
    for name, value in (("declarer", "A"), ("partner", "C"), ("declarer_talon_taken", "3"), ("declarer_tricks", "5")):
        tap(page, name, value)
    page.fill("[name='declarer_card_points']", "49")
    tap(page, "game_kontra", "1")
    expect(waver).to_be_hidden()
    tap(page, "decl_pagat_ulti", "silent_lost_last_trick")
    expect(waver).to_be_visible()
    tap(page, "lengetes_waver", "B")
    tap(page, "opp_tuletroa", "made")
    expect(page.locator("input[name='opp_tuletroa_by']:checked")).to_have_value("B")
    tap(page, "opp_tuletroa_by", "D")  # another opponent said it: the ulti is optional, the silent loss −5 ...
    expect(page.locator("#preview .preview:not(.bad) td")).to_have_text(["-5", "5", "-5", "5"])
    tap(page, "opp_tuletroa_by", "B")  # ... the waver said it: obligatory, the loss fixed at −10
    expect(page.locator("#preview .preview:not(.bad) td")).to_have_text(["-10", "10", "-10", "10"])
    expect(page.locator("#preview")).to_contain_text("lengetés")
    page.locator(".entry-bar button[type=submit]").click()
    expect(page.locator("ul.messages")).to_contain_text("Hand 1 saved")
    hand = Hand.objects.get()
    assert hand.input["lengetes_ulti"] == {"waver": "B", "mode": "obligatory"}
    assert hand.points == {"A": -10, "B": 10, "C": -10, "D": 10}


def test_a_vadasz_figures_details_show_for_the_marks_they_belong_to(alice, bob, phone):
    """tarokk-vadasz.md §4 V11 on the phone: a silent figure shows no announcer or kontra (§3.2 rules 6-7);
    an announced one shows both, the announcer preset to the declarer; the objectively unplayable ruling
    shows only once the announcement failed (§1.10), and a ruling left behind by a change of mark is
    taken back. Game +1; the XXI-fogás −21 flat, its kontra ignored: S = −20 → A −20, B +20, C −20, D +20."""
    table = running_table(alice, "tarokk-vadasz")
    page = phone
    page.goto(page.base_url + table_url(table))
    by, kontra, unplayable = (
        page.locator(f"fieldset:has(input[name='decl_xxi_fogas_{m}'])") for m in ("by", "kontra", "unplayable")
    )
    for name, value in (("declarer", "A"), ("partner", "C"), ("declarer_talon_taken", "3"), ("declarer_tricks", "5")):
        tap(page, name, value)
    page.fill("[name='declarer_card_points']", "50")
    tap(page, "decl_xxi_fogas", "silent_made")
    for box in (by, kontra, unplayable):
        expect(box).to_be_hidden()
    tap(page, "decl_xxi_fogas", "failed")
    for box in (by, kontra, unplayable):
        expect(box).to_be_visible()
    assert chosen(page, "decl_xxi_fogas_by") == "A"
    tap(page, "decl_xxi_fogas_unplayable", "xxi_not_catchable")
    tap(page, "decl_xxi_fogas", "made")  # a made announcement cannot be unplayable: the ruling goes
    expect(unplayable).to_be_hidden()
    expect(by).to_be_visible()
    assert chosen(page, "decl_xxi_fogas_unplayable") in ("", None)
    tap(page, "decl_xxi_fogas", "failed")
    tap(page, "decl_xxi_fogas_unplayable", "xxi_not_catchable")
    tap(page, "decl_xxi_fogas_kontra", "1")
    expect(page.locator("#preview .preview:not(.bad) td")).to_have_text(["-20", "20", "-20", "20"])
    page.locator(".entry-bar button[type=submit]").click()
    expect(page.locator("ul.messages")).to_contain_text("Hand 1 saved")
    hand = Hand.objects.get()
    assert hand.input["figures"] == [
        {
            "figure": "xxi_fogas",
            "side": "declarer",
            "announced": True,
            "announcer": "A",
            "kontra": 1,
            "result": "failed",
            "unplayable": "xxi_not_catchable",
        }
    ]
    assert hand.points == {"A": -20, "B": 20, "C": -20, "D": 20}


def test_a_taruk_silent_bonus_shows_its_side_and_no_kontra(alice, bob, phone):
    """taruk2012.md §8: a silent bonus is made by one side and takes no kontra ("must be 1 when silent")."""
    table = running_table(alice, "taruk2012")
    page = phone
    page.goto(page.base_url + table_url(table))
    side, kontra = (page.locator(f"fieldset:has(input[name='b_trula_{m}'])") for m in ("side", "kontra"))
    tap(page, "game", "tri")  # the bonuses are a played game's
    expect(side).to_be_hidden()
    tap(page, "b_trula", "silent")
    expect(side).to_be_visible()
    expect(kontra).to_be_hidden()
    tap(page, "b_trula", "made")
    expect(kontra).to_be_visible()
    tap(page, "b_trula_kontra", "2")
    tap(page, "b_trula", "silent")  # the kontra goes with the announcement
    expect(kontra).to_be_hidden()
    assert chosen(page, "b_trula_kontra") == "1"


def test_an_illusztralt_figures_kontra_waits_for_an_announced_how(alice, bob, phone):
    """tarokk-illusztralt.md §1.4: a silent figure cannot be kontra'd. The kontra waits for the figure's
    "how", which waits for the figure: a figure taken back hides both, whatever "how" still holds."""
    table = running_table(alice, "tarokk-illusztralt")
    page = phone
    page.goto(page.base_url + table_url(table))
    how, kontra = (page.locator(f"fieldset:has(input[name='fig1_{m}'])") for m in ("how", "kontra"))
    expect(kontra).to_be_hidden()
    tap(page, "fig1", "pagat_ultimo")
    expect(how).to_be_visible()
    expect(kontra).to_be_visible()  # "announced, made" is shown chosen
    tap(page, "fig1_how", "silent")
    expect(kontra).to_be_hidden()
    tap(page, "fig1_how", "failed")
    expect(kontra).to_be_visible()
    tap(page, "fig1", "")  # the figure taken back: its details go
    expect(how).to_be_hidden()
    expect(kontra).to_be_hidden()


def test_an_illusztralt_figure_offers_only_the_hows_its_rules_allow(alice, bob, phone):
    """tarokk-illusztralt.md §2.1, §3.2, §5.3 on the phone: the pagát ultimó may be lost silently, the
    tulétroá made silently only, a király ultimó never silent; dupla is only "announced" (the points and
    tricks decide), chosen by itself. §4 E17: Kettes A with C won, the announced dupla failed and
    kontra'd: A -14, B +14, C -14, D +14."""
    table = running_table(alice, "tarokk-illusztralt")
    page = phone
    page.goto(page.base_url + table_url(table))

    def offered() -> list[str]:
        chips = page.locator("fieldset:has(input[name='fig1_how']) label.chip:visible input")
        return [chips.nth(i).get_attribute("value") for i in range(chips.count())]

    for name, value in (("bid", "kettes"), ("declarer", "A"), ("partner", "C"), ("count_result", "won")):
        tap(page, name, value)
    tap(page, "fig1", "pagat_ultimo")
    assert offered() == ["made", "failed", "silent", "silent_failed"]
    tap(page, "fig1_how", "silent_failed")
    tap(page, "fig1", "tuletroa")  # a tulétroá is not lost silently: "how" gives way to its first choice
    assert offered() == ["made", "failed", "silent"] and chosen(page, "fig1_how") == "made"
    tap(page, "fig1", "kiraly_ultimo:kor")
    assert offered() == ["made", "failed"]
    tap(page, "fig1", "dupla")
    assert offered() == ["announced"] and chosen(page, "fig1_how") == "announced"
    tap(page, "fig1_kontra", "1")
    expect(page.locator("#preview .preview:not(.bad) td")).to_have_text(["-14", "14", "-14", "14"])
    page.locator(".entry-bar button[type=submit]").click()
    expect(page.locator("ul.messages")).to_contain_text("Hand 1 saved")
    hand = Hand.objects.get()
    assert hand.input["figures"] == [{"figure": "dupla", "side": "declarer", "announced": True, "kontra": 1}]
    assert hand.points == {"A": -14, "B": 14, "C": -14, "D": 14}


def _offered(page, name: str) -> list[str]:
    """The values of the chips of ``name`` a finger can reach (the page hides the others)."""
    chips = page.locator(f"fieldset:has(input[name='{name}']) label.chip:visible input[name='{name}']")
    return [chips.nth(i).get_attribute("value") for i in range(chips.count())]


def test_a_taruk_bonus_offers_only_what_its_side_and_game_allow(alice, bob, phone):
    """taruk2012.md §8 and P24 on the phone: an opponents' bonus stops at kontra (only the declarer says
    re), a re chosen gives way when the side turns; the king ultimo is a tri's, dve's or ena's (the called
    king) and the colour valat is always announced, both by the declaring side (no side asked)."""
    table = running_table(alice, "taruk2012")
    page = phone
    page.goto(page.base_url + table_url(table))
    tap(page, "game", "tri")
    tap(page, "b_trula", "made")
    assert _offered(page, "b_trula_kontra") == ["1", "2", "4"]
    tap(page, "b_trula_kontra", "4")
    tap(page, "b_trula_side", "opponents")
    assert _offered(page, "b_trula_kontra") == ["1", "2"] and chosen(page, "b_trula_kontra") == "1"
    assert _offered(page, "b_barvni_valat") == ["", "made", "failed"]
    expect(page.locator("fieldset:has(input[name='b_kralj_ultimo'])")).to_be_visible()
    expect(page.locator("input[name='b_kralj_ultimo_side']")).to_have_count(0)
    tap(page, "game", "solo_tri")
    expect(page.locator("fieldset:has(input[name='b_kralj_ultimo'])")).to_be_hidden()


def test_a_vadasz_figure_is_announced_without_a_result_only_in_a_renonsz(alice, bob, phone):
    """tarokk-vadasz.md §3.1: a figure has its result, except in a renonsz hand, where play stopped."""
    table = running_table(alice, "tarokk-vadasz")
    page = phone
    page.goto(page.base_url + table_url(table))
    assert _offered(page, "decl_tuletroa") == ["", "made", "failed", "silent_made"]
    tap(page, "outcome", "renonsz")
    assert _offered(page, "decl_tuletroa") == ["", "made", "failed", "announced", "silent_made"]
    tap(page, "decl_tuletroa", "announced")
    tap(page, "outcome", "played")  # the mark without a result gives way: the referee marks the result
    assert chosen(page, "decl_tuletroa") == ""


def test_the_sheets_count_shows_won_once_the_game_is_chosen_and_yields_to_card_points(alice, bob, phone):
    """Issue 27: a game is usually won by the side that bid it, so the count's "won" is shown chosen once the
    talon cards (the game's value) are tapped; the preview scores it before it is saved. Typed card points
    decide instead (the "won" goes), the referee's "lost" stays. tarokk-vadasz.md §4 V1: four participants,
    G = 1 for three talon cards, 2 for two: the declaring side +G each, the opponents −G each."""
    table = running_table(alice, "tarokk-vadasz")
    page = phone
    page.goto(page.base_url + table_url(table))
    preview = page.locator("#preview .preview:not(.bad) td")
    for name, value in (("declarer", "A"), ("partner", "C")):
        tap(page, name, value)
    assert chosen(page, "count_result") == ""
    tap(page, "declarer_talon_taken", "3")
    assert chosen(page, "count_result") == "won"
    expect(preview).to_have_text(["1", "-1", "1", "-1"])
    tap(page, "declarer_tricks", "4")
    page.fill("[name='declarer_card_points']", "40")  # counted: 40 of 94 in 4 tricks is a lost game
    page.locator("[name='declarer_card_points']").dispatch_event("change")
    expect(page.locator("input[name='count_result']:checked")).to_have_value("")
    expect(preview).to_have_text(["-1", "1", "-1", "1"])
    page.fill("[name='declarer_card_points']", "")  # not counted after all: the usual verdict is back
    page.locator("[name='declarer_card_points']").dispatch_event("change")
    expect(page.locator("input[name='count_result']:checked")).to_have_value("won")
    tap(page, "count_result", "lost")
    tap(page, "declarer_tricks", "")  # the count stands in for the card points: no tricks to give
    tap(page, "declarer_talon_taken", "2")  # the referee's verdict stays
    assert chosen(page, "count_result") == "lost"
    expect(preview).to_have_text(["-2", "2", "-2", "2"])
    page.locator(".entry-bar button[type=submit]").click()
    expect(page.locator("ul.messages")).to_contain_text("Hand 1 saved")
    hand = Hand.objects.get()
    assert hand.input["count_result"] == "lost" and "declarer_card_points" not in hand.input
    assert hand.points == {"A": -2, "B": 2, "C": -2, "D": 2}


def test_an_illusztralt_count_shows_won_once_the_bid_is_chosen_and_not_in_a_renonsz(alice, bob, phone):
    """tarokk-illusztralt.md §4 E1: a won Hármas of A and C is 1 each way (A +1, B −1, C +1, D −1); its count
    shows "won" once the bid is tapped, and a renonsz hand (no count) takes it back."""
    table = running_table(alice, "tarokk-illusztralt")
    page = phone
    page.goto(page.base_url + table_url(table))
    tap(page, "bid", "harmas")
    assert chosen(page, "count_result") == "won"
    tap(page, "outcome", "renonsz")
    assert chosen(page, "count_result") == ""
    tap(page, "outcome", "played")
    assert chosen(page, "count_result") == "won"
    for name, value in (("declarer", "A"), ("partner", "C")):
        tap(page, name, value)
    expect(page.locator("#preview .preview:not(.bad) td")).to_have_text(["1", "-1", "1", "-1"])
    page.locator(".entry-bar button[type=submit]").click()
    expect(page.locator("ul.messages")).to_contain_text("Hand 1 saved")
    assert Hand.objects.get().points == {"A": 1, "B": -1, "C": 1, "D": -1}


def test_a_betlis_individual_kontras_are_the_defenders_rows_only(alice, bob, phone):
    """ulti-mausz.md §3.6: in a colourless bid each defender says his own kontra; the declarer has no row.
    §7 Example 18's arithmetic at this table (A deals, so B is the forehand): a betli (5) made by C, A's
    kontra ×2: A pays 5 × 2 = 10, B pays 5, C +15."""
    table = running_table(alice, "ulti-mausz")
    page = phone
    page.goto(page.base_url + table_url(table))
    row = {s: page.locator(f"fieldset:has(input[name='k_seat_{s}'])") for s in "ABC"}
    tap(page, "bid", "betli")
    assert chosen(page, "declarer") == "B"
    expect(row["A"]).to_be_visible()
    expect(row["B"]).to_be_hidden()
    expect(row["C"]).to_be_visible()
    tap(page, "k_seat_C", "2")
    tap(page, "declarer", "C")  # C's row goes, back to "—"; B's comes
    expect(row["C"]).to_be_hidden()
    expect(row["B"]).to_be_visible()
    tap(page, "k_seat_A", "2")
    page.fill("[name='declarer_tricks']", "0")
    page.locator("[name='declarer_tricks']").dispatch_event("change")
    expect(page.locator("#preview .preview:not(.bad) td")).to_have_text(["-10", "-5", "15"])
    page.locator(".entry-bar button[type=submit]").click()
    expect(page.locator("ul.messages")).to_contain_text("Hand 1 saved")
    hand = Hand.objects.get()
    assert hand.input["kontra"] == {"betli": {"A": 2}}
    assert hand.points == {"A": -10, "B": -5, "C": 15}


def test_a_vadasz_waver_is_never_the_declarer(alice, bob, phone):
    """tarokk-vadasz.md §1.11: the waver holds Skíz and XXI, the declarer the Pagát: the declarer's chip is
    not offered, and a waver who becomes the declarer gives way to "—"."""
    table = running_table(alice, "tarokk-vadasz")
    page = phone
    page.goto(page.base_url + table_url(table))
    tap(page, "declarer", "A")
    tap(page, "decl_pagat_ulti", "silent_made")
    offered = page.locator("fieldset:has(input[name='lengetes_waver']) label.chip:visible input")
    expect(offered).to_have_count(4)
    assert [offered.nth(i).get_attribute("value") for i in range(4)] == ["", "B", "C", "D"]
    tap(page, "lengetes_waver", "B")
    tap(page, "declarer", "B")
    assert chosen(page, "lengetes_waver") == ""
    assert [offered.nth(i).get_attribute("value") for i in range(4)] == ["", "C", "D", "A"]  # in seat order
