import secrets

from django import forms



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
