"""The judge's desk actions (tournaments/incidents/services.py): roles, states, audit, and the score consequence
through the hand correction flow.

Numbers: ulti-mausz.md Example 1 (a zöld parti, v = 1) and §4.1's general rule for a false call
(10.§(3)g, offender = caller): a defender caller pays the declarer his and his partner's share and
pays the partner too: declarer +2v, partner +v, caller −3v.
"""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from tests.support.incidents import _open, _seated, _table, ulti_table_with_example_1
from tests.support.taruk_hands import HAND1_SEATS, HAND2_SEATS, tri
from tournaments.events import services
from tournaments.incidents import services as incidents
from tournaments.models import AuditEntry, Entry, Incident, Round, Sanction, Seat, Table
from tournaments.results import load as results
from tournaments.rounds import services as rounds
from tournaments.tables import confirmations, hands


def test_a_referee_opens_an_incident_at_his_table_and_it_is_audited(running_event, bob):
    table = _table(running_event)
    incident = _open(bob, running_event, table)
    assert incident.status == Incident.Status.OPEN and incident.round.number == 1 and incident.table == table
    entry = AuditEntry.objects.get(action="incident.opened")
    assert entry.actor == bob and entry.table_number == 1 and entry.round_number == 1
    assert entry.after["finding"] == "B did not follow suit in trick 4" and entry.after["caller"] is not None


def test_a_referee_limited_to_other_tables_may_not_open_one_here(running_event, rita, charlie):
    with pytest.raises(PermissionDenied):
        _open(rita, running_event, _table(running_event, 2))
    with pytest.raises(PermissionDenied):
        _open(charlie, running_event, _table(running_event, 1))
    assert _open(rita, running_event, _table(running_event, 1)).pk


def test_an_incident_names_only_players_of_its_table_and_needs_a_finding(running_event, bob):
    other = _seated(_table(running_event, 2))["A"]
    with pytest.raises(ValidationError):
        _open(bob, running_event, _table(running_event), involved=[other])
    with pytest.raises(ValidationError):
        _open(bob, running_event, _table(running_event), finding="  ")
    assert not Incident.objects.exists()


def test_only_the_judge_rules_and_a_referee_gets_judge_rights_from_the_organizer(running_event, alice, bob):
    incident = _open(bob, running_event, _table(running_event))
    with pytest.raises(PermissionDenied):
        incidents.rule(bob, incident, ruling="renons: B −70", outcome="confirmed")
    with pytest.raises(PermissionDenied):
        incidents.set_judge(bob, bob.refereeing.get(), True)
    incidents.set_judge(alice, bob.refereeing.get(), True)
    ruled = incidents.rule(bob, incident, ruling="renons: B −70", outcome="confirmed")
    assert ruled.status == Incident.Status.RULED and ruled.ruled_by == bob and ruled.ruled_at
    entry = AuditEntry.objects.get(action="incident.ruled")
    assert entry.before["status"] == "open" and entry.after["ruling"] == "renons: B −70"


def test_a_ruling_links_the_hand_it_names_once_that_hand_is_stored(running_event, alice, bob):
    table = _table(running_event)
    incident = _open(bob, running_event, table)
    assert incident.hand is None  # the hand is still being played
    hand = hands.enter_hand(bob, table, tri("A", HAND1_SEATS, "B", "D"))
    ruled = incidents.rule(alice, incident, ruling="no renons", outcome="not_found")
    assert ruled.hand == hand
    # Taruk has no false-call charge: the correction opens with the hand as stored.
    assert incidents.false_call_input(ruled, hand) is None


