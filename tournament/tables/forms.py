"""Forms of table events: sign-up (public and organizer), a player's edit, the event's settings,
a round's start. The services in tournament.tables.signups and .rounds check everything else."""

import secrets

from django import forms

from tournament.models import TableEvent
from tournament.tables import formats


class PlayerSignupForm(forms.Form):
    # Not `required`: the sign-up service names the missing field in its own words.
    name = forms.CharField(label="Your name", max_length=200, required=False)
    partner = forms.CharField(
        label="Your partner (optional)", max_length=200, required=False,
        help_text="Leave empty to have a partner drawn for you by lot.",
    )
    came_with = forms.CharField(
        label="Came with (optional)", max_length=400, required=False,
        help_text="Your spouse or household, e.g. “Ann Lee”. People who came together are never drawn as partners.",
    )
    contact = forms.CharField(label="Phone or email", max_length=200, required=False, help_text="So the organizer can reach you.")
    submission_key = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        if not formats.in_partnerships(tournament):
            del self.fields["partner"]
        if not self.is_bound:
            self.initial.setdefault("submission_key", secrets.token_urlsafe(24))
        for name in ("name", "partner", "came_with"):
            if name in self.fields:
                self.fields[name].widget.attrs.update({"autocomplete": "off"})


class PlayerEditForm(forms.Form):
    name = forms.CharField(label="Name", max_length=200, required=False)
    contact = forms.CharField(label="Phone or email", max_length=200, required=False)
    came_with = forms.CharField(label="Came with", max_length=400, required=False)


class EventSettingsForm(forms.ModelForm):
    class Meta:
        model = TableEvent
        fields = ["hands_per_round", "movement", "standings"]
        labels = {"hands_per_round": "Hands per round", "standings": "Standings by"}


class RoundStartForm(forms.Form):
    draw = forms.IntegerField(widget=forms.HiddenInput)
    starts_at = forms.DateTimeField(
        label="Round starts at (tournament's local time)",
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
        error_messages={"required": "Give the round a start time.", "invalid": "Type the start as a date and time."},
    )
