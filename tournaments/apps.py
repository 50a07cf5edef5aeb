from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from django.db.models.signals import m2m_changed, post_delete, post_save

        from tournaments.access import forget_roles
        from tournaments.documents.files import remove_stored_file
        from tournaments.models import GeneratedFile, Referee, Tournament

        post_delete.connect(remove_stored_file, sender=GeneratedFile, dispatch_uid="generated-file-removal")
        # A request that changes an event's staff sees the change in the rest of its answer.
        post_save.connect(forget_roles, sender=Referee, dispatch_uid="roles-referee-saved")
        post_delete.connect(forget_roles, sender=Referee, dispatch_uid="roles-referee-deleted")
        m2m_changed.connect(forget_roles, sender=Tournament.organizers.through, dispatch_uid="roles-organizers")