def test_a_ruling_with_a_correction_goes_through_the_hand_flow_and_reopens_the_table(running_event, alice, bob):
    table = _table(running_event)
    hand = hands.enter_hand(bob, table, tri("A", HAND1_SEATS, "B", "D"))
    hands.enter_hand(bob, table, tri("B", HAND2_SEATS, "C", "A"))  # the round's 2 hands
    for position, entry in _seated(table).items():
        confirmations.confirm_table(bob, table, position, entry.pin)
    table.refresh_from_db()
    assert table.confirmed_at is not None
    incident = _open(bob, running_event, table)
    renons = {**hand.input, "penalties": [{"type": "renons", "seat": "B", "points": -70}]}
    incidents.rule(
        alice, incident, ruling="renons by B", outcome="confirmed", correction=incidents.Correction(renons, 1)
    )
    hand.refresh_from_db()
    assert hand.points["B"] == 25 - 70 and hand.version == 2  # E1: B 25, then the renons −70 (§3.10)
    corrected = AuditEntry.objects.get(action="hand.corrected")
    assert corrected.reason == f"Incident {incident.pk}: renons by B"
    table.refresh_from_db()
    assert table.confirmed_at is None and not table.confirmations.exists()
    assert AuditEntry.objects.filter(action="table.reopened", reason=corrected.reason).exists()


def test_a_false_mausz_call_is_charged_to_the_caller_by_the_engines_renonsz_case(alice, bob):
    table, parti, (declarer, caller, partner) = ulti_table_with_example_1(alice)
    hand = hands.enter_hand(bob, table, parti)
    assert hand.points == {declarer: 2, caller: -1, partner: -1}
    seats = _seated(table)
    incident = incidents.open_incident(
        bob, table.round.tournament, table=table, hand_number=1, kind="renonsz",
        caller=seats[caller], involved=[seats[declarer]], finding="the declarer revoked in trick 3",
    )  # fmt: skip
    incidents.rule(alice, incident, ruling="tricks inspected: no violation", outcome="not_found")
    incident.refresh_from_db()
    prefilled, reason = incidents.correction_prefill(alice, hand, str(incident.pk))
    assert prefilled["renonsz"] == {"case": "10.3.g", "offender": caller} and "play" not in prefilled
    assert reason.startswith(f"Incident {incident.pk}:")
    # Nobody but the judge gets the prefill.
    assert incidents.correction_prefill(bob, hand, str(incident.pk))[0] == hand.input
    hands.correct_hand(alice, hand, prefilled, expected_version=hand.version, reason=reason)
    hand.refresh_from_db()
    # §4.1, defender X = caller offends: declarer +2v, partner +v, X −3v with v = 1.
    assert hand.points == {declarer: 2, partner: 1, caller: -3}


def test_a_protest_waits_for_the_jury_and_an_upheld_one_lifts_the_sanctions(running_event, alice, bob):
    table = _table(running_event)
    seats = _seated(table)
    incident = _open(bob, running_event, table)
    with pytest.raises(incidents.NotNow):  # nothing ruled yet
        incidents.protest(bob, incident, by=seats["B"], grounds="I followed suit")
    incidents.rule(alice, incident, ruling="renons by B", outcome="confirmed")
    card = incidents.sanction(alice, incident, seats["B"], Sanction.Kind.YELLOW, "argued with the judge")
    complaint = incidents.protest(bob, incident, by=seats["B"], grounds="I followed suit")
    incident.refresh_from_db()
    assert complaint.kind == "protest" and complaint.protest_of == incident and complaint.caller == seats["B"]
    assert incident.status == Incident.Status.PROTESTED
    with pytest.raises(incidents.NotNow):  # one protest per ruling
        incidents.protest(bob, incident, by=seats["C"], grounds="again")
    with pytest.raises(incidents.NotNow):  # the ruling waits for the jury
        incidents.rule(alice, incident, ruling="changed", outcome="other")
    with pytest.raises(PermissionDenied):
        incidents.decide(bob, complaint, decision="upheld", upheld=True)
    incidents.decide(alice, complaint, decision="the jury finds B followed suit", upheld=True)
    complaint.refresh_from_db()
    incident.refresh_from_db()
    card.refresh_from_db()
    assert complaint.status == incident.status == Incident.Status.CLOSED and complaint.outcome == "upheld"
    assert card.lifted_at is not None
    assert [e.action for e in AuditEntry.objects.order_by("id")][-3:] == [
        "incident.protested",
        "sanction.lifted",
        "incident.decided",
    ]


