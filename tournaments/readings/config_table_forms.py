"""Forms of a configuration table's pages (``scoring.config_table``), and the event form's start from
the variant's blank template."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.config_table import starting_config
from tournaments.readings.config_table_files import MAX_FILE_BYTES
from tournaments.variants import rules_of


class StartingConfig:
    """Mixed into the event form: an event of a variant with a configuration table and no configuration
    gets the table's blank template (Laza: blank values, so nothing is scored until the organizer fills
    them in on the editor)."""

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()  # type: ignore[misc]
        instance = self.instance  # type: ignore[attr-defined]
        variant = rules_of(cleaned.get("variant", ""))  # the key as the form received it
        config = starting_config(variant.config_table if variant else None, instance.config)
        if config is not instance.config:
            instance.config = config
            cleaned["config"] = config
        return cleaned


class ChangeFields(forms.Form):
    """What every change of the table carries besides the rows."""

    version = forms.CharField(
        label=_("version"), max_length=100, help_text=_("A name for this version of the table; hands record it.")
    )
    reason = forms.CharField(
        label=_("reason"),
        max_length=500,
        required=False,
        help_text=_("Needed once hands are entered: they are all scored again."),
    )
    revision = forms.CharField(widget=forms.HiddenInput, max_length=32)


class UploadForm(ChangeFields):
    file = forms.FileField(
        label=_("CSV or XLSX file"),
        help_text=_("First line: the column names, as in the downloaded file (in any of the site's languages)."),
    )

    def clean_file(self) -> Any:
        f = self.cleaned_data["file"]
        if f.size > MAX_FILE_BYTES:
            raise forms.ValidationError(
                _("The file is larger than %(max_kb)s KB.") % {"max_kb": MAX_FILE_BYTES // 1024}
            )
        return f
