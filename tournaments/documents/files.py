"""Generated files as rows (STYLE.md §8): round protocols, the standings PDF, Excel exports.

A document is named by a key ("round-3-protocols-filled", "standings-pdf", "hands-xlsx").
Its *fingerprint* hashes everything it is made from (hands' ids, numbers and versions,
seats, names, the event's fields, ...). ``jobs.request_document`` returns the stored row when
the fingerprint still matches and otherwise marks it queued and queues
``tasks.generate_document`` after commit; the task calls ``generate``, which renders the
current data and stores the file only if no newer request superseded it meanwhile
(a conditional UPDATE, so two workers cannot both win).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import re
import tempfile
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import DatabaseError, connection, connections, transaction
from django.utils import timezone, translation
from django.utils.text import slugify
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.documents import exports
from tournaments.documents.protocols import links, render
from tournaments.incidents.models import Incident, Sanction
from tournaments.models import (
    AuditEntry,
    Bye,
    Confirmation,
    Entry,
    GeneratedFile,
    Hand,
    JudgeConfirmation,
    Round,
    Seat,
    Table,
    Tournament,
)

logger = logging.getLogger(__name__)

# Bump when a template or an export's layout changes, so stored files count as stale.
FORMAT_VERSION = 1
# A queued row older than this is assumed lost (the broker flushed) and is queued again.
STUCK_AFTER = timedelta(minutes=15)
# A running job writes its row's ``updated_at`` this often (a thread beside the rendering, which may
# report no progress for a minute); a running row silent for LOST_AFTER lost its worker (killed as a
# whole, the machine restarted: no process is left to put the job back, and Redis redelivers an
# unacknowledged job only after an hour). It is shown failed and can be asked for again at once.
HEARTBEAT_SECONDS = 5
LOST_AFTER = timedelta(seconds=30)

PDF = "application/pdf"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

Status = GeneratedFile.Status


# --- what each document depends on (plain, JSON-able data for the fingerprint) -------------------


def _event_facts(t: Tournament) -> list[Any]:
    return [
        t.pk,
        t.name,
        t.slug,
        t.variant,
        t.language,
        t.rounds,
        t.hands_per_round,
        t.table_size,
        t.config,
        t.tiebreaks,
        t.draw_seed,
        t.date and t.date.isoformat(),
        t.venue,
    ]  # date, venue: printed headers


def _seats(t: Tournament, round_no: int | None = None) -> list[Any]:
    seats = Seat.objects.filter(round__tournament=t)
    if round_no is not None:
        seats = seats.filter(round__number=round_no)
    return list(
        seats.order_by("table_id", "position").values_list(
            "table_id",
            "position",
            "entry_id",
            "entry__start_number",
            "entry__team",
            "entry__player__name",
            "entry__player__club",
        )
    )


def _tables(t: Tournament, round_no: int | None = None) -> list[Any]:
    tables = Table.objects.filter(round__tournament=t)
    if round_no is not None:
        tables = tables.filter(round__number=round_no)
    return list(
        tables.order_by("pk").values_list(
            "pk", "round__number", "number", "first_dealer", "confirmed_at", "time_up_after"
        )
    )


def _hands(t: Tournament, round_no: int | None = None) -> list[Any]:

    hands = Hand.objects.filter(table__round__tournament=t)
    if round_no is not None:
        hands = hands.filter(table__round__number=round_no)
    # A correction bumps ``version``; a deletion renumbers the later hands without a new version.
    return list(hands.order_by("pk").values_list("pk", "table_id", "number", "version"))


def _incidents(tables: Any) -> list[Any]:
    """What a filled sheet's footnotes show of the incidents at ``tables`` (a queryset of tables)."""
    return list(
        Incident.objects.filter(table__in=tables)
        .order_by("pk")
        .values_list("pk", "table_id", "hand_number", "hand_id", "kind", "status", "outcome", "finding", "ruling")
    )


