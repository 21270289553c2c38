"""Who queues the exact-moment deadline tasks: every code path that sets or moves a deadline calls
tournament.core.deadlines explicitly (no signal), and the minute sweep runs its parts directly."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from config.celery import app
from tests.factories import TournamentFactory
from tests.gameday_setup import publish_division, teams
from tests.tournament_form import tournament_data
from tournament.core import actions, deadlines, signup_deadline, timetable
from tournament.models import Round, Tournament

POSTED = dt.datetime(2026, 4, 15, 17, 0, tzinfo=dt.UTC)
NO_SHOW_TASK = "tournament.core.deadlines.apply_no_show_at_deadline"
TIME_LIMIT_TASK = "tournament.core.deadlines.apply_time_limit_at_deadline"
CLOSE_TASK = "tournament.core.signup_deadline.close_registration_at_deadline"


@pytest.fixture
def sent(monkeypatch):
    queued = []
    def record(task, *ids, eta):
        queued.append((task.name, ids, eta))
    monkeypatch.setattr("tournament.core.deadlines.send_task_safely", record)
    monkeypatch.setattr("tournament.core.signup_deadline.send_task_safely", record)
    return queued


@pytest.fixture
def short_games(db):
    """Games of 30 minutes, so that a time limit falls inside the scheduling horizon."""
    tournament = TournamentFactory(game_time_limit=dt.timedelta(minutes=30))
    return publish_division(tournament, starts_at=POSTED)[1]


def test_starting_a_game_queues_its_time_limit(short_games, sent, django_capture_on_commit_callbacks):
    game = short_games[0]
    for team in teams(game):
        actions.check_in(game, team, now=POSTED)
    with django_capture_on_commit_callbacks(execute=True):
        actions.start_game(game, now=POSTED + dt.timedelta(minutes=2))
    assert sent == [(TIME_LIMIT_TASK, (game.pk,), POSTED + dt.timedelta(minutes=30))]


def test_reversing_a_forfeit_queues_the_time_limit_but_no_no_show(short_games, sent, organizer, django_capture_on_commit_callbacks):
    game = short_games[0]
    actions.check_in(game, teams(game)[0], now=POSTED)
    deadlines.apply_no_show(game.pk, now=POSTED + dt.timedelta(minutes=5))
    with time_machine.travel(POSTED + dt.timedelta(minutes=6), tick=False), django_capture_on_commit_callbacks(execute=True):
        actions.reverse_forfeit(game, organizer, "Wrong table on the chart")
    assert sent == [(TIME_LIMIT_TASK, (game.pk,), POSTED + dt.timedelta(minutes=30))]


def test_moving_a_round_queues_the_no_shows_of_its_ready_games(tournament, sent, django_capture_on_commit_callbacks):
    division, first = publish_division(tournament)
    soon = POSTED + dt.timedelta(minutes=10)
    with time_machine.travel(POSTED, tick=False), django_capture_on_commit_callbacks(execute=True):
        timetable.set_round_start(Round.objects.select_related("division").get(division=division, number=1), soon)
    grace = tournament.no_show_grace
    assert sorted(sent) == sorted((NO_SHOW_TASK, (g.pk,), soon + grace) for g in first)


@pytest.mark.parametrize("ahead, queued", [(dt.timedelta(minutes=20), True), (dt.timedelta(days=1), False)])
def test_publishing_queues_the_deadlines_within_the_horizon_and_leaves_later_ones_to_the_sweep(
    db, sent, django_capture_on_commit_callbacks, ahead, queued
):
    # Round one's default start is the Wednesday after the deadline at 10:00: POSTED here.
    tournament = TournamentFactory(signup_deadline=POSTED - dt.timedelta(days=1))
    with time_machine.travel(POSTED - ahead, tick=False), django_capture_on_commit_callbacks(execute=True):
        _, first = publish_division(tournament)
    grace = tournament.no_show_grace
    assert sorted(sent) == (sorted((NO_SHOW_TASK, (g.pk,), POSTED + grace) for g in first) if queued else [])


def test_creating_a_tournament_queues_its_sign_up_close_and_only_a_deadline_edit_queues_it_again(
    organizer_client, sent, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        assert organizer_client.post(reverse("organizer:create"), tournament_data()).status_code == 302
    event = Tournament.objects.get(slug="bayfest-2027")
    noon = dt.datetime(2027, 4, 6, 19, 0, tzinfo=dt.UTC)
    assert sent == [(CLOSE_TASK, (event.pk,), noon)]
    edit = reverse("organizer:edit", args=[event.slug])
    with django_capture_on_commit_callbacks(execute=True):
        assert organizer_client.post(edit, tournament_data(name="Bayfest 2027 bis")).status_code == 302
    assert len(sent) == 1  # a rename leaves the deadline alone
    with django_capture_on_commit_callbacks(execute=True):
        assert organizer_client.post(edit, tournament_data(signup_deadline="2027-04-07T12:00")).status_code == 302
    assert sent[1:] == [(CLOSE_TASK, (event.pk,), noon + dt.timedelta(days=1))]


def test_the_close_task_and_the_sweep_close_sign_ups_once(db, django_capture_on_commit_callbacks):
    deadline = POSTED
    first, second = TournamentFactory(signup_deadline=deadline), TournamentFactory(signup_deadline=deadline)
    with time_machine.travel(deadline + dt.timedelta(minutes=1)), django_capture_on_commit_callbacks(execute=True):
        assert signup_deadline.close_registration_at_deadline(first.pk) is True
        assert signup_deadline.close_registration_at_deadline(first.pk) is False
        assert deadlines.sweep_deadlines()["close_due_registrations"] == 1  # the second one
        assert deadlines.sweep_deadlines()["close_due_registrations"] == 0
    assert {t.status for t in Tournament.objects.filter(pk__in=[first.pk, second.pk])} == {Tournament.Status.CLOSED}


def test_the_beat_schedule_names_the_sweep_task():
    name = app.conf.beat_schedule["sweep-deadlines"]["task"]
    assert name == deadlines.sweep_deadlines.name and name in app.tasks
