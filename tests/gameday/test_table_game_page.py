"""The organizer's page of one table at an event of single players (Rummikub): it names the players
seated there and, once over, the winner in the table's own words; a table's substitutes and
withdrawals are made on the Players page, so the bracket's "no partner" form is not offered."""

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.formats.tables.played import players_round
from tests.walks import stages
from tests.walks.pages import visible
from tournament.core import transitions
from tournament.models import Game, GameSide

pytestmark = pytest.mark.django_db


def page_of(client, game):
    response = client.get(reverse("gameday:game", args=[game.division.tournament.slug, game.pk]))
    assert response.status_code == 200
    return visible(response.content.decode())


def test_a_rummikub_table_page_names_its_players_and_points_to_the_players_page(organizer_client):
    event, games = players_round("rummikub", 4, 3, names=None)
    text = page_of(organizer_client, games[1])
    assert "Round 1 · Table 2" in text
    for name in ("P5", "P6", "P7"):
        assert name in text
    assert "Substitute or withdraw a player" in text
    assert "no partner" not in text.lower() and "advances" not in text and "Who cannot play" not in text
    assert "agree to start now" not in text  # a team's checkbox, nameless for a player: the phone asks each player


def test_a_finished_rummikub_table_names_its_winner(organizer_client):
    event, games = players_round("rummikub", 4, 3)
    game = games[1]
    stages.start(game, timezone.now())
    GameSide.objects.filter(game=game, slot=2).update(total=42)
    transitions.move(game, "finish", winner=GameSide.objects.get(game=game, slot=2), reason=Game.Reason.SCORE,
                     log="result")
    text = page_of(organizer_client, Game.objects.get(pk=game.pk))
    assert "P6" in text and "won" in text
    assert "No team advances" not in text and "No result yet" not in text
