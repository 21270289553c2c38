"""The page cache itself: what a cached page costs, and that a dead cache never takes a page down."""

import datetime as dt

import pytest
import time_machine
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.gameday_setup import publish_division

POSTED = dt.datetime(2026, 4, 15, 17, 0, tzinfo=dt.UTC)
BEFORE = POSTED - dt.timedelta(minutes=10)  # no deadline passes while these tests look

pytestmark = pytest.mark.django_db


@pytest.fixture
def pages(tournament, organizer):
    publish_division(tournament, 8, starts_at=POSTED)
    signed_in = Client(HTTP_ACCEPT_LANGUAGE="en")
    signed_in.force_login(organizer)
    return {
        "bracket": (Client(HTTP_ACCEPT_LANGUAGE="en"), reverse("brackets:overview", args=[tournament.slug])),
        "board": (signed_in, reverse("gameday:board", args=[tournament.slug])),
    }


def queries(client, url) -> list[str]:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return [q["sql"] for q in captured.captured_queries]


def test_a_cached_bracket_costs_one_query_and_a_cached_board_two_besides_the_user(pages):
    with time_machine.travel(BEFORE, tick=False):
        bracket_miss, board_miss = (queries(*pages[name]) for name in ("bracket", "board"))
        bracket_hit, board_hit = (queries(*pages[name]) for name in ("bracket", "board"))
    assert len(bracket_miss) == 14 and len(bracket_hit) == 1  # a hit: the counter (its first deadline is kept with it)
    # the session and the signed-in user (sessions are in the database), whether they run it, then the
    # round to show, when its tables were last heard (tournament.core.heard.round_marks) and the counter
    assert len(board_hit) == 6 and len(board_miss) > len(board_hit)
    assert all("tournament_tournament" in sql for sql in (bracket_hit[0], board_hit[-1]))


@pytest.fixture
def dead_cache(settings):
    """The configured cache backend pointed at a port where no Redis answers."""
    settings.CACHES = {"default": {**settings.CACHES["default"], "LOCATION": "redis://127.0.0.1:1/0"}}


def test_a_dead_cache_serves_every_page_uncached(pages, dead_cache):
    with time_machine.travel(BEFORE, tick=False):
        for client, url in pages.values():
            first, second = client.get(url), client.get(url)
            assert first.status_code == second.status_code == 200
            assert 'class="game ' in first.content.decode() or 'class="card gd-game' in first.content.decode()
            assert len(queries(client, url)) > 4  # rendered afresh each time
