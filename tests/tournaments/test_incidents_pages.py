"""The judge's desk pages: every action GETs its page and posts the form as rendered
(tests/html_forms.py). A referee opens an incident from the table in two taps; the judge rules,
sanctions, records a protest and the jury's decision; the correction opens prefilled."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import client_for
from tests.html_forms import form, form_with, submit
from tests.support.incidents import _open, _seated, _table, ulti_table_with_example_1
from tournaments.incidents import services as incidents
from tournaments.models import Entry, Hand, Incident, Sanction
from tournaments.tables import hands


def _desk(event) -> str:
    return reverse("judge-desk", args=[event.slug])


def _detail(incident) -> str:
    return reverse("incident", args=[incident.tournament.slug, incident.pk])


def test_a_referee_opens_an_incident_from_the_table_page_in_two_taps(running_event, bob):
    table = _table(running_event)
    client = client_for(bob)
    page = client.get(reverse("table", args=[running_event.slug, 1, 1])).content.decode()
    open_url = reverse("incident-open", args=[running_event.slug, 1, 1])
    assert f'href="{open_url}"' in page  # tap one
    seats = _seated(table)
    response = submit(
        client,
        open_url,
        "finding",
        {"finding": "B revoked", "caller": str(seats["A"].pk), "involved": str(seats["B"].pk)},
    )  # tap two (the finding typed; round, table, hand and kind prefilled)
    assert response.status_code == 302 and response["Location"] == reverse("table", args=[running_event.slug, 1, 1])
    incident = Incident.objects.get()
    assert (incident.kind, incident.table, incident.hand_number, incident.caller) == ("renonsz", table, 1, seats["A"])
    assert list(incident.involved.all()) == [seats["B"]]


def test_the_open_form_is_refused_to_a_referee_of_other_tables(running_event, rita):
    assert client_for(rita).get(reverse("incident-open", args=[running_event.slug, 1, 2])).status_code == 403
    assert client_for(rita).get(reverse("incident-open", args=[running_event.slug, 1, 1])).status_code == 200


def test_the_judge_rules_from_the_desk(running_event, alice, bob):
    incident = _open(bob, running_event, _table(running_event))
    page = client_for(alice).get(_desk(running_event)).content.decode()
    assert f"#{incident.pk}" in page
    response = submit(
        client_for(alice),
        _desk(running_event),
        "ruling",
        {"ruling": "renons by B, −70", "outcome": "confirmed"},
        action_contains=f"/{incident.pk}/rule/",
    )
    assert response.status_code == 302
    incident.refresh_from_db()
    assert incident.status == "ruled" and incident.ruling == "renons by B, −70"


def test_a_referee_sees_the_desk_without_the_judges_forms(running_event, bob):
    _open(bob, running_event, _table(running_event))
    page = client_for(bob).get(_desk(running_event)).content.decode()
    assert "B did not follow suit" in page and "/rule/" not in page


def test_the_judge_gives_a_yellow_card_and_an_exclusion_on_the_incident_page(running_event, alice, bob):
    table = _table(running_event)
    seats = _seated(table)
    incident = _open(bob, running_event, table, kind="conduct", finding="shouted at D")
    for kind in ("yellow", "exclusion"):
        response = submit(
            client_for(alice),
            _detail(incident),
            "entry_id",
            {"entry_id": str(seats["B"].pk), "kind": kind, "reason": "shouting"},
        )
        assert response.status_code == 302
    assert list(Sanction.objects.values_list("kind", flat=True)) == ["yellow", "exclusion"]
    seats["B"].refresh_from_db()
    assert seats["B"].status == Entry.Status.EXCLUDED


def test_a_protest_is_recorded_and_the_jury_decides_it(running_event, alice, bob):
    table = _table(running_event)
    seats = _seated(table)
    incident = _open(bob, running_event, table)
    incidents.rule(alice, incident, ruling="renons by B", outcome="confirmed")
    response = submit(
        client_for(bob), _detail(incident), "grounds", {"by": str(seats["B"].pk), "grounds": "I followed suit"}
    )
    complaint = Incident.objects.get(kind="protest")
    assert response["Location"] == _detail(complaint)
    response = submit(client_for(alice), _detail(complaint), "decision", {"decision": "ruling stands", "upheld": "0"})
    assert response.status_code == 302
    complaint.refresh_from_db()
    assert complaint.status == "closed" and complaint.outcome == "rejected"


def test_the_organizer_gives_a_referee_judge_rights_on_the_desk(running_event, alice, bob):
    page = client_for(alice).get(_desk(running_event)).content
    f = form(page, "/judges/bob/")
    assert client_for(alice).post(f.action, f.fields).status_code == 302
    assert bob.refereeing.get().judge


def test_the_judge_sees_the_players_sanctions_at_his_next_table(running_event, alice, bob):
    table = _table(running_event)
    seats = _seated(table)
    incident = _open(bob, running_event, table, kind="conduct")
    incidents.sanction(alice, incident, seats["C"], Sanction.Kind.YELLOW, "slow play")
    url = reverse("table", args=[running_event.slug, 1, 1])
    judge_page = client_for(alice).get(url).content.decode()
    assert "table-sanctions" in judge_page and seats["C"].player.name in judge_page and "yellow card" in judge_page
    assert "table-sanctions" not in client_for(bob).get(url).content.decode()


def test_the_correction_opens_prefilled_with_the_false_call_and_saves_through_the_hand_flow(alice, bob):
    table, parti, (declarer, caller, partner) = ulti_table_with_example_1(alice)
    event = table.round.tournament
    hand = hands.enter_hand(bob, table, parti)
    seats = _seated(table)
    incident = incidents.open_incident(
        bob, event, table=table, hand_number=1, kind="renonsz", caller=seats[caller], finding="revoke"
    )
    incidents.rule(alice, incident, ruling="no violation found", outcome="not_found")
    detail = client_for(alice).get(_detail(incident)).content.decode()
    correct_url = reverse("hand-edit", args=[event.slug, 1, 1, 1]) + f"?incident={incident.pk}"
    assert f'href="{correct_url}"' in detail and "10.§(3)g" in detail
    page = client_for(alice).get(correct_url)
    f = form_with(page.content, "reason")
    assert f.fields["renonsz_case"] == "10.3.g" and f.fields["renonsz_offender"] == caller
    assert f.fields["reason"].startswith(f"Incident {incident.pk}:")
    response = client_for(alice).post(correct_url, f.fields)
    assert response.status_code == 302
    hand = Hand.objects.get(pk=hand.pk)
    # parti v = 1 (Example 1's arithmetic): declarer +2, partner +1, the false caller −3.
    assert hand.points == {declarer: 2, partner: 1, caller: -3}


def test_a_players_discipline_page_lists_his_sanctions(running_event, alice, bob):
    table = _table(running_event)
    seats = _seated(table)
    incident = _open(bob, running_event, table, kind="conduct")
    incidents.sanction(alice, incident, seats["B"], Sanction.Kind.WARNING, "late")
    page = client_for(None).get(reverse("player-discipline", args=[running_event.slug, seats["B"].start_number]))
    assert page.status_code == 200 and "warning" in page.content.decode()


def test_the_incident_report_prints_and_makes_a_pdf(running_event, alice, bob):
    incident = _open(bob, running_event, _table(running_event))
    incidents.rule(alice, incident, ruling="renons by B", outcome="confirmed")
    html = client_for(alice).get(reverse("incident-report", args=[running_event.slug])).content.decode()
    assert "renons by B" in html and "B did not follow suit" in html
    pdf = client_for(alice).get(reverse("incident-report-pdf", args=[running_event.slug]))
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


@pytest.mark.parametrize("name", ["judge-desk", "incident-report"])
def test_the_desk_is_closed_to_the_public_and_to_strangers(running_event, charlie, name):
    url = reverse(name, args=[running_event.slug])
    assert client_for(charlie).get(url).status_code == 403
    assert client_for(None).get(url).status_code == 302  # to the login


def test_a_closed_rounds_correction_is_offered_to_the_organizer_not_to_a_referee_judge(running_event, alice, bob):
    """hands.check_open: organizers may still correct a closed round, a referee (even with judge
    rights) may not; the desk's "Correct hand" link shows exactly to who can save it."""
    from tests.conftest import enter_e1
    from tournaments.rounds import services as rounds

    table = _table(running_event)
    enter_e1(bob, table)
    incidents.set_judge(alice, bob.refereeing.get(), True)
    incident = _open(bob, running_event, table)
    incidents.rule(alice, incident, ruling="renons by B, −70", outcome="confirmed")
    correct_url = reverse("hand-edit", args=[running_event.slug, 1, 1, 1]) + f"?incident={incident.pk}"
    assert f'href="{correct_url}"' in client_for(bob).get(_detail(incident)).content.decode()
    rounds.close_round(alice, table.round, override=True, reason="the hall closes")
    assert f'href="{correct_url}"' in client_for(alice).get(_detail(incident)).content.decode()
    judge_page = client_for(bob).get(_detail(incident)).content.decode()
    assert f'href="{correct_url}"' not in judge_page
    assert "is not entered yet" not in judge_page  # it is entered: the page says why it is not offered