def _closings(tables: Any) -> list[Any]:
    """What a filled sheet says of how ``tables`` were closed and of the sanctions given there: the
    judge's countersignatures, the closes and reopenings of their rounds (an override's reason and
    organizer) and the sanctions from incidents at them (with the names the sheet prints)."""
    names = ("actor__username", "actor__first_name", "actor__last_name")
    return [
        list(
            JudgeConfirmation.objects.filter(table__in=tables)
            .order_by("pk")
            .values_list("pk", "table_id", "reason", "judge__username", "judge__first_name", "judge__last_name")
        ),
        list(
            AuditEntry.objects.filter(
                action__in=("round.closed", "round.reopened"),
                tournament_id__in=tables.values("round__tournament_id"),
                round_number__in=tables.values("round__number"),
            )
            .order_by("pk")
            .values_list("pk", "round_number", *names)
        ),
        list(
            Sanction.objects.filter(incident__table__in=tables)
            .order_by("pk")
            .values_list("pk", "incident_id", "entry_id", "kind", "reason", "lifted_at")
        ),
    ]


def _entries(t: Tournament) -> list[Any]:
    return list(
        Entry.objects.filter(tournament=t)
        .order_by("pk")
        .values_list(
            "pk",
            "start_number",
            "status",
            "team",
            "player__name",
            "player__club",
            "player__federation_id",
            "player__strength",
        )
    )


def protocols_inputs(t: Tournament, params: dict) -> list[Any]:
    n = params["round"]
    data = [_event_facts(t), links.site_url(), n, _tables(t, n), _seats(t, n)]
    if params["filled"]:
        data += [
            _hands(t, n),
            list(
                Confirmation.objects.filter(table__round__tournament=t, table__round__number=n)
                .order_by("pk")
                .values_list("pk", "position", "confirmed_at")
            ),
            _incidents(Table.objects.filter(round__tournament=t, round__number=n)),
            _closings(Table.objects.filter(round__tournament=t, round__number=n)),
        ]
    return data


def table_protocol_fingerprint(table: Table, filled: bool) -> str:
    """A hash of everything one table's protocol shows (its cache key in views.documents)."""
    t = table.round.tournament
    data: list[Any] = [
        FORMAT_VERSION,
        "table-protocol",
        filled,
        _event_facts(t),
        links.site_url(),
        table.round.number,
        [row for row in _tables(t, table.round.number) if row[0] == table.pk],
        [row for row in _seats(t, table.round.number) if row[0] == table.pk],
    ]
    if filled:
        data += [
            list(Hand.objects.filter(table=table).order_by("pk").values_list("pk", "number", "version")),
            list(Confirmation.objects.filter(table=table).order_by("pk").values_list("pk", "position", "confirmed_at")),
            _incidents(Table.objects.filter(pk=table.pk)),
            _closings(Table.objects.filter(pk=table.pk)),
        ]
    return hashlib.sha256(json.dumps(data, default=str, separators=(",", ":")).encode()).hexdigest()


def standings_inputs(t: Tournament, params: dict) -> list[Any]:
    return [
        _event_facts(t),
        _entries(t),
        _tables(t),
        _seats(t),
        _hands(t),
        list(Bye.objects.filter(round__tournament=t).order_by("pk").values_list("round__number", "entry_id")),
        list(Round.objects.filter(tournament=t).order_by("number").values_list("number", "status")),
    ]


def hands_inputs(t: Tournament, params: dict) -> list[Any]:
    return [_event_facts(t), _tables(t), _seats(t), _hands(t)]


def players_inputs(t: Tournament, params: dict) -> list[Any]:
    return [
        _event_facts(t),
        _entries(t),
        list(Seat.objects.filter(round__tournament=t).order_by("pk").values_list("pk", "entry_id", "round__status")),
    ]


# --- the registry of document kinds (STYLE.md §2) ---------------------------------------------------

Progress = Callable[[int], Any]


@dataclass(frozen=True)
class Kind:
    label: Any
    extension: str
    content_type: str
    inputs: Callable[[Tournament, dict], list[Any]]
    build: Callable[[Tournament, dict, Progress], bytes]
    public: bool = False  # anyone who may view the event may download it (else organizers only)
    file_words: Any = ""  # what its file is called (``filename``), translated into the event's language


