from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.common import time_zones
from tournament.common.names import entered
from tournament.events.forms import likely_zones
from tournament.models import Club, PastEvent, Season


class ZoneChoice(forms.ModelForm):
    """The club's time zone, picked by the places people know it by (“La Paz, Mazatlán”); a new
    club starts from the zone of the organizer's own latest event."""

    time_zone = forms.ChoiceField(
        label=gettext_lazy("Time zone where the club meets"),
        help_text=gettext_lazy("Every date on the club's pages, PDFs and spreadsheets is the day there."),
        error_messages={"invalid_choice": gettext_lazy("“%(value)s” is not on the time zone list: pick the place nearest to where the club meets.")},
    )

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        zones = likely_zones(user)
        current = [self.instance.time_zone] if self.instance.pk else []
        self.fields["time_zone"].choices = time_zones.choices([*current, *zones])
        if not self.instance.pk:
            self.initial["time_zone"] = zones[0] if zones else self.instance.time_zone


class ClubForm(ZoneChoice):
    class Meta:
        model = Club
        fields = ["name", "slug", "time_zone"]
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


class ClubZoneForm(ZoneChoice):
    class Meta:
        model = Club
        fields = ["time_zone"]


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
    """A season of the instance's club: a name of its own, its days in order, and no overlap with
    another season unless the secretary ticks that it may."""

    class Meta:
        model = Season
        fields = ["name", "starts_on", "ends_on", "overlap_allowed"]
        labels = {"name": gettext_lazy("Season name"), "starts_on": gettext_lazy("First day"),
                  "ends_on": gettext_lazy("Last day"),
                  "overlap_allowed": gettext_lazy("It may overlap another season (e.g. a summer league within the year)")}
        # A date box reads and sends YYYY-MM-DD whatever the page's language (Spanish wrote 01/01/2026: an empty box).
        widgets = {"starts_on": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
                   "ends_on": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    def clean_name(self):
        name = entered(self.cleaned_data.get("name"), _("The season's name"), 80)
        others = Season.objects.filter(club_id=self.instance.club_id).exclude(pk=self.instance.pk)
        if others.filter(name__iexact=name).exists():
            raise ValidationError(_("The club already has a season called “%(name)s”.") % {"name": name})
        return name

    def clean(self):
        data = super().clean()
        first, last = data.get("starts_on"), data.get("ends_on")
        if not (first and last):
            return data
        if last < first:
            raise ValidationError(_("The season's last day comes before its first day."))
        others = Season.objects.filter(club_id=self.instance.club_id).exclude(pk=self.instance.pk)
        same = others.filter(starts_on=first, ends_on=last).first()
        if same:
            raise ValidationError(_("“%(name)s” already runs over exactly these days.") % {"name": same.name})
        crossing = others.filter(starts_on__lte=last, ends_on__gte=first).first()
        if crossing and not data.get("overlap_allowed"):
            raise ValidationError(_("These days overlap the season “%(name)s” (%(first)s – %(last)s). Change the "
                                    "days, or tick that this season may overlap another.") % {
                "name": crossing.name, "first": date_format(crossing.starts_on, "DATE_FORMAT"),
                "last": date_format(crossing.ends_on, "DATE_FORMAT")})
        return data


class PastEventForm(forms.ModelForm):
    class Meta:
        model = PastEvent
        fields = ["name", "year", "champions", "silver", "bronze"]
        labels = {"name": gettext_lazy("Event"), "year": gettext_lazy("Year"), "champions": gettext_lazy("Champions"),
                  "silver": gettext_lazy("Runners-up"), "bronze": gettext_lazy("Third place")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("champions", "silver", "bronze"):  # the club's members offered as one types (members_list)
            self.fields[name].widget.attrs.update({"list": "club-members", "autocomplete": "off"})
        self.fields["champions"].help_text = _("Choose from the club's members or type new names, joined with “&”.")

    def clean_name(self):
        return entered(self.cleaned_data.get("name"), _("The event's name"), 120)

    def clean_champions(self):
        return entered(self.cleaned_data.get("champions"), _("The champions"), 200)

    def clean_year(self):
        year = self.cleaned_data["year"]
        if not 1900 <= year <= 2100:
            raise ValidationError(_("Give the year as four digits, e.g. 2019."))
        zone = self.instance.club.tz if self.instance.club_id else timezone.get_current_timezone()
        if year > timezone.localdate(timezone=zone).year:
            raise ValidationError(_("An event typed in was played before today: %(year)s is still to come.") % {
                "year": year})
        return year

    def clean(self):
        data = super().clean()
        name, year = data.get("name"), data.get("year")
        if self.instance.pk and name and year and PastEvent.objects.filter(
                club_id=self.instance.club_id, name__iexact=name, year=year).exclude(pk=self.instance.pk).exists():
            # A correction onto another event's name and year (adding one twice is a double tap: views_organizer).
            self.add_error("name", _("%(event)s is already on the roll of honour.") % {
                "event": PastEvent.shown_as(name, year)})
        return data


class BackupForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Backup file (.json)"))
