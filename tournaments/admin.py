from django.contrib import admin

from .models import AuditEntry, Bye, Entry, Player, Referee, Round, Seat, Table, Tournament


class RefereeInline(admin.TabularInline):
    model = Referee
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "variant", "status", "rounds", "hands_per_round", "table_size", "is_public", "created_at"]
    list_filter = ["variant", "status", "is_public"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["organizers"]
    inlines = [RefereeInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "federation_id", "strength"]
    search_fields = ["name", "club", "federation_id"]


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["start_number", "player", "tournament", "status", "team"]
    list_filter = ["tournament", "status"]
    search_fields = ["player__name", "player__club", "team"]
    list_select_related = ["player", "tournament"]


class TableInline(admin.TabularInline):
    model = Table
    extra = 0


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "status", "started_at", "time_limit_minutes"]
    list_filter = ["tournament", "status"]
    inlines = [TableInline]


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["round", "table", "position", "entry"]
    list_filter = ["round__tournament", "round__number"]
    search_fields = ["entry__player__name"]
    list_select_related = ["round__tournament", "table", "entry__player"]


@admin.register(Bye)
class ByeAdmin(admin.ModelAdmin):
    list_display = ["round", "entry"]
    list_select_related = ["round__tournament", "entry__player"]


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