def _build_protocols(t: Tournament, params: dict, progress: Progress) -> bytes:
    rnd = Round.objects.select_related("tournament").get(tournament=t, number=params["round"])
    return render.round_protocols_pdf(rnd, filled=params["filled"], progress=progress)


def _workbook(label: Any, inputs: Callable[[Tournament, dict], list[Any]], build: Callable, words: Any) -> Kind:
    """An Excel document of the whole event: built in one go (no progress to report), organizers only."""
    return Kind(label, "xlsx", XLSX, inputs, lambda t, params, progress: build(t), file_words=words)


KINDS: dict[str, Kind] = {
    "protocols": Kind(_("Round protocols"), "pdf", PDF, protocols_inputs, _build_protocols),
    "standings-pdf": Kind(
        _("Standings (PDF)"),
        "pdf",
        PDF,
        standings_inputs,
        lambda t, params, progress: render.standings_pdf(t, progress),
        public=True,
        file_words=_("standings"),
    ),
    "standings-xlsx": _workbook(_("Standings (Excel)"), standings_inputs, exports.standings_workbook, _("standings")),
    "hands-xlsx": _workbook(_("All hands (Excel)"), hands_inputs, exports.hands_workbook, _("all hands")),
    "players-xlsx": _workbook(_("Player list (Excel)"), players_inputs, exports.players_workbook, _("player list")),
}
EVENT_KEYS = ("standings-pdf", "standings-xlsx", "hands-xlsx", "players-xlsx")
_PROTOCOLS_KEY = re.compile(r"round-(\d{1,3})-protocols-(blank|filled)\Z")


def protocols_key(round_no: int, filled: bool) -> str:
    return f"round-{round_no}-protocols-{'filled' if filled else 'blank'}"


def parse_key(key: str) -> tuple[str, dict]:
    """(kind, parameters) of a document key; KeyError for a key that names no document."""
    if key in EVENT_KEYS:
        return key, {}
    m = _PROTOCOLS_KEY.match(key)
    if m:
        return "protocols", {"round": int(m[1]), "filled": m[2] == "filled"}
    raise KeyError(key)


def fingerprint(tournament: Tournament, key: str, memo: dict | None = None) -> str:
    """A hash of everything the document ``key`` is made from. ``memo`` shares inputs between
    documents made from the same data (the standings PDF and its Excel twin) within one call site."""
    kind, params = parse_key(key)
    spec = KINDS[kind]
    memo_key = (spec.inputs, json.dumps(params, sort_keys=True))
    if memo is None or memo_key not in memo:
        inputs = spec.inputs(tournament, params)
        if memo is not None:
            memo[memo_key] = inputs
    else:
        inputs = memo[memo_key]
    data = [FORMAT_VERSION, key, inputs]
    return hashlib.sha256(json.dumps(data, default=str, separators=(",", ":")).encode()).hexdigest()


def file_name(tournament: Tournament, words: Callable[[], str], extension: str) -> str:
    """A file's name in the event's language: the event's slug and ``words()`` (called with the
    event's language active) made safe for a file name: "ljubljana-open-krog-1-izpolnjeni-zapisniki.pdf"."""
    with translation.override(tournament.language):
        text = slugify(str(words()))
    return f"{tournament.slug}-{text}.{extension}"


def filename(tournament: Tournament, key: str) -> str:
    """The stored document's file name, as the organizer downloads it."""
    kind, params = parse_key(key)
    if kind == "protocols":

        def words() -> str:
            if params["filled"]:
                return gettext("round %(n)d, filled protocols") % {"n": params["round"]}
            return gettext("round %(n)d, blank protocols") % {"n": params["round"]}

    else:

        def words() -> str:
            return str(KINDS[kind].file_words)

    return file_name(tournament, words, KINDS[kind].extension)


# --- actions ---------------------------------------------------------------------------------------


