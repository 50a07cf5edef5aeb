"""The judge's desk: open an incident, rule on it, protest a ruling, decide the protest, give a
sanction, exclude a player — each one audited action (STYLE.md §3).

Rules: taruk2012 R1–R4 (the "stop" procedure: the caller states his finding; agreement makes a
renons, otherwise the judge decides), ulti-mausz 10.§ (a renonsz is called at once; the jury rules;
a false call is charged to the caller, 10.§(3)g) and 11.§ (warnings, yellow and red cards,
exclusion). A ruling's score consequence is a hand: it is entered or corrected through
``tournaments.tables.hands`` (``correct_hand`` reopens the table's confirmation), never typed here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Case, IntegerField, Q, QuerySet, Value, When
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import access
from tournaments.events.services import entry_snapshot
from tournaments.history import audit
from tournaments.models import MAX_HAND_NUMBER, Entry, Hand, Incident, Referee, Round, Sanction, Seat, Table, Tournament
from tournaments.tables import hands

FINDING_MAX = 2000


class NotNow(hands.NotOpen):
    """The incident is not in a state that takes this step (the API answers 409 not_open)."""


@dataclass(frozen=True)
class Correction:
    """A score consequence applied with the ruling: the hand's new input and the version it was made from."""

    hand_input: dict[str, Any]
    expected_version: int


def _required(field: str, text: str, message: str) -> str:
    text = (text or "").strip()
    if not text:
        raise ValidationError({field: [ValidationError(message, code="required")]})
    return text[:FINDING_MAX]


def _check_hand_number(hand_number: int | None) -> None:
    if hand_number is not None and not 1 <= hand_number <= MAX_HAND_NUMBER:
        raise ValidationError({"hand_number": _("A hand number is from 1 to %(max)d.") % {"max": MAX_HAND_NUMBER}})


def _entries(tournament: Tournament, entries: Any) -> list[Entry]:
    out = list(entries or [])
    if any(e.tournament_id != tournament.pk for e in out):
        raise ValidationError({"involved": _("Only players of this event can be named.")})
    return out


def _seated(table: Table) -> set[int]:
    return set(Seat.objects.filter(table=table).values_list("entry_id", flat=True))


def _log(actor: Any, action: str, target: Any, tournament: Tournament, **kwargs: Any) -> None:
    audit.log(actor, action, target, tournament=tournament, **kwargs)


@transaction.atomic
def open_incident(
    actor: Any,
    tournament: Tournament,
    *,
    kind: str,
    finding: str,
    table: Table | None = None,
    hand_number: int | None = None,
    caller: Entry | None = None,
    involved: Any = (),
) -> Incident:
    """A referee (of that table) or the judge records a call: who called it (a player, or the
    referee when ``caller`` is None), who is involved and what the caller found."""
    access.require_incident_opening(actor, tournament, table.number if table else None)
    if kind not in dict(kinds(tournament)):
        raise ValidationError({"kind": _("Choose the kind of incident (a protest is made against a ruling).")})
    finding = _required("finding", finding, _("Write down what the caller found."))
    involved = _entries(tournament, involved)
    named = [*involved, *([caller] if caller else [])]
    _entries(tournament, named)
    if table is not None and table.round.tournament_id != tournament.pk:
        raise ValidationError({"table": _("No such table in this event.")})
    if table is not None and not {e.pk for e in named} <= _seated(table):
        raise ValidationError({"involved": _("Name only players seated at table %(t)d.") % {"t": table.number}})
    _check_hand_number(hand_number)
    incident = Incident.objects.create(
        tournament=tournament,
        round=table.round if table else None,
        table=table,
        hand_number=hand_number,
        hand=hand_at(table, hand_number),
        kind=kind,
        caller=caller,
        finding=finding,
        opened_by=actor,
    )
    incident.involved.set(involved)
    _log(actor, "incident.opened", incident, tournament, after=incident.snapshot())
    return incident


def hand_at(table: Table | None, number: int | None) -> Hand | None:
    if table is None or number is None:
        return None
    return Hand.objects.filter(table=table, number=number).first()


def _locked(incident: Incident) -> Incident:
    """The incident row, locked: two judges acting on one incident queue up here."""
    return (
        Incident.objects.select_for_update(of=("self",))
        .select_related("tournament", "round", "table__round", "caller", "protest_of")
        .get(pk=incident.pk)
    )


