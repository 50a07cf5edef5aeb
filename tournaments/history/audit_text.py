"""An audit entry as a sentence in the reader's language.

"Round 2, table 5, hand 7 corrected by referee Ana Novak at 14:32: card points 38 → 41; points of A
+35 → +45 (reason: miscount)". Pure over the entry's stored data (its action, place, the before and
after snapshots, the event's variant): no query. The difference is computed from the two JSON
snapshots — a hand's input read back into the variant's form (``scoring.entry.values_from``), so a
field is named by the form's label and a choice by the words the form shows; other targets by their
model fields' verbose names and choices. Never a dict, a key or a database id.

Numbers, times and dates go through Django's locale formats (decimal comma in Slovenian and
Hungarian); counts through ``ngettext``. Everything renders in the active language.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.db import models
from django.utils.translation import get_language, gettext_noop, ngettext
from django.utils.translation import gettext as _

from scoring import entry as spec
from scoring.types import Variant
from tournaments.documents.files import KINDS, parse_key
from tournaments.history.phrases import (
    DASH,
    attribute_changes,
    changed,
    clock_time,
    duration,
    entry_changes,
    entry_fields,
    fact,
    model_fields,
    signed,
    user_fact,
    value_words,
)
from tournaments.models import Round, Tournament
from tournaments.people.names import display_name
from tournaments.seasons.audit_words import DIFFS as SERIES_DIFFS
from tournaments.seasons.audit_words import HEADS as SERIES_HEADS
from tournaments.tables.handforms.base import say


@dataclass(frozen=True)
class Place:
    """Where an entry happened (the entry's own columns)."""

    round: int | None = None
    table: int | None = None
    hand: int | None = None


# --- numbers, times -----------------------------------------------------------------------------


# --- who, where ---------------------------------------------------------------------------------


def who(name: str, role: str) -> str:
    """The actor as the sentence names them: "referee Ana Novak" (role: organizer, referee or "")."""
    if not name:
        return _("a player at the table")
    if role == "organizer":
        return _("organizer %(name)s") % {"name": name}
    if role == "referee":
        return _("referee %(name)s") % {"name": name}
    return name


def place_text(place: Place) -> str:
    """ "Round 2, table 5, hand 7" with each language's word order ("2. forduló, 5. asztal, 7. leosztás")."""
    if place.round is not None and place.table is not None and place.hand is not None:
        return _("Round %(round)s, table %(table)s, hand %(hand)s") % {
            "round": place.round,
            "table": place.table,
            "hand": place.hand,
        }
    if place.round is not None and place.table is not None:
        return _("Round %(round)s, table %(table)s") % {"round": place.round, "table": place.table}
    if place.round is not None:
        return _("Round %(round)s") % {"round": place.round}
    return ""


# What happened, by action: the subject comes from the place (a hand, a table, a round) or is named
# in the phrase (a player, the event). Each is one sentence so each language orders its words.
_HEADS: dict[str, str] = {
    "hand.entered": gettext_noop("%(place)s entered by %(who)s at %(time)s"),
    "hand.corrected": gettext_noop("%(place)s corrected by %(who)s at %(time)s"),
    "hand.deleted": gettext_noop("%(place)s deleted by %(who)s at %(time)s"),
    "hand.renumbered": gettext_noop("%(place)s renumbered after a deletion by %(who)s at %(time)s"),
    "hand.rescored": gettext_noop("%(place)s scored again after a change by %(who)s at %(time)s"),
    "table.confirmed": gettext_noop("%(place)s confirmed at %(time)s"),
    "table.confirmed_by_player": gettext_noop("%(place)s: a player confirmed with the PIN at %(time)s"),
    "table.confirmed_by_judge": gettext_noop("%(place)s confirmed by seat A and the judge (%(who)s) at %(time)s"),
    "table.reopened": gettext_noop("%(place)s reopened for corrections by %(who)s at %(time)s"),
    "table.time_expired": gettext_noop("%(place)s ended by the time limit at %(time)s"),  # logs before time_up
    "table.time_up": gettext_noop("%(place)s: where time was up recorded by %(who)s at %(time)s"),
    "round.drawn": gettext_noop("%(place)s drawn by %(who)s at %(time)s"),
    "round.redrawn": gettext_noop("%(place)s drawn again by %(who)s at %(time)s"),
    "round.adjusted": gettext_noop("%(place)s: draft draw changed by hand by %(who)s at %(time)s"),
    "round.published": gettext_noop("%(place)s: draw published by %(who)s at %(time)s"),
    "round.clock_started": gettext_noop("%(place)s: clock started by %(who)s at %(time)s"),
    "round.clock_paused": gettext_noop("%(place)s: clock paused by %(who)s at %(time)s"),
    "round.closed": gettext_noop("%(place)s closed by %(who)s at %(time)s"),
    "round.reopened": gettext_noop("%(place)s reopened by %(who)s at %(time)s"),
    "entry.created": gettext_noop("Player registered by %(who)s at %(time)s"),
    "entry.late_added": gettext_noop("Late player added by %(who)s at %(time)s"),
    "entry.updated": gettext_noop("Player edited by %(who)s at %(time)s"),
    "entry.withdrawn": gettext_noop("Player withdrawn by %(who)s at %(time)s"),
    "entry.active": gettext_noop("Player reinstated by %(who)s at %(time)s"),
    "entry.pin_changed": gettext_noop("New PIN issued by %(who)s at %(time)s"),
    "organizer.added": gettext_noop("Organizer added by %(who)s at %(time)s"),
    "player.merged": gettext_noop("Two records of one player merged by %(who)s at %(time)s"),
    # Written by the migration that made a federation id name one player: nobody acted.
    "player.federation_id_cleared": gettext_noop(
        "Federation id cleared at %(time)s: another player already held it (one player per federation id)"
    ),
    "referee.set": gettext_noop("Referee set by %(who)s at %(time)s"),
    "referee.removed": gettext_noop("Referee removed by %(who)s at %(time)s"),
    "referee.account_created": gettext_noop("Referee account created by %(who)s at %(time)s"),
    "tournament.created": gettext_noop("Event created by %(who)s at %(time)s"),
    "tournament.updated": gettext_noop("Event edited by %(who)s at %(time)s"),
    "tournament.point_table_changed": gettext_noop("Point table changed by %(who)s at %(time)s"),
    "document.requested": gettext_noop("Document requested by %(who)s at %(time)s"),
    **SERIES_HEADS,  # a series' changes (tournaments.seasons)
}
_OTHER_HEAD = gettext_noop("%(place)s: change by %(who)s at %(time)s")


# --- the differences ------------------------------------------------------------------------------


def _hand_fields(variant: Variant, *inputs: Mapping[str, Any]) -> list[tuple[spec.Field, str]]:
    """The form's fields for the hands' seats (per-seat fields repeat), in page order, once each, with
    the label a sentence names them by: a row's other fields carry the row's name ("pagat ultimo ·
    kontra"), since out of the form's layout "kontra" alone says not whose."""
    form = variant.entry
    seen: dict[str, tuple[spec.Field, str]] = {}
    for hand_input in inputs:
        for section in form.layout(spec.Context.of_hand(hand_input)):
            for part in section.entries:
                if isinstance(part, spec.Item):
                    row = str(say(part.members[0].field.label, {}))
                    seen.setdefault(part.key, (part.members[0].field, row))
                    for m in part.members[1:]:
                        seen.setdefault(m.name, (m.field, f"{row} · {say(m.field.label, {})}"))
                else:
                    seen.setdefault(part.name, (part.field, str(say(part.field.label, {}))))
    return list(seen.values())


def _field_value(f: spec.Field, value: Any) -> str:
    """A form value in the words the form shows it with."""
    if value is None or value == "" or value == []:
        return DASH
    for key, label in f.choices:
        if key == value or (key not in ("", None) and str(key) == str(value)):
            return str(say(label, {}))
    return value_words(value)


def _form_values(variant: Variant | None, hand_input: Any) -> dict[str, Any]:
    """The form's values of a hand's input; none for no hand (an entry's "before": a layout may need
    the hand's seats, as Laza's pairs do)."""
    if not hand_input or not isinstance(hand_input, Mapping) or variant is None or variant.entry is None:
        return {}
    return spec.values_from(variant.entry, hand_input)


def _blank(f: spec.Field, value: Any) -> bool:
    """A value the form shows as untouched (a new hand lists only what was filled in): empty, or the
    field's preset where the preset is not a choice of its own (a list that may be left blank, like
    the ulti bid preset to parti, names its preset: the referee chose it by leaving it)."""
    if value in (None, "", [], False):
        return True
    return value == f.initial and not any(key == "" for key, _label in f.choices)


def hand_changes(
    variant: Variant | None, before: Mapping[str, Any] | None, after: Mapping[str, Any] | None
) -> list[str]:
    """A hand snapshot's difference: the form's fields that changed (old → new), then the points per
    seat. One side missing (entered, deleted): what the other holds, field by field."""
    old_in = (before or {}).get("input") or {}
    new_in = (after or {}).get("input") or {}
    old_v, new_v = _form_values(variant, old_in), _form_values(variant, new_in)
    out: list[str] = []
    fields = _hand_fields(variant, *(i for i in (old_in, new_in) if i)) if (old_v or new_v) else []
    for f, label in [*fields, (spec.Field("note", ""), _("note"))]:
        a, b = old_v.get(f.name), new_v.get(f.name)
        if before is None or after is None:
            value = b if before is None else a
            if not _blank(f, value):
                out.append(fact(label, _field_value(f, value)))
        elif (a or None) != (b or None) and _field_value(f, a) != _field_value(f, b):
            out.append(changed(label, _field_value(f, a), _field_value(f, b)))
    out += _points(before, after)
    if before is not None and after is not None and before.get("played", True) != after.get("played", True):
        out.append(_("does not count as a hand of the round") if not after.get("played", True) else _("counts again"))
    elif (before or after or {}).get("played") is False and (before is None or after is None):
        out.append(_("does not count as a hand of the round"))
    return out


def _points(before: Mapping[str, Any] | None, after: Mapping[str, Any] | None) -> list[str]:
    old = (before or {}).get("points") or {}
    new = (after or {}).get("points") or {}
    out = []
    for seat in sorted(set(old) | set(new)):
        label = _("points of %(seat)s") % {"seat": seat}
        if before is None or after is None:
            out.append(fact(label, signed((old or new).get(seat))))
        elif old.get(seat) != new.get(seat):
            out.append(changed(label, signed(old.get(seat)), signed(new.get(seat))))
    return out


def totals(values: Any) -> str:
    """Totals per seat: "A +12, B −4"."""
    if not isinstance(values, Mapping):
        return DASH
    return ", ".join(f"{seat} {signed(v)}" for seat, v in sorted(values.items()))


def _tournament_fields() -> dict[str, models.Field]:
    names = [f.name for f in Tournament._meta.concrete_fields if f.name not in ("id",)]
    return model_fields(Tournament, *names)


def _round_fields() -> dict[str, models.Field]:
    return model_fields(Round, "status", "seed", "started_at")


def _round_changes(before: Any, after: Any) -> list[str]:
    out = attribute_changes(_round_fields(), before, after)
    if before and after and before.get("elapsed_seconds") != after.get("elapsed_seconds"):
        out.append(
            changed(_("time played"), duration(before.get("elapsed_seconds")), duration(after.get("elapsed_seconds")))
        )
    return out


def _draw_changes(before: Any, after: Any) -> list[str]:
    tables = len((after or {}).get("tables") or {})
    byes = len((after or {}).get("byes") or ())
    out = [ngettext("%(n)s table", "%(n)s tables", tables) % {"n": tables}]
    if byes:
        out.append(ngettext("%(n)s player sits out", "%(n)s players sit out", byes) % {"n": byes})
    if before:
        seated_before = {str(n) for t in (before.get("tables") or {}).values() for n in t.values()}
        seated_after = {str(n) for t in (after.get("tables") or {}).values() for n in t.values()}
        moved = _moved(before.get("tables") or {}, after.get("tables") or {})
        out.append(ngettext("%(n)s player moved", "%(n)s players moved", moved) % {"n": moved})
        if seated_before != seated_after:
            out.append(_("the players seated changed"))
    return out


def _moved(old: Mapping[str, Mapping[str, Any]], new: Mapping[str, Mapping[str, Any]]) -> int:
    seat_of = {n: (t, p) for t, seats in old.items() for p, n in seats.items()}
    return sum(1 for t, seats in new.items() for p, n in seats.items() if seat_of.get(n) != (t, p))


def _close_changes(before: Any, after: Any) -> list[str]:
    out = _round_changes(before, after)
    for o in (after or {}).get("override") or ():
        state = []
        if not o.get("complete"):
            state.append(
                ngettext("%(hands)s of %(expected)s hand", "%(hands)s of %(expected)s hands", o.get("expected") or 0)
                % {"hands": o.get("hands"), "expected": o.get("expected")}
            )
        if not o.get("confirmed"):
            state.append(_("not confirmed"))
        out.append(
            _("table %(table)s closed although not done: %(state)s")
            % {"table": o.get("table"), "state": ", ".join(state)}
        )
    return out


def _reopen_changes(before: Any, after: Any) -> list[str]:
    out = _round_changes(before, after)
    later = [r.get("number") for r in (after or {}).get("later_rounds") or ()]
    if later:
        out.append(_("later rounds already drawn: %(rounds)s") % {"rounds": ", ".join(str(n) for n in later)})
    return out


def _table_reopened(before: Any, after: Any) -> list[str]:
    seats = [
        c.get("position", "") if isinstance(c, Mapping) else str(c) for c in (before or {}).get("confirmations") or ()
    ]
    out = []
    if seats:
        out.append(_("confirmations withdrawn: %(seats)s") % {"seats": ", ".join(s for s in seats if s)})
    if (before or {}).get("judge"):
        out.append(_("the judge's confirmation withdrawn"))
    return out


def _referee(before: Any, after: Any) -> list[str]:
    side = after or before or {}
    out = [fact(_("user"), value_words(side.get("user")))]
    old_t, new_t = (before or {}).get("tables"), (after or {}).get("tables")
    every = _("every table")
    if before is not None and after is not None and old_t != new_t:
        out.append(changed(_("tables"), value_words(old_t) if old_t else every, value_words(new_t) if new_t else every))
    elif (side.get("tables") is not None) and (before is None or after is None):
        out.append(fact(_("tables"), value_words(side.get("tables")) or every))
    return out


def _confirmation(before: Any, after: Any) -> list[str]:
    after = after or {}
    out = []
    if after.get("position"):
        out.append(
            _("seat %(seat)s (start number %(number)s)")
            % {"seat": after["position"], "number": after.get("start_number")}
        )
    if after.get("own_phone"):
        out.append(_("on the player's own phone"))
    if after.get("judge"):
        out.append(fact(_("judge"), after["judge"]))
    if "totals" in after:
        out.append(fact(_("totals"), totals(after.get("totals"))))
    return out


def _time_expired(before: Any, after: Any) -> list[str]:
    n = (after or {}).get("hands") or 0
    return [ngettext("after %(n)s hand", "after %(n)s hands", n) % {"n": n}]


def _time_up(before: Any, after: Any) -> list[str]:
    old, new = (before or {}).get("after_hand"), (after or {}).get("after_hand")
    return [changed(_("time was up after hand"), value_words(old), value_words(new))]


def _point_table(before: Any, after: Any) -> list[str]:
    def version(side: Any) -> str:
        pt = (side or {}).get("point_table")
        return value_words(pt.get("version")) if isinstance(pt, Mapping) and pt.get("version") else DASH

    n = _count_leaf_changes((before or {}).get("point_table"), (after or {}).get("point_table"))
    return [
        changed(_("point table version"), version(before), version(after)),
        ngettext("%(n)s value changed", "%(n)s values changed", n) % {"n": n},
    ]


def _count_leaf_changes(a: Any, b: Any) -> int:
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        return sum(_count_leaf_changes(a.get(k), b.get(k)) for k in set(a) | set(b) if k != "version")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return sum(_count_leaf_changes(x, y) for x, y in zip(a, b, strict=True))
    return 0 if a == b else 1


def _document(before: Any, after: Any) -> list[str]:
    key = (after or {}).get("key", "")
    try:
        kind, params = parse_key(key)
    except KeyError:
        return []
    label = str(KINDS[kind].label)
    if "round" in params:
        in_round = _("Round %(round)s") % {"round": params["round"]}
        label = f"{label}: {in_round}"
    return [label]


def _late(before: Any, after: Any) -> list[str]:
    out = attribute_changes(entry_fields(), None, after)
    if (after or {}).get("seated_from_round"):
        out.append(_("seated from round %(round)s") % {"round": after["seated_from_round"]})
    return out


def person_words(record: Any) -> str:
    """A player's record as a merge names it: "Janez Čuk (TK Kranj; federation id SLO-1; player 12)"."""
    record = record if isinstance(record, Mapping) else {}
    details = [record.get("club") or ""]
    if record.get("federation_id"):
        details.append(fact(_("federation id"), record["federation_id"]))
    details.append(_("player %(n)s") % {"n": value_words(record.get("id"))})
    return f"{value_words(record.get('name'))} ({'; '.join(d for d in details if d)})"


def _merged(before: Any, after: Any) -> list[str]:
    """Both records, the one kept as it is now, and the start numbers that moved in this event."""
    out = [
        fact(_("kept"), person_words((after or {}).get("kept") or (before or {}).get("kept"))),
        fact(_("merged into him"), person_words((before or {}).get("merged"))),
    ]
    moved = (after or {}).get("moved_here") or []
    if moved:
        out.append(fact(_("start numbers moved in this event"), value_words(moved)))
    # The merged record's marks in the series' finals, and the kept record's mark there after the merge.
    kept = {s.get("series"): s for s in ((after or {}).get("kept") or {}).get("final_seats") or ()}
    for seat in ((before or {}).get("merged") or {}).get("final_seats") or ():
        label = _("the final of %(series)s") % {"series": value_words(seat.get("series"))}
        out.append(changed(label, _final_mark(seat), _final_mark(kept.get(seat.get("series")))))
    return out


def _final_mark(seat: Any) -> str:
    if not isinstance(seat, Mapping):
        return DASH
    return _("declined") if seat.get("declined") else _("qualified player")


def _id_cleared(before: Any, after: Any) -> list[str]:
    return [
        fact(_("player"), person_words(after)),
        changed(_("federation id"), value_words((before or {}).get("federation_id")), DASH),
        fact(_("the id stays with"), person_words((after or {}).get("held_by"))),
    ]


def _whose_pin(before: Any, after: Any) -> list[str]:
    """A new PIN: for whom (the PINs themselves are never logged)."""
    who = after or before or {}
    return [fact(_("player"), f"{value_words(who.get('start_number'))}. {value_words(who.get('name'))}")]


def _event(before: Any, after: Any) -> list[str]:
    return attribute_changes(_tournament_fields(), before, after)


_DIFFS = {
    "table.confirmed": _confirmation,
    "table.confirmed_by_player": _confirmation,
    "table.confirmed_by_judge": _confirmation,
    "table.reopened": _table_reopened,
    "table.time_expired": _time_expired,
    "table.time_up": _time_up,
    "round.drawn": _draw_changes,
    "round.redrawn": _draw_changes,
    "round.adjusted": _draw_changes,
    "round.published": _round_changes,
    "round.clock_started": _round_changes,
    "round.clock_paused": _round_changes,
    "round.closed": _close_changes,
    "round.reopened": _reopen_changes,
    "entry.created": entry_changes,
    "entry.late_added": _late,
    "entry.updated": entry_changes,
    "entry.withdrawn": entry_changes,
    "entry.active": entry_changes,
    "entry.pin_changed": _whose_pin,
    "organizer.added": user_fact,
    "player.merged": _merged,
    "player.federation_id_cleared": _id_cleared,
    "referee.set": _referee,
    "referee.removed": _referee,
    "referee.account_created": user_fact,
    "tournament.created": _event,
    "tournament.updated": _event,
    "tournament.point_table_changed": _point_table,
    "document.requested": _document,
    **SERIES_DIFFS,
}


def changes(action: str, variant: Variant | None, before: Any, after: Any) -> list[str]:
    """What an entry changed, one phrase per difference, in the active language."""
    if action.startswith("hand."):
        if action == "hand.renumbered":
            return _renumbered(before, after)
        return hand_changes(variant, before, after)
    diff = _DIFFS.get(action)
    return diff(before, after) if diff is not None else []


def _renumbered(before: Any, after: Any) -> list[str]:
    out = []
    for key, label in (("number", _("hand number")), ("dealer", _("dealer"))):
        a, b = (before or {}).get(key), (after or {}).get(key)
        if a != b:
            out.append(changed(label, value_words(a), value_words(b)))
    return out


def sentence(
    action: str,
    place: Place,
    actor: str,
    at: datetime.datetime,
    *,
    variant: Variant | None,
    before: Any,
    after: Any,
    reason: str = "",
    details: list[str] | None = None,
) -> str:
    """The whole entry as one sentence: what, where, who and when; what changed (``details``, where the
    caller has them); why."""
    head = _(_HEADS.get(action, _OTHER_HEAD))
    text = head % {"place": place_text(place), "who": actor, "time": clock_time(at)}
    if details is None:
        details = changes(action, variant, before, after)
    if details:
        text = f"{text}: {'; '.join(details)}"
    if reason:
        because = _("reason: %(reason)s") % {"reason": reason}
        text = f"{text} ({because})"
    return text


# --- the glue: an event's entries (the only part that queries) ------------------------------------


def roles(tournament: Tournament) -> dict[int, str]:
    """User id -> "organizer" or "referee" in this event (two queries for a page of entries)."""
    found = {pk: "referee" for pk in tournament.referees.values_list("user_id", flat=True)}
    found.update({pk: "organizer" for pk in tournament.organizers.values_list("pk", flat=True)})
    return found


def entry_sentence(
    e: Any, variant: Variant | None, role_of: Mapping[int, str], details: list[str] | None = None
) -> str:
    """One stored ``AuditEntry`` (its actor selected with it) as a sentence; ``details``: its changes in
    words where the caller has them already."""
    actor = e.actor
    name = display_name(actor)
    return sentence(
        e.action,
        Place(e.round_number, e.table_number, e.hand_number),
        who(name, role_of.get(e.actor_id, "") if actor is not None else ""),
        e.created_at,
        variant=variant,
        before=e.before,
        after=e.after,
        reason=e.reason,
        details=details,
    )


# The audit log pages (an event's, a series') show this many entries a page: a page answers in about
# 30 ms at any size of the event (bench/staff.py), a director pages back through an afternoon in a few taps.
AUDIT_PAGE_SIZE = 50


# An entry's changes in words are kept this long per language: an entry never changes, but a new release
# may word them differently.
CHANGES_KEPT_SECONDS = 3600


def _changes_of(entries: Sequence[Any], variant: Variant | None) -> dict[int, list[str]]:
    """Each entry's changes in words in the active language, from the shared cache where an earlier page
    put them (the form's layout of every hand is the audit log's cost: about 1.5 ms an entry)."""
    language = get_language() or ""
    keys = {e.pk: f"audit-changes:{e.pk}:{language}" for e in entries}
    found = cache.get_many(list(keys.values()))
    out: dict[int, list[str]] = {}
    missing: dict[str, list[str]] = {}
    for e in entries:
        if keys[e.pk] in found:
            out[e.pk] = found[keys[e.pk]]
        else:
            out[e.pk] = missing[keys[e.pk]] = changes(e.action, variant, e.before, e.after)
    if missing:
        cache.set_many(missing, CHANGES_KEPT_SECONDS)
    return out


def sentences(tournament: Tournament, entries: Sequence[Any]) -> list[str]:
    """The sentences of a page of the event's entries, in the active language."""
    role_of = roles(tournament)
    try:
        variant = tournament.rules
    except KeyError:  # an event of a variant this engine no longer has: its hands' fields as stored
        variant = None
    details = _changes_of(entries, variant)
    return [entry_sentence(e, variant, role_of, details[e.pk]) for e in entries]
