"""The table card's no-show line says who forfeits in the event's own terms: a team in a bracket, a
player or a partnership at a table round, and that the others play on where three or more sit."""

import io

import pypdf
import pytest
from django.urls import reverse

from tests.formats.tables.played import club_round, players_round
from tests.printing.test_printing_helpers import draw_divisions, flat
from tournament.models import Game, Round
from tournament.printing import data

pytestmark = pytest.mark.django_db


def rule(game):
    return data.game_info(data.games_of(pk=game.pk)[0]).no_show_rule


def test_a_bracket_game_still_says_a_team_forfeits(tournament):
    divisions = draw_divisions(tournament, 4)
    game = Game.objects.filter(round=Round.objects.get(division=divisions["d1"], number=1)).first()
    assert rule(game) == "a team not here by then forfeits"


def test_a_table_of_players_says_a_player_forfeits_and_the_others_play_on():
    _, (four, three, two) = players_round("rummikub", 4, 3, 2)
    assert rule(four) == rule(three) == "a player not here by then forfeits this table; the others play on"
    assert rule(two) == "a player not here by then forfeits this table"


def test_a_club_table_says_a_partnership_forfeits():
    _, (game,) = club_round(1)
    assert rule(game) == "a partnership not here by then forfeits this table"


def test_the_printed_cards_of_a_players_round_carry_the_wording(organizer_client):
    event, games = players_round("rummikub", 4, 3)
    rnd = games[0].round
    pdf = organizer_client.get(reverse("printing:cards", args=[event.slug, rnd.pk]) + "?paper=letter").content
    text = flat(" ".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(pdf)).pages))
    assert text.count("a player not here by then forfeits this table; the others play on") == 2
    assert "a team not here" not in text
