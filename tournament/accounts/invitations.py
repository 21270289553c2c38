"""Invitations to organize an event or a club: made and e-mailed by an organizer, resent (a new
link; the old one stops working) or cancelled from the organizers page, accepted once.

The link's secret is never stored, only its sha256, so a leaked database or backup holds no working
link. Accepting is a claim on the row (a conditional UPDATE of `accepted_at`): two taps, two tabs or
a link forwarded to someone else all end with one account added once."""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets

from django.db import transaction
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from tournament.common import site_address
from tournament.common.localtime import full_text
from tournament.mail import outbox
from tournament.models import Invitation, OutboxMessage

VALID_FOR = dt.timedelta(days=14)


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def find(secret: str) -> Invitation | None:
    if not secret or len(secret) > 100 or "\x00" in secret:
        return None
    return Invitation.objects.select_related("tournament", "club", "invited_by").filter(digest=digest(secret)).first()


def pending_for(place):
    now = timezone.now()
    return place.invitations.filter(accepted_at__isnull=True, cancelled_at__isnull=True, expires_at__gt=now).order_by("email")


def invite(*, email: str, place, by, language: str, request=None) -> Invitation:
    """A new invitation to `place` (a Tournament or a Club), e-mailed now."""
    secret = secrets.token_urlsafe(32)
    now = timezone.now()
    field = "club" if place.__class__.__name__ == "Club" else "tournament"
    with transaction.atomic():
        invitation = Invitation.objects.create(email=email.strip(), invited_by=by, digest=digest(secret), language=language,
                                               expires_at=now + VALID_FOR, created_at=now, sent_at=now, **{field: place})
        _send(invitation, secret, request)
    return invitation


def resend(invitation: Invitation, request=None) -> bool:
    """A new link for a pending invitation (the old link stops working), valid VALID_FOR from now."""
    secret = secrets.token_urlsafe(32)
    now = timezone.now()
    with transaction.atomic():
        changed = Invitation.objects.filter(pk=invitation.pk, accepted_at__isnull=True, cancelled_at__isnull=True).update(
            digest=digest(secret), sent_at=now, expires_at=now + VALID_FOR, sends=invitation.sends + 1)
        if changed:
            invitation.refresh_from_db()
            _send(invitation, secret, request)
    return bool(changed)


def cancel(invitation: Invitation) -> bool:
    return bool(Invitation.objects.filter(pk=invitation.pk, accepted_at__isnull=True, cancelled_at__isnull=True)
                .update(cancelled_at=timezone.now()))


def refusal(invitation: Invitation | None, now=None) -> str:
    """Why this link cannot be used, in the page's language; "" when it can."""
    now = now or timezone.now()
    if invitation is None:
        return _("This invitation link is not valid. Check that it was copied whole; if the organizer sent it again, "
                 "only the newest e-mail's link works.")
    if invitation.accepted_at:
        return _("This invitation was already used. Log in with the account it made or joined.")
    if invitation.cancelled_at:
        return _("The organizer cancelled this invitation. Ask them to invite you again.")
    if now >= invitation.expires_at:
        return _("This invitation expired on %(when)s. Ask the organizer to send it again.") % {
            "when": _when(invitation, invitation.expires_at)}
    return ""


def accept(invitation: Invitation, user, now=None) -> bool:
    """Make `user` an organizer of the invitation's event or club, once. Call inside a transaction
    (with the account's creation, so a refused claim makes no account either)."""
    now = now or timezone.now()
    claimed = Invitation.objects.filter(pk=invitation.pk, accepted_at__isnull=True, cancelled_at__isnull=True,
                                        expires_at__gt=now).update(accepted_at=now, accepted_by=user)
    if claimed:
        invitation.place.organizers.add(user)
    return bool(claimed)


def link(secret: str, request=None) -> str:
    return site_address.absolute(reverse("accounts:invitation", args=[secret]), request)


def _when(invitation: Invitation, moment) -> str:
    if invitation.tournament_id:
        return full_text(invitation.tournament, moment)
    return timezone.localtime(moment, dt.UTC).strftime("%Y-%m-%d %H:%M UTC")


def _send(invitation: Invitation, secret: str, request) -> None:
    place = invitation.place
    who = invitation.invited_by.get_username() if invitation.invited_by else _("An organizer")
    with translation.override(invitation.language):
        named = {"who": who, "place": place.name, "link": link(secret, request), "until": _when(invitation, invitation.expires_at)}
        if invitation.club_id:
            subject = _("%(who)s invites you to organize the club %(place)s on Meldboard") % named
            body = _("%(who)s invites you to help run the club %(place)s on Meldboard: its members, seasons and events.\n\n")
        else:
            subject = _("%(who)s invites you to organize %(place)s on Meldboard") % named
            body = _("%(who)s invites you to help run %(place)s on Meldboard: sign-ups, the draw, game day and results.\n\n")
        body = body % named + _(
            "Open this link to make your account, or to join with the one you have:\n%(link)s\n\n"
            "It works once, until %(until)s. If you did not expect this e-mail, ignore it.\n") % named
    outbox.enqueue(key=f"invitation:{invitation.pk}:{invitation.sends}", to=invitation.email, subject=subject, body=body,
                   kind=OutboxMessage.Kind.INVITATION, tournament=invitation.tournament, club=invitation.club)
