"""Audited writes on a series (season.md §2, §7): create it, change its settings, add, order, weight
and remove its member events, add organizers, fill its final and record a player who declines.

One function per change (STYLE.md §3), for the pages and the API alike: each checks the actor's role,
runs in a transaction, locks the series row and appends its audit entry naming the series (and the
event too where it touches one: a member added or removed, the final's players). The ladder is never
stored: it is computed from the members on the next read (``ladder.payload``), so every change shows
at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring.common import Errors
from scoring.series import FinalFill, InvalidSeries
from scoring.series import fill_final as fill_final_rule
from scoring.series.checks import check_settings
from scoring.text import render
from tournaments.events import services
from tournaments.history import audit
from tournaments.models import Entry, Player, Tournament
from tournaments.results.load import lot_seed
from tournaments.seasons import access
from tournaments.seasons.ladder import (
    ladder_before,
    listed_by,
    members,
    players_of,
    refused,
    scoring_events,
    settings_of,
)
from tournaments.seasons.models import FinalSeat, Series, SeriesEvent

SETTING_FIELDS = (
    "name",
    "slug",
    "season",
    "language",
    "is_public",
    "points",
    "table",
    "count",
    "best_n",
    "minus_counts",
    "tie_breaks",
    "final_places",
    "ties_at_cut",
)


def _plain(value: Any) -> Any:
    """A setting as the audit log's JSON keeps it (a weight as its exact text)."""
    return str(value) if isinstance(value, Decimal) else value


def member_snapshot(m: SeriesEvent) -> dict[str, Any]:
    return {
        "event": m.tournament.slug,
        "name": m.tournament.name,
        "position": m.position,
        "weight": str(m.weight),
        "always_counts": m.always_counts,
        "final": m.is_final,
    }


def series_snapshot(series: Series) -> dict[str, Any]:
    """What the audit log keeps of a series: its settings and the final (by event)."""
    final = series.members.filter(is_final=True).select_related("tournament").first()
    return {f: _plain(getattr(series, f)) for f in SETTING_FIELDS} | {"final": final.tournament.slug if final else None}


def _locked(series: Series) -> Series:
    return Series.objects.select_for_update().get(pk=series.pk)


# --- settings -----------------------------------------------------------------------------------------

# The pure checks name fields as the command line does; the forms and the API name them so.
_FIELD_NAMES = {"n": "best_n"}


def _field(path: str) -> str:
    name = path.split("[", 1)[0].split(".", 1)[0]
    return _FIELD_NAMES.get(name, name)


def check_series_settings(series: Series) -> None:
    """§3–§5's settings, checked by the same pure checks as the command line's (``scoring.series``),
    plus what the site needs: a table of at least one place, tie-breaks named once each, places in the
    final when there is a final. Raises a ValidationError naming each field, in the reader's language."""
    errors = Errors()
    check_settings(errors, settings_of(series), parent="")
    problems: dict[str, list[str]] = {}
    for e in errors.items:
        problems.setdefault(_field(e.field), []).append(render(e.message, get_language()))
    if series.points == Series.Points.FIXED_BY_PLACE and isinstance(series.table, list) and not series.table:
        problems.setdefault("table", []).append(_("The table needs the points of at least the first place."))
    breaks = series.tie_breaks if isinstance(series.tie_breaks, list) else []
    if len(set(map(str, breaks))) != len(breaks):
        problems.setdefault("tie_breaks", []).append(_("Name each tie-break once."))
    if problems:
        raise ValidationError(problems)


def _clean(series: Series) -> None:
    series.full_clean()
    check_series_settings(series)


@transaction.atomic
def create_series(actor: Any, **fields: Any) -> Series:
    """A new series organized by ``actor``; without a slug its address is made from its name."""
    if not access.can_create_series(actor):
        raise ValidationError({"": _("You may not create a series.")}, code="permission")
    fields.setdefault("points", Series.Points.EVENT_TOTAL)
    if not fields.get("slug"):
        fields["slug"] = services.free_slug(fields.get("name") or "", model=Series, fallback="series")
    unknown = set(fields) - set(SETTING_FIELDS)
    if unknown:
        raise ValueError(f"not series fields: {sorted(unknown)}")
    series = Series(**fields)
    _clean(series)
    series.save()
    series.organizers.add(actor)
    audit.log(actor, "series.created", series, tournament=None, series=series, after=series_snapshot(series))
    return series


