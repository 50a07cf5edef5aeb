"""A series' pages: the public ladder (and its PDF and workbook), and the organizer's page for its
settings, member events, final and organizers, with its audit log.

Thin over ``access`` (the one lookup and the permissions), ``services`` (the audited writes, which
the API shares) and ``ladder`` (the one payload). The ladder page is rendered once per series version
and language; an anonymous visitor's copy is kept by ``tournaments.public.cache`` while the series and
its events are unchanged, and ``?part=rows`` answers 304 while the ETag the page holds is current, so
a phone polls the rows only after a change (static/js/standings.js, shared with the standings page).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.text import capfirst, slugify
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.events.forms import OrganizerForm
from tournaments.history.audit import ACTION_LABELS
from tournaments.history.audit_text import AUDIT_PAGE_SIZE
from tournaments.history.phrases import moment_text
from tournaments.models import Tournament
from tournaments.pages.helpers import form_action, form_errors_from
from tournaments.public import live
from tournaments.public.cache import share_series
from tournaments.public.spliced import ROWS_PART_READS, render_page, rows_part
from tournaments.seasons import access, exports, services, words
from tournaments.seasons.audit_sentences import series_sentences
from tournaments.seasons.forms import AddEventForm, DeclineForm, MemberForm, SeriesCreateForm, SeriesSettingsForm
from tournaments.seasons.ladder import payload
from tournaments.seasons.models import Series
from tournaments.seasons.versions import series_version_key, series_version_of

LADDER_READS = ROWS_PART_READS


def _versioned(series: Series, version: str, name: str, compute: Any, per_language: bool = True) -> Any:
    """``compute()`` once per series version (and language)."""
    key = f"{name}:{series_version_key(series, version)}"
    if per_language:
        key += f":{get_language()}"
    return live.cached(key, compute, live.VERSIONED_SECONDS)


def _ladder_parts(series: Series, version: str, etag: str) -> dict[str, bytes]:
    """The ladder page's content and its rows, rendered once per series version and language."""

    def compute() -> dict[str, bytes]:
        data = payload(series, version)
        rows = words.rows(data)
        events = words.event_heads(data["events"])
        rows_html = str(render_to_string("seasons/_ladder_rows.html", {"rows": rows, "columns": len(events) + 4}))
        content = render_to_string(
            "seasons/_ladder_content.html",
            {
                "series": series,
                "data": data,
                "etag": etag,
                "events": events,
                "rows_html": mark_safe(rows_html),
                "sentences": words.settings_sentences(data),
                "legend": words.legend(),
                "cut_text": words.cut_text(data) if data["cut"] and data["cut"]["shown"] else "",
                "errors": [e["message"] for e in data["errors"]],
            },
        )
        return {"rows": rows_html.encode(), "content": content.encode()}

    return _versioned(series, version, "series-ladder-page", compute)


def _series_and_version(request: HttpRequest, slug: str) -> tuple[Series, str]:
    """The series for its reader and its data version, read before anything shown is computed (a
    page kept under a version never shows older data than it)."""
    series = access.series_for_viewer(request, slug)
    return series, series_version_of(series.pk)


def ladder_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The public ladder (§5.3, §8): the settings in words above it, a column per event, dropped
    results in brackets, provisional ones marked, the final's cut line."""
    series, version = _series_and_version(request, slug)
    key = series_version_key(series, version)
    etag = f'"{key}:{get_language()}"'
    parts = _ladder_parts(series, version, etag)
    if (rows := rows_part(request, etag, parts["rows"])) is not None:
        return share_series(rows, series.pk, key, reads=LADDER_READS) if rows.status_code == 200 else rows
    context = {"series": series, "is_organizer": access.is_series_organizer(request.user, series)}
    response = render_page(request, "seasons/ladder.html", context, {"content": parts["content"]})
    return share_series(response, series.pk, key, reads=LADDER_READS)


