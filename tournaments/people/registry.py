"""Matching an event's new players with the site's, and merging two records of one person (season.md §1).

§1.2: a player entered by hand or from a file is an existing player when his federation id is that
player's ("the same player", automatic); else, when his name and club are an existing player's compared
without case, spaces and accents ("Čuk, TK Kranj" is "cuk, tk kranj"), he *may* be that player: the
organizer accepts or rejects each such match before anything is stored. A federation id already held by
a player of another name is an error naming both. A player already entered in the event is never offered
(the import's duplicate warning names him).

§1.3: two records of one person are merged by an organizer of every event involved (or a superuser):
the entries of one move to the other and the emptied record goes; audited in every event involved.

The matching is pure (``Registry`` over plain ``Known`` records); ``Registry.of`` loads the site's
players for it and folds their names in Python, since the database's comparisons know no accents.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Count
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournaments import access
from tournaments.events.importing import PlayerRow, name_key
from tournaments.history import audit
from tournaments.lookups import visible_events
from tournaments.models import Entry, FinalSeat, Player, Tournament

# What the registry makes of a new player.
NEW = "new"  # nobody like him on the site: a new record
SAME = "same"  # his federation id is a player's: that player (automatic)
MAYBE = "maybe"  # his name and club are a player's: that player only if the organizer accepts
CLASH = "clash"  # his federation id is held by a player of another name: an error

# The organizer's answer to a MAYBE.
ACCEPT = "accept"
REJECT = "reject"
ASK = "ask"  # no answer yet: the page or the API asks for one, nothing is stored
DECISIONS = (ACCEPT, REJECT)
MATCH_CHOICES = [(ACCEPT, gettext_lazy("accept: the same person")), (REJECT, gettext_lazy("reject: a new player"))]

# How an entry found its player (the audit entry of the registration says it).
BY_FEDERATION_ID = "federation_id"
BY_NAME_AND_CLUB = "name_club"

# Events named where a match is described (the rest are counted).
EVENTS_NAMED = 3


@dataclass(frozen=True)
class Known:
    """A player of the site as the matching reads him."""

    id: int
    name: str
    club: str = ""
    federation_id: str = ""
    events: int = 0  # the events he is entered in


@dataclass(frozen=True)
class Match:
    kind: str
    player: Known | None = None


def person_key(name: str, club: str) -> tuple[str, str]:
    """Name and club without case, spaces and accents: "Čuk, TK Kranj" and "cuk, tk kranj" are one."""
    return name_key(name), name_key(club)


def _named(player: Known | Player) -> str:
    return f"{player.name} ({player.club})" if player.club else player.name


def clash_message(federation_id: str, holder: Known | Player, name: str) -> str:
    """§1.2's error, naming both: the id's holder and the name given with it."""
    return _("%(id)s already belongs to %(held)s, not to %(name)s.") % {
        "id": federation_id,
        "held": _named(holder),
        "name": name,
    }


class Registry:
    """The site's players by federation id and by name and club; ``entered``: the players of the event
    being filled, never offered again."""

    def __init__(self, players: Iterable[Known], entered: Collection[int] = ()) -> None:
        self.entered = set(entered)
        self.by_id: dict[str, Known] = {}
        self.by_person: dict[tuple[str, str], list[Known]] = defaultdict(list)
        for p in players:
            if p.federation_id:
                self.by_id[p.federation_id] = p
            self.by_person[person_key(p.name, p.club)].append(p)

    @classmethod
    def of(cls, tournament: Tournament) -> Registry:
        """Every player of the site (a few thousand rows at most: names are folded here, not in SQL)."""
        rows = Player.objects.annotate(n=Count("entries")).values_list("pk", "name", "club", "federation_id", "n")
        entered = tournament.entries.values_list("player_id", flat=True)
        return cls((Known(*row) for row in rows), entered)

    def match(self, name: str, club: str = "", federation_id: str = "") -> Match:
        """Federation id first; else name and club. A candidate with a federation id other than the
        one given is another person (§1.1), and one already in the event is not offered."""
        if federation_id:
            holder = self.by_id.get(federation_id)
            if holder is not None:
                return Match(SAME if name_key(holder.name) == name_key(name) else CLASH, holder)
        candidates = [
            p
            for p in self.by_person.get(person_key(name, club), ())
            if p.id not in self.entered and not (federation_id and p.federation_id)
        ]
        if not candidates:
            return Match(NEW)
        # Several records of one name and club are one person waiting for a merge: offer the one
        # with the most events (then the latest).
        return Match(MAYBE, max(candidates, key=lambda p: (p.events, p.id)))


# --- what the organizer is shown ------------------------------------------------------------------


def describe(players: Iterable[Known | Player], viewer: Any) -> dict[int, dict[str, Any]]:
    """Player id -> how a match names him: name, club, federation id, the events ``viewer`` may see
    (newest first) and how many he is in, and his page."""
    players = {p.id: p for p in players}
    if viewer is None:  # nobody in particular: the public events only
        viewer = AnonymousUser()
    seen: dict[int, list[str]] = defaultdict(list)
    rows = (
        visible_events(viewer)
        .filter(entries__player_id__in=list(players))
        .order_by("-date", "-created_at")
        .values_list("entries__player_id", "name")
    )
    for player_id, event in rows:
        seen[player_id].append(event)
    counts = dict(
        Entry.objects.filter(player_id__in=list(players))
        .values("player_id")
        .annotate(n=Count("pk"))
        .values_list("player_id", "n")
    )
    out = {}
    for pk, p in players.items():
        out[pk] = {
            "id": pk,
            "name": p.name,
            "club": p.club,
            "federation_id": p.federation_id,
            "events": seen.get(pk, []),
            "event_count": counts.get(pk, 0),
            "url": reverse("person", args=[pk]),
        }
        out[pk]["text"] = person_text(out[pk])
    return out


def person_text(described: Mapping[str, Any]) -> str:
    """ "Janez Čuk, TK Kranj (Kupa Kranja 2025, Pokal Koper and 2 other events)"."""
    text = ", ".join(x for x in (described["name"], described["club"]) if x)
    named = list(described["events"][:EVENTS_NAMED])
    others = described["event_count"] - len(named)
    if others > 0:
        named.append(
            ngettext("%(n)d other event", "%(n)d other events", others) % {"n": others}
            if named
            else ngettext("%(n)d event", "%(n)d events", others) % {"n": others}
        )
    return f"{text} ({', '.join(named)})" if named else text


def maybe_message(described: Mapping[str, Any]) -> str:
    return _("Maybe the same player as %(player)s: accept (the same person) or reject (a new player).") % {
        "player": described["text"]
    }


def match_rows(tournament: Tournament, viewer: Any, rows: list[PlayerRow]) -> None:
    """The import's preview: each row without errors gets its match (``row.match``: kind and the
    player described), and a federation id held by another name is the row's error."""
    registry = Registry.of(tournament)
    found = {id(row): registry.match(row.name, row.club, row.federation_id) for row in rows if not row.errors}
    described = describe({m.player for m in found.values() if m.player is not None}, viewer)
    for row in rows:
        m = found.get(id(row))
        if m is None:
            continue
        if m.kind == CLASH:
            row.errors.append(f"{_('federation id')}: {clash_message(row.federation_id, m.player, row.name)}")
            continue
        row.match = {"kind": m.kind, "player": described.get(m.player.id) if m.player else None}


