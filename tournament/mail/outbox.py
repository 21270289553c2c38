"""Every e-mail Meldboard sends goes through here: `enqueue` writes one outbox row per message and
recipient (a database write, so it never fails a page for the mail server), and the worker sends
the rows (`send_due`), each claimed on its row like a deadline is (tournament.core.deadlines).

Once each: a row is claimed by a conditional UPDATE before it is handed to the mail server and
marked sent right after, so a redelivered task, a second worker or the minute's wake-up finds it
claimed or sent and leaves it. A sender that dies between the claim and the send leaves the row
"sending"; after the claim's lease another sender takes it again (nothing is lost). The one moment left
is between the server's "250 accepted" and our UPDATE (a millisecond): a worker killed exactly
there sends that message again on the next try, with the same Message-ID. A database that does not
answer that UPDATE (a restart) is asked again for half the lease (`_mark_sent`), so an outage of the
database right after a send does not send it twice.

A failing server (refused, timed out, a 4xx answer) puts the row back with a backoff — 30 s
doubling to at most 30 min — and ends the batch, so a server that is down is not hammered; a 5xx
answer about the address fails the row at once; after MELDBOARD_MAIL_MAX_ATTEMPTS it is failed.
The organizer's mail page (tournament.events.mail_log) lists rows with their state and error.

Rate: one sender hands the server at most MELDBOARD_MAIL_PER_MINUTE messages a minute, spaced
evenly; a batch is one minute's worth and queues the next batch itself.
"""

from __future__ import annotations

import datetime as dt
import logging
import smtplib
import time
import uuid
from email.utils import make_msgid

from celery import shared_task
from django import db
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage, get_connection
from django.core.validators import validate_email
from django.db import DatabaseError, IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from tournament.common.scheduling import send_task_safely
from tournament.models.mail import OutboxMessage

log = logging.getLogger(__name__)
Status = OutboxMessage.Status

MAX_BACKOFF = dt.timedelta(minutes=30)


def claim_lease() -> dt.timedelta:
    """How long a claim holds before another sender may take the row again (a sender killed mid-send)."""
    return dt.timedelta(seconds=settings.MELDBOARD_MAIL_CLAIM_LEASE_SECONDS)


def valid_address(address: str) -> str:
    """The address, stripped, or "" when it is not one."""
    address = (address or "").strip()
    try:
        validate_email(address)
    except ValidationError:
        return ""
    return address


def enqueue(*, key: str, to: str, subject: str, body: str, kind: str = OutboxMessage.Kind.OTHER,
            tournament=None, club=None, headers: dict | None = None, attachments: list | None = None,
            wake_worker: bool = True) -> bool:
    """Queue one message to one address; True when a new row was written.

    `key` names the message (e.g. "signups-closed:12"); the address is added to it, so queuing the
    same message to the same person twice writes one row. A malformed address is logged and skipped."""
    address = valid_address(to)
    if not address:
        log.warning("Not queuing %s: %r is not an e-mail address", key, to)
        return False
    domain = settings.DEFAULT_FROM_EMAIL.rpartition("@")[2] or "meldboard"
    try:
        with transaction.atomic():
            OutboxMessage.objects.create(
                key=f"{key}:{address.lower()}"[:200], kind=kind, tournament=tournament, club=club, to=address,
                subject=" ".join(subject.split())[:300], body=body, headers=headers or {}, attachments=attachments or [],
                message_id=make_msgid(domain=domain),
            )
    except IntegrityError:
        return False  # queued already: once each
    if wake_worker:
        transaction.on_commit(wake)
    return True


def enqueue_each(addresses, *, key: str, **message) -> int:
    """The same message to each address (once each, however often an address is listed); one wake-up for all."""
    queued = sum(enqueue(key=key, to=address, wake_worker=False, **message)
                 for address in sorted({a.strip().lower() for a in addresses if a}))
    if queued:
        transaction.on_commit(wake)
    return queued


def wake() -> None:
    """Ask the worker to send what is due; the minute's beat does it anyway if the broker is down."""
    send_task_safely(send_outbox)


# ---- sending ------------------------------------------------------------------------------------

def claim(pk: int, now: dt.datetime) -> uuid.UUID | None:
    """Take one due row for this sender; None when another sender has it or it is done."""
    token = uuid.uuid4()
    taken = OutboxMessage.objects.due(now, now - claim_lease()).filter(pk=pk).update(
        status=Status.SENDING, claimed_at=now, claim=token, attempts=F("attempts") + 1)
    return token if taken else None


def _finish(pk: int, token: uuid.UUID, **fields) -> None:
    OutboxMessage.objects.filter(pk=pk, claim=token, status=Status.SENDING).update(**fields)


