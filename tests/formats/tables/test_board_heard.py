"""A table event's round board says when each table's phone last reached the server (the table page
of a 3-6 seat table notes it as a bracket table's does), also on a board the page cache holds."""

import datetime as dt
import re
import zoneinfo

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from tests.factories import organizer, organizer_client  # noqa: F401 (fixtures)
from tests.formats.tables.events import sign_up, table_event
from tournament.formats.tables import drawing, rounds
from tournament.models import Game

pytestmark = pytest.mark.django_db
POSTED = dt.datetime(2026, 4, 15, 17, 0, tzinfo=dt.UTC)


@pytest.fixture
def event():
    with time_machine.travel(POSTED - dt.timedelta(hours=1), tick=False):
        event = table_event("rummikub")
        sign_up(event, "Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
        rounds.save_round(event, 1, drawing.draw_seating(event, 1, 4), 4, POSTED)
    return event


def cards(client, event):
    page = client.get(reverse("tables:board_round", args=[event.slug, 1])).content.decode()
    return {int(n): re.sub(r"\s+", " ", body) for n, body in re.findall(r'id="table-(\d+)"(.*?)</article>', page, re.S)}


def local(event, moment):
    return moment.astimezone(zoneinfo.ZoneInfo(event.time_zone)).strftime("%-I:%M %p")


def test_the_round_board_shows_when_each_table_was_last_heard_even_when_cached(organizer_client, event):  # noqa: F811
    first, second = Game.objects.filter(division__tournament=event).order_by("number")[:2]
    with time_machine.travel(POSTED - dt.timedelta(minutes=10), tick=False):
        board = cards(organizer_client, event)
        assert "Table phone not heard from yet" in board[first.number] and "Table phone not heard from yet" in board[second.number]
        assert Client().get(f"/table/{first.table_token}/").status_code == 200  # a 4-seat table's phone
        board = cards(organizer_client, event)  # the same counter: the cached board, with the new mark
    assert Game.objects.get(pk=first.pk).last_heard_at == POSTED - dt.timedelta(minutes=10)
    assert f"Table phone last heard {local(event, POSTED - dt.timedelta(minutes=10))}" in board[first.number]
    assert "Table phone not heard from yet" in board[second.number]
    with time_machine.travel(POSTED + dt.timedelta(minutes=3), tick=False):
        Client().get(f"/table/{first.table_token}/live/")
        board = cards(organizer_client, event)
    assert f"Table phone last heard {local(event, POSTED + dt.timedelta(minutes=3))}" in board[first.number]


def test_the_organizers_copy_of_a_table_is_not_the_table_phone(organizer_client, event):  # noqa: F811
    game = Game.objects.filter(division__tournament=event).first()
    with time_machine.travel(POSTED - dt.timedelta(minutes=10), tick=False):
        assert organizer_client.get(f"/table/manage/{game.pk}/").status_code == 200
        assert "Table phone not heard from yet" in cards(organizer_client, event)[game.number]
    assert Game.objects.get(pk=game.pk).last_heard_at is None