def _document(request: HttpRequest, slug: str, kind: str) -> HttpResponse:
    series, version = _series_and_version(request, slug)
    key = series_version_key(series, version)
    make, content_type = {
        "pdf": (exports.ladder_pdf, "application/pdf"),
        "xlsx": (exports.ladder_xlsx, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    }[kind]
    body = _versioned(series, version, f"series-{kind}", lambda: make(series, payload(series, version)), False)
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{series.slug}-{_file_word(series)}.{kind}"'
    return share_series(response, series.pk, key)


def _file_word(series: Series) -> str:

    with translation.override(series.language):
        return slugify(_("ladder")) or "ladder"


def ladder_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    return _document(request, slug, "pdf")


def ladder_xlsx(request: HttpRequest, slug: str) -> HttpResponse:
    return _document(request, slug, "xlsx")


# --- the organizer's pages ------------------------------------------------------------------------------


@login_required
def series_create(request: HttpRequest) -> HttpResponse:
    if not access.can_create_series(request.user):
        raise PermissionDenied(_("You may not create a series."))
    form = SeriesCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            series = services.create_series(request.user, **form.cleaned_data)
        except ValidationError as exc:
            form_errors_from(form, exc)
        else:
            messages.success(request, _("Series created: now add its events."))
            return redirect("series-manage", slug=series.slug)
    return render(request, "tournaments/form.html", {"form": form, "title": _("New series")})


def _addable(user: Any, series: Series) -> list[Tournament]:
    """The events ``user`` may add: those he organizes that are in no series yet."""
    events = Tournament.objects.filter(series_membership__isnull=True).order_by("-created_at")
    if not user.is_superuser:
        events = events.filter(organizers=user)
    return list(events)


def _qualification(series: Series) -> dict[str, Any] | None:
    """The final's places as the fill gives them now (None while the series names no final; ``problem``
    where the ladder before it cannot be computed)."""
    try:
        return services.qualification_payload(series)
    except ValidationError as exc:
        named = hasattr(exc, "error_dict") and "final" in exc.error_dict and series.final_places
        if named and series.members.filter(is_final=True).exists():
            return {"problem": " ".join(exc.messages)}
        return None


def _manage_context(request: HttpRequest, series: Series, **forms: Any) -> dict[str, Any]:
    members = list(series.members.select_related("tournament"))
    for m in members:
        weight = m.weight.quantize(Decimal(1)) if m.weight == m.weight.to_integral_value() else m.weight.normalize()
        m.form = MemberForm(initial={"weight": weight, "always_counts": m.always_counts}, prefix=f"m{m.pk}")
    return {
        "series": series,
        "members": members,
        "settings_form": forms.get("settings_form") or SeriesSettingsForm(instance=series, prefix="s"),
        "add_form": forms.get("add_form") or AddEventForm(_addable(request.user, series)),
        "organizer_form": forms.get("organizer_form") or OrganizerForm(prefix="org"),
        "decline_form": DeclineForm(),
        "organizers": series.organizers.all(),
        "qualification": _qualification(series),
    }


@login_required
def manage(request: HttpRequest, slug: str) -> HttpResponse:
    """The organizer's page: the settings form (saved here), the member events, the final, organizers."""
    series = access.series_for_organizer(request, slug)
    form = SeriesSettingsForm(request.POST or None, instance=Series.objects.get(pk=series.pk), prefix="s")
    if request.method == "POST" and form.is_valid():
        changes, final = form.changes()
        try:
            series = services.update_series(request.user, series, final=final, **changes)
        except ValidationError as exc:
            form_errors_from(form, _renamed(exc))
        else:
            messages.success(request, _("Series saved: the ladder follows the new settings."))
            return redirect("series-manage", slug=series.slug)
    return render(request, "seasons/manage.html", _manage_context(request, series, settings_form=form))


# The services name the fields as the API does; the settings form types two of them differently.
_FORM_FIELDS = {"table": "table_text", "tie_breaks": "tie_break_1"}


def _renamed(exc: ValidationError) -> ValidationError:
    if not hasattr(exc, "error_dict"):
        return exc
    return ValidationError({_FORM_FIELDS.get(f, f): errors for f, errors in exc.error_dict.items()})


def _weighting(data: dict[str, Any]) -> dict[str, Any]:
    """A member event's weight and whether it always counts, as the add and member forms give them."""
    return {"weight": data["weight"], "always_counts": data["always_counts"]}


@login_required
@require_POST
def event_add(request: HttpRequest, slug: str) -> HttpResponse:
    series = access.series_for_organizer(request, slug)
    form = AddEventForm(_addable(request.user, series), request.POST)

    def add(data: dict[str, Any]) -> str:
        event = Tournament.objects.get(slug=data["event"])
        services.add_event(request.user, series, event, **_weighting(data))
        return _("%(event)s added to the series.") % {"event": event.name}

    if form_action(request, form, add):
        return redirect(reverse("series-manage", args=[slug]) + "#events")
    return render(request, "seasons/manage.html", _manage_context(request, series, add_form=form))


@login_required
@require_POST
def member_action(request: HttpRequest, slug: str, event: str) -> HttpResponse:
    """A member event's row: save its weight and flag, move it up or down, or remove it."""
    series = access.series_for_organizer(request, slug)
    try:
        member = services.membership(series, event)
    except ValidationError:
        raise Http404 from None
    form = MemberForm(request.POST, prefix=f"m{member.pk}")
    if not form.is_valid():
        _errors_to_messages(request, form.errors, form)
        return redirect(reverse("series-manage", args=[slug]) + "#events")
    action = form.cleaned_data["action"]
    try:
        if action == "remove":
            services.remove_event(request.user, series, member)
            messages.success(request, _("%(event)s removed from the series.") % {"event": member.tournament.name})
        elif action in ("up", "down"):
            services.update_event(
                request.user, series, member, position=max(1, member.position + (-1 if action == "up" else 1))
            )
        else:
            services.update_event(request.user, series, member, **_weighting(form.cleaned_data))
            messages.success(request, _("%(event)s saved.") % {"event": member.tournament.name})
    except ValidationError as exc:
        _errors_to_messages(request, exc.message_dict if hasattr(exc, "error_dict") else {"": exc.messages}, form)
    return redirect(reverse("series-manage", args=[slug]) + "#events")


def _errors_to_messages(request: HttpRequest, errors: Any, form: Any) -> None:
    for field, texts in errors.items():
        label = form.fields[field].label if field in form.fields else ""
        for text in texts:
            messages.error(request, f"{capfirst(label)}: {text}" if label else text)


@login_required
@require_POST
def final_fill(request: HttpRequest, slug: str) -> HttpResponse:
    """ "Fill the final" (§7.2): the top K of the ladder before the final enter it."""
    series = access.series_for_organizer(request, slug)
    try:
        fill = services.fill_final(request.user, series)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("The final is filled: %(n)d players entered.") % {"n": len(fill.entered)})
    return redirect(reverse("series-manage", args=[slug]) + "#final")