def test_only_a_player_concerned_may_protest_and_not_after_the_event(running_event, alice, bob):
    table = _table(running_event)
    incident = _open(bob, running_event, table)
    incidents.rule(alice, incident, ruling="renons by B", outcome="confirmed")
    stranger = _seated(_table(running_event, 2))["A"]
    with pytest.raises(ValidationError):
        incidents.protest(bob, incident, by=stranger, grounds="not mine")
    running_event.status = running_event.Status.FINISHED
    running_event.save()
    with pytest.raises(incidents.NotNow):
        incidents.protest(bob, incident, by=_seated(table)["B"], grounds="too late")


def test_an_excluded_player_is_marked_and_not_seated_again(running_event, alice, bob):
    table = _table(running_event)
    seats = _seated(table)
    incident = _open(bob, running_event, table, kind="conduct", finding="insulted the referee")
    incidents.rule(alice, incident, ruling="exclusion, 11.§", outcome="confirmed")
    red = incidents.sanction(alice, incident, seats["B"], Sanction.Kind.RED, "insult")
    out = incidents.sanction(alice, incident, seats["B"], Sanction.Kind.EXCLUSION, "insult after a red card")
    seats["B"].refresh_from_db()
    assert red.kind == "red" and out.kind == "exclusion" and out.round.number == 1
    assert seats["B"].status == Entry.Status.EXCLUDED
    assert results.exclusion_rounds(running_event) == {str(seats["B"].pk): 1}
    assert AuditEntry.objects.filter(action="entry.excluded", target_id=str(seats["B"].pk)).exists()
    with pytest.raises(incidents.NotNow):
        incidents.sanction(alice, incident, seats["B"], Sanction.Kind.WARNING)
    # Neither the players page nor the API's withdraw/reinstate can undo it.
    with pytest.raises(ValidationError):
        services.set_entry_status(alice, seats["B"], Entry.Status.ACTIVE)
    # Round 2 seats the active players only.
    rnd1 = Round.objects.get(tournament=running_event, number=1)
    rounds.close_round(alice, rnd1, override=True, reason="test")
    rnd2 = rounds.draw_round(alice, running_event)
    seated = set(Seat.objects.filter(round=rnd2).values_list("entry_id", flat=True))
    byes = set(rnd2.byes.values_list("entry_id", flat=True))
    assert seats["B"].pk not in seated | byes


def test_an_exclusion_needs_a_reason_and_the_judge(running_event, alice, bob):
    table = _table(running_event)
    incident = _open(bob, running_event, table, kind="conduct")
    with pytest.raises(ValidationError):
        incidents.exclude(alice, incident, _seated(table)["B"], " ")
    with pytest.raises(PermissionDenied):
        incidents.exclude(bob, incident, _seated(table)["B"], "insult")
    assert not Sanction.objects.exists()


