"""Audited actions on events, staff and registrations.

One function per state change (STYLE.md §3): each checks the actor's role,
runs in a transaction and appends its audit entry.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Max, QuerySet
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.config_table import starting_config
from scoring.registry import get as get_variant
from tournaments import access
from tournaments.events import fields as event_fields
from tournaments.events.importing import Entered, ImportResult, parse_players
from tournaments.history import audit
from tournaments.models import Entry, Referee, Round, Tournament, new_pin
from tournaments.people import registry
from tournaments.rounds.draw_methods import in_series, methods_for
from tournaments.variants import rules_of

EVENT_FIELDS = event_fields.SNAPSHOT


def tournament_snapshot(t: Tournament) -> dict[str, Any]:
    # The audit log stores JSON: the event's date as ISO text.
    return {f: v.isoformat() if isinstance(v := getattr(t, f), datetime.date) else v for f in EVENT_FIELDS}


def variant_defaults(variant_key: str) -> dict[str, int]:
    """Format defaults that come from the variant (taruk2012.md §7 and the others)."""
    plan = get_variant(variant_key).plan
    return {
        "hands_per_round": plan.default_hands_per_round,
        "table_size": plan.min_seats,
    }


@transaction.atomic
def free_slug(name: str, exclude: int | None = None, model: type[Any] = Tournament, fallback: str = "event") -> str:
    """An address for an event called ``name`` that no other event has: the name in lower-case ASCII
    with hyphens ("Kupa Ljubljane 2026" -> "kupa-ljubljane-2026", "Őszi Kupa" -> "oszi-kupa"), with -2,
    -3 ... after it where that is taken. ``model``: whose addresses (a series has its own)."""
    field = model._meta.get_field("slug")
    base = slugify(name)[: field.max_length - 4].strip("-") or fallback
    taken = set(model.objects.filter(slug__startswith=base).exclude(pk=exclude).values_list("slug", flat=True))
    slug, n = base, 1
    while slug in taken:
        n += 1
        slug = f"{base}-{n}"
    return slug


def create_tournament(actor: Any, **fields: Any) -> Tournament:
    """A new event; without a slug its address is made from its name (``free_slug``)."""
    if not access.can_create_tournament(actor):
        raise PermissionDenied(_("You may not create events."))
    if not fields.get("slug"):
        fields["slug"] = free_slug(fields.get("name") or "")
    tournament = Tournament(**fields)
    tournament.full_clean()
    tournament.save()
    tournament.organizers.add(actor)
    audit.log(actor, "tournament.created", tournament, tournament=tournament, after=tournament_snapshot(tournament))
    return tournament


VARIANT_FIXED = gettext_lazy("The variant cannot change once a round exists.")
DRAW_METHOD_ON_ROUNDS_PAGE = gettext_lazy(
    "Change the draw method on the rounds page when you draw the next round: it shows what the change does."
)
# What a round's tables are drawn and counted with (TablePlan.tables, TablePlan.hands): fixed while one plays.
PLAYING_FIELDS = ("table_size", "hands_per_round")


def forget_variant_options(tournament: Tournament, variant: str) -> None:
    """A new ``variant`` for an event without rounds: the old variant's options (its readings, its
    configuration table, a draw method the new one lacks) mean nothing to the new one, which starts from
    its own defaults."""

    rules = rules_of(variant)
    tournament.config = starting_config(rules.config_table if rules is not None else None, {})
    tournament.event_settings = {}
    if tournament.draw_method not in methods_for(variant, in_series(tournament)):
        tournament.draw_method = ""


@transaction.atomic
def update_tournament(actor: Any, tournament: Tournament, **changes: Any) -> Tournament:
    access.require_organizer(actor, tournament)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    before = tournament_snapshot(tournament)
    if "variant" in changes and changes["variant"] != tournament.variant:
        if tournament.round_set.exists():
            raise ValidationError({"variant": VARIANT_FIXED})
        forget_variant_options(tournament, changes["variant"])
    playing = [f for f in PLAYING_FIELDS if f in changes and changes[f] != getattr(tournament, f)]
    under_way = tournament.round_set.filter(status__in=(Round.Status.SEATED, Round.Status.RUNNING)).first()
    if playing and under_way is not None:
        message = _(
            "Round %(n)d is published or under way and its tables play as they were drawn and set: change this "
            "once the round is closed."
        ) % {"n": under_way.number}
        raise ValidationError(dict.fromkeys(playing, message))
    if changes.get("draw_method", tournament.draw_method) != tournament.draw_method and tournament.round_set.exists():
        raise ValidationError({"draw_method": DRAW_METHOD_ON_ROUNDS_PAGE})
    if "slug" in changes and not changes["slug"]:
        del changes["slug"]  # left empty: the address stays as it is
    for key, value in changes.items():
        if key not in EVENT_FIELDS:
            raise ValueError(f"not an event field: {key}")
        setattr(tournament, key, value)
    tournament.full_clean()
    tournament.save()
    log_event_change(actor, tournament, before)
    return tournament


def log_event_change(
    actor: Any, tournament: Tournament, before: dict[str, Any], *, reason: str = "", **also: Any
) -> None:
    """The audit entry of an edit of the event: ``before`` and the event now (with ``also``)."""
    after = tournament_snapshot(tournament) | also
    audit.log(actor, "tournament.updated", tournament, tournament=tournament, before=before, after=after, reason=reason)


@transaction.atomic
def add_organizer(actor: Any, tournament: Tournament, username: str) -> None:
    access.require_organizer(actor, tournament)
    user = user_named(username)
    tournament.organizers.add(user)
    audit.log(actor, "organizer.added", tournament, tournament=tournament, after={"user": user.get_username()})


def user_named(username: str) -> Any:
    try:
        return get_user_model().objects.get(username=username)
    except get_user_model().DoesNotExist:
        raise ValidationError({"username": _("No user with this name.")}) from None


@transaction.atomic
def set_referee(actor: Any, tournament: Tournament, username: str, table_numbers: list[int]) -> Referee:
    """Make ``username`` a referee of the event, limited to ``table_numbers`` (empty: all)."""
    access.require_organizer(actor, tournament)
    user = user_named(username)
    if any(not isinstance(n, int) or n < 1 for n in table_numbers):
        raise ValidationError({"table_numbers": _("Table numbers must be whole numbers from 1.")})
    referee, created = Referee.objects.get_or_create(tournament=tournament, user=user)
    before = None if created else {"user": username, "tables": referee.table_numbers}
    referee.table_numbers = sorted(set(table_numbers))
    referee.save()
    audit.log(
        actor,
        "referee.set",
        referee,
        tournament=tournament,
        before=before,
        after={"user": username, "tables": referee.table_numbers},
    )
    return referee


@transaction.atomic
def remove_referee(actor: Any, tournament: Tournament, username: str) -> None:
    access.require_organizer(actor, tournament)
    referee = Referee.objects.filter(tournament=tournament, user__username=username).first()
    if referee is None:
        raise ValidationError({"username": _("This user is not a referee of the event.")})
    audit.log(
        actor,
        "referee.removed",
        referee,
        tournament=tournament,
        before={"user": username, "tables": referee.table_numbers},
    )
    referee.delete()


def entry_snapshot(entry: Entry) -> dict[str, Any]:
    p = entry.player
    return {
        "start_number": entry.start_number,
        "status": entry.status,
        "team": entry.team,
        "name": p.name,
        "club": p.club,
        "federation_id": p.federation_id,
        "strength": p.strength,
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
    match: str | None = None,
) -> Entry:
    """Enter a player: the site's player he is where the registry finds him (season.md §1.2: his
    federation id; his name and club when ``match`` is "accept"; "ask" refuses such a match for the
    organizer to answer; None, for callers that ask nobody, enters a new record)."""
    access.require_organizer(actor, tournament)
    found = registry.resolve(actor, tournament, name=name, club=club, federation_id=federation_id, decision=match)
    row = {"name": name, "club": club, "federation_id": federation_id, "strength": strength, "team": team}
    return _enter(actor, tournament, found, row, start_number)


def _enter(
    actor: Any, tournament: Tournament, found: registry.Found, row: Mapping[str, Any], start_number: int | None = None
) -> Entry:
    """The entry of the player ``found`` (a new record where none was) from a row of his details (name; club,
    federation id, strength and team where given), audited with how he was found."""
    club, federation_id, team = row.get("club", ""), row.get("federation_id", ""), row.get("team", "")
    player = registry.player_for(
        found, name=row["name"], club=club, federation_id=federation_id, strength=row.get("strength")
    )
    if Entry.objects.filter(tournament=tournament, player=player).exists():
        raise ValidationError({"federation_id": _("This player is already entered.")})
    given = start_number is not None
    if not given:
        # Locking the event row serialises concurrent registrations; the unique
        # constraint on (tournament, start_number) is the real guard.
        Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
        start_number = (tournament.entries.aggregate(m=Max("start_number"))["m"] or 0) + 1
    entry = Entry(tournament=tournament, player=player, start_number=start_number, team=team)
    # The event and the player are rows in hand, and the player's entry was looked for above: the checks
    # left are the fields' own and, where the caller gave it, whether the start number is taken (an
    # import of 1,024 players made four queries a row for these).
    entry.full_clean(exclude=["player"] if given else ["tournament", "player"])
    entry.save()
    after = entry_snapshot(entry) | ({"matched": found.how} if found.how else {})
    audit.log(actor, "entry.created", entry, tournament=tournament, after=after)
    return entry


@transaction.atomic
def set_entry_status(actor: Any, entry: Entry, status: str, reason: str = "") -> Entry:
    """Withdraw a player between rounds, or take a withdrawn player back."""
    access.require_organizer(actor, entry.tournament)
    if status not in Entry.Status.values:
        raise ValidationError({"status": _("Unknown status.")})
    if Entry.Status.EXCLUDED in (status, entry.status):  # the judge's desk excludes (tournaments.incidents.services)
        raise ValidationError({"status": _("An exclusion is given and lifted only on the judge's desk.")})
    before = entry_snapshot(entry)
    entry.status = status
    entry.save(update_fields=["status"])
    audit.log(
        actor,
        f"entry.{status}",
        entry,
        tournament=entry.tournament,
        before=before,
        after=entry_snapshot(entry),
        reason=reason,
    )
    return entry


@transaction.atomic
def check_import(tournament: Tournament, data: bytes, filename: str, viewer: Any = None) -> ImportResult:
    """An uploaded player list read and checked against the event's players and matched with the
    site's (the preview, page and API; ``viewer``: whose events a match may name)."""
    players = tournament.entries.values_list("player__name", "start_number", "player__federation_id")
    entered = [Entered(name, number, fid) for name, number, fid in players]
    result = parse_players(data, filename, {e.federation_id for e in entered if e.federation_id}, entered)
    registry.match_rows(tournament, viewer, result.rows)
    return result


