"""Forms of the organizer pages. Actions in ``services`` do the saving."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from scoring.registry import get as get_variant
from tournaments.events import fields as event_fields
from tournaments.events import services
from tournaments.models import MAX_INTEGER, Tournament
from tournaments.people.registry import MATCH_CHOICES
from tournaments.readings.config_table_forms import StartingConfig
from tournaments.readings.forms import ReadingsFields
from tournaments.rounds.draw_methods import DRAW_METHODS, choices_for, in_series
from tournaments.rounds.services import default_method
from tournaments.variants import variant_name


class TournamentForm(ReadingsFields, StartingConfig, forms.ModelForm):
    class Meta:
        model = Tournament
        fields = list(event_fields.FORM)
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}
        help_texts = {
            "slug": _("The event's web address. Empty: made from the name."),
            "draw_seed": _("Any text; the same seed reproduces the same round-1 draw. Empty: chosen at random."),
            "draw_method": _("How every round is drawn. Empty: chosen when round 1 is drawn; later rounds keep it."),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        variant = (
            (self.data.get("variant") if self.data else None) or self.instance.variant or self.initial.get("variant")
        )
        self.fields["slug"].required = False
        if self.instance.pk is None and get_language() in dict(self.fields["language"].choices):
            # A new event's documents speak the language its organizer reads (as a new series' do).
            self.fields["language"].initial = get_language()
        method = self.fields["draw_method"]
        method.choices = [("", _("chosen at round 1's draw")), *choices_for(variant or "", in_series(self.instance))]
        if self.instance.pk and self.instance.round_set.exists():
            method.disabled = True
            method.help_text = services.DRAW_METHOD_ON_ROUNDS_PAGE
        self.fields["table_size"].help_text, self.fields["hands_per_round"].help_text = format_help(variant or "")

    def clean(self) -> dict[str, Any]:
        # Before the mixins: the starting configuration is made for the variant the event will have.
        variant = self.cleaned_data.get("variant")
        if self.instance.pk and variant and variant != self.instance.variant:
            if self.instance.round_set.exists():
                self.add_error("variant", services.VARIANT_FIXED)
            else:
                services.forget_variant_options(self.instance, variant)
        return super().clean()


def format_help(variant: str) -> tuple[str, str]:
    """What the seats per table and the hands per round do for ``variant`` (the event form's help)."""
    try:
        plan = get_variant(variant).plan
    except KeyError:
        return "", ""
    smallest, largest = plan.min_seats, plan.max_seats
    if plan.arrange_near is not None:
        seats = _(
            "The draw makes tables of this size where the number of players allows (%(min)d to %(max)d seats, "
            "sizes differing by one at most)."
        ) % {"min": smallest, "max": largest}
    else:
        seats = _("The rules of %(variant)s decide the tables; this setting does not change the draw.") % {
            "variant": variant_name(variant)
        }
    hands = plan.default_hands_per_round
    examples = ", ".join(
        _("%(hands)d at %(seats)d seats") % {"hands": plan.hands(size, hands), "seats": size} for size in plan.seats
    )
    per_round = _(
        "Counted at a table of %(seats)d, where everyone plays every hand; a larger table plays whole turns of the "
        "deal, so that everyone deals equally often (%(examples)s)."
    ) % {"seats": smallest, "examples": examples}
    return seats, per_round


class RefereeForm(forms.Form):
    username = forms.CharField(label=_("user name"), max_length=150)
    tables = forms.CharField(
        label=_("limited to tables"),
        required=False,
        help_text=_("Table numbers separated by commas; empty for every table."),
    )

    def clean_tables(self) -> list[int]:
        raw = self.cleaned_data["tables"].replace(" ", "")
        if not raw:
            return []
        try:
            numbers = [int(x) for x in raw.split(",") if x]
        except ValueError:
            raise forms.ValidationError(_("Use whole numbers separated by commas, e.g. 1, 2, 5.")) from None
        if any(n < 1 for n in numbers):
            raise forms.ValidationError(_("Table numbers start at 1."))
        return numbers


class OrganizerForm(forms.Form):
    username = forms.CharField(label=_("user name"), max_length=150)


class PlayerForm(forms.Form):
    name = forms.CharField(label=_("name"), max_length=120)
    club = forms.CharField(label=_("club"), max_length=120, required=False)
    federation_id = forms.CharField(label=_("federation id"), max_length=40, required=False)
    strength = forms.IntegerField(label=_("strength number"), min_value=1, max_value=MAX_INTEGER, required=False)
    team = forms.CharField(
        label=_("team"),
        max_length=120,
        required=False,
        help_text=_("Fixed pairs (Laza tarokk): both partners get the same team name."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.is_bound and "match" in self.data:
            self.ask_match()

    def ask_match(self) -> None:
        """The player may be one of the site's (season.md §1.2): the organizer answers before anything is
        stored (the refusal's message, on this field, names that player)."""
        self.fields["match"] = forms.ChoiceField(
            label=_("the same person?"), choices=MATCH_CHOICES, widget=forms.RadioSelect, required=False
        )


class ImportForm(forms.Form):
    file = forms.FileField(
        label=_("CSV or XLSX file"),
        help_text=_("First row: column names. Required: name. Optional: club, federation id, strength, team."),
    )

    def clean_file(self):
        f = self.cleaned_data["file"]
        if f.size > 2 * 1024 * 1024:
            raise forms.ValidationError(_("The file is larger than 2 MB."))
        if not f.name.lower().endswith((".csv", ".txt", ".xlsx")):
            raise forms.ValidationError(_("Upload a .csv or .xlsx file."))
        return f


class DrawForm(forms.Form):
    """The rounds page's draw: the methods the event's variant allows, the event's own preselected."""

    method = forms.ChoiceField(label=_("draw method"), choices=list(DRAW_METHODS.items()), required=False)
    seed = forms.CharField(
        label=_("seed"), max_length=64, required=False, help_text=_("Empty: the event's seed, or a new random one.")
    )
    confirm_redraw = forms.BooleanField(label=_("yes, replace the published draw"), required=False)

    def __init__(self, tournament: Tournament, *args: Any, **kwargs: Any) -> None:

        super().__init__(*args, **kwargs)
        method = self.fields["method"]
        method.choices = choices_for(tournament.variant, in_series(tournament))
        method.initial = default_method(tournament)
        if tournament.draw_method and tournament.round_set.exists():
            method.help_text = _(
                "The event's draw method is kept for every round; another one changes it for the rest of the event "
                "(you are told what that changes and asked to confirm)."
            )
        if self.is_bound and "confirm_method" in self.data:
            self._add_confirm_method()

    def _add_confirm_method(self) -> None:
        self.fields["confirm_method"] = forms.BooleanField(
            label=_("yes, change the event's draw method"), required=False
        )

    def ask_to_confirm_method(self, consequence: str) -> None:
        """The draw was refused because it changes the event's draw method: the box that confirms it
        appears, with what the change does as its message."""
        self._add_confirm_method()
        self.add_error("confirm_method", consequence)


class AdjustDrawForm(forms.Form):
    """A change of a draft draw by hand (``rounds.adjust_draw``): what both of its forms carry."""

    action = ""
    player = forms.IntegerField(label=_("player (start number)"), min_value=1)
    reason = forms.CharField(label=_("reason"), max_length=500, required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", f"{self.action}_%s")
        super().__init__(*args, **kwargs)
        self.order_fields(["player", "other", "table", "reason"])


class SwapForm(AdjustDrawForm):
    action = "swap"
    other = forms.IntegerField(label=_("with player (start number)"), min_value=1)


class PinForm(AdjustDrawForm):
    action = "pin"
    table = forms.IntegerField(
        label=_("to table"),
        min_value=1,
        help_text=_("He changes places with the player there whose move adds the fewest repeat meetings."),
    )


ADJUST_FORMS: dict[str, type[AdjustDrawForm]] = {f.action: f for f in (SwapForm, PinForm)}
