import secrets

from django import forms

from tournament.models import PartnerPost


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
    """The organizer pairs two players from the tournament's open partner board into a team."""

    first = forms.ModelChoiceField(PartnerPost.objects.none(), label="First player")
    second = forms.ModelChoiceField(PartnerPost.objects.none(), label="Second player")
    team_name = forms.CharField(label="Team name", max_length=60, required=False)

    def __init__(self, data, *, tournament):
        super().__init__(data)
        board = PartnerPost.objects.filter(player__tournament=tournament, closed_at__isnull=True).select_related("player")
        for name in ("first", "second"):
            self.fields[name].queryset = board
            self.fields[name].error_messages.update(
                required="choose two players to pair.",
                invalid_choice="that player is no longer on this tournament's partner board.",
            )

    def clean(self):
        data = super().clean()
        if data.get("first") and data.get("first") == data.get("second"):
            raise forms.ValidationError("Choose two different players to pair.")
        return data


class TeamNameForm(forms.Form):
    # Not `required`: team_changes.rename_team names a missing or too long name in its own words.
    name = forms.CharField(label="New name", max_length=200, required=False)