@transaction.atomic
def import_players(
    actor: Any, tournament: Tournament, rows: list[dict[str, Any]], matches: dict[str, str] | None = None
) -> list[Entry]:
    """Enter every row of a checked import, all or nothing; ``matches``: the organizer's answer to each
    row that may be a player of the site (the file's line -> accept or reject)."""
    access.require_organizer(actor, tournament)
    planned = registry.plan_import(tournament, rows, matches or {})
    return [_enter(actor, tournament, found, row) for row, found in zip(rows, planned, strict=True)]


# --- organizers without the admin (issue 11 item 13) ------------------------------------------------


@transaction.atomic
def create_referee_account(
    actor: Any, tournament: Tournament, username: str, password: str, table_numbers: list[int]
) -> Referee:
    """A new user account that referees this event (limited to ``table_numbers``; empty: every table).

    The organizer chooses the password and hands it over; the password itself is never audited.
    """

    access.require_organizer(actor, tournament)
    user_model = get_user_model()
    user = user_model(username=username)
    errors: dict[str, Any] = {}  # field -> the validators' errors, codes kept (the API reports them)
    try:
        user.full_clean(exclude=["password"])
    except ValidationError as exc:
        errors.update({k: v for k, v in exc.error_dict.items() if k == "username"})
    try:
        validate_password(password, user)
    except ValidationError as exc:
        errors["password"] = exc.error_list
    if errors:
        raise ValidationError(errors)
    user.set_password(password)
    user.save()
    audit.log(actor, "referee.account_created", user, tournament=tournament, after={"user": username})
    return set_referee(actor, tournament, username, table_numbers)


