"""Who may do what with a series, as for events (``tournaments.access``): its organizers manage it
(superusers everywhere), the public reads a public series' pages; a member event is added or its
final filled only by someone who organizes that event too."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from tournaments import access
from tournaments.models import Tournament
from tournaments.seasons.models import Series


def can_create_series(user: Any) -> bool:
    """Whoever may create events may create a series of them."""
    return access.can_create_tournament(user)


def is_series_organizer(user: Any, series: Series) -> bool:
    return access.organizes(user, series)


def can_view_series(user: Any, series: Series) -> bool:
    return series.is_public or is_series_organizer(user, series)


def require_series_organizer(user: Any, series: Series) -> None:
    if not is_series_organizer(user, series):
        raise PermissionDenied(_("Only the organizers of this series may do that."))


def require_series_view(user: Any, series: Series) -> None:
    if not can_view_series(user, series):
        raise PermissionDenied(_("This series' pages are not public."))


def require_event_organizer(user: Any, series: Series, tournament: Tournament) -> None:
    """A series organizer who also organizes ``tournament`` (its results and players are its own)."""
    require_series_organizer(user, series)
    if not access.is_organizer(user, tournament):
        raise PermissionDenied(
            _("Only an organizer of %(event)s may add it to a series or enter players into it.")
            % {"event": tournament.name}
        )


def visible_series(user: Any) -> QuerySet[Series]:
    """The series ``user`` may see, newest first: public ones and those he organizes (every one for a
    superuser). The home page and the API's list."""
    visible = Q(is_public=True)
    if user.is_authenticated:
        visible = Q() if user.is_superuser else visible | Q(organizers=user)
    return Series.objects.filter(visible).distinct().order_by("-created_at")


# --- the one lookup of a series for the pages and the API alike ---------------------------------------


def series_for_viewer(request: Any, slug: str) -> Series:
    """The series, if ``request.user`` may read its pages (404 when there is none, 403 when private)."""

    series = get_object_or_404(Series, slug=slug)
    require_series_view(request.user, series)
    return series


def series_for_organizer(request: Any, slug: str) -> Series:
    """The series for its organizers: a reader who may not see it gets the viewer's refusal first."""
    series = series_for_viewer(request, slug)
    require_series_organizer(request.user, series)
    return series