@login_required
@require_POST
def final_decline(request: HttpRequest, slug: str) -> HttpResponse:
    """A qualified player declines: marked so, and the next on the ladder takes his place."""
    series = access.series_for_organizer(request, slug)
    form = DeclineForm(request.POST)
    if not form.is_valid():
        _errors_to_messages(request, form.errors, form)
        return redirect(reverse("series-manage", args=[slug]) + "#final")
    try:
        services.decline(request.user, series, form.cleaned_data["player"], form.cleaned_data["reason"])
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("Decline recorded; the next player on the ladder takes the place."))
    return redirect(reverse("series-manage", args=[slug]) + "#final")


@login_required
@require_POST
def organizer_add(request: HttpRequest, slug: str) -> HttpResponse:
    series = access.series_for_organizer(request, slug)
    form = OrganizerForm(request.POST, prefix="org")

    def add(data: dict[str, Any]) -> str:
        services.add_organizer(request.user, series, data["username"])
        return _("Organizer added.")

    if form_action(request, form, add):
        return redirect(reverse("series-manage", args=[slug]) + "#organizers")
    return render(request, "seasons/manage.html", _manage_context(request, series, organizer_form=form))


@login_required
def audit_log(request: HttpRequest, slug: str) -> HttpResponse:
    """Every change of the series, newest first (its settings, members, the final's fill)."""
    series = access.series_for_organizer(request, slug)
    page = Paginator(series.audit_entries.select_related("actor", "tournament"), AUDIT_PAGE_SIZE).get_page(
        request.GET.get("page")
    )
    entries = list(page.object_list)
    for e, text in zip(entries, series_sentences(series, entries), strict=True):
        e.sentence = text
        e.when = moment_text(e.created_at)
        e.action_label = ACTION_LABELS.get(e.action, e.action)
    return render(request, "seasons/audit.html", {"series": series, "entries": entries, "page": page})