def is_fresh(row: GeneratedFile | None, current: str) -> bool:
    """Done for these inputs, and its file is really there (a database restored without its media
    folder has rows whose files are gone: those are made again instead of failing to open)."""
    return bool(
        row
        and row.status == Status.DONE
        and row.fingerprint == current
        and row.file
        and default_storage.exists(row.file.name)
    )


# Prefixes of ``GeneratedFile.error`` for failures that are not the renderer's own.
QUEUE_FAILED = "queue: "
WORKER_LOST = "worker: "


def failure_reason(row: GeneratedFile | None) -> str:
    """What the organizer reads beside the retry button of a failed document, in their language."""
    if row is None or row.status != Status.FAILED:
        return ""
    if row.error.startswith(QUEUE_FAILED):
        return gettext(
            "The job could not be queued: the background worker cannot be reached. Try again in a "
            "moment; if it keeps failing, tell the site's administrator."
        )
    if row.error.startswith(WORKER_LOST):
        return gettext(
            "The background worker stopped while making this file (it was restarted or killed). "
            "Generate it again; if it keeps failing, tell the site's administrator."
        )
    return gettext(
        "Making the file failed (%(error)s). Try again; if it keeps failing, tell the site's administrator."
    ) % {"error": row.error}


def settled(row: GeneratedFile | None) -> GeneratedFile | None:
    """``row``, marked failed if it is running but its job's heartbeat stopped (``LOST_AFTER``): its
    worker is gone. A conditional UPDATE: a heartbeat written meanwhile keeps it running."""
    if row is None or row.status != Status.RUNNING or timezone.now() - row.updated_at < LOST_AFTER:
        return row
    lost = GeneratedFile.objects.filter(pk=row.pk, status=Status.RUNNING, updated_at=row.updated_at).update(
        status=Status.FAILED,
        error=f"{WORKER_LOST}no heartbeat since {row.updated_at.isoformat()}",
        finished_at=timezone.now(),
        updated_at=timezone.now(),
    )
    if lost:
        logger.warning("document %s of event %s lost its worker (no heartbeat)", row.key, row.tournament_id)
    row.refresh_from_db()
    return row


def _set_progress(file_id: int, requested: str) -> Progress:
    def progress(percent: int) -> None:
        # updated_at doubles as a heartbeat (``_heartbeat`` writes it between reports).
        GeneratedFile.objects.filter(pk=file_id, fingerprint=requested).update(
            progress=percent, updated_at=timezone.now()
        )

    return progress


def generate(file_id: int, requested: str) -> GeneratedFile | None:
    """Render and store the document of row ``file_id`` for the request with fingerprint ``requested``.

    Does nothing when a newer request has replaced that fingerprint (its own task will run).
    Call inside ``translation.override(event language)``.
    """
    # "running" too: a job whose worker died is delivered again (tasks: acks_late, reject_on_worker_lost)
    # and finds its row as the dead worker left it. Only a redelivery or a superseding request (a new
    # fingerprint) sends a second message for a row, so two live workers do not share one.
    claimed = GeneratedFile.objects.filter(
        pk=file_id, fingerprint=requested, status__in=(Status.QUEUED, Status.RUNNING)
    ).update(status=Status.RUNNING, progress=1, updated_at=timezone.now())
    if not claimed:
        return None
    row = GeneratedFile.objects.select_related("tournament").get(pk=file_id)
    tournament = row.tournament
    kind, params = parse_key(row.key)
    try:
        # What the file is made from now: stored with it, so a change during rendering makes it stale.
        current = fingerprint(tournament, row.key)
        with _heartbeat(file_id, requested):
            content = KINDS[kind].build(tournament, params, _set_progress(file_id, requested))
        name = _store(f"documents/{tournament.slug}/{row.key}-{current[:12]}.{KINDS[kind].extension}", content)
    except Exception as exc:  # a failed job says why and can be asked for again; it never stays "running"
        logger.exception("generating %s of %s failed", row.key, tournament.slug)
        GeneratedFile.objects.filter(pk=file_id, fingerprint=requested).update(
            status=Status.FAILED,
            error=f"{type(exc).__name__}: {exc}"[:2000],
            finished_at=timezone.now(),
            updated_at=timezone.now(),
        )
        return GeneratedFile.objects.get(pk=file_id)
    old_name = row.file.name
    stored = GeneratedFile.objects.filter(pk=file_id, fingerprint=requested).update(
        status=Status.DONE,
        progress=100,
        file=name,
        fingerprint=current,
        error="",
        finished_at=timezone.now(),
        updated_at=timezone.now(),
    )
    if not stored:  # superseded while rendering: the newer request's task stores its own file
        default_storage.delete(name)
        return None
    if old_name and old_name != name:
        default_storage.delete(old_name)
    return GeneratedFile.objects.get(pk=file_id)