def test_an_exclusion_strikes_the_players_round_result_and_leaves_his_tablemates_as_played(running_event, alice, bob):
    """MAUSZ 11.§ as the README reads it: the excluded player's ranking points for the round become 0 and
    he is marked excluded in every standing; his tablemates keep what they played."""
    from tests.conftest import enter_e1

    for table in Table.objects.filter(round__tournament=running_event, round__number=1):
        enter_e1(bob, table)
    rounds.close_round(alice, Round.objects.get(tournament=running_event, number=1), override=True, reason="test")
    table = _table(running_event)
    seats = _seated(table)
    declarer = seats[hands.next_envelope(hands.table_setup(table, running_event), None)["seats"][0]]

    def by_entry():
        return {row.entry_id: row for row in results.event_standings(running_event)[1]}

    before = by_entry()
    assert before[declarer.pk].line.ranking_points == 2  # E1's declarer wins the table: first place, 2 (§6)
    incident = _open(bob, running_event, table, kind="conduct", finding="insulted the referee")
    incidents.rule(alice, incident, ruling="exclusion, 11.§", outcome="confirmed")
    incidents.sanction(alice, incident, declarer, Sanction.Kind.EXCLUSION, "insult")
    after = by_entry()
    assert after[declarer.pk].line.ranking_points == 0
    assert after[declarer.pk].line.per_round[1] == 0
    assert after[declarer.pk].line.game_points == before[declarer.pk].line.game_points  # played, not struck
    assert after[declarer.pk].excluded and not any(r.excluded for k, r in after.items() if k != declarer.pk)
    for entry_id, row in before.items():
        if entry_id != declarer.pk:
            assert after[entry_id].line.ranking_points == row.line.ranking_points
    # The standings page marks him.
    from django.urls import reverse

    from tests.conftest import client_for

    page = client_for(alice).get(reverse("standings", args=[running_event.slug])).content.decode()
    assert "excluded" in page


def test_the_filled_protocol_marks_the_hand_and_writes_the_incident_as_a_footnote(running_event, alice, bob):
    from tests.conftest import client_for

    table = _table(running_event)
    hands.enter_hand(bob, table, tri("A", HAND1_SEATS, "B", "D"))
    hands.enter_hand(bob, table, tri("B", HAND2_SEATS, "C", "A"))
    claim = _open(bob, running_event, table, hand_number=2, finding="C trumped while holding a heart")
    incidents.rule(alice, claim, ruling="no renons: C held no heart", outcome="not_found")
    _open(bob, running_event, table, kind="conduct", hand_number=None, finding="loud comments")
    _open(bob, running_event, _table(running_event, 2), finding="at another table")

    page = client_for(bob).get(f"/e/{running_event.slug}/round/1/table/1/protocol/")
    assert page.status_code == 200
    html = page.content.decode()
    assert '<tr class="incident"><td class="num">2<sup>1</sup></td>' in html  # hand 2 carries note 1
    notes = html[html.index('<div class="incidents">') :]
    assert '<li value="1"><sup>1</sup>&nbsp;Hand 2 · <b>renonsz claim</b> · ruled: no violation: a false call' in notes
    assert "C trumped while holding a heart — no renons: C held no heart" in notes
    assert '<li value="2"><sup>2</sup>&nbsp;<b>conduct</b> · open · loud comments</li>' in notes
    assert "at another table" not in html
    blank = client_for(bob).get(f"/e/{running_event.slug}/round/1/table/1/protocol/?state=blank").content.decode()
    assert 'class="incidents"' not in blank  # a blank sheet is printed before play


def test_an_incident_ruled_after_the_pdf_was_made_is_on_the_next_pdf(running_event, alice, bob):
    """The stored PDF's key changes with what its sheet shows, and only then: an incident and its ruling
    change the filled sheet's key, not the blank one's (a blank sheet prints no incidents); an incident
    at another table changes neither; a player's new name changes both."""
    from tournaments.documents.files import table_protocol_fingerprint as key

    table = _table(running_event)
    filled, blank = key(table, True), key(table, False)
    incident = _open(bob, running_event, table)
    opened = key(table, True)
    incidents.rule(alice, incident, ruling="renons by B", outcome="confirmed")
    ruled = key(table, True)
    assert len({filled, opened, ruled}) == 3
    assert key(table, False) == blank
    _open(bob, running_event, _table(running_event, 2), finding="at another table")
    assert (key(table, True), key(table, False)) == (ruled, blank)
    services.update_entry(alice, _seated(table)["B"], name="Berta Renamed", reason="typo")
    assert key(table, True) != ruled and key(table, False) != blank
