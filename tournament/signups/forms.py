import secrets

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.common.form_fields import RowField
from tournament.mail.outbox import valid_address
from tournament.models import PartnerPost


class SignupForm(forms.Form):
    # Not `required`: the registration service names the missing field in its own words.
    team_name = forms.CharField(label=_("Team name"), max_length=200, required=False)
    player1 = forms.CharField(label=_("First partner"), max_length=200, required=False)
    player2 = forms.CharField(label=_("Second partner"), max_length=200, required=False)
    contact = forms.CharField(
        label=_("Phone or email"), max_length=200, required=False, help_text=_("So the organizer can reach you.")
    )
    mail_opt_in = forms.BooleanField(
        label=_("E-mail me about this event"), required=False,
        help_text=_("Your sign-up, the draw with your first games, and the organizer's news. Each e-mail has a link to stop "
                    "it. Give an e-mail address above."))
    submission_key = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)

    def __init__(self, *args, public: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        if not public:  # the organizer's own entry: the box says the team agreed, and speaks of them
            self.fields["mail_opt_in"] = forms.BooleanField(
                label=_("E-mail them about this event (they agreed)"), required=False,
                help_text=_("Their sign-up, the draw with their first games, and your news; each e-mail has a link "
                            "to stop it. Give their e-mail address above."))
        if not self.is_bound:
            self.initial.setdefault("submission_key", secrets.token_urlsafe(24))
        # Length is checked by the registration service with a message that names the limit.
        for name in ("team_name", "player1", "player2"):
            self.fields[name].widget.attrs.update({"autocomplete": "off", "maxlength": 100})

    def clean(self):
        data = super().clean()
        opt_in_needs_address(self, data)
        return data


def opt_in_needs_address(form, data) -> None:
    """The e-mail box ticked with no e-mail address in the contact field: say so at the field."""
    if data.get("mail_opt_in") and not valid_address(data.get("contact", "")):
        form.add_error("contact", _("To get e-mails, give an e-mail address here (such as ana@example.org)."))


class PartnerPostForm(forms.Form):
    name = forms.CharField(label=_("Your name"), max_length=200, required=False)
    contact = forms.CharField(label=_("Phone or email"), max_length=200, required=False)
    note = forms.CharField(label=_("Note"), max_length=400, required=False, help_text=_("e.g. “free all week, any division”"))


class PairForm(forms.Form):
    """The organizer pairs two players from the tournament's open partner board into a team."""

    first = RowField(PartnerPost.objects.none(), label=_("First player"))
    second = RowField(PartnerPost.objects.none(), label=_("Second player"))
    team_name = forms.CharField(label=_("Team name"), max_length=60, required=False)

    def __init__(self, data, *, tournament):
        super().__init__(data)
        board = PartnerPost.objects.filter(player__tournament=tournament, closed_at__isnull=True).select_related("player")
        for name in ("first", "second"):
            self.fields[name].queryset = board
            self.fields[name].error_messages.update(
                required=_("choose two players to pair."),
                invalid_choice=_("that player is no longer on this tournament's partner board."),
            )

    def clean(self):
        data = super().clean()
        if data.get("first") and data.get("first") == data.get("second"):
            raise forms.ValidationError(_("Choose two different players to pair."))
        return data


class TeamNameForm(forms.Form):
    # Not `required`: team_changes.rename_team names a missing or too long name in its own words.
    name = forms.CharField(label=_("New name"), max_length=200, required=False)


class OwnMailBox(forms.Form):
    """The e-mail box on an entrant's own-entry page: ticked while they get the event's e-mails, which
    follow the contact they give."""

    mail_opt_in = forms.BooleanField(
        label=_("E-mail me about this event"), required=False,
        help_text=_("The e-mails go to the address above. Untick to stop them all."))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.order_fields([name for name in self.fields if name != "mail_opt_in"])  # the box comes last

    def clean(self):
        data = super().clean()
        opt_in_needs_address(self, data)
        return data


class TeamEntryForm(OwnMailBox):
    """A team's own details, changed through its change-or-withdraw link (entry_changes checks them)."""

    team_name = forms.CharField(label=_("Team name"), max_length=300, required=False)
    player1 = forms.CharField(label=_("First partner"), max_length=200, required=False)
    player2 = forms.CharField(label=_("Second partner"), max_length=200, required=False)
    contact = forms.CharField(label=_("Phone or email"), max_length=200, required=False,
                              help_text=_("So the organizer can reach you."))
