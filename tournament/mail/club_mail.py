"""The club's announcement: one message to every address that asked for e-mail at sign-up to any of
the club's events (tournament.mail.entrants' `EntrantMail` rows) and has not stopped announcements,
once per address however many events it signed up to, in the language it last signed up in. Each
message carries its own one-click unsubscribe (link and List-Unsubscribe header), which stops the
club's announcements to that address: every one of its opt-ins in the club's events stops them, so a
later announcement of the club or of any of its events skips it (a new sign-up asking for e-mail
again is a new yes)."""

from __future__ import annotations

from dataclasses import dataclass

from django.core import signing
from django.db import transaction
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from tournament.common import site_address
from tournament.mail import outbox
from tournament.models import EntrantMail, OutboxMessage

SALT = "meldboard.club-unsubscribe"
KIND = EntrantMail.Kind.ANNOUNCEMENT


@dataclass
class Recipient:
    email: str  # as last typed
    language: str


def _opt_ins(club):
    return EntrantMail.objects.filter(tournament__club=club).order_by("created_at", "pk")


def recipients(club) -> list[Recipient]:
    """One per address (compared without case) with an opt-in in the club's events that still wants
    announcements; the language and spelling of its latest such opt-in."""
    found: dict[str, Recipient] = {}
    for entry in _opt_ins(club):
        if entry.wants(KIND):
            found[entry.email.lower()] = Recipient(entry.email, entry.language)
    return sorted(found.values(), key=lambda r: r.email.lower())


def unsubscribe_token(club, email: str) -> str:
    return signing.dumps([club.pk, email.lower()], salt=SALT, compress=True)


def read_token(token: str) -> tuple[int, str] | None:
    """(club id, address) a token names; None for a tampered one."""
    try:
        club_id, email = signing.loads(token, salt=SALT)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    return (club_id, email) if isinstance(club_id, int) and isinstance(email, str) else None


def unsubscribe_url(club, email: str, request=None) -> str:
    return site_address.absolute(reverse("clubs:mail_stop", args=[club.slug, unsubscribe_token(club, email)]), request)


def stop(club, email: str) -> int:
    """Stop the club's announcements to this address; how many opt-ins it had that still wanted them."""
    stopped = 0
    for entry in _opt_ins(club).filter(email__iexact=email):
        if entry.wants(KIND):
            entry.stopped = sorted({*entry.stopped, KIND})
            entry.save(update_fields=["stopped"])
            stopped += 1
    return stopped


def wanted(club, email: str) -> bool:
    return any(entry.wants(KIND) for entry in _opt_ins(club).filter(email__iexact=email))


def announce(club, *, subject: str, message: str, number: str, request=None) -> int:
    """Queue the announcement to each recipient (once each: `number` names this announcement, so a
    form sent twice queues nothing more); how many were queued."""
    queued = 0
    for person in recipients(club):
        stop_link = unsubscribe_url(club, person.email, request)
        with translation.override(person.language):
            body = message.strip() + "\n\n-- \n" + _(
                "You get this because you asked for e-mail when you signed up to an event of %(club)s. "
                "To stop the club's announcements: %(link)s") % {"club": club.name, "link": stop_link} + "\n"
        queued += outbox.enqueue(
            key=f"club-announcement:{club.pk}-{number}", to=person.email, subject=f"{club.name}: {subject}", body=body,
            kind=OutboxMessage.Kind.ANNOUNCEMENT, club=club, wake_worker=False,
            headers={"List-Unsubscribe": f"<{stop_link}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"})
    if queued:
        transaction.on_commit(outbox.wake)
    return queued


def sent(club):
    """What the club's announcements sent, newest first (the outbox rows: to whom, state, error)."""
    return club.outbox.filter(kind=OutboxMessage.Kind.ANNOUNCEMENT)