@transaction.atomic
def update_series(actor: Any, series: Series, *, final: Tournament | str | None = "", **changes: Any) -> Series:
    """Change the series' settings (§3–§5, §7): the ladder is recomputed on its next read. ``final``: the
    member event that is the final (None: no final; left out: unchanged)."""
    access.require_series_organizer(actor, series)
    series = _locked(series)
    before = series_snapshot(series)
    for key, value in changes.items():
        if key not in SETTING_FIELDS:
            raise ValueError(f"not a series field: {key}")
        if key == "slug" and not value:
            continue  # left empty: the address stays
        setattr(series, key, value)
    _clean(series)
    if final != "":
        if final is not None and not series.members.filter(tournament=final).exists():
            raise ValidationError({"final": _("The final must be one of the series' events.")})
        # The old final is cleared before the new one is marked: one final per series is a constraint.
        series.members.filter(is_final=True).exclude(tournament=final).update(is_final=False)
        if final is not None:
            series.members.filter(tournament=final).update(is_final=True)
    if series.members.filter(is_final=True).exists() and not series.final_places:
        raise ValidationError({"final_places": _("Give the number of places in the final.")})
    series.save()
    after = series_snapshot(series)
    if after != before:
        audit.log(actor, "series.updated", series, tournament=None, series=series, before=before, after=after)
    return series


@transaction.atomic
def add_organizer(actor: Any, series: Series, username: str) -> None:
    access.require_series_organizer(actor, series)
    user = services.user_named(username)
    series.organizers.add(user)
    audit.log(actor, "series.organizer_added", series, tournament=None, series=series, after={"user": username})


# --- member events ---------------------------------------------------------------------------------------


def _renumber(series: Series, order: Sequence[SeriesEvent]) -> None:
    for i, m in enumerate(order, start=1):
        if m.position != i:
            m.position = i
            m.save(update_fields=["position"])


@transaction.atomic
def add_event(
    actor: Any,
    series: Series,
    tournament: Tournament,
    *,
    weight: Decimal | int = 1,
    always_counts: bool = False,
    position: int | None = None,
) -> SeriesEvent:
    """Make ``tournament`` a member of the series (§2.1), last unless ``position`` (1 = first) says
    otherwise. An event belongs to at most one series."""
    access.require_event_organizer(actor, series, tournament)
    series = _locked(series)
    other = SeriesEvent.objects.filter(tournament=tournament).select_related("series").first()
    if other is not None:
        raise ValidationError(
            {
                "event": _("%(event)s is already an event of the series %(series)s.")
                % {"event": tournament.name, "series": other.series.name}
            }
        )
    last = series.members.aggregate(m=Max("position"))["m"] or 0
    member = SeriesEvent(
        series=series, tournament=tournament, position=last + 1, weight=weight, always_counts=always_counts
    )
    member.full_clean()
    member.save()
    if position is not None:
        _move(series, member, position)
    audit.log(actor, "series.event_added", member, tournament=tournament, series=series, after=member_snapshot(member))
    return member


def _move(series: Series, member: SeriesEvent, position: int) -> None:
    order = [m for m in series.members.order_by("position", "pk") if m.pk != member.pk]
    if not 1 <= position <= len(order) + 1:
        raise ValidationError({"position": _("Choose a position from 1 to %(n)d.") % {"n": len(order) + 1}})
    order.insert(position - 1, member)
    _renumber(series, order)


def membership(series: Series, slug: str) -> SeriesEvent:
    """The member event ``slug`` of the series (a ValidationError naming the field ``event`` if none)."""
    member = series.members.select_related("tournament").filter(tournament__slug=slug).first()
    if member is None:
        raise ValidationError({"event": _("%(event)s is not an event of this series.") % {"event": slug}})
    return member


