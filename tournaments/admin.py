from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.utils.translation import gettext as _

from tournaments.models import (
    AuditEntry,
    Bye,
    Confirmation,
    Entry,
    Hand,
    Player,
    Referee,
    Round,
    Seat,
    Table,
    Tournament,
)


class ReadOnly:
    """Shown, never changed here: every change that moves a score or a standing goes through an
    audited action (the event's pages and the API), and the admin would bypass the audit log.
    Superusers included: Django grants them every permission, so the refusal is here, not in groups."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class RefereeInline(ReadOnly, admin.TabularInline):
    model = Referee
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Tournament)
class TournamentAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["name", "variant", "status", "rounds", "hands_per_round", "table_size", "is_public", "created_at"]
    list_filter = ["variant", "status", "is_public"]
    search_fields = ["name", "slug"]
    filter_horizontal = ["organizers"]
    inlines = [RefereeInline]


@admin.register(Player)
class PlayerAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["name", "club", "federation_id", "strength"]
    search_fields = ["name", "club", "federation_id"]


@admin.register(Entry)
class EntryAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["start_number", "player", "tournament", "status", "team"]
    list_filter = ["tournament", "status"]
    search_fields = ["player__name", "player__club", "team"]
    list_select_related = ["player", "tournament"]


class TableInline(ReadOnly, admin.TabularInline):
    model = Table
    extra = 0


@admin.register(Round)
class RoundAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["tournament", "number", "status", "started_at", "time_limit_minutes"]
    list_filter = ["tournament", "status"]
    inlines = [TableInline]


@admin.register(Seat)
class SeatAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["round", "table", "position", "entry"]
    list_filter = ["round__tournament", "round__number"]
    search_fields = ["entry__player__name"]
    list_select_related = ["round__tournament", "table", "entry__player"]


@admin.register(Bye)
class ByeAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["round", "entry"]
    list_select_related = ["round__tournament", "entry__player"]


@admin.register(Confirmation)
class ConfirmationAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["table", "position", "entry", "confirmed_at"]
    list_select_related = ["table__round__tournament", "entry__player"]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    """Read-only: the audit log is append-only and written by the actions alone."""

    list_display = ["created_at", "tournament", "actor", "action", "target_type", "target_id", "reason"]
    list_filter = ["action", "tournament"]
    search_fields = ["action", "reason", "target_id", "actor__username"]
    list_select_related = ["tournament", "actor"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Hand)
class HandAdmin(ReadOnly, admin.ModelAdmin):
    """Hands change only through the audited entry and correction actions."""

    list_display = ["table", "number", "dealer", "rules_version", "version", "entered_by", "updated_at"]
    list_filter = ["table__round__tournament", "rules_version"]
    list_select_related = ["table__round__tournament", "entered_by"]


class RolesKeptUserAdmin(UserAdmin):
    """Deleting a user would drop his referee and organizer roles in events without an entry in their
    audit logs (a cascade, not an action): refused while he holds one, naming each. The event's page
    "Organizers and referees" removes a referee (audited); unticking *Active* stops him signing in and
    keeps every record."""

    def get_deleted_objects(self, objs, request):
        deleted, counts, perms_needed, protected = super().get_deleted_objects(objs, request)
        protected = list(protected)
        for user in objs:
            for referee in Referee.objects.filter(user=user).select_related("tournament"):
                protected.append(
                    _(
                        "%(user)s: Referee of “%(event)s”: remove him on the event's page “Organizers and "
                        "referees” first (audited), or untick Active to stop him signing in."
                    )
                    % {"user": user.get_username(), "event": referee.tournament.name}
                )
            for tournament in Tournament.objects.filter(organizers=user):
                protected.append(
                    _("%(user)s: Organizer of “%(event)s”: untick Active to stop him signing in.")
                    % {"user": user.get_username(), "event": tournament.name}
                )
        return deleted, counts, perms_needed, protected


admin.site.unregister(get_user_model())
admin.site.register(get_user_model(), RolesKeptUserAdmin)
