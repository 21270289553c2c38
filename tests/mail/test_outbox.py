"""The outbox against a real SMTP server on loopback: every message is read back from the server."""

import datetime as dt
import smtplib

import pytest
import time_machine
from django.utils import timezone

from tests.factories import TournamentFactory, UserFactory
from tests.mail.smtp_server import text
from tournament.core import signup_deadline
from tournament.mail import outbox
from tournament.models import OutboxMessage

S = OutboxMessage.Status


def queue(n: int, tournament=None, prefix="p"):
    for i in range(n):
        outbox.enqueue(key=f"test:{i}", to=f"{prefix}{i}@club.example", subject=f"Hello {i}", body=f"Body {i}\n",
                       tournament=tournament)


def test_closing_signups_while_the_mail_server_is_down_fails_nothing_and_the_notice_goes_once_it_is_back(
        organizer_client, organizer, smtp_server, django_capture_on_commit_callbacks):
    event = TournamentFactory(created_by=organizer, organizer_email="desk@club.example", name="Bayfest")
    smtp_server.stop()  # refused connections from here on
    with django_capture_on_commit_callbacks(execute=True):
        response = organizer_client.post(f"/organizer/t/{event.slug}/close/")
    assert response.status_code == 302  # the page answered: nobody waits for the mail server
    assert outbox.send_due(pace=False) == {"sent": 0, "retried": 1, "failed": 0}
    row = OutboxMessage.objects.get(to="desk@club.example")
    assert row.status == S.QUEUED and "ConnectionRefused" in row.last_error and row.next_attempt_at > timezone.now()
    assert outbox.send_due(pace=False)["sent"] == 0  # not due yet: backoff
    smtp_server.start()
    with time_machine.travel(row.next_attempt_at + dt.timedelta(seconds=1)):
        assert outbox.send_due(pace=False)["sent"] == 2  # the desk and the organizer who made it
        assert outbox.send_due(pace=False)["sent"] == 0
    (message,) = smtp_server.to("desk@club.example")
    assert message["Subject"] == "Bayfest: sign-ups closed with 0 teams" and message["Message-ID"] == row.message_id
    assert "closed" in text(message)
    page = organizer_client.get(f"/organizer/t/{event.slug}/mail/").content.decode()
    assert "desk@club.example" in page and "Sent: 2" in page and "2 tries" in page


def test_queuing_the_same_message_twice_sends_it_once(db, smtp_server):
    event = TournamentFactory(organizer_email="desk@club.example")
    assert signup_deadline.close_registration(event.pk, early=True)
    signup_deadline.notify_registration_closed(event.pk)  # a second call, as a redelivered task would
    assert OutboxMessage.objects.count() == 1
    outbox.send_due(pace=False)
    assert len(smtp_server.to("desk@club.example")) == 1


def test_a_claimed_message_is_not_sent_by_a_second_sender(db, smtp_server):
    queue(1)
    row = OutboxMessage.objects.get()
    assert outbox.claim(row.pk, timezone.now()) is not None
    assert outbox.claim(row.pk, timezone.now()) is None
    assert outbox.send_due(pace=False)["sent"] == 0 and smtp_server.messages == []


def test_a_sender_that_died_mid_send_leaves_the_message_to_the_next_after_the_lease(db, smtp_server, settings):
    queue(1)
    row = OutboxMessage.objects.get()
    outbox.claim(row.pk, timezone.now())  # and then the worker was killed
    with time_machine.travel(timezone.now() + dt.timedelta(seconds=settings.MELDBOARD_MAIL_CLAIM_LEASE_SECONDS + 1)):
        assert outbox.send_due(pace=False)["sent"] == 1
    assert len(smtp_server.messages) == 1 and OutboxMessage.objects.get().attempts == 2


