"""When each table's phone last reached the server: noted by table-link requests (at most every 30
seconds, one conditional UPDATE), not by the organizer's copy, and shown on the organizer's board —
also on a board the page cache already holds."""

import datetime as dt
import re

import pytest
import time_machine
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.gameday_setup import publish_division
from tournament.models import Game

POSTED = dt.datetime(2026, 4, 15, 17, 0, tzinfo=dt.UTC)  # Wednesday 10:00 AM in Mazatlán


@pytest.fixture
def games(tournament):
    return publish_division(tournament, starts_at=POSTED)[1]


def heard(game):
    return Game.objects.get(pk=game.pk).last_heard_at


def updates(captured):
    return [q["sql"] for q in captured.captured_queries if q["sql"].startswith("UPDATE")]


def board_cards(client, tournament):
    page = client.get(reverse("gameday:board", args=[tournament.slug])).content.decode()
    return {int(pk): re.sub(r"\s+", " ", body) for pk, body in re.findall(r'id="game-(\d+)"(.*?)</article>', page, re.S)}


@pytest.mark.django_db
def test_the_table_page_and_its_polls_note_when_the_table_was_heard(games):
    game, phone = games[0], Client()
    assert heard(game) is None
    with time_machine.travel(POSTED, tick=False):
        assert phone.get(f"/table/{game.table_token}/").status_code == 200
    assert heard(game) == POSTED
    with time_machine.travel(POSTED + dt.timedelta(seconds=20), tick=False):
        with CaptureQueriesContext(connection) as quiet:
            phone.get(f"/table/{game.table_token}/live/")
            phone.get(f"/table/{game.table_token}/status/")
    assert heard(game) == POSTED and not updates(quiet)  # heard 20 s ago: nothing written
    later = POSTED + dt.timedelta(seconds=45)
    with time_machine.travel(later, tick=False):
        phone.get(f"/table/{game.table_token}/status/")  # the game-day status bar's poll counts too
    assert heard(game) == later
    assert heard(games[1]) is None  # only that table


@pytest.mark.django_db
def test_the_organizers_copy_of_the_sheet_is_not_the_table(organizer_client, games):
    game = games[0]
    with time_machine.travel(POSTED, tick=False):
        assert organizer_client.get(f"/table/manage/{game.pk}/").status_code == 200
    assert heard(game) is None


@pytest.mark.django_db
def test_a_wrong_table_link_notes_nothing(games):
    assert Client().get("/table/not-a-token/").status_code == 404
    assert not Game.objects.filter(last_heard_at__isnull=False).exists()


@pytest.mark.django_db
def test_the_board_shows_when_each_table_was_last_heard_even_when_cached(organizer_client, tournament, games):
    first, second = games
    with time_machine.travel(POSTED - dt.timedelta(minutes=10), tick=False):
        cards = board_cards(organizer_client, tournament)
        assert "Table phone not heard from yet" in cards[first.pk]
        Client().get(f"/table/{first.table_token}/live/")  # changes nothing the counter counts
        cards = board_cards(organizer_client, tournament)
    assert "Table phone last heard 9:50 AM" in cards[first.pk]
    assert "Table phone not heard from yet" in cards[second.pk]
    with time_machine.travel(POSTED + dt.timedelta(minutes=3), tick=False):
        Client().get(f"/table/{first.table_token}/status/")
        cards = board_cards(organizer_client, tournament)
    assert "Table phone last heard 10:03 AM" in cards[first.pk]
