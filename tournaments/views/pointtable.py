"""The Laza point table's pages: read-only for everyone who may see the event, an editor,
uploads and downloads (CSV, XLSX) for its organizers (tarokk-laza.md §4).

Thin: ``tournaments.pointtable`` reads and checks the cells, ``tournaments.rescore``
stores the table and re-scores the hands.
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
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournaments import rescore

from .. import access
from .. import pointtable as pt
from ..forms_pointtable import ChangeFields, UploadForm
from ..lookups import tournament_for_organizer, tournament_for_viewer
from ..models import Tournament
from ..pointtable_text import (
    COLUMN_LABELS,
    QUALIFIER_WORDS,
    file_text,
    header_names,
    headers,
    in_words,
    problem_text,
    qualifier_codes,
    refused_hand_text,
)

ROW_FIELD = "r-{i}-{col}"


def _laza(tournament: Tournament) -> None:
    if tournament.variant != pt.VARIANT and not pt.has_point_table(tournament.config):
        raise Http404(_("This event's variant has no point table."))


def _columns() -> list[dict[str, str]]:
    return [{"key": c, "label": str(COLUMN_LABELS[c])} for c in pt.COLUMNS]


def _rows_for_page(
    cells: list[dict[str, str]], problems: list[pt.Problem] = (), numbers: list[int] | None = None
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
                        "key": c,
                        "value": row.get(c, ""),
                        "name": ROW_FIELD.format(i=i, col=c),
                        "label": str(COLUMN_LABELS[c]),
                        "numeric": c in pt.INT_COLUMNS,
                        # The qualifier is chosen by its words, not typed as a code.
                        "choices": _qualifier_choices() if c == "qualifier" else None,
                        "errors": [problem_text(p) for p in mine if p.column == c],
                    }
                    for c in pt.COLUMNS
                ],
            }
        )
    return out


def _qualifier_choices() -> list[tuple[str, str]]:
    """The qualifier's choices in words; "—" posts nothing (the rules' qualifier, else none), so that an
    added row left empty stays empty."""
    return [("" if code == "none" else code, str(word)) for code, word in QUALIFIER_WORDS.items()]


def point_table(request: HttpRequest, slug: str) -> HttpResponse:
    """The table as it scores the event, for everyone who may see the event."""
    tournament = tournament_for_viewer(request, slug)
    _laza(tournament)
    return render(
        request,
        "tournaments/pointtable.html",
        {"tournament": tournament, "is_organizer": access.is_organizer(request.user, tournament)},
    )


def point_table_download(request: HttpRequest, slug: str, fmt: str) -> HttpResponse:
    tournament = tournament_for_viewer(request, slug)
    _laza(tournament)
    name = f"{tournament.slug}-point-table-{pt.version_of(tournament.config)}"
    name = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in name)[:120]
    # The file speaks the event's language: the page's column names and words (an upload reads them back).
    with translation.override(tournament.language):
        cells, names = in_words(pt.as_cells(pt.effective_rows(tournament.config))), headers()
        title = _("Point table")
    if fmt == "xlsx":
        response = HttpResponse(
            pt.write_xlsx(cells, names, title),
            content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        )
    else:
        response = HttpResponse(pt.write_csv(cells, names), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}.{fmt}"'
    return response


def _posted_cells(post: Any) -> list[dict[str, str]]:
    """The editor's rows as posted, without those marked for removal."""
    try:
        count = min(int(post.get("row_count", "0")), pt.MAX_ROWS + 20)
    except ValueError:
        count = 0
    rows = []
    for i in range(max(count, 0)):
        if post.get(f"r-{i}-remove"):
            continue
        rows.append({c: post.get(ROW_FIELD.format(i=i, col=c), "") for c in pt.COLUMNS})
    return rows


