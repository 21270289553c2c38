"""Closing registration at the deadline: once, late, or never — the pages are right every time."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from tests.factories import TournamentFactory
from tests.mail import delivered
from tournament.core import deadlines, signup_deadline
from tournament.models import Tournament

DEADLINE = dt.datetime(2026, 4, 7, 19, 0, tzinfo=dt.UTC)


@pytest.fixture
def event(db):
    return TournamentFactory(signup_deadline=DEADLINE, organizer_email="desk@club.example")


def test_the_deadline_task_running_twice_closes_once_and_mails_once(event, django_capture_on_commit_callbacks):
    with time_machine.travel(DEADLINE):
        with django_capture_on_commit_callbacks(execute=True):
            assert signup_deadline.close_registration_at_deadline(event.pk) is True
            assert signup_deadline.close_registration_at_deadline(event.pk) is False
    event.refresh_from_db()
    assert event.status == Tournament.Status.CLOSED and event.registration_closed_at == DEADLINE
    assert len(delivered()) == 1
    assert delivered()[0].to == ["desk@club.example"]
    assert "closed at noon, Tuesday 7 April 2026 (La Paz, Mazatlán time)" in delivered()[0].body


def test_a_task_delivered_early_does_nothing(event):
    # e.g. the deadline was moved later after the task was queued
    with time_machine.travel(DEADLINE - dt.timedelta(seconds=1)):
        assert signup_deadline.close_registration_at_deadline(event.pk) is False
    event.refresh_from_db()
    assert event.status == Tournament.Status.OPEN


def test_running_late_the_sweep_closes_with_its_own_time_and_still_once(event, django_capture_on_commit_callbacks):
    late = DEADLINE + dt.timedelta(hours=3)
    with time_machine.travel(late), django_capture_on_commit_callbacks(execute=True):
        assert deadlines.sweep_deadlines()["close_due_registrations"] == 1
        assert deadlines.sweep_deadlines()["close_due_registrations"] == 0
        assert signup_deadline.close_registration_at_deadline(event.pk) is False  # the exact-moment task, arriving later still
    event.refresh_from_db()
    assert event.registration_closed_at == late
    assert len(delivered()) == 1


def test_with_no_task_at_all_signups_are_refused_by_the_clock(client, event):
    with time_machine.travel(DEADLINE + dt.timedelta(seconds=1)):
        response = client.post(
            reverse("public:signup", args=[event.slug]),
            {"team_name": "Late Birds", "player1": "A", "player2": "B"},
        )
        board = client.post(reverse("public:partners", args=[event.slug]), {"name": "Solo"})
    assert "Sign-ups closed at noon" in response.content.decode()
    assert "Sign-ups closed at noon" in board.content.decode()
    event.refresh_from_db()
    assert event.status == Tournament.Status.OPEN and event.teams.count() == 0 and event.players.count() == 0


def test_closing_early_by_the_organizer_counts_as_the_one_close(event, django_capture_on_commit_callbacks):
    with time_machine.travel(DEADLINE - dt.timedelta(hours=1)), django_capture_on_commit_callbacks(execute=True):
        assert signup_deadline.close_registration(event.pk, early=True) is True
        assert "closed early by the organizer" in signup_deadline.closed_message(Tournament.objects.get(pk=event.pk))
    with time_machine.travel(DEADLINE), django_capture_on_commit_callbacks(execute=True):
        assert signup_deadline.close_registration_at_deadline(event.pk) is False
    assert len(delivered()) == 1


def test_scheduling_the_close_queues_it_for_its_exact_deadline(db, django_capture_on_commit_callbacks, monkeypatch):
    sent = []
    monkeypatch.setattr(signup_deadline.close_registration_at_deadline, "apply_async", lambda args, eta, **kw: sent.append((args, eta)))
    event = TournamentFactory(signup_deadline=DEADLINE)
    with django_capture_on_commit_callbacks(execute=True):
        signup_deadline.schedule_registration_close(event)
    assert sent == [((event.pk,), DEADLINE)]


@pytest.mark.worker
def test_a_real_worker_closes_registration_at_the_deadline(celery_worker, django_capture_on_commit_callbacks):
    from django.utils import timezone

    celery_worker.start()
    deadline = timezone.now() + dt.timedelta(seconds=2)
    event = TournamentFactory(signup_deadline=deadline)
    signup_deadline.schedule_registration_close(event)  # what creating it through the organizer's form does
    import time

    for _ in range(100):
        event.refresh_from_db()
        if event.registration_closed_at:
            break
        time.sleep(0.1)
    assert event.status == Tournament.Status.CLOSED
    assert event.registration_closed_at >= deadline
