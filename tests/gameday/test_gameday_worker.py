"""The no-show deadline with a real Celery worker and the real Redis (real time, a few seconds)."""

import datetime as dt
import time

import pytest
from django.utils import timezone

from config.celery import app
from tests.gameday_setup import next_game, publish_division, teams
from tournament.core import actions
from tournament.core.deadlines import apply_no_show_at_deadline
from tournament.core.timetable import set_posted_start
from tournament.models import Game, GameEvent

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]
S = Game.Status


def wait_for(condition, timeout: float = 30.0):
    """Poll until `condition()` is truthy (bounded; the assertion is on the state, never the time)."""
    limit = time.monotonic() + timeout
    while time.monotonic() < limit:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    return condition()


def status(game):
    return Game.objects.get(pk=game.pk).status


def deadline_in(game, seconds: float) -> dt.datetime:
    """Post the game's start so that its no-show deadline falls `seconds` from now."""
    grace = game.division.tournament.no_show_grace
    set_posted_start(Game.objects.get(pk=game.pk), timezone.now() + dt.timedelta(seconds=seconds) - grace)
    return Game.objects.get(pk=game.pk).no_show_at


@pytest.fixture
def games(tournament):
    app.control.purge()  # nothing left over from another test's deadlines
    return publish_division(tournament)[1]


def test_the_no_show_task_fires_at_its_eta_and_a_check_in_just_before_prevents_it(games, celery_worker):
    absent_game, full_game = games
    celery_worker.start()
    here, away = teams(absent_game)
    deadline = deadline_in(absent_game, 3)
    deadline_in(full_game, 3)  # posting the start queues both tasks on commit, for their exact moment
    actions.check_in(absent_game, here, via="table")
    for team in teams(full_game):  # the "4:59" check-in: moments before the deadline
        actions.check_in(full_game, team)

    assert wait_for(lambda: status(absent_game) == S.FORFEIT)
    game = Game.objects.get(pk=absent_game.pk)
    assert game.winner == here and game.result_reason == "no show"
    assert GameEvent.objects.get(game=game, kind="no_show").at >= deadline  # not a moment early
    assert here in teams(next_game(game))
    assert status(full_game) == S.READY


def test_the_same_task_delivered_twice_forfeits_once(games, celery_worker, monkeypatch):
    game = games[0]
    monkeypatch.setattr("tournament.core.deadlines.send_task_safely", lambda *args, **kwargs: None)  # only ours
    actions.check_in(game, teams(game)[0])
    deadline_in(game, -1)
    celery_worker.start()
    deliveries = [apply_no_show_at_deadline.apply_async((game.pk,), ignore_result=False) for _ in range(2)]
    assert sorted(result.get(timeout=30) for result in deliveries) == [False, True]
    assert GameEvent.objects.filter(game=game, kind="no_show").count() == 1
    assert GameEvent.objects.filter(game=game, kind="result").count() == 1


def test_with_the_worker_stopped_over_the_deadline_the_sweep_applies_it_after_restart(games, celery_worker, monkeypatch):
    game = games[0]
    # The exact-moment message is lost (say the broker restarted empty): only the sweep is left.
    monkeypatch.setattr("tournament.core.deadlines.send_task_safely", lambda *args, **kwargs: None)
    actions.check_in(game, teams(game)[1])
    deadline = deadline_in(game, 0.5)
    wait_for(lambda: timezone.now() > deadline)
    assert status(game) == S.READY  # nothing applied it while no worker ran

    monkeypatch.setenv("SWEEP_INTERVAL_SECONDS", "1")
    celery_worker.start(beat=True)
    assert wait_for(lambda: status(game) == S.FORFEIT)
    assert Game.objects.get(pk=game.pk).winner == teams(game)[1]
