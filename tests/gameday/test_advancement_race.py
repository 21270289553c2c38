"""Two results for sibling games land at once: both advance, the next game is ready (PostgreSQL)."""

import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, connections

from tests.formats.bracket.draw.test_brackets_support import game, published, teams_of
from tournament.formats.bracket import advancement
from tournament.models import Game

pytestmark = pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")


def _together(*calls):
    barrier = threading.Barrier(len(calls))
    outcomes = [None] * len(calls)

    def run(i, fn):
        try:
            barrier.wait()
            fn()
            outcomes[i] = "ok"
        except ValidationError as exc:
            outcomes[i] = " ".join(exc.messages)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, fn)) for i, fn in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return outcomes


@pytest.mark.django_db(transaction=True)
def test_sibling_results_at_the_same_moment_make_the_next_game_ready():
    tournament, _ = published(8, both=False)
    g1, g2 = game(tournament, "d1", 1, 1), game(tournament, "d1", 1, 2)
    w1, w2 = teams_of(g1)[0], teams_of(g2)[1]
    outcomes = _together(
        lambda: advancement.finish_game(g1, w1, reason="score"),
        lambda: advancement.finish_game(g2, w2, reason="score"),
    )
    assert outcomes == ["ok", "ok"]
    following = game(tournament, "d1", 2, 1)
    assert teams_of(following) == [w1, w2] and following.status == Game.Status.READY


@pytest.mark.django_db(transaction=True)
def test_the_same_result_sent_twice_at_once_is_recorded_once():
    tournament, _ = published(4, both=False)
    g = game(tournament, "d1", 1, 1)
    winner = teams_of(g)[0]
    outcomes = _together(*[lambda: advancement.finish_game(g, winner, reason="score")] * 2)
    assert outcomes.count("ok") == 1
    assert any("already has a result" in o for o in outcomes if o != "ok")
    g.refresh_from_db()
    assert g.version == 1 and g.events.filter(kind="result").count() == 1