def _apply_correction(actor: Any, incident: Incident, correction: Correction | None, reason: str) -> None:
    """The ruling's score consequence through the correction flow (which rescoring later hands
    and reopening the table's confirmation belong to)."""
    if correction is None:
        return
    hand = incident.hand or hand_at(incident.table, incident.hand_number)
    if hand is None:
        raise ValidationError({"hand": _("The incident names no stored hand to correct; enter the hand first.")})
    hands.correct_hand(actor, hand, correction.hand_input, expected_version=correction.expected_version, reason=reason)
    incident.hand = hand


def _reason(incident: Incident, words: str) -> str:
    return _("Incident %(n)d: %(words)s") % {"n": incident.pk, "words": words}


@transaction.atomic
def rule(
    actor: Any,
    incident: Incident,
    *,
    ruling: str,
    outcome: str = "",
    hand_number: int | None = None,
    correction: Correction | None = None,
) -> Incident:
    """The judge rules (again, while nobody has protested). ``correction``: the hand's corrected
    input, applied through ``hands.correct_hand`` in the same transaction."""
    incident = _locked(incident)
    tournament = incident.tournament
    access.require_judge(actor, tournament)
    if incident.kind == Incident.Kind.PROTEST:
        raise NotNow(_("A protest is decided by the jury, not ruled on."))
    if incident.status not in (Incident.Status.OPEN, Incident.Status.RULED):
        raise NotNow(_("Incident %(n)d has been protested; the jury decides now.") % {"n": incident.pk})
    if outcome not in Incident.Outcome.values or outcome in (Incident.Outcome.UPHELD, Incident.Outcome.REJECTED):
        raise ValidationError({"outcome": _("Unknown outcome.")})
    ruling = _required("ruling", ruling, _("Write the ruling in words."))
    before = incident.snapshot()
    if hand_number is not None:
        _check_hand_number(hand_number)
        incident.hand_number = hand_number
    incident.hand = hand_at(incident.table, incident.hand_number) or incident.hand
    _apply_correction(actor, incident, correction, _reason(incident, ruling))
    incident.ruling, incident.outcome = ruling, outcome
    incident.status = Incident.Status.RULED
    incident.ruled_by, incident.ruled_at = actor, timezone.now()
    incident.save()
    _log(actor, "incident.ruled", incident, tournament, before=before, after=incident.snapshot(), reason=ruling)
    return incident


def may_protest(tournament: Tournament, incident: Incident) -> bool:
    """A ruling can be protested once, while the event runs (README, Judge's desk)."""
    return (
        incident.kind != Incident.Kind.PROTEST
        and incident.status == Incident.Status.RULED
        and tournament.status != Tournament.Status.FINISHED
    )


def parties(incident: Incident) -> set[int]:
    """Entry ids who may protest a ruling: the caller, the players involved, and the players of its table."""
    out = {e.pk for e in incident.involved.all()}
    if incident.caller_id:
        out.add(incident.caller_id)
    if incident.table_id:
        out |= _seated(incident.table)
    return out


@transaction.atomic
def protest(actor: Any, incident: Incident, *, by: Entry, grounds: str) -> Incident:
    """A player protests a ruling; staff record it for him (players have no login). The protest is an
    incident of kind protest pointing at the ruling; the ruling waits for the jury."""
    incident = _locked(incident)
    tournament = incident.tournament
    access.require_incident_opening(actor, tournament, incident.table.number if incident.table_id else None)
    if not may_protest(tournament, incident):
        raise NotNow(_("Only a ruling not yet protested can be protested, while the event runs."))
    if by.tournament_id != tournament.pk or by.pk not in parties(incident):
        raise ValidationError({"by": _("Only a player concerned by the ruling may protest it.")})
    grounds = _required("grounds", grounds, _("Write down the grounds of the protest."))
    before = incident.snapshot()
    complaint = Incident.objects.create(
        tournament=tournament,
        round=incident.round,
        table=incident.table,
        hand_number=incident.hand_number,
        hand=incident.hand,
        kind=Incident.Kind.PROTEST,
        caller=by,
        finding=grounds,
        protest_of=incident,
        opened_by=actor,
    )
    complaint.involved.set([by])
    incident.status = Incident.Status.PROTESTED
    incident.save(update_fields=["status"])
    _log(actor, "incident.protested", complaint, tournament, before=before, after=complaint.snapshot(), reason=grounds)
    return complaint


