"""An event's configuration table (``scoring.config_table``: whatever its variant declares, Laza's point
table first): read-only for everyone who may see the event, an editor, uploads and downloads (CSV, XLSX)
for its organizers. One set of pages for every variant; the address names the table by its own word
(``/e/<event>/point-table/``).

Thin: ``scoring.config_table`` reads and checks the cells, ``tournaments.readings.config_table_files`` the files,
``tournaments.readings.rescore.set_config_table`` stores the table and re-scores the hands.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring import config_table as ct
from tournaments import access
from tournaments.lookups import tournament_for_organizer, tournament_for_viewer
from tournaments.models import Tournament
from tournaments.readings import config_table_files as files
from tournaments.readings import rescore
from tournaments.readings.config_table_forms import ChangeFields, UploadForm
from tournaments.readings.config_table_text import (
    cells_in_words,
    file_text,
    headers,
    languages,
    problem_text,
    read_only,
    refused_hand_text,
    say,
    table_words,
)

ROW_FIELD = "r-{i}-{col}"


def declared(tournament: Tournament, word: str) -> ct.ConfigTable:
    """The table the event's variant declares under ``word``; 404 when it declares none."""
    table = tournament.rules.config_table
    if table is None or table.slug != word:
        raise Http404(_("This event's variant has no such table."))
    return table


def _rows_for_page(
    table: ct.ConfigTable,
    cells: list[dict[str, str]],
    problems: list[ct.Problem] = (),
    numbers: list[int] | None = None,
) -> list[dict[str, Any]]:
    """Rows with their number, cells in column order and each cell's problems, for the template."""
    numbers = numbers or list(range(1, len(cells) + 1))
    out = []
    for i, row in enumerate(cells):
        n = numbers[i]
        mine = [p for p in problems if p.row == n]
        out.append(
            {
                "number": n,
                "index": i,
                "problem": bool(mine),
                "cells": [
                    {
                        "key": c.key,
                        "value": row.get(c.key, ""),
                        "name": ROW_FIELD.format(i=i, col=c.key),
                        "label": say(c.label),
                        "numeric": c.numeric,
                        "wide": c.wide,
                        # A choice is chosen by its words, not typed as a code.
                        "choices": _choices(c) if c.kind == ct.CHOICE else None,
                        "errors": [problem_text(table, p) for p in mine if p.column == c.key],
                    }
                    for c in table.columns
                ],
            }
        )
    return out


def _choices(column: ct.Column) -> list[tuple[str, str]]:
    """A choice column's choices in words; the empty choice posts nothing (the rules' default), so that
    an added row left empty stays empty."""
    return [("" if code == column.empty_choice else code, say(word)) for code, word in column.choices]


def config_table(request: HttpRequest, slug: str, table: str) -> HttpResponse:
    """The table as it scores the event, for everyone who may see the event."""
    tournament = tournament_for_viewer(request, slug)
    found = declared(tournament, table)
    return render(
        request,
        "tournaments/config_table.html",
        {
            "tournament": tournament,
            "ct": read_only(found, tournament.config),
            "title": say(found.words.title),
            "is_organizer": access.is_organizer(request.user, tournament),
        },
    )


def config_table_download(request: HttpRequest, slug: str, table: str, fmt: str) -> HttpResponse:
    tournament = tournament_for_viewer(request, slug)
    found = declared(tournament, table)
    name = f"{tournament.slug}-{found.slug}-{found.version_of(tournament.config)}"
    name = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in name)[:120]
    # The file speaks the event's language: the page's column names and words (an upload reads them back).
    with translation.override(tournament.language):
        cells, names = cells_in_words(found, found.rows(tournament.config)), headers(found)
        title = say(found.words.title)
    if fmt == "xlsx":
        response = HttpResponse(
            files.write_xlsx(found, cells, names, title),
            content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        )
    else:
        response = HttpResponse(files.write_csv(found, cells, names), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}.{fmt}"'
    return response


def _posted_cells(table: ct.ConfigTable, post: Any) -> list[dict[str, str]]:
    """The editor's rows as posted, without those marked for removal."""
    try:
        count = min(int(post.get("row_count", "0")), table.max_rows + 20)
    except ValueError:
        count = 0
    rows = []
    for i in range(max(count, 0)):
        if post.get(f"r-{i}-remove"):
            continue
        rows.append({k: post.get(ROW_FIELD.format(i=i, col=k), "") for k in table.keys})
    return rows


