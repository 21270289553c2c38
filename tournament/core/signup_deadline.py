"""The sign-up deadline, which every event has whatever its format: closing sign-ups once (at the
deadline, by its task or the minute sweep, or early by the organizer), telling the organizers, and
what the pages say once they are closed."""

import datetime as dt
import logging

from celery import shared_task
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.common.localtime import full_text
from tournament.common.scheduling import send_task_safely
from tournament.core import event_status, formats
from tournament.core.language import in_tournament_language
from tournament.mail import outbox
from tournament.models import Tournament

log = logging.getLogger(__name__)


def closed_message(tournament: Tournament, *, organizer: bool = False) -> str:
    """Why nobody can sign up any more. The organizer reads it on their own pages: it does not send
    them to ask the organizer, it says what they can still do."""
    early = tournament.registration_closed_at and tournament.registration_closed_at < tournament.signup_deadline
    if organizer:
        if early:
            return _("Sign-ups were closed early at %(when)s.") % {"when": full_text(tournament, tournament.registration_closed_at)}
        return _("Sign-ups closed at %(when)s.") % {"when": full_text(tournament, tournament.signup_deadline)}
    if early:
        return _("Sign-ups were closed early by the organizer at %(when)s.") % {
            "when": full_text(tournament, tournament.registration_closed_at)}
    return _("Sign-ups closed at %(when)s. Ask the organizer if you still want to play.") % {
        "when": full_text(tournament, tournament.signup_deadline)}


def draw_started(tournament: Tournament) -> bool:
    return tournament.divisions.filter(published_at__isnull=False).exists()


def close_registration(tournament_id: int, *, early: bool = False, now: dt.datetime | None = None) -> bool:
    """Close sign-ups once. True for the one caller that closed them; False for everyone after.

    The conditional UPDATE is the claim: a task delivered twice, the sweep and the task together,
    or two organizers clicking at once all end with one close and one email. The e-mail is queued in
    the same transaction (tournament.mail.outbox) and sent by the worker: a mail server that is down
    never fails whatever closed them (a page, the demo command, the sweep).
    """
    now = now or timezone.now()
    due = Q() if early else Q(signup_deadline__lte=now)
    with transaction.atomic():
        claimed = event_status.move(tournament_id, "close_signups", claim=True, when=due & Q(registration_closed_at__isnull=True),
                                    fields={"registration_closed_at": now})
        if claimed:
            notify_registration_closed(tournament_id)
    return bool(claimed)


def close_due_registrations(now: dt.datetime) -> int:
    due = Tournament.objects.filter(
        status=Tournament.Status.OPEN, registration_closed_at__isnull=True, signup_deadline__lte=now
    ).values_list("pk", flat=True)
    return sum(close_registration(pk, now=now) for pk in list(due))


def notify_registration_closed(tournament_id: int) -> None:
    tournament = Tournament.objects.get(pk=tournament_id)
    event_format = formats.of(tournament)
    count = event_format.signed_up(tournament)
    recipients = [tournament.organizer_email] if tournament.organizer_email else []
    if tournament.created_by and tournament.created_by.email:
        recipients.append(tournament.created_by.email)
    log.info("Sign-ups closed for %s with %d signed up", tournament.slug, count)
    if not recipients:
        return
    # Sent from the background (the deadline task, the sweep): the tournament's own language.
    with in_tournament_language(tournament):
        values = {"tournament": tournament.name, "count": count,
                  "when": full_text(tournament, tournament.registration_closed_at)}
        subject, message = event_format.signups_closed_mail(count)  # in the format's words: teams or players
        outbox.enqueue_each(recipients, key=f"signups-closed:{tournament.pk}:{tournament.registration_closed_at.isoformat()}",
                            subject=subject % values, body=message % values, kind=outbox.OutboxMessage.Kind.SIGNUPS_CLOSED,
                            tournament=tournament)


def schedule_registration_close(tournament: Tournament) -> None:
    """Queue the sign-up close for the tournament's deadline; call it when a tournament is created or its deadline edited."""
    if tournament.status == Tournament.Status.OPEN and not tournament.registration_closed_at:
        pk, eta = tournament.pk, tournament.signup_deadline
        transaction.on_commit(lambda: send_task_safely(close_registration_at_deadline, pk, eta=eta))


@shared_task(acks_late=True, ignore_result=True)
def close_registration_at_deadline(tournament_id: int) -> bool:
    return close_registration(tournament_id)
