"""Table rounds: the organizer reopens a finished table, reverses a no-show forfeit, and pauses a
table's clock, from the table's game page (linked from the round board), with a reason. The
standings and the first-table bonus follow; the board and the table phone say "paused"."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from scoring import outcome
from tests.formats.tables.played import START, club_round, confirm_all, play_club_game, players_round
from tournament.core import deadlines
from tournament.formats.tables import play, results
from tournament.models import Game, GameEvent, GameSide, TableBonus

S = Game.Status


def reload(game):
    return Game.objects.get(pk=game.pk)


def bonuses(event):
    return {row.name: row.bonus for row in results.standings(event).rows}


@pytest.mark.django_db
@time_machine.travel(START + dt.timedelta(minutes=40), tick=False)
def test_reopening_the_first_table_releases_its_bonus_and_the_next_table_to_finish_earns_it(organizer_client, organizer):
    organizer_client.force_login(organizer)  # a session from the travelled-to day
    event, (first, second) = club_round(2)
    play_club_game(first)
    play_club_game(second)
    confirm_all(first)
    assert outcome.finish_if_over(first)
    assert bonuses(event)["P1 & P2"] == 400
    board = organizer_client.get(reverse("tables:board_round", args=[event.slug, 1]))
    assert board.status_code == 200, board
    board = board.content.decode()
    assert reverse("gameday:game", args=[event.slug, first.pk]) in board
    response = organizer_client.post(reverse("gameday:reopen", args=[event.slug, first.pk]),
                                     {"reason": "hand 3 was scored for the wrong side"})
    assert response.status_code == 302
    assert reload(first).status == S.IN_PLAY
    assert not outcome.finish_if_over(first)  # a page view does not end it again on the same sheet
    assert reload(first).status == S.IN_PLAY
    assert not TableBonus.objects.exists() and bonuses(event)["P1 & P2"] == 0
    assert GameEvent.objects.filter(game=first, kind="result_reopened", note="hand 3 was scored for the wrong side").exists()
    confirm_all(second)
    assert outcome.finish_if_over(second)
    assert TableBonus.objects.get().game == second
    assert bonuses(event)["P5 & P6"] == 400


@pytest.mark.django_db
def test_a_no_show_forfeit_at_a_table_is_reversed_and_the_seat_plays_again(organizer_client):
    event, (game,) = players_round("rummikub", 2)
    here = GameSide.objects.get(game=game, slot=1)
    play.check_in_side(game, here, now=START)
    deadlines.apply_no_show(game.pk, now=START + dt.timedelta(hours=1))
    assert reload(game).status == S.FORFEIT
    page = organizer_client.get(reverse("gameday:game", args=[event.slug, game.pk])).content.decode()
    assert "Reverse the forfeit" in page
    organizer_client.post(reverse("gameday:reverse", args=[event.slug, game.pk]), {"reason": "she was in the wrong room"})
    game = reload(game)
    assert game.status == S.READY and game.no_show_at is None
    assert not GameSide.objects.filter(game=game, forfeited_at__isnull=False).exists()


@pytest.mark.django_db
@time_machine.travel(START + dt.timedelta(minutes=30), tick=False)
def test_a_tables_clock_paused_shows_on_the_board_and_the_phone(organizer_client, organizer, client):
    organizer_client.force_login(organizer)  # a session from the travelled-to day
    event, (game,) = players_round("rummikub", 2)
    for side in GameSide.objects.filter(game=game):
        play.check_in_side(game, side, now=START)
    play.start_table(reload(game), now=START)
    response = organizer_client.post(reverse("gameday:pause", args=[event.slug, game.pk]), {"reason": "fire alarm"})
    assert response.status_code == 302
    board = organizer_client.get(reverse("tables:board_round", args=[event.slug, 1]))
    assert board.status_code == 200, board
    board = board.content.decode()
    assert "Clock paused" in board
    phone = client.get(reverse("table:sheet", args=[game.table_token])).content.decode()
    assert "Clock paused" in phone
    twice = organizer_client.post(reverse("gameday:pause", args=[event.slug, game.pk]), {"reason": "again"})
    assert twice.status_code == 400 and "already paused" in twice.content.decode()