# --- entering: the player an entry gets -------------------------------------------------------------


@dataclass(frozen=True)
class Found:
    """The player a new entry is for: an existing record (and how it was found) or a new one (None)."""

    player_id: int | None = None
    how: str = ""


def resolve(
    actor: Any, tournament: Tournament, *, name: str, club: str, federation_id: str, decision: str | None
) -> Found:
    """One player added by hand (page or API): ``decision`` answers a match by name and club (accept,
    reject; ``ASK`` refuses with the match for the organizer to answer; None, for callers that ask
    nobody such as the demo, enters a new record)."""
    m = Registry.of(tournament).match(name, club, federation_id)
    if m.kind == CLASH:
        raise ValidationError({"federation_id": clash_message(federation_id, m.player, name)})
    if m.kind == SAME:
        return Found(m.player.id, BY_FEDERATION_ID)
    if m.kind == MAYBE:
        if decision == ASK:
            message = maybe_message(describe([m.player], actor)[m.player.id])
            raise ValidationError({"match": ValidationError(message, code="match_pending")})
        if decision == ACCEPT:
            return Found(m.player.id, BY_NAME_AND_CLUB)
    return Found()


def plan_import(tournament: Tournament, rows: list[Mapping[str, Any]], decisions: Mapping[str, str]) -> list[Found]:
    """The player of each row of a checked file, all or nothing: every match by name and club needs its
    answer (``decisions``: the file's line -> accept or reject), two rows may not be one player, and
    where the preview's match (``row["match"]``) is no longer what the site holds, the file is
    previewed again."""
    registry = Registry.of(tournament)
    problems: dict[str, list[ValidationError]] = defaultdict(list)
    planned: list[Found] = []
    line_of: dict[int, int] = {}
    for row in rows:
        line = row["line"]
        m = registry.match(row["name"], row.get("club", ""), row.get("federation_id", ""))
        shown = row.get("match")
        if shown is not None and (shown["kind"], (shown.get("player") or {}).get("id")) != (
            m.kind,
            m.player.id if m.player else None,
        ):
            problems["file"].append(
                ValidationError(
                    _("line %(n)d: the players on the site changed since the preview; upload the file again.")
                    % {"n": line},
                    code="stale",
                )
            )
            continue
        if m.kind == CLASH:
            message = clash_message(row["federation_id"], m.player, row["name"])
            problems["file"].append(ValidationError(_("line %(n)d: %(error)s") % {"n": line, "error": message}))
            continue
        found = Found()
        if m.kind == SAME:
            found = Found(m.player.id, BY_FEDERATION_ID)
        elif m.kind == MAYBE:
            decision = decisions.get(str(line))
            if decision not in DECISIONS:
                problems[f"matches.{line}"].append(
                    ValidationError(
                        _("line %(n)d: accept or reject the match with %(player)s.")
                        % {"n": line, "player": _named(m.player)},
                        code="match_pending",
                    )
                )
                continue
            if decision == ACCEPT:
                found = Found(m.player.id, BY_NAME_AND_CLUB)
        if found.player_id is not None:
            if found.player_id in line_of:
                problems["file"].append(
                    ValidationError(
                        _("line %(n)d: the same player as line %(m)d.") % {"n": line, "m": line_of[found.player_id]}
                    )
                )
                continue
            line_of[found.player_id] = line
        planned.append(found)
    if problems:
        raise ValidationError(dict(problems))
    return planned


