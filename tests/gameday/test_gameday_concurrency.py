"""Racing callers of one deadline on PostgreSQL (real row locks): exactly one of them acts."""

import datetime as dt
import threading

import pytest
from django.db import connection

from tests.gameday_setup import publish_division, teams
from tournament.core import actions, deadlines
from tournament.models import GameEvent

POSTED = dt.datetime(2026, 4, 15, 17, 0, tzinfo=dt.UTC)
NO_SHOW = POSTED + dt.timedelta(minutes=5)


def race(callers: int, call) -> list:
    barrier, results = threading.Barrier(callers), []

    def run():
        try:
            barrier.wait()
            results.append(call())
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(callers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


@pytest.mark.django_db(transaction=True)
def test_four_callers_at_the_no_show_deadline_forfeit_once(tournament):
    if connection.vendor != "postgresql":
        pytest.skip("row locks are only real on PostgreSQL (DATABASE_URL=postgres://…)")
    _, (game, _) = publish_division(tournament, starts_at=POSTED)
    actions.check_in(game, teams(game)[0], now=POSTED)
    results = race(4, lambda: deadlines.apply_no_show(game.pk, now=NO_SHOW))
    assert sorted(results) == [False, False, False, True]
    assert GameEvent.objects.filter(game=game, kind="result").count() == 1
