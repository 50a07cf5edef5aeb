from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from django.db.models.signals import post_delete

        from tournaments.documents.files import remove_stored_file
        from tournaments.models import GeneratedFile

        post_delete.connect(remove_stored_file, sender=GeneratedFile, dispatch_uid="generated-file-removal")
