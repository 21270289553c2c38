"""The outbox sent by a real Celery worker (real Redis) to a real SMTP server: a worker killed in the
middle of a batch and a mail server down for a while neither lose nor double a message."""

import time

import pytest

from tests.mail import wait_until
from tests.mail.smtp_server import SmtpServer
from tournament.mail import outbox
from tournament.models import OutboxMessage

pytestmark = pytest.mark.worker

COUNT = 30


def test_a_killed_worker_and_a_mail_server_down_for_a_while_neither_lose_nor_double_a_message(
        celery_worker, monkeypatch):
    server = SmtpServer().start()
    try:
        monkeypatch.setenv("EMAIL_URL", server.url)
        monkeypatch.setenv("MELDBOARD_MAIL_PER_MINUTE", "300")  # one every 0.2 s: the batch takes seconds
        monkeypatch.setenv("MELDBOARD_MAIL_RETRY_SECONDS", "1")
        monkeypatch.setenv("MELDBOARD_MAIL_CLAIM_LEASE_SECONDS", "3")
        monkeypatch.setenv("SWEEP_INTERVAL_SECONDS", "1")
        celery_worker.start()
        outbox.enqueue_each([f"player{n:02}@club.example" for n in range(COUNT)], key="announcement",
                            subject="Bayfest: the draw is out", body="See you Wednesday at 10.\n")
        assert wait_until(lambda: len(server.messages) >= 8, 30), "the worker sent nothing"
        celery_worker.process.kill()  # mid-batch, no goodbye
        celery_worker.process.wait()
        sent_before = len(server.messages)
        assert sent_before < COUNT

        server.stop()  # and the mail server goes down too
        celery_worker.start(beat=True)  # a new worker; its beat wakes the outbox every second
        assert wait_until(lambda: OutboxMessage.objects.filter(last_error__icontains="refused").exists(), 30)
        time.sleep(3)  # down a while longer: the worker keeps trying, with backoff
        assert len(server.messages) == sent_before

        server.start()
        assert wait_until(lambda: len(server.messages) >= COUNT, 90), f"{len(server.messages)} of {COUNT} arrived"
        time.sleep(3)  # nothing more comes: nothing doubled
        received = server.messages
        assert sorted(m["To"] for m in received) == [f"player{n:02}@club.example" for n in range(COUNT)]
        assert len({m["Message-ID"] for m in received}) == COUNT
        assert set(OutboxMessage.objects.values_list("status", flat=True)) == {OutboxMessage.Status.SENT}
    finally:
        celery_worker.stop()
        server.stop()