@transaction.atomic
def update_event(
    actor: Any,
    series: Series,
    member: SeriesEvent,
    *,
    weight: Decimal | None = None,
    always_counts: bool | None = None,
    position: int | None = None,
) -> SeriesEvent:
    """Re-weight a member event (§3.2), mark it always counts, or move it in the series' order."""
    access.require_series_organizer(actor, series)
    series = _locked(series)
    member = SeriesEvent.objects.select_related("tournament").get(pk=member.pk)
    before = member_snapshot(member)
    if weight is not None:
        member.weight = weight
    if always_counts is not None:
        member.always_counts = always_counts
    member.full_clean()
    member.save()
    if position is not None:
        _move(series, member, position)
        member.refresh_from_db()
    after = member_snapshot(member)
    if after != before:
        audit.log(
            actor,
            "series.event_changed",
            member,
            tournament=member.tournament,
            series=series,
            before=before,
            after=after,
        )
    return member


@transaction.atomic
def remove_event(actor: Any, series: Series, member: SeriesEvent) -> None:
    """Take an event out of the series: its results leave the ladder (the event itself is unchanged)."""
    access.require_series_organizer(actor, series)
    series = _locked(series)
    member = SeriesEvent.objects.select_related("tournament").get(pk=member.pk)
    before = member_snapshot(member)
    tournament = member.tournament
    member.delete()
    _renumber(series, list(series.members.order_by("position", "pk")))
    audit.log(actor, "series.event_removed", series, tournament=tournament, series=series, before=before)


# --- the final (§7) ------------------------------------------------------------------------------------------


def _final(series: Series) -> SeriesEvent:
    member = series.members.filter(is_final=True).select_related("tournament").first()
    if member is None or not series.final_places:
        raise ValidationError({"final": _("Name the series' final and its places in the settings first.")})
    return member


def _people(players: Iterable[str], names: dict[str, Player]) -> list[dict[str, Any]]:
    return [{"player": int(p), "name": names[p].name if p in names else ""} for p in players]


def qualification(series: Series) -> tuple[SeriesEvent, FinalFill, dict[str, Player]]:
    """Who the final's places go to now (§7.2): the final, the fill of the ladder before it (declines
    skipped, ties at the cut as the series says, the lot from the final's seed) and the players' rows."""
    final = _final(series)
    rows = members(series)
    events = scoring_events(rows)
    players = players_of(events)
    try:
        lines = ladder_before(settings_of(series), events, final.tournament.slug, listed_by(players, series.language))
    except InvalidSeries as exc:
        raise refused(exc, "final", get_language()) from exc
    out = FinalSeat.objects.filter(series=series, declined=True).values_list("player_id", flat=True)
    declined = [str(p) for p in out]
    fill = fill_final_rule(lines, series.final_places, declined, series.ties_at_cut, seed=lot_seed(final.tournament))
    return final, fill, players


def qualification_payload(series: Series) -> dict[str, Any]:
    """``qualification`` as the final's page and API show it: the final, its places and the ties rule;
    entered, reserves (in the order they move up), declined and tied at the cut, each player with his
    id, name, club, whether he has an entry in the final and whether the fill gave it to him."""
    final, fill, players = qualification(series)
    tournament = final.tournament
    in_final = set(map(str, tournament.entries.values_list("player_id", flat=True)))
    by_fill = set(map(str, FinalSeat.objects.filter(series=series, declined=False).values_list("player_id", flat=True)))

    def people(ids: Iterable[str]) -> list[dict[str, Any]]:
        return [
            {
                "player": int(p),
                "name": players[p].name if p in players else "",
                "club": players[p].club if p in players else "",
                "entered": p in in_final,
                "by_fill": p in by_fill,
            }
            for p in ids
        ]

    return {
        "final": tournament.slug,
        "final_name": tournament.name,
        "drawn": tournament.round_set.exists(),
        "places": series.final_places,
        "ties_at_cut": series.ties_at_cut,
        "entered": people(fill.entered),
        "reserves": people(fill.reserves),
        "declined": people(fill.declined),
        "tied_at_cut": people(fill.tied_at_cut),
    }


