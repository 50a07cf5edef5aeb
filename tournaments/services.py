"""Audited actions on events, staff and registrations.

One function per state change (STYLE.md §3): each checks the actor's role,
runs in a transaction and appends its audit entry.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from . import access, audit
from .models import Entry, Player, Referee, Tournament
from .variants import get_variant

EVENT_FIELDS = (
    "name", "slug", "variant", "rounds", "hands_per_round", "round_minutes", "table_size",
    "config", "tiebreaks", "is_public", "draw_seed", "language", "status",
)


def tournament_snapshot(t: Tournament) -> dict[str, Any]:
    return {f: getattr(t, f) for f in EVENT_FIELDS}


def variant_defaults(variant_key: str) -> dict[str, int]:
    """Format defaults that come from the variant (taruk2012.md §7 and the others)."""
    facts = get_variant(variant_key).table
    return {
        "hands_per_round": facts.default_hands_per_round,
        "table_size": facts.min_seats,
    }


@transaction.atomic
def create_tournament(actor: Any, **fields: Any) -> Tournament:
    if not access.can_create_tournament(actor):
        raise PermissionDenied(_("You may not create events."))
    tournament = Tournament(**fields)
    tournament.full_clean()
    tournament.save()
    tournament.organizers.add(actor)
    audit.log(actor, "tournament.created", tournament, tournament=tournament, after=tournament_snapshot(tournament))
    return tournament


@transaction.atomic
def update_tournament(actor: Any, tournament: Tournament, **changes: Any) -> Tournament:
    access.require_organizer(actor, tournament)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    before = tournament_snapshot(tournament)
    if "variant" in changes and changes["variant"] != tournament.variant and tournament.round_set.exists():
        raise ValidationError({"variant": _("The variant cannot change once a round exists.")})
    for key, value in changes.items():
        if key not in EVENT_FIELDS:
            raise ValueError(f"not an event field: {key}")
        setattr(tournament, key, value)
    tournament.full_clean()
    tournament.save()
    audit.log(actor, "tournament.updated", tournament, tournament=tournament, before=before,
              after=tournament_snapshot(tournament))
    return tournament


@transaction.atomic
def add_organizer(actor: Any, tournament: Tournament, username: str) -> None:
    access.require_organizer(actor, tournament)
    user = _user(username)
    tournament.organizers.add(user)
    audit.log(actor, "organizer.added", tournament, tournament=tournament, after={"user": user.get_username()})


def _user(username: str) -> Any:
    try:
        return get_user_model().objects.get(username=username)
    except get_user_model().DoesNotExist:
        raise ValidationError({"username": _("No user with this name.")}) from None


@transaction.atomic
def set_referee(actor: Any, tournament: Tournament, username: str, table_numbers: list[int]) -> Referee:
    """Make ``username`` a referee of the event, limited to ``table_numbers`` (empty: all)."""
    access.require_organizer(actor, tournament)
    user = _user(username)
    if any(not isinstance(n, int) or n < 1 for n in table_numbers):
        raise ValidationError({"table_numbers": _("Table numbers must be whole numbers from 1.")})
    referee, created = Referee.objects.get_or_create(tournament=tournament, user=user)
    before = None if created else {"user": username, "tables": referee.table_numbers}
    referee.table_numbers = sorted(set(table_numbers))
    referee.save()
    audit.log(actor, "referee.set", referee, tournament=tournament, before=before,
              after={"user": username, "tables": referee.table_numbers})
    return referee


@transaction.atomic
def remove_referee(actor: Any, tournament: Tournament, username: str) -> None:
    access.require_organizer(actor, tournament)
    referee = Referee.objects.filter(tournament=tournament, user__username=username).first()
    if referee is None:
        raise ValidationError({"username": _("This user is not a referee of the event.")})
    audit.log(actor, "referee.removed", referee, tournament=tournament,
              before={"user": username, "tables": referee.table_numbers})
    referee.delete()


def entry_snapshot(entry: Entry) -> dict[str, Any]:
    p = entry.player
    return {
        "start_number": entry.start_number, "status": entry.status, "team": entry.team,
        "name": p.name, "club": p.club, "federation_id": p.federation_id, "strength": p.strength,
    }


@transaction.atomic
def register_player(
    actor: Any,
    tournament: Tournament,
    *,
    name: str,
    club: str = "",
    federation_id: str = "",
    strength: int | None = None,
    team: str = "",
    start_number: int | None = None,
) -> Entry:
    """Enter a player; a known federation id reuses the same player record."""
    access.require_organizer(actor, tournament)
    player = None
    if federation_id:
        player = Player.objects.filter(federation_id=federation_id).first()
    if player is None:
        player = Player(name=name, club=club, federation_id=federation_id, strength=strength)
        player.full_clean()
        player.save()
    elif Entry.objects.filter(tournament=tournament, player=player).exists():
        raise ValidationError({"federation_id": _("This player is already entered.")})
    if start_number is None:
        # Locking the event row serialises concurrent registrations; the unique
        # constraint on (tournament, start_number) is the real guard.
        Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
        start_number = (tournament.entries.aggregate(m=Max("start_number"))["m"] or 0) + 1
    entry = Entry(tournament=tournament, player=player, start_number=start_number, team=team)
    entry.full_clean()
    entry.save()
    audit.log(actor, "entry.created", entry, tournament=tournament, after=entry_snapshot(entry))
    return entry


@transaction.atomic
def set_entry_status(actor: Any, entry: Entry, status: str, reason: str = "") -> Entry:
    """Withdraw a player between rounds, or take a withdrawn player back."""
    access.require_organizer(actor, entry.tournament)
    if status not in Entry.Status.values:
        raise ValidationError({"status": _("Unknown status.")})
    before = entry_snapshot(entry)
    entry.status = status
    entry.save(update_fields=["status"])
    audit.log(actor, f"entry.{status}", entry, tournament=entry.tournament, before=before,
              after=entry_snapshot(entry), reason=reason)
    return entry


@transaction.atomic
def import_players(actor: Any, tournament: Tournament, rows: list[dict[str, Any]]) -> list[Entry]:
    """Enter every row of a checked import, all or nothing."""
    access.require_organizer(actor, tournament)
    return [
        register_player(actor, tournament, name=r["name"], club=r.get("club", ""),
                        federation_id=r.get("federation_id", ""), strength=r.get("strength"), team=r.get("team", ""))
        for r in rows
    ]
