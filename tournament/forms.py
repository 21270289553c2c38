import secrets
import zoneinfo

from django import forms
from django.core.exceptions import ValidationError

from .models import Tournament
from .models.events import validate_time_zone


class SignupForm(forms.Form):
    # Not `required`: the registration service names the missing field in its own words.
    team_name = forms.CharField(label="Team name", max_length=200, required=False)
    player1 = forms.CharField(label="First partner", max_length=200, required=False)
    player2 = forms.CharField(label="Second partner", max_length=200, required=False)
    contact = forms.CharField(
        label="Phone or email", max_length=200, required=False, help_text="So the organizer can reach you."
    )
    submission_key = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if not self.is_bound:
            self.initial.setdefault("submission_key", secrets.token_urlsafe(24))
        # Length is checked by the registration service with a message that names the limit.
        for name in ("team_name", "player1", "player2"):
            self.fields[name].widget.attrs.update({"autocomplete": "off", "maxlength": 100})


class PartnerPostForm(forms.Form):
    name = forms.CharField(label="Your name", max_length=200, required=False)
    contact = forms.CharField(label="Phone or email", max_length=200, required=False)
    note = forms.CharField(label="Note", max_length=400, required=False, help_text="e.g. “free all week, any division”")


class PairForm(forms.Form):
    first = forms.IntegerField(widget=forms.HiddenInput)
    second = forms.IntegerField(widget=forms.HiddenInput)
    team_name = forms.CharField(max_length=60, required=False)


class TournamentForm(forms.ModelForm):
    signup_deadline = forms.DateTimeField(
        label="Sign-up deadline (tournament's local time)",
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
    )

    class Meta:
        model = Tournament
        fields = [
            "name", "slug", "venue", "description", "time_zone", "signup_deadline", "variant",
            "game_time_limit", "no_show_grace", "require_confirmation", "organizer_email",
        ]
        help_texts = {
            "game_time_limit": "hh:mm:ss, e.g. 02:30:00",
            "no_show_grace": "hh:mm:ss, e.g. 00:05:00",
            "slug": "Short name for links, e.g. bayfest-2026",
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            # The rules numbers were frozen at creation.
            self.fields["variant"].disabled = True
            local = self.instance.signup_deadline.astimezone(self.instance.tz)
            self.initial["signup_deadline"] = local.replace(tzinfo=None).strftime("%Y-%m-%dT%H:%M")

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
