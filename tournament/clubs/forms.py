from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.common.names import entered
from tournament.models import Club, PastEvent, Season


class ClubForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = ["name", "slug"]
        labels = {"name": gettext_lazy("Club name"), "slug": gettext_lazy("Web address")}

    def clean_name(self):
        return entered(self.cleaned_data.get("name"), _("The club's name"), 120)

    def clean_slug(self):
        slug = slugify(self.cleaned_data.get("slug") or self.cleaned_data.get("name") or "")
        if not slug:
            raise ValidationError(_("Give the club a web address of letters, digits and hyphens."))
        if Club.objects.filter(slug=slug).exclude(pk=self.instance.pk).exists():
            raise ValidationError(_("Another club already has the address “%(slug)s”.") % {"slug": slug})
        return slug


class PointsForm(forms.Form):
    place_points = forms.CharField(label=gettext_lazy("Points for 1st, 2nd, 3rd … place"), max_length=200)
    taking_part_points = forms.IntegerField(label=gettext_lazy("Points for taking part"), min_value=0, max_value=100)

    def clean_place_points(self):
        parts = [p.strip() for p in self.cleaned_data["place_points"].replace(";", ",").replace("/", ",").split(",") if p.strip()]
        try:
            numbers = [int(p) for p in parts]
        except ValueError:
            raise ValidationError(_("Write whole numbers separated by commas, e.g. 10, 7, 5, 3, 1."))
        if not numbers or len(numbers) > 20 or any(n < 0 or n > 1000 for n in numbers):
            raise ValidationError(_("Give 1 to 20 numbers from 0 to 1000, e.g. 10, 7, 5, 3, 1."))
        return numbers


class SeasonForm(forms.ModelForm):
    class Meta:
        model = Season
        fields = ["name", "starts_on", "ends_on"]
        labels = {"name": gettext_lazy("Season name"), "starts_on": gettext_lazy("First day"),
                  "ends_on": gettext_lazy("Last day")}
        widgets = {"starts_on": forms.DateInput(attrs={"type": "date"}), "ends_on": forms.DateInput(attrs={"type": "date"})}

    def clean_name(self):
        return entered(self.cleaned_data.get("name"), _("The season's name"), 80)

    def clean(self):
        data = super().clean()
        if data.get("starts_on") and data.get("ends_on") and data["ends_on"] < data["starts_on"]:
            raise ValidationError(_("The season's last day comes before its first day."))
        return data


class PastEventForm(forms.ModelForm):
    class Meta:
        model = PastEvent
        fields = ["name", "year", "champions", "silver", "bronze"]
        labels = {"name": gettext_lazy("Event"), "year": gettext_lazy("Year"), "champions": gettext_lazy("Champions"),
                  "silver": gettext_lazy("Runners-up"), "bronze": gettext_lazy("Third place")}

    def clean_name(self):
        return entered(self.cleaned_data.get("name"), _("The event's name"), 120)

    def clean_champions(self):
        return entered(self.cleaned_data.get("champions"), _("The champions"), 200)

    def clean_year(self):
        year = self.cleaned_data["year"]
        if not 1900 <= year <= 2100:
            raise ValidationError(_("Give the year as four digits, e.g. 2019."))
        return year


class BackupForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Backup file (.json)"))
