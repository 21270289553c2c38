"""The account forms: a new account (from an invitation, or signing up where the server allows it),
and an organizer's invitation by e-mail."""

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.accounts import invitations


class NewAccountForm(UserCreationForm):
    """User name and password twice; the address comes from the invitation."""

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username",)


class SignupForm(UserCreationForm):
    email = forms.EmailField(label=gettext_lazy("E-mail"), max_length=254,
                             help_text=gettext_lazy("We e-mail you a link to open before you can log in."))

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")

    def clean_email(self):
        email = self.cleaned_data["email"].strip()
        if get_user_model().objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(_("An account already uses this e-mail. Log in, or reset its password from the log-in page."))
        return email


class InviteForm(forms.Form):
    email = forms.EmailField(label=gettext_lazy("Their e-mail"), max_length=254,
                             error_messages={"invalid": gettext_lazy("Enter an e-mail address such as ana@example.org.")})

    def __init__(self, *args, place, **kwargs):
        super().__init__(*args, **kwargs)
        self.place = place

    def clean_email(self):
        email = self.cleaned_data["email"].strip()
        if self.place.organizers.filter(email__iexact=email).exists():
            raise forms.ValidationError(_("%(email)s already organizes %(place)s.") % {"email": email, "place": self.place.name})
        if invitations.pending_for(self.place).filter(email__iexact=email).exists():
            raise forms.ValidationError(_("%(email)s is invited already: send it again from the list of invitations.")
                                        % {"email": email})
        return email