@contextlib.contextmanager
def _heartbeat(file_id: int, requested: str) -> Iterator[None]:
    """While the block runs, a thread writes the row's ``updated_at`` every HEARTBEAT_SECONDS: a
    running row whose heartbeat stopped lost its process (``settled``). Not inside a transaction (a
    test's, or an eager task run by a caller's): another connection would not see the row, and on
    PostgreSQL would wait for its lock."""
    if connection.in_atomic_block:
        yield
        return
    stop = threading.Event()

    def beat() -> None:
        try:
            while not stop.wait(HEARTBEAT_SECONDS):
                try:
                    GeneratedFile.objects.filter(pk=file_id, fingerprint=requested, status=Status.RUNNING).update(
                        updated_at=timezone.now()
                    )
                except DatabaseError:  # a busy database: the next beat tries again
                    logger.warning("document %s: heartbeat not written", file_id, exc_info=True)
        finally:
            connections.close_all()  # this thread's own connection

    thread = threading.Thread(target=beat, name=f"document-heartbeat-{file_id}", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(timeout=2 * HEARTBEAT_SECONDS)


def _store(name: str, content: bytes) -> str:
    """Save ``content`` under (a free variant of) ``name`` whole or not at all.

    On a local disk the bytes go to a temporary file in the same folder, flushed to disk, then
    renamed (atomic on one file system): a full disk or a killed worker leaves no partial file
    under a document's name, and the temporary one is removed on any error.
    """
    try:
        default_storage.path(name)
    except NotImplementedError:  # a remote storage uploads the object whole or not at all
        return default_storage.save(name, ContentFile(content))
    name = default_storage.get_available_name(name)
    path = default_storage.path(name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    fd, partial = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".partial-")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(content)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(partial, settings.FILE_UPLOAD_PERMISSIONS or 0o644)  # mkstemp makes it owner-only
        os.replace(partial, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(partial)
        raise
    return name


def documents_overview(tournament: Tournament) -> list[dict[str, Any]]:
    """Every document an organizer can ask for, with its row (if any) and whether it is current."""
    rows = {r.key: settled(r) for r in GeneratedFile.objects.filter(tournament=tournament)}
    memo: dict = {}
    out = []
    rounds = list(tournament.round_set.order_by("number").values_list("number", "status"))
    keys = [
        (protocols_key(n, filled), n, filled)
        for n, status in rounds
        for filled in (False, True)
        if status != Round.Status.DRAFT or not filled
    ]
    keys += [(k, None, None) for k in EVENT_KEYS]
    for key, round_no, filled in keys:
        kind, _params = parse_key(key)
        row = rows.get(key)
        out.append(
            {
                "key": key,
                "kind": kind,
                "label": KINDS[kind].label,
                "round": round_no,
                "filled": filled,
                "row": row,
                "fresh": is_fresh(row, fingerprint(tournament, key, memo))
                if row and row.status == Status.DONE
                else False,
                "reason": failure_reason(row),
            }
        )
    return out


def remove_stored_file(sender: type, instance: GeneratedFile, **kwargs: Any) -> None:
    """post_delete: a deleted row (its event deleted, in the admin or by cascade) takes its file
    along once the deletion is committed; a rolled-back delete keeps it."""
    name = instance.file.name
    if name:
        transaction.on_commit(lambda: default_storage.delete(name))