def _enter(actor: Any, tournament: Tournament, player: Player) -> Entry:
    """Enter an existing player (his Player row, shared across events) into ``tournament``; audited as
    the event's registrations are."""
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    number = (tournament.entries.aggregate(m=Max("start_number"))["m"] or 0) + 1
    entry = Entry.objects.create(tournament=tournament, player=player, start_number=number)
    audit.log(actor, "entry.created", entry, tournament=tournament, after=services.entry_snapshot(entry))
    return entry


def _withdraw(actor: Any, tournament: Tournament, player: Player) -> None:
    """Take a player the fill entered out of the final again (before its first draw)."""
    entry = Entry.objects.filter(tournament=tournament, player=player).select_related("player").first()
    if entry is None:
        return
    before = services.entry_snapshot(entry)
    entry.delete()
    audit.log(actor, "entry.removed", tournament, tournament=tournament, before=before)


@transaction.atomic
def fill_final(actor: Any, series: Series, *, declined_player: int | None = None, reason: str = "") -> FinalFill:
    """ "Fill the final" (§7.2): the top K of the ladder before the final enter it (Entry rows of the
    players' own rows), skipping players who declined. Players the fill entered before who are no longer
    among them (the ladder changed) are taken out again; players the organizer entered himself stay.
    ``declined_player`` (a Player id) declines first: he is marked so, taken out, and the next on the
    ladder takes his place. Only before the final's first draw; audited in the series' log and the
    final's."""
    access.require_series_organizer(actor, series)
    series = _locked(series)
    final = _final(series)
    tournament = final.tournament
    access.require_event_organizer(actor, series, tournament)
    if tournament.round_set.exists():
        raise ValidationError(
            {"final": _("The final has been drawn already: its players are changed on its own pages.")}
        )
    seats = {str(s.player_id): s for s in FinalSeat.objects.filter(series=series).select_related("player")}
    had = sorted((p for p, s in seats.items() if not s.declined), key=int)  # the fill's entries so far
    leaving: Player | None = None
    if declined_player is not None:
        leaving = Player.objects.filter(pk=declined_player).first()
        if leaving is None:
            raise ValidationError({"player": _("No such player.")})
        seat = seats.get(str(leaving.pk)) or FinalSeat(series=series, player=leaving)
        seat.declined = True
        seat.save()
        seats[str(leaving.pk)] = seat
        _withdraw(actor, tournament, leaving)
    fill, players = qualification(series)[1:]
    entered = set(fill.entered)
    for p in had:
        if p not in entered and not seats[p].declined:
            _withdraw(actor, tournament, seats[p].player)
            seats[p].delete()
    present = set(map(str, tournament.entries.values_list("player_id", flat=True)))
    for p in fill.entered:
        if p not in present:
            _enter(actor, tournament, players[p])
            FinalSeat.objects.update_or_create(series=series, player=players[p], defaults={"declined": False})
    after: dict[str, Any] = {
        "entered": _people(fill.entered, players),
        "reserves": _people(fill.reserves[:5], players),
        "declined": _people(fill.declined, players),
        "tied_at_cut": _people(fill.tied_at_cut, players),
        "ties_at_cut": series.ties_at_cut,
        "places": series.final_places,
    }
    if leaving is not None:
        after["player"] = {"player": leaving.pk, "name": leaving.name}
    audit.log(
        actor,
        "series.final_declined" if leaving is not None else "series.final_filled",
        series,
        tournament=tournament,
        series=series,
        before={"entered": _people(had, {str(s.player_id): s.player for s in seats.values()})} if had else None,
        after=after,
        reason=reason,
    )
    return fill


def decline(actor: Any, series: Series, player_id: int, reason: str = "") -> FinalFill:
    """A qualified player declines the final: he is marked so, and the next on the ladder takes his
    place (``fill_final``)."""
    return fill_final(actor, series, declined_player=player_id, reason=reason)