@transaction.atomic
def decide(
    actor: Any, complaint: Incident, *, decision: str, upheld: bool, correction: Correction | None = None
) -> Incident:
    """The jury's decision closes the protest and the ruling. Upheld: the sanctions the ruling gave
    are lifted (an exclusion too: the player is seated again from the next draw). A decision that
    changes a score comes as ``correction`` and goes through ``hands.correct_hand``."""
    complaint = _locked(complaint)
    tournament = complaint.tournament
    access.require_judge(actor, tournament)
    if complaint.kind != Incident.Kind.PROTEST or complaint.status != Incident.Status.OPEN:
        raise NotNow(_("Only an open protest can be decided."))
    decision = _required("decision", decision, _("Write the jury's decision in words."))
    ruled = _locked(complaint.protest_of)
    before = complaint.snapshot()
    _apply_correction(actor, ruled, correction, _reason(complaint, decision))
    now = timezone.now()
    complaint.ruling = decision
    complaint.outcome = Incident.Outcome.UPHELD if upheld else Incident.Outcome.REJECTED
    complaint.status = Incident.Status.CLOSED
    complaint.ruled_by, complaint.ruled_at, complaint.hand = actor, now, ruled.hand
    complaint.save()
    ruled.status = Incident.Status.CLOSED
    ruled.save(update_fields=["status", "hand"])
    if upheld:
        for given in ruled.sanctions.filter(lifted_at__isnull=True).select_related("entry__player"):
            given.lifted_at = now
            given.save(update_fields=["lifted_at"])
            _log(actor, "sanction.lifted", given, tournament, after=given.snapshot(), reason=decision)
            if given.kind == Sanction.Kind.EXCLUSION:
                _set_status(actor, given.entry, Entry.Status.ACTIVE, decision)
    _log(actor, "incident.decided", complaint, tournament, before=before, after=complaint.snapshot(), reason=decision)
    return complaint


def _set_status(actor: Any, entry: Entry, status: str, reason: str) -> None:
    before = entry_snapshot(entry)
    entry.status = status
    entry.save(update_fields=["status"])
    _log(actor, f"entry.{status}", entry, entry.tournament, before=before, after=entry_snapshot(entry), reason=reason)


def _running_round(tournament: Tournament) -> Round | None:
    return tournament.round_set.exclude(status=Round.Status.DRAFT).order_by("-number").first()


@transaction.atomic
def sanction(actor: Any, incident: Incident, entry: Entry, kind: str, reason: str = "") -> Sanction:
    """MAUSZ 11.§: the judge gives a player a warning, a yellow or a red card (the record is the
    whole consequence, README), or excludes him (``exclude``)."""
    if kind == Sanction.Kind.EXCLUSION:
        return exclude(actor, incident, entry, reason)
    incident = _locked(incident)
    tournament = incident.tournament
    access.require_judge(actor, tournament)
    if kind not in Sanction.Kind.values:
        raise ValidationError({"kind": _("Choose a warning, a yellow card, a red card or exclusion.")})
    _check_entry(tournament, entry)
    given = Sanction.objects.create(
        tournament=tournament, entry=entry, kind=kind, incident=incident, round=incident.round, reason=reason.strip()
    )
    given.given_by = actor
    given.save(update_fields=["given_by"])
    _log(actor, "sanction.given", given, tournament, after=given.snapshot(), reason=given.reason)
    return given


def _check_entry(tournament: Tournament, entry: Entry) -> None:
    if entry.tournament_id != tournament.pk:
        raise ValidationError({"entry": _("No such player in this event.")})
    if entry.status == Entry.Status.EXCLUDED:
        raise NotNow(_("%(name)s is excluded from the event.") % {"name": entry.player.name})


@transaction.atomic
def exclude(actor: Any, incident: Incident, entry: Entry, reason: str) -> Sanction:
    """Exclusion from the event (MAUSZ 11.§): the player is marked excluded and never seated again
    (the draw seats active entries only); the standings strike his result of the incident's round
    (``tournaments.incidents.exclusions.struck``); his tablemates' scores stay as played."""
    incident = _locked(incident)
    tournament = incident.tournament
    access.require_judge(actor, tournament)
    reason = _required("reason", reason, _("An exclusion needs a reason."))
    entry = Entry.objects.select_for_update().select_related("player", "tournament").get(pk=entry.pk)
    _check_entry(tournament, entry)
    given = Sanction.objects.create(
        tournament=tournament,
        entry=entry,
        kind=Sanction.Kind.EXCLUSION,
        incident=incident,
        round=incident.round or _running_round(tournament),
        reason=reason,
        given_by=actor,
    )
    _log(actor, "sanction.given", given, tournament, after=given.snapshot(), reason=reason)
    _set_status(actor, entry, Entry.Status.EXCLUDED, reason)
    return given


