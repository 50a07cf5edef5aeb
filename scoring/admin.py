from django.contrib import admin

from .models import Hand


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
    """Read-only: hands change only through the audited entry and correction actions."""

    list_display = ["table", "number", "dealer", "rules_version", "version", "entered_by", "updated_at"]
    list_filter = ["table__round__tournament", "rules_version"]
    list_select_related = ["table__round__tournament", "entered_by"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
