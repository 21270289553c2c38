"""A bracket's chart is put together from game cards cached by what they show: a change re-renders
the cards it changes and no other, and every change still shows on the very next request."""

import datetime as dt

import pytest
import time_machine
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tests.formats.bracket.draw.test_brackets_support import game, published, teams_of
from tests.formats.tables.played import START
from tournament.core import render_once
from tournament.formats.bracket import advancement
from tournament.formats.bracket.chart import cards
from tournament.models import Game
from tournament.signups.team_changes import rename_team

pytestmark = pytest.mark.django_db


@pytest.fixture
def chart():
    with time_machine.travel(START - dt.timedelta(days=30), tick=False):
        tournament, _ = published(16, both=False)
    moment = game(tournament, "d1", 1, 1).starts_at - dt.timedelta(minutes=10)
    cache.clear()
    with time_machine.travel(moment, tick=False):
        yield tournament, reverse("brackets:division", args=[tournament.slug, "d1"])


def _cards() -> int:
    return render_once.counts([cards.KIND])[cards.KIND]


def test_the_first_render_makes_every_card_and_a_change_only_the_cards_it_changes(chart):
    tournament, url = chart
    client = Client()
    client.get(url)
    every = Game.objects.filter(division__tournament=tournament, division__kind="d1").count()
    assert _cards() == every

    first = game(tournament, "d1", 1, 1)
    winner = teams_of(first)[0]
    advancement.finish_game(Game.objects.get(pk=first.pk), winner, reason="score")
    page = client.get(url).content.decode()
    assert _cards() == every + 2  # the finished game and the game its winner moves on to
    following = game(tournament, "d1", 2, 1)
    assert winner.name in page.split(f'id="game-{following.pk}"')[1].split("</li>")[0]

    other = teams_of(game(tournament, "d1", 1, 5))[1]
    rename_team(other, "Renamed Rovers")
    page = client.get(url).content.decode()
    assert "Renamed Rovers" in page
    assert _cards() == every + 3


def test_a_signed_in_organizer_gets_the_cards_with_their_links(chart):
    tournament, url = chart
    from tests.factories import UserFactory

    user = UserFactory(username="boss")
    tournament.organizers.add(user)
    visitor, boss = Client(), Client()
    boss.force_login(user)
    assert "Result and log (organizer)" not in visitor.get(url).content.decode()
    assert "Result and log (organizer)" in boss.get(url).content.decode()
    assert "Result and log (organizer)" not in visitor.get(url).content.decode()
