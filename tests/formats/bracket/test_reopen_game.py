"""The organizer reopens a finished bracket game, or reverses a no-show forfeit, with a reason,
from the game's page: the winner leaves the next game again while it has not started; once it has,
the undo is refused with a clear message and nothing changes."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from tests.gameday_setup import next_game, publish_division, teams
from tournament.core import actions, deadlines
from tournament.formats.bracket import advancement
from tournament.models import Game, GameEvent

POSTED = dt.datetime(2026, 4, 15, 17, 0, tzinfo=dt.UTC)
S = Game.Status


def reload(game):
    return Game.objects.get(pk=game.pk)


@pytest.fixture
def finished(tournament):
    _, (game, other) = publish_division(tournament, starts_at=POSTED)
    for team in teams(game):
        actions.check_in(game, team, now=POSTED)
    actions.start_game(game, now=POSTED)
    advancement.finish_game(reload(game), teams(game)[0], reason=Game.Reason.SCORE)
    return reload(game), other


@pytest.mark.django_db
@time_machine.travel(POSTED + dt.timedelta(minutes=50), tick=False)
def test_reopening_takes_the_winner_out_of_the_next_game_and_puts_the_game_back_in_play(finished, tournament, organizer_client):
    game, _other = finished
    winner = game.winner
    final = next_game(game)
    assert winner in teams(final)
    response = organizer_client.post(reverse("gameday:reopen", args=[tournament.slug, game.pk]),
                                     {"reason": "the last hand was entered twice"})
    assert response.status_code == 302
    game = reload(game)
    assert game.status == S.IN_PLAY and game.winner is None and game.result_reason == ""
    assert winner not in teams(final)
    page = organizer_client.get(reverse("gameday:game", args=[tournament.slug, game.pk])).content.decode()
    assert "Game reopened" in page and "the last hand was entered twice" in page
    assert "Pause the clock" in page  # back in play with its clock


@pytest.mark.django_db
@time_machine.travel(POSTED + dt.timedelta(hours=4), tick=False)
def test_reopened_after_its_time_limit_the_game_is_held_paused_until_the_organizer_gives_time(finished, tournament, organizer_client):
    game, _other = finished
    organizer_client.post(reverse("gameday:reopen", args=[tournament.slug, game.pk]), {"reason": "wrong hand"})
    game = reload(game)
    assert game.status == S.IN_PLAY and game.paused_at == game.time_limit_at
    assert deadlines.apply_time_limit(game.pk) is False
    organizer_client.post(reverse("gameday:extend", args=[tournament.slug, game.pk]), {"minutes": "10", "reason": "one more hand"})
    page = organizer_client.get(reverse("gameday:game", args=[tournament.slug, game.pk])).content.decode()
    assert "Clock paused — 10\u00a0min left" in page


@pytest.mark.django_db
@time_machine.travel(POSTED + dt.timedelta(minutes=50), tick=False)
def test_reopening_is_refused_once_the_next_game_has_started(finished, tournament, organizer_client):
    game, other = finished
    advancement.finish_game(other, teams(other)[0], reason=Game.Reason.SCORE)
    final = next_game(game)
    for team in teams(final):
        actions.check_in(final, team)
    actions.start_game(final, agreed_team_ids=[t.pk for t in teams(final)])
    response = organizer_client.post(reverse("gameday:reopen", args=[tournament.slug, game.pk]), {"reason": "oops"})
    assert response.status_code == 400
    assert "Too late to reopen" in response.content.decode()
    assert reload(game).status == S.FINISHED and not GameEvent.objects.filter(game=game, kind="result_reopened").exists()


@pytest.mark.django_db
def test_a_reopen_without_a_reason_or_of_an_unfinished_game_is_refused(finished, tournament, organizer_client):
    game, other = finished
    empty = organizer_client.post(reverse("gameday:reopen", args=[tournament.slug, game.pk]), {"reason": ""})
    assert empty.status_code == 400 and reload(game).status == S.FINISHED
    unfinished = organizer_client.post(reverse("gameday:reopen", args=[tournament.slug, other.pk]), {"reason": "x"})
    assert unfinished.status_code == 400 and "Only a finished game" in unfinished.content.decode()


@pytest.mark.django_db
def test_a_no_show_forfeit_is_reversed_from_the_game_page(tournament, organizer_client):
    _, (game, _other) = publish_division(tournament, starts_at=POSTED)
    present, absent = teams(game)
    actions.check_in(game, present, now=POSTED)
    deadlines.apply_no_show(game.pk, now=POSTED + dt.timedelta(minutes=6))
    assert reload(game).status == S.FORFEIT and present in teams(next_game(game))
    page = organizer_client.get(reverse("gameday:game", args=[tournament.slug, game.pk])).content.decode()
    assert "Reverse the forfeit" in page
    organizer_client.post(reverse("gameday:reverse", args=[tournament.slug, game.pk]), {"reason": "they were at table 9"})
    game = reload(game)
    assert game.status == S.READY and present not in teams(next_game(game))
