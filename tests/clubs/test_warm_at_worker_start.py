"""A deploy starts with a cold cache (every key carries the deployed code's digest): the Celery worker
rebuilds every club's event records as it starts, so the first visitor of a club page after a deploy
does not wait for a history of seasons to be read again."""

import time

import pytest
from django.core.cache import cache

from tournament.clubs import records, sample
from tournament.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)


def _kept(events) -> int:
    return len(cache.get_many([records._key(t) for t in events]))


@pytest.mark.worker
def test_a_starting_worker_builds_every_clubs_records_before_anyone_asks(celery_worker, monkeypatch):
    club = sample.build("warm", seasons=1, events=3, players=12)
    events = list(Tournament.objects.filter(club=club))
    cache.clear()  # as after a deploy
    assert _kept(events) == 0

    celery_worker.start()
    deadline = time.monotonic() + 60
    while _kept(events) < len(events) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert _kept(events) == len(events), "the club's records were not rebuilt when the worker started"
    built = []
    monkeypatch.setattr(records, "build", lambda tournament: built.append(tournament.slug))
    assert len(records.club_records(club)) == 3 and built == []  # the first page after the deploy reads none again