def player_for(found: Found, *, name: str, club: str, federation_id: str, strength: int | None) -> Player:
    """The record an entry is made for: a new one, or the one found, which takes the federation id
    given where it had none and the strength given (the current strength order, MAUSZ erősorrend);
    its name and club stay as the earlier events have them."""
    if found.player_id is None:
        player = Player(name=name, club=club, federation_id=federation_id, strength=strength)
        try:
            player.full_clean()
            with transaction.atomic():  # a savepoint: a refused insert leaves the caller's transaction usable
                player.save()
        except (ValidationError, IntegrityError) as exc:
            # Another request stored a player of this federation id after the registry was read (§1.1:
            # the database's constraint is the guard): the organizer enters him again, now matched.
            if not federation_id or not Player.objects.filter(federation_id=federation_id).exists():
                raise
            message = _("Another player was entered with federation id %(id)s meanwhile: add this player again.")
            raise ValidationError(
                {"federation_id": ValidationError(message % {"id": federation_id}, code="taken")}
            ) from exc
        return player
    player = Player.objects.select_for_update().get(pk=found.player_id)
    changed = []
    if federation_id and not player.federation_id:
        player.federation_id = federation_id
        changed.append("federation_id")
    if strength is not None and strength != player.strength:
        player.strength = strength
        changed.append("strength")
    if changed:
        player.full_clean()
        player.save(update_fields=changed)
    return player


# --- merging two records of one person (§1.3) -------------------------------------------------------


def snapshot(player: Player) -> dict[str, Any]:
    """A record as the merge's audit entry keeps it."""
    return {
        "id": player.pk,
        "name": player.name,
        "club": player.club,
        "federation_id": player.federation_id,
        "strength": player.strength,
        "events": list(player.entries.order_by("tournament_id").values_list("tournament__slug", flat=True)),
        "final_seats": [
            {"series": name, "declined": declined}
            for name, declined in FinalSeat.objects.filter(player=player)
            .order_by("series_id")
            .values_list("series__name", "declined")
        ],
    }


