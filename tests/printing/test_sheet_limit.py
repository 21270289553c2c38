"""Issue 39: a score sheet or table card of a game started early by agreement prints its time limit
as the clock time with its day, counted from the actual start and saying so; a game not started yet
counts from the posted start. "2 h 30 min" never breaks between its "2" and its "h"."""

import datetime as dt

import pytest
from django.utils import translation

from tests.printing.test_printing_helpers import draw_divisions, flat, pdf_text
from tournament.core import actions
from tournament.models import Game, GameSide, Round, Tournament
from tournament.printing import data, documents
from tournament.printing.paper import PAPERS

pytestmark = pytest.mark.django_db
LETTER = PAPERS["letter"]


def first_game(tournament):
    divisions = draw_divisions(tournament, 8)
    rnd = Round.objects.get(division=divisions["d1"], number=1)
    return Game.objects.filter(round=rnd).order_by("number").first()


def started_early(game, minutes=37):
    at = game.starts_at - dt.timedelta(minutes=minutes)
    teams = [s.team for s in GameSide.objects.filter(game=game).select_related("team").order_by("slot")]
    for team in teams:
        actions.check_in(game, team, now=at)
    return actions.start_game(Game.objects.get(pk=game.pk), agreed_team_ids=[t.pk for t in teams], now=at)


def sheet_text(game, tournament):
    return flat(pdf_text(documents.score_sheets_pdf(data.games_of(pk=game.pk), LETTER, tournament)))


def test_an_early_started_games_sheet_prints_its_limit_with_day_from_the_actual_start(tournament):
    Tournament.objects.filter(pk=tournament.pk).update(language="es")
    tournament.refresh_from_db()
    game = started_early(first_game(tournament))
    with translation.override("es"):
        limit = data.day_and_clock(tournament, game.time_limit_at)
        started = data.day_and_clock(tournament, game.started_at)
        text = sheet_text(game, tournament)
    assert game.time_limit_at == game.started_at + dt.timedelta(hours=2, minutes=30)
    assert "desde la hora de inicio publicada" not in text
    assert f"empezó {started}" in text
    assert f"tiempo límite 2 h 30 min desde el inicio: termina {limit}" in text
    assert "," in limit and limit.split(",")[0].strip()  # the day is there, not only a clock


def test_a_sheet_of_a_game_not_started_counts_from_the_posted_start_with_its_day(tournament):
    game = first_game(tournament)
    limit = data.day_and_clock(tournament, game.starts_at + tournament.game_time_limit)
    text = sheet_text(game, tournament)
    assert f"time limit 2 h 30 min from the posted start: ends {limit}" in text


def test_the_table_card_of_an_early_started_game_counts_from_its_start(tournament):
    game = started_early(first_game(tournament))
    pdf = documents.table_cards_pdf(game.round, LETTER, "http://club.example/")
    text = flat(pdf_text(pdf, 1))
    limit = data.day_and_clock(tournament, game.time_limit_at)
    assert f"ends {limit} (2 h 30 min from the start, {data.day_and_clock(tournament, game.started_at)})" in text


def test_a_length_never_breaks_between_its_number_and_its_unit():
    with translation.override("es"):
        text = data.duration_text(dt.timedelta(hours=2, minutes=30))
    assert text == "2\u00a0h\u00a030\u00a0min"
