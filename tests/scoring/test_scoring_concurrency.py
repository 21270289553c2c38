"""Many phones at once, on PostgreSQL (real row locks and constraint waits; SQLite serialises
everything and would prove nothing): one key saves one hand, and of two edits of one version one
wins and the other is told."""

import threading

import pytest
from django.db import connection, connections

from scoring import hands
from scoring import sample_hands as td
from scoring.models import Hand, HandRevision
from tests.factories import TournamentFactory
from tests.scoring.games import make_game
from tournament.models import GameSide

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="concurrency needs PostgreSQL (CI runs it)"),
]
W1_OUT = [td.values(out=True, **td.W1), td.values(**td.W2)]


def run_at_once(count, work):
    """Run work(i) in `count` threads released together, each on its own connection."""
    barrier = threading.Barrier(count)
    outcomes = [None] * count

    def runner(i):
        try:
            barrier.wait(timeout=30)
            outcomes[i] = work(i)
        except Exception as exc:  # collected: the assertions say which outcome each thread had
            outcomes[i] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=runner, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return outcomes


def test_twenty_simultaneous_submissions_with_one_key_save_one_hand():
    game = make_game(TournamentFactory())
    outcomes = run_at_once(20, lambda i: hands.submit(game, number=1, values=W1_OUT, key="double-tap", entered_by="A"))
    assert all(isinstance(o, tuple) for o in outcomes), outcomes
    assert sum(created for _, created in outcomes) == 1
    assert {hand.pk for hand, _ in outcomes} == {Hand.objects.get().pk}
    assert HandRevision.objects.count() == 1
    assert list(GameSide.objects.filter(game=game).order_by("slot").values_list("total", flat=True)) == [5690, 935]


def test_twenty_phones_saving_hand_one_at_once_save_one_and_tell_the_others():
    game = make_game(TournamentFactory())
    outcomes = run_at_once(20, lambda i: hands.submit(game, number=1, values=W1_OUT, key=f"phone-{i}", entered_by="A"))
    saved = [o for o in outcomes if isinstance(o, tuple)]
    told = [o for o in outcomes if isinstance(o, hands.NumberTaken)]
    assert len(saved) == 1 and len(told) == 19, outcomes
    assert "another phone" in told[0].message
    assert Hand.objects.count() == 1


def test_two_conflicting_edits_leave_one_revision_and_tell_the_other():
    game = make_game(TournamentFactory())
    hand, _ = hands.submit(game, number=1, values=W1_OUT, key="k", entered_by="A")
    edits = [
        [td.values(out=True, **dict(td.W1, left=55)), td.values(**td.W2)],
        [td.values(out=True, **td.W1), td.values(**dict(td.W2, left=95))],
    ]
    outcomes = run_at_once(2, lambda i: hands.correct(hand, version=1, values=edits[i], reason=f"phone {i}", author=f"P{i}"))
    won = [o for o in outcomes if isinstance(o, Hand)]
    stale = [o for o in outcomes if isinstance(o, hands.StaleEdit)]
    assert len(won) == 1 and len(stale) == 1, outcomes
    assert "while you were looking at it" in stale[0].message and stale[0].hand.version == 2
    assert list(hand.revisions.values_list("version", flat=True)) == [1, 2]
    current = Hand.objects.get(pk=hand.pk)
    totals = list(GameSide.objects.filter(game=game).order_by("slot").values_list("total", flat=True))
    assert totals == [s["hand_score"] for s in current.result["sides"]]
