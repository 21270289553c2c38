import zoneinfo

from django import forms
from django.core.exceptions import ValidationError

from tournament import names
from tournament.models import Tournament
from tournament.models.events import validate_time_zone


class TournamentForm(forms.ModelForm):
    signup_deadline = forms.DateTimeField(
        label="Sign-up deadline (tournament's local time)",
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
    )

    class Meta:
        model = Tournament
        fields = [
            "name", "slug", "venue", "description", "time_zone", "signup_deadline", "format", "variant",
            "game_time_limit", "no_show_grace", "require_confirmation", "organizer_email",
        ]
        help_texts = {
            "game_time_limit": "hh:mm:ss, e.g. 02:30:00",
            "no_show_grace": "hh:mm:ss, e.g. 00:05:00",
            "slug": "Short name for links, e.g. bayfest-2026",
            "format": "Table rounds: players or partnerships (as the variant says) drawn to tables each round.",
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # A form posted without a format (older scripts, the API of the tests) keeps the default bracket.
        self.fields["format"].required = False
        if self.instance.pk:
            # The rules numbers and the format were fixed at creation: rounds are built from them.
            self.fields["variant"].disabled = True
            self.fields["format"].disabled = True
            local = self.instance.signup_deadline.astimezone(self.instance.tz)
            self.initial["signup_deadline"] = local.replace(tzinfo=None).strftime("%Y-%m-%dT%H:%M")

    def clean_name(self):
        # Stored clean like every other name: no zero-width or bidi controls that reverse a neighbour.
        return names.entered(self.cleaned_data.get("name"), "The tournament's name", 120)

    def clean(self):
        data = super().clean()
        deadline, zone = data.get("signup_deadline"), data.get("time_zone")
        if deadline and zone:
            try:
                validate_time_zone(zone)
            except ValidationError as exc:
                self.add_error("time_zone", exc)
            else:
                # The organizer types the deadline as a wall-clock time in the tournament's zone.
                data["signup_deadline"] = deadline.replace(tzinfo=zoneinfo.ZoneInfo(zone))
        return data
