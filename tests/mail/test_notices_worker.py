"""The notices the minute sweep sends, by a real Celery worker (real Redis) to a real SMTP server: the
reminder before a start and "sign-ups close tomorrow" arrive once each, however many sweeps run (sent
through the broker as beat sends them) and though the worker is killed and another starts."""

import datetime as dt
import time

import pytest
from django.test import Client
from django.utils import timezone

from tests.factories import TeamFactory, TournamentFactory
from tests.gameday_setup import publish_division
from tests.mail import wait_until
from tests.mail.smtp_server import SmtpServer
from tournament.core import deadlines
from tournament.models import OutboxMessage

pytestmark = pytest.mark.worker


def test_the_sweep_sends_each_reminder_and_closing_notice_once_across_a_killed_worker(celery_worker, monkeypatch):
    server = SmtpServer().start()
    try:
        monkeypatch.setenv("EMAIL_URL", server.url)
        monkeypatch.setenv("MELDBOARD_MAIL_PER_MINUTE", "600")
        board = TournamentFactory(name="Fiesta", signup_deadline=timezone.now() + dt.timedelta(hours=23))
        Client(HTTP_ACCEPT_LANGUAGE="es-MX").post(f"/t/{board.slug}/partners/", {"name": "Lupe", "contact": "lupe@club.example"})
        event = TournamentFactory(name="Bayfest", signup_deadline=timezone.now() + dt.timedelta(days=3))
        Client().post(f"/t/{event.slug}/signup/", {"team_name": "Jets", "player1": "Ann", "player2": "Bo",
                                                   "contact": "jets@club.example", "mail_opt_in": "on", "submission_key": "j"})
        for name in ("Sharks", "Owls", "Foxes"):
            TeamFactory(tournament=event, name=name)
        publish_division(event, starts_at=timezone.now() + dt.timedelta(minutes=50))
        # The draw and its posted time went out two hours ago (a message naming the game within the
        # hour would be the reminder itself).
        OutboxMessage.objects.update(created_at=timezone.now() - dt.timedelta(hours=2))

        def arrived(address, words):
            return [m for m in server.messages if address in m["To"] and words in " ".join(m["Subject"].split())]

        celery_worker.start()
        for _ in range(3):
            deadlines.sweep_deadlines.delay()
        assert wait_until(lambda: arrived("jets@club.example", "your game at") and arrived("lupe@club.example", "cierran mañana"))
        celery_worker.process.kill()  # no goodbye
        celery_worker.process.wait()
        celery_worker.start()  # a new worker: its sweeps find both claimed
        results = [deadlines.sweep_deadlines.apply_async(ignore_result=False) for _ in range(3)]
        assert [r.get(timeout=30)["reminder_mail"] for r in results] == [0, 0, 0]
        time.sleep(1)  # and nothing more comes
        assert len(arrived("jets@club.example", "your game at")) == 1
        assert len(arrived("lupe@club.example", "cierran mañana")) == 1
    finally:
        celery_worker.stop()
        server.stop()