@transaction.atomic
def set_judge(actor: Any, referee: Referee, judge: bool) -> Referee:
    """The organizer gives a referee judge rights, or takes them back."""
    access.require_organizer(actor, referee.tournament)
    before = {"username": referee.user.get_username(), "judge": referee.judge}
    referee.judge = bool(judge)
    referee.save(update_fields=["judge"])
    _log(actor, "referee.judge_set", referee, referee.tournament, before=before, after={**before, "judge": judge})
    return referee


# --- reading -----------------------------------------------------------------------------------

_STATUS_ORDER = Case(
    When(status=Incident.Status.OPEN, then=Value(0)),
    When(status=Incident.Status.PROTESTED, then=Value(1)),
    When(status=Incident.Status.RULED, then=Value(2)),
    default=Value(3),
    output_field=IntegerField(),
)


def event_incidents(tournament: Tournament) -> QuerySet[Incident]:
    """The event's incidents, what waits for the judge first (open, then protested), then by time."""
    return (
        tournament.incidents.select_related("round", "table", "hand", "caller__player", "ruled_by", "protest_of")
        .prefetch_related("involved__player", "sanctions__entry__player")
        .annotate(waiting=_STATUS_ORDER)
        .order_by("waiting", "opened_at", "id")
    )


def incidents_in_time(tournament: Tournament) -> QuerySet[Incident]:
    """Every incident in the order it happened (the federation's report)."""
    return event_incidents(tournament).order_by("opened_at", "id")


def player_incidents(tournament: Tournament, entry: Entry) -> QuerySet[Incident]:
    """The incidents a player called or was involved in, in order (his own record)."""
    return incidents_in_time(tournament).filter(Q(involved=entry) | Q(caller=entry)).distinct()


def sanctions_by_entry(tournament: Tournament, entry_ids: Any = None) -> dict[int, list[Sanction]]:
    """Entry id -> the sanctions in force (not lifted), in order."""
    rows = tournament.sanctions.filter(lifted_at__isnull=True).select_related("entry__player", "incident", "round")
    if entry_ids is not None:
        rows = rows.filter(entry_id__in=list(entry_ids))
    out: dict[int, list[Sanction]] = {}
    for s in rows.order_by("given_at", "id"):
        out.setdefault(s.entry_id, []).append(s)
    return out


def kinds(tournament: Tournament) -> list[tuple[str, str]]:
    """The kinds of incident a call at the event's tables can be, as (value, label): those its variant
    declares (``Variant.incident_kinds``), in the model's order; a protest is made against a ruling."""
    declared = set(tournament.rules.incident_kinds)
    return [(value, label) for value, label in Incident.Kind.choices if value in declared]


def hand_being_played(table: Table) -> int | None:
    """The hand being played at the table: the one after the last stored; None once the table has
    played its hands (no hand is being played, and the next number is beyond its plan)."""
    if hands.progress_of(table).complete:
        return None
    last = table.hands.order_by("-number").values_list("number", flat=True).first()
    return (last or 0) + 1


def seat_of(incident: Incident, entry: Entry | None) -> str | None:
    if entry is None or incident.table_id is None:
        return None
    return Seat.objects.filter(table_id=incident.table_id, entry=entry).values_list("position", flat=True).first()


def false_call_input(incident: Incident, hand: Hand) -> dict[str, Any] | None:
    """ulti-mausz 10.§(3)g: the hand as recorded when the renonsz call of ``incident`` proved false,
    charged to the caller through the variant's own renonsz case; None when the rules have no such
    charge, the judge did not find a false call, or the caller did not play that deal."""
    charge = incident.tournament.rules.false_call
    if (
        charge is None
        or incident.kind != Incident.Kind.RENONSZ
        or incident.outcome != Incident.Outcome.NOT_FOUND
        or incident.caller_id is None
    ):
        return None
    seat = seat_of(incident, incident.caller)
    return charge(hand.input, seat) if seat else None


def correction_prefill(user: Any, hand: Hand, incident_id: Any) -> tuple[dict[str, Any], str]:
    """What the correction form of ``hand`` opens with when the judge follows incident
    ``incident_id`` (``?incident=N``): the false call charged to the caller where that applies,
    and the reason naming the incident. Anyone else, or another hand: the hand as stored."""
    incident = None
    if str(incident_id or "").isdigit():
        incident = (
            Incident.objects.filter(pk=int(incident_id), table_id=hand.table_id)
            .select_related("tournament", "caller")
            .first()
        )
    if incident is None or not access.is_judge(user, incident.tournament):
        return hand.input, ""
    ruled = incident.protest_of if incident.kind == Incident.Kind.PROTEST and incident.protest_of_id else incident
    words = incident.ruling or incident.finding
    return false_call_input(ruled, hand) or hand.input, _reason(incident, words)[:500]