def _editor(
    request: HttpRequest,
    tournament: Tournament,
    *,
    cells: list[dict[str, str]] | None = None,
    problems: list[pt.Problem] = (),
    change: ChangeFields | None = None,
    upload: UploadForm | None = None,
    mark_cells: bool = True,
    status: int = 200,
) -> HttpResponse:
    config = tournament.config
    initial = {"version": pt.next_version(pt.version_of(config)), "revision": pt.revision(config)}
    if cells is None:
        cells = pt.as_cells(pt.effective_rows(config))
    has_hands = tournament.round_set.filter(tables__hands__isnull=False).exists()
    return render(
        request,
        "tournaments/pointtable_edit.html",
        {
            "tournament": tournament,
            "columns": _columns(),
            "rows": _rows_for_page(cells, problems if mark_cells else ()),
            "blank_row": _rows_for_page([{}], numbers=[0])[0],
            "problems": [problem_text(p) for p in problems],
            "change": change or ChangeFields(initial=initial, prefix="t"),
            "upload": upload or UploadForm(initial=initial, prefix="u"),
            "current_version": pt.version_of(config),
            "has_hands": has_hands,
        },
        status=status,
    )


def _store(request: HttpRequest, tournament: Tournament, config: dict, data: dict[str, Any]) -> bool:
    """Save through the audited action and say how it went (the problems as error messages); whether it
    was stored."""
    refused = _refusal(request, tournament, config, data)
    for sentence in refused or ():
        messages.error(request, sentence)
    return refused is None


def _refusal(request: HttpRequest, tournament: Tournament, config: dict, data: dict[str, Any]) -> list[str] | None:
    """Save through the audited action; the problems as sentences, or None when stored."""
    try:
        change = rescore.set_point_table(
            request.user, tournament, config, revision=data["revision"], reason=data.get("reason", "")
        )
    except rescore.StalePointTable as exc:
        return [str(exc)]
    except rescore.PointTableRefused as exc:
        return [refused_hand_text(b) for b in exc.broken] + [_("Nothing was saved.")]
    except ValidationError as exc:
        return list(exc.messages)
    if not change.changed:
        messages.info(request, _("The point table is unchanged."))
    elif change.rescored:
        n = len(change.rescored)
        messages.success(
            request,
            ngettext(
                "Point table saved; %(n)s hand was scored again.",
                "Point table saved; %(n)s hands were scored again.",
                n,
            )
            % {"n": n},
        )
    else:
        messages.success(request, _("Point table saved."))
    return None


@login_required
def point_table_edit(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for_organizer(request, slug)
    _laza(tournament)
    if request.method != "POST":
        return _editor(request, tournament)
    cells = _posted_cells(request.POST)
    change = ChangeFields(request.POST, prefix="t")
    if "add_row" in request.POST:  # without JavaScript: one more empty row, nothing saved
        return _editor(request, tournament, cells=[*cells, {}], change=change)
    rows, labels, problems = pt.rows_from_cells(enumerate(cells, start=1), qualifier_codes())
    config, engine_problems = pt.check(request.POST.get("t-version", ""), rows, labels)
    problems = [*problems, *engine_problems]
    if not change.is_valid():
        problems += [
            pt.Problem(None, f if f in COLUMN_LABELS else None, "plain", {"text": " ".join(e)})
            for f, e in change.errors.items()
        ]
    if problems or config is None:
        return _editor(request, tournament, cells=cells, problems=problems, change=change, status=400)
    if not _store(request, tournament, config, change.cleaned_data):
        return _editor(request, tournament, cells=cells, change=change, status=409)
    return redirect("point-table-edit", slug=slug)


@login_required
@require_POST
def point_table_upload(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for_organizer(request, slug)
    _laza(tournament)
    form = UploadForm(request.POST, request.FILES, prefix="u")
    if not form.is_valid():
        return _editor(request, tournament, upload=form, status=400)
    f = form.cleaned_data["file"]
    try:
        numbered = pt.read_file(f.read(pt.MAX_FILE_BYTES + 1), f.name, header_names())
    except pt.FileRejected as exc:
        return _editor(
            request,
            tournament,
            upload=form,
            status=400,
            problems=[pt.Problem(None, None, "plain", {"text": file_text(exc)})],
        )
    rows, labels, problems = pt.rows_from_cells(numbered, qualifier_codes())
    config, engine_problems = pt.check(form.cleaned_data["version"], rows, labels)
    problems = [*problems, *engine_problems]
    if problems or config is None:
        # The rows are the file's lines: listed, not marked on the editor's rows.
        return _editor(request, tournament, upload=form, problems=problems, mark_cells=False, status=400)
    if not _store(request, tournament, config, form.cleaned_data):
        return _editor(request, tournament, upload=form, status=409)
    return redirect("point-table-edit", slug=slug)