def _player_in_other_events(actor: Any, entry: Entry) -> bool:
    """True when the player record is also entered in an event ``actor`` does not organize:
    renaming it there is not this organizer's call."""
    others = Tournament.objects.filter(entries__player=entry.player_id).exclude(pk=entry.tournament_id)
    return any(not access.is_organizer(actor, t) for t in others)


@transaction.atomic
def update_entry(
    actor: Any,
    entry: Entry,
    *,
    name: str | None = None,
    club: str | None = None,
    start_number: int | None = None,
    reason: str = "",
) -> Entry:
    """Correct a player's name or club, or give the entry another start number.

    A start number is the player's key on the protocols and slips; a new one must be free in the
    event (the unique constraint is the real guard; the row lock serialises two organizers).
    """
    access.require_organizer(actor, entry.tournament)
    entry = Entry.objects.select_for_update().select_related("player", "tournament").get(pk=entry.pk)
    before = entry_snapshot(entry)
    player = entry.player
    if (name is not None and name != player.name) or (club is not None and club != player.club):
        if _player_in_other_events(actor, entry):
            raise ValidationError(
                {
                    "name": _(
                        "This player is also entered in another event; only its organizers may change the name or club."
                    )
                }
            )
        if name is not None:
            player.name = name.strip()
        if club is not None:
            player.club = club.strip()
        player.full_clean()
        player.save(update_fields=["name", "club"])
    if start_number is not None and start_number != entry.start_number:
        if start_number < 1:
            raise ValidationError({"start_number": _("Start numbers start at 1.")})
        if Entry.objects.filter(tournament=entry.tournament, start_number=start_number).exists():
            raise ValidationError({"start_number": _("Start number %(n)d is taken.") % {"n": start_number}})
        entry.start_number = start_number
        entry.save(update_fields=["start_number"])
    after = entry_snapshot(entry)
    if after != before:
        audit.log(actor, "entry.updated", entry, tournament=entry.tournament, before=before, after=after, reason=reason)
    return entry


