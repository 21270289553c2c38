"""What an organizers page (an event's, a club's) does with invitations: the form, the list of those
waiting with their resend and cancel links, and the three actions with their messages."""

from __future__ import annotations

from django.contrib import messages
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from tournament.accounts import invitations
from tournament.accounts.forms import InviteForm


def context(place, namespace: str, form=None) -> dict:
    """`namespace`: where the place's own "invite", "resend" and "cancel" URLs are named (by its slug)."""
    def url_for(action, pk=None):
        return reverse(f"{namespace}:{action}_invitation", args=[place.slug] + ([pk] if pk else []))

    return {
        "invite_form": form or InviteForm(place=place), "invite_url": url_for("invite"),
        "pending": [{"invitation": i, "resend_url": url_for("resend", i.pk), "cancel_url": url_for("cancel", i.pk)}
                    for i in invitations.pending_for(place)],
    }


def invite(request, place, *, language: str | None = None) -> InviteForm | None:
    """Invite from the POSTed form; None when sent, else the form with its errors."""
    form = InviteForm(request.POST, place=place)
    if not form.is_valid():
        return form
    email = form.cleaned_data["email"]
    invitations.invite(email=email, place=place, by=request.user, language=language or translation.get_language(),
                       request=request)
    messages.success(request, _("Invitation sent to %(email)s.") % {"email": email})
    return None


def resend(request, place, invitation_id: int) -> None:
    found = place.invitations.filter(pk=invitation_id).first()
    if found is not None and invitations.resend(found, request):
        messages.success(request, _("Invitation sent again to %(email)s; the earlier link no longer works.") % {"email": found.email})
    else:
        messages.error(request, _("That invitation is no longer waiting (used or cancelled): nothing was sent."))


def cancel(request, place, invitation_id: int) -> None:
    found = place.invitations.filter(pk=invitation_id).first()
    if found is not None and invitations.cancel(found):
        messages.success(request, _("Invitation to %(email)s cancelled: its link no longer works.") % {"email": found.email})
    else:
        messages.error(request, _("That invitation is no longer waiting (used or cancelled already)."))


# What the "resend" and "cancel" buttons' URLs do; which one, their URL pattern says (its `action`).
ACTIONS = {"resend": resend, "cancel": cancel}