def _editor(
    request: HttpRequest,
    tournament: Tournament,
    table: ct.ConfigTable,
    *,
    cells: list[dict[str, str]] | None = None,
    problems: list[ct.Problem] = (),
    change: ChangeFields | None = None,
    upload: UploadForm | None = None,
    mark_cells: bool = True,
    status: int = 200,
) -> HttpResponse:
    config = tournament.config
    version = table.version_of(config)
    initial = {"version": ct.next_version(version), "revision": table.revision(config)}
    if cells is None:
        cells = ct.as_cells(table, table.rows(config))
    has_hands = tournament.round_set.filter(tables__hands__isnull=False).exists()
    return render(
        request,
        "tournaments/config_table_edit.html",
        {
            "tournament": tournament,
            "table": table,
            "words": table_words(table, version),
            "columns": [{"key": c.key, "label": say(c.label)} for c in table.columns],
            "rows": _rows_for_page(table, cells, problems if mark_cells else ()),
            "blank_row": _rows_for_page(table, [{}], numbers=[0])[0],
            "problems": [problem_text(table, p) for p in problems],
            "change": change or ChangeFields(initial=initial, prefix="t"),
            "upload": upload or UploadForm(initial=initial, prefix="u"),
            "has_hands": has_hands,
        },
        status=status,
    )


def _store(request: HttpRequest, tournament: Tournament, table: ct.ConfigTable, config: dict, data: dict) -> bool:
    """Save through the audited action and say how it went (the problems as error messages); whether it
    was stored."""
    try:
        change = rescore.set_config_table(
            request.user, tournament, config, revision=data["revision"], reason=data.get("reason", "")
        )
    except rescore.StaleTable as exc:
        refused = [str(exc)]
    except rescore.ChangeRefused as exc:
        refused = [refused_hand_text(b) for b in exc.broken] + [_("Nothing was saved.")]
    except ValidationError as exc:
        refused = list(exc.messages)
    else:
        words = table.words
        if not change.changed:
            messages.info(request, say(words.unchanged))
        elif change.rescored:
            messages.success(request, say(words.saved_rescored(len(change.rescored))))
        else:
            messages.success(request, say(words.saved))
        return True
    for sentence in refused:
        messages.error(request, sentence)
    return False


@login_required
def config_table_edit(request: HttpRequest, slug: str, table: str) -> HttpResponse:
    tournament = tournament_for_organizer(request, slug)
    found = declared(tournament, table)
    if request.method != "POST":
        return _editor(request, tournament, found)
    cells = _posted_cells(found, request.POST)
    change = ChangeFields(request.POST, prefix="t")
    if "add_row" in request.POST:  # without JavaScript: one more empty row, nothing saved
        return _editor(request, tournament, found, cells=[*cells, {}], change=change)
    rows, labels, problems = ct.rows_from_cells(found, enumerate(cells, start=1), languages())
    config, checked = ct.check(found, request.POST.get("t-version", ""), rows, labels)
    problems = [*problems, *checked]
    if not change.is_valid():
        problems += [
            ct.Problem(None, f if f == "version" else None, "invalid", " ".join(e)) for f, e in change.errors.items()
        ]
    if problems or config is None:
        return _editor(request, tournament, found, cells=cells, problems=problems, change=change, status=400)
    if not _store(request, tournament, found, config, change.cleaned_data):
        return _editor(request, tournament, found, cells=cells, change=change, status=409)
    return redirect("config-table-edit", slug=slug, table=found.slug)


@login_required
@require_POST
def config_table_upload(request: HttpRequest, slug: str, table: str) -> HttpResponse:
    tournament = tournament_for_organizer(request, slug)
    found = declared(tournament, table)
    form = UploadForm(request.POST, request.FILES, prefix="u")
    if not form.is_valid():
        return _editor(request, tournament, found, upload=form, status=400)
    f = form.cleaned_data["file"]
    try:
        names = ct.header_names(found, languages())
        numbered = files.read_file(found, f.read(files.MAX_FILE_BYTES + 1), f.name, names)
    except files.FileRejected as exc:
        problem = ct.Problem(None, None, exc.code, file_text(found, exc))
        return _editor(request, tournament, found, upload=form, status=400, problems=[problem])
    rows, labels, problems = ct.rows_from_cells(found, numbered, languages())
    config, checked = ct.check(found, form.cleaned_data["version"], rows, labels)
    problems = [*problems, *checked]
    if problems or config is None:
        # The rows are the file's lines: listed, not marked on the editor's rows.
        return _editor(request, tournament, found, upload=form, problems=problems, mark_cells=False, status=400)
    if not _store(request, tournament, found, config, form.cleaned_data):
        return _editor(request, tournament, found, upload=form, status=409)
    return redirect("config-table-edit", slug=slug, table=found.slug)