def _reconnect() -> None:
    """Drop the broken connection: the next query opens a new one."""
    db.connection.close()


def _mark_sent(pk: int, token: uuid.UUID) -> None:
    """The server has the message: say so, even across a database blip (PgBouncer or PostgreSQL
    restarting). Left "sending", the row would be claimed again after its lease and sent twice (the
    rehearsal saw it), so the UPDATE is tried again, for at most half the lease, on a new connection."""
    give_up = time.monotonic() + claim_lease().total_seconds() / 2
    pause = 0.25
    while True:
        try:
            _finish(pk, token, status=Status.SENT, sent_at=timezone.now(), last_error="")
            return
        except DatabaseError:
            if time.monotonic() + pause > give_up:
                raise
            log.warning("E-mail %s sent; the database did not answer to mark it, trying again", pk)
            _reconnect()
            time.sleep(pause)
            pause = min(pause * 2, 5.0)


def backoff(attempts: int) -> dt.timedelta:
    return min(dt.timedelta(seconds=settings.MELDBOARD_MAIL_RETRY_SECONDS) * (2 ** max(attempts - 1, 0)), MAX_BACKOFF)


def as_email(row: OutboxMessage, connection) -> EmailMessage:
    message = EmailMessage(subject=row.subject, body=row.body, from_email=settings.DEFAULT_FROM_EMAIL, to=[row.to],
                           headers={**row.headers, "Message-ID": row.message_id}, connection=connection)
    for attached in row.attachments:
        message.attach(attached["name"], attached["content"], attached.get("mimetype", "application/octet-stream"))
    return message


def _permanent(exc: Exception) -> bool:
    """The server refused this message for good (5xx about the address or content)."""
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        return all(code >= 500 for code, _ in exc.recipients.values())
    return isinstance(exc, smtplib.SMTPResponseException) and 500 <= exc.smtp_code < 600 and not isinstance(
        exc, smtplib.SMTPAuthenticationError)


def _failed(row_pk: int, token: uuid.UUID, attempts: int, exc: Exception, now: dt.datetime) -> str:
    error = f"{type(exc).__name__}: {exc}"[:1000]
    if _permanent(exc) or attempts >= settings.MELDBOARD_MAIL_MAX_ATTEMPTS:
        _finish(row_pk, token, status=Status.FAILED, last_error=error)
        log.warning("E-mail %s failed for good: %s", row_pk, error)
        return "failed"
    _finish(row_pk, token, status=Status.QUEUED, next_attempt_at=now + backoff(attempts), last_error=error)
    log.warning("E-mail %s not sent (try %d), tried again later: %s", row_pk, attempts, error)
    return "retried"


def send_due(now=None, *, limit: int | None = None, pace: bool = True) -> dict[str, int]:
    """Send the rows that are due, oldest first, at most one minute's worth; how many went each way."""
    per_minute = settings.MELDBOARD_MAIL_PER_MINUTE
    limit = limit or per_minute
    gap = 60.0 / per_minute if pace else 0.0
    counts = {"sent": 0, "retried": 0, "failed": 0}
    connection = None
    try:
        for pk in list(OutboxMessage.objects.due(now or timezone.now(), (now or timezone.now()) - claim_lease())
                       .order_by("next_attempt_at", "pk").values_list("pk", flat=True)[:limit]):
            started = time.monotonic()
            moment = now or timezone.now()
            token = claim(pk, moment)
            if token is None:
                continue
            row = OutboxMessage.objects.get(pk=pk)
            try:
                if connection is None:
                    connection = get_connection(fail_silently=False)
                    connection.open()
                as_email(row, connection).send()
            except (smtplib.SMTPException, OSError) as exc:
                outcome = _failed(pk, token, row.attempts, exc, moment)
                counts[outcome] += 1
                if not _permanent(exc):
                    break  # the server is down or busy: the rest wait for their turn, not hammered
                continue
            _mark_sent(pk, token)
            counts["sent"] += 1
            if gap:
                time.sleep(max(0.0, gap - (time.monotonic() - started)))
    finally:
        if connection is not None:
            try:
                connection.close()
            except (smtplib.SMTPException, OSError):
                pass
    return counts


def anything_due(now=None) -> bool:
    now = now or timezone.now()
    return OutboxMessage.objects.due(now, now - claim_lease()).exists()


@shared_task(acks_late=True, ignore_result=True)
def send_outbox() -> dict[str, int]:
    """Send a minute's worth; queue the next batch if a full one went and more is due."""
    counts = send_due()
    if counts["sent"] + counts["failed"] >= settings.MELDBOARD_MAIL_PER_MINUTE and anything_due():
        wake()
    return counts