def next_draw_number(tournament: Tournament) -> int:
    """The round whose draw will seat a player entered now: a drafted draw is redrawn before it
    is published, so it counts; a published one does not."""

    latest = tournament.round_set.order_by("-number").first()
    if latest is None:
        return 1
    return latest.number if latest.status == Round.Status.DRAFT else latest.number + 1


@transaction.atomic
def late_add_player(actor: Any, tournament: Tournament, *, reason: str = "", **fields: Any) -> Entry:
    """Enter a player after the event began; the draw of the next round seats him (active entries)."""
    access.require_organizer(actor, tournament)
    if tournament.status == Tournament.Status.FINISHED:
        raise ValidationError({"name": _("The event is finished.")})
    from_round = next_draw_number(tournament)
    if from_round > tournament.rounds:
        raise ValidationError({"name": _("Every round of the event has been drawn.")})
    entry = register_player(actor, tournament, **fields)
    audit.log(
        actor,
        "entry.late_added",
        entry,
        tournament=tournament,
        after={**entry_snapshot(entry), "seated_from_round": from_round},
        reason=reason,
    )
    return entry


@transaction.atomic
def issue_new_pin(actor: Any, entry: Entry, reason: str = "") -> Entry:
    """A player lost his PIN slip: he gets a new PIN and the old one stops working (organizers only).

    Confirmations he gave with the old PIN stand. Audited: who, when, for whom and why; neither PIN
    is written to the log (a PIN is a player's signature, and the log is read by every organizer)."""
    access.require_organizer(actor, entry.tournament)
    entry = Entry.objects.select_for_update().select_related("player", "tournament").get(pk=entry.pk)
    old = entry.pin
    while entry.pin == old:  # one chance in 10,000 of drawing the same PIN again
        entry.pin = new_pin()
    entry.save(update_fields=["pin"])
    snapshot = entry_snapshot(entry)
    audit.log(
        actor,
        "entry.pin_changed",
        entry,
        tournament=entry.tournament,
        before=snapshot,
        after=snapshot,
        reason=reason.strip(),
    )
    return entry


def entry_pins(actor: Any, tournament: Tournament) -> QuerySet[Entry]:
    """Every entry with its confirmation PIN, by start number: organizers only (a PIN is a player's signature)."""
    access.require_organizer(actor, tournament)
    return tournament.entries.select_related("player").order_by("start_number")