def events_of(*players: Player) -> list[Tournament]:
    return list(Tournament.objects.filter(entries__player__in=players).distinct().order_by("pk"))


def look_alikes(player: Player) -> list[Player]:
    """Other records of his name, whatever the club (case, spaces and accents aside): the likely merges."""
    key = name_key(player.name)
    others = Player.objects.exclude(pk=player.pk).only("pk", "name", "club", "federation_id")
    return [p for p in others if name_key(p.name) == key]


def may_merge(actor: Any, events: Iterable[Tournament]) -> bool:
    """An organizer of every event involved, or a superuser (a record in no event: superusers only)."""
    if getattr(actor, "is_superuser", False):
        return True
    events = list(events)
    return bool(events) and all(access.is_organizer(actor, t) for t in events)


def _move_final_seats(keep: Player, other: Player) -> None:
    """``other``'s marks in the series' finals (entered by the fill, or declined: season.md §7.2) become
    ``keep``'s, so the next fill still knows whom it entered and who declined. Where both records have
    one in a series, the mark follows the final's entry: entered wins (his entry there is now ``keep``'s),
    and two declines stay one."""
    kept = {s.series_id: s for s in FinalSeat.objects.select_for_update().filter(player=keep)}
    for seat in FinalSeat.objects.select_for_update().filter(player=other):
        mine = kept.get(seat.series_id)
        if mine is None:
            seat.player = keep
            seat.save(update_fields=["player", "updated_at"])
            continue
        if mine.declined and not seat.declined:
            mine.declined = False
            mine.save(update_fields=["declined", "updated_at"])
        seat.delete()


@transaction.atomic
def merge_players(actor: Any, keep: Player, other: Player, reason: str) -> Player:
    """``other`` is ``keep``: his entries and his marks in the series' finals move to ``keep`` and his
    record goes. Nothing else changes: the entries keep their numbers, PINs, seats and scores, and ``keep``
    its name and club; ``keep`` takes ``other``'s federation id only where it has none (so the id still
    names the person). Refused when both are entered in one event (one person would sit there twice).
    Audited in every event involved (its log and its pages' data version), with both records and the
    reason."""
    if keep.pk == other.pk:
        raise ValidationError({"other": _("Choose another player: a player is not merged with himself.")})
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": _("Give a reason: the audit log keeps it.")})
    # Both rows locked, in id order (two merges of the same pair cannot interleave or deadlock).
    locked = {p.pk: p for p in Player.objects.select_for_update().filter(pk__in=[keep.pk, other.pk]).order_by("pk")}
    if len(locked) < 2:
        raise ValidationError({"other": _("That player no longer exists (merged meanwhile?).")})
    keep, other = locked[keep.pk], locked[other.pk]
    events = events_of(keep, other)
    if not may_merge(actor, events):
        raise PermissionDenied(_("Only an organizer of every event of both players (or a superuser) may merge them."))
    both = Tournament.objects.filter(entries__player=keep).filter(entries__player=other).order_by("pk").first()
    if both is not None:
        raise ValidationError(
            {
                "other": _("Both are entered in %(event)s: merged, one person would sit there twice.")
                % {"event": both.name}
            }
        )
    before = {"kept": snapshot(keep), "merged": snapshot(other)}
    moved: dict[int, list[int]] = defaultdict(list)
    for tournament_id, number in other.entries.values_list("tournament_id", "start_number"):
        moved[tournament_id].append(number)
    Entry.objects.filter(player=other).update(player=keep)
    _move_final_seats(keep, other)
    carried = other.federation_id if not keep.federation_id else ""
    other.delete()  # before the id is carried over: one federation id names one player
    if carried:
        keep.federation_id = carried
        keep.save(update_fields=["federation_id"])
    after = snapshot(keep)
    for tournament in events or [None]:
        here = sorted(moved.get(tournament.pk, ())) if tournament else []
        audit.log(
            actor,
            "player.merged",
            keep,
            tournament=tournament,
            before=before,
            after={"kept": after, "moved_here": here},
            reason=reason,
        )
    return keep