def test_an_address_the_server_refuses_for_good_fails_and_the_organizer_sees_why(
        organizer_client, organizer, smtp_server):
    event = TournamentFactory(created_by=organizer)
    smtp_server.sink.refused.add("gone@club.example")
    outbox.enqueue(key="a", to="gone@club.example", subject="One", body="x", tournament=event)
    outbox.enqueue(key="a", to="here@club.example", subject="One", body="x", tournament=event)
    assert outbox.send_due(pace=False) == {"sent": 1, "retried": 0, "failed": 1}  # the refusal does not stop the batch
    failed = OutboxMessage.objects.get(to="gone@club.example")
    assert failed.status == S.FAILED and "No such mailbox" in failed.last_error
    page = organizer_client.get(f"/organizer/t/{event.slug}/mail/").content.decode()
    assert "Failed: 1" in page and "No such mailbox here" in page
    assert f'action="/organizer/t/{event.slug}/mail/{failed.pk}/retry/"' in page and "Try again" in page
    smtp_server.sink.refused.clear()
    response = organizer_client.post(f"/organizer/t/{event.slug}/mail/{failed.pk}/retry/", follow=True)
    assert "will be sent again" in response.content.decode()
    assert outbox.send_due(pace=False)["sent"] == 1 and len(smtp_server.to("gone@club.example")) == 1
    again = organizer_client.post(f"/organizer/t/{event.slug}/mail/{failed.pk}/retry/", follow=True)
    assert "not a failed one" in again.content.decode()


def test_another_tournaments_organizer_cannot_see_or_retry_its_mail(db, client):
    event = TournamentFactory()
    client.force_login(UserFactory(username="stranger", is_staff=False))
    assert client.get(f"/organizer/t/{event.slug}/mail/").status_code == 403


def test_a_message_given_up_after_the_last_try(db, settings, monkeypatch):
    settings.MELDBOARD_MAIL_MAX_ATTEMPTS = 2
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", 9, 2  # nothing listens there
    queue(1)
    outbox.send_due(pace=False)
    with time_machine.travel(timezone.now() + dt.timedelta(hours=1)):
        outbox.send_due(pace=False)
    assert OutboxMessage.objects.get().status == S.FAILED


def test_the_rate_spaces_messages(db, smtp_server, settings):
    settings.MELDBOARD_MAIL_PER_MINUTE = 600  # one every 0.1 s
    queue(4)
    started = timezone.now()
    assert outbox.send_due() == {"sent": 4, "retried": 0, "failed": 0}
    assert (timezone.now() - started).total_seconds() >= 0.35


def test_a_batch_is_one_minutes_worth(db, smtp_server, settings):
    settings.MELDBOARD_MAIL_PER_MINUTE = 3
    queue(5)
    assert outbox.send_due(pace=False)["sent"] == 3
    assert outbox.send_due(pace=False)["sent"] == 2


def test_a_malformed_address_is_skipped_not_raised(db):
    assert outbox.enqueue(key="x", to="not an address", subject="s", body="b") is False
    assert not OutboxMessage.objects.exists()


@pytest.mark.parametrize("error", [smtplib.SMTPServerDisconnected("gone"), TimeoutError("timed out")])
def test_a_server_that_drops_or_hangs_is_tried_again_later(db, smtp_server, monkeypatch, error):
    queue(2)

    def broken(self, messages):
        raise error

    monkeypatch.setattr("django.core.mail.backends.smtp.EmailBackend.send_messages", broken)
    assert outbox.send_due(pace=False) == {"sent": 0, "retried": 1, "failed": 0}  # the batch stops at the first
    assert list(OutboxMessage.objects.values_list("status", flat=True)) == [S.QUEUED, S.QUEUED]


def test_a_database_blip_right_after_a_send_neither_fails_nor_doubles_it(db, smtp_server, monkeypatch, settings):
    """The rehearsal's find: PgBouncer cut the connection just after the server accepted a message, the
    row stayed "sending", and after its lease another sender sent it again."""
    from django.db import OperationalError

    settings.MELDBOARD_MAIL_CLAIM_LEASE_SECONDS = 4
    outbox.enqueue(key="blip", to="ana@club.example", subject="Bayfest", body="Hi.\n")
    real, calls = outbox._finish, []

    def cut_once(pk, token, **fields):
        calls.append(fields.get("status"))
        if len(calls) == 1:
            raise OperationalError("server closed the connection unexpectedly")
        return real(pk, token, **fields)

    monkeypatch.setattr(outbox, "_finish", cut_once)
    monkeypatch.setattr(outbox, "_reconnect", lambda: calls.append("reconnect"), raising=False)  # the test's transaction stays open
    monkeypatch.setattr(outbox.time, "sleep", lambda seconds: None)
    assert outbox.send_due(pace=False)["sent"] == 1
    later = timezone.now() + dt.timedelta(minutes=5)  # long past the lease: nothing is taken again
    assert outbox.send_due(later, pace=False)["sent"] == 0
    assert len(smtp_server.to("ana@club.example")) == 1 and calls == ["sent", "reconnect", "sent"]
    assert OutboxMessage.objects.get().status == OutboxMessage.Status.SENT
