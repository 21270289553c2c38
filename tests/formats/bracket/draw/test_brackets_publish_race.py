"""Two organizers publish the same division at the same moment: one draw wins, the other is told."""

import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, connections

from tests.factories import UserFactory
from tests.formats.bracket.draw.test_brackets_support import closed_tournament
from tournament.formats.bracket.draw import publishing
from tournament.models import DrawRecord, Game

pytestmark = pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")


@pytest.mark.django_db(transaction=True)
def test_simultaneous_publishes_build_one_bracket():
    tournament, _ = closed_tournament(12)
    users = [UserFactory(username="ana"), UserFactory(username="ben")]
    records = [publishing.preview(tournament, "d1", seed=seed, by=user) for seed, user in zip((11, 22), users)]
    barrier = threading.Barrier(2)
    outcomes = {}

    def publish(record, user):
        try:
            barrier.wait()
            publishing.publish(record, by=user)
            outcomes[user.username] = "published"
        except ValidationError as exc:
            outcomes[user.username] = " ".join(exc.messages)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=publish, args=pair) for pair in zip(records, users)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(v == "published" for v in outcomes.values()) == [False, True]
    winner = next(name for name, v in outcomes.items() if v == "published")
    loser_message = next(v for v in outcomes.values() if v != "published")
    assert f"Division 1 was published by {winner}" in loser_message
    assert DrawRecord.objects.filter(published_at__isnull=False).count() == 1
    assert Game.objects.filter(division__kind="d1").count() == 15
