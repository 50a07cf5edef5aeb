"""Forms of the point-table pages (tarokk-laza.md §4), and the event form's Laza default."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from . import pointtable as pt


class PointTableDefault:
    """Mixed into the event form: a Laza event without a point table gets the §4.2 template
    (blank values, so nothing is scored until the organizer fills it in on the editor)."""

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()  # type: ignore[misc]
        instance = self.instance  # type: ignore[attr-defined]
        config = pt.default_config(cleaned.get("variant", ""), instance.config)
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
        if f.size > pt.MAX_FILE_BYTES:
            raise forms.ValidationError(
                _("The file is larger than %(max_kb)s KB.") % {"max_kb": pt.MAX_FILE_BYTES // 1024}
            )
        return f
