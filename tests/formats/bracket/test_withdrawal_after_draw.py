"""Bayfest, run in Spanish: a team withdrawn after the draw, with a reason. Its games become
walkovers for its opponents ("withdrawn", not a no-show) through the funnel, the winner advances,
a later game is given away as soon as its opponent is known, and the team is shown as withdrawn on
the bracket, the live pages, the board and its own page; the history names the reason."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse
from django.utils import translation

from tests.gameday_setup import next_game, publish_division, teams
from tournament.formats.bracket import advancement, withdrawal
from tournament.models import Game, GameEvent

POSTED = dt.datetime(2026, 4, 15, 17, 0, tzinfo=dt.UTC)
S = Game.Status


@pytest.fixture
def drawn(tournament):
    tournament.language = "es"
    tournament.save()
    return publish_division(tournament, starts_at=POSTED)


def reload(game):
    return Game.objects.get(pk=game.pk)


@pytest.mark.django_db
def test_a_withdrawn_team_gives_its_game_away_and_the_opponent_advances(drawn, tournament, organizer):
    _, (game, other) = drawn
    quitting, staying = teams(game)
    given = withdrawal.withdraw(tournament, quitting, by=organizer, reason="a player is ill")
    game = reload(game)
    assert [g.pk for g in given] == [game.pk]
    assert game.status == S.FORFEIT and game.result_reason == Game.Reason.WITHDRAWN and game.winner == staying
    assert game.result_reason != Game.Reason.NO_SHOW
    assert staying in teams(next_game(game))
    entry = GameEvent.objects.get(game=game, kind="withdrawn")
    assert entry.note == "a player is ill" and entry.by == organizer
    assert reload(other).status == S.READY  # the other game is untouched


@pytest.mark.django_db
def test_a_team_withdrawn_after_winning_gives_the_next_game_away_once_its_opponent_is_known(drawn, tournament, organizer):
    _, (game, other) = drawn
    a, b = teams(game)
    advancement.finish_game(game, a, reason=Game.Reason.SCORE)
    withdrawal.withdraw(tournament, a, by=organizer, reason="left for the airport")
    final = next_game(game)
    assert reload(final).status == S.WAITING  # its other side is still being played
    c, _d = teams(other)
    advancement.finish_game(other, c, reason=Game.Reason.SCORE)
    final = reload(final)
    assert final.status == S.FORFEIT and final.winner == c and final.result_reason == Game.Reason.WITHDRAWN
    assert GameEvent.objects.filter(game=final, kind="withdrawn").exists()


@pytest.mark.django_db
def test_withdrawing_twice_or_without_a_reason_is_refused_and_changes_nothing(drawn, tournament, organizer_client):
    _, (game, _other) = drawn
    team = teams(game)[0]
    url = reverse("gameday:withdraw_team", args=[tournament.slug, team.pk])
    empty = organizer_client.post(url, {"reason": "  "})
    assert empty.status_code == 400 and reload(game).status == S.READY
    team.refresh_from_db()
    assert team.withdrawn_at is None
    done = organizer_client.post(url, {"reason": "enfermo"})
    assert done.status_code == 302 and reload(game).status == S.FORFEIT
    again = organizer_client.post(url, {"reason": "otra vez"})
    assert again.status_code == 400
    assert GameEvent.objects.filter(game=game, kind="withdrawn").count() == 1


@pytest.mark.django_db
@time_machine.travel(POSTED - dt.timedelta(minutes=30), tick=False)
def test_the_pages_show_the_team_withdrawn_in_spanish_not_as_a_no_show(drawn, tournament, organizer_client, client):
    _, (game, _other) = drawn
    quitting, staying = teams(game)
    dashboard = organizer_client.get(reverse("organizer:dashboard", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="es")
    assert reverse("gameday:withdraw_team", args=[tournament.slug, quitting.pk]) in dashboard.content.decode()
    page = organizer_client.get(reverse("gameday:withdraw_team", args=[tournament.slug, quitting.pk]))
    assert page.status_code == 200
    organizer_client.post(reverse("gameday:withdraw_team", args=[tournament.slug, quitting.pk]), {"reason": "enfermo"})
    with translation.override("es"):
        word = translation.gettext("withdrawn")
    assert word != "withdrawn"
    for url, who in [
        (reverse("brackets:division", args=[tournament.slug, "d1"]), client),
        (reverse("live:team", args=[tournament.slug, quitting.pk]), client),
        (reverse("public:home", args=[tournament.slug]), client),
        (reverse("gameday:board", args=[tournament.slug]), organizer_client),
    ]:
        body = who.get(url, HTTP_ACCEPT_LANGUAGE="es").content.decode()
        assert word in body, url
    board = organizer_client.get(reverse("gameday:board", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="es")
    assert "el rival se retiró" in board.content.decode()  # not announced as a no-show
    history = organizer_client.get(reverse("gameday:game", args=[tournament.slug, game.pk]), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "enfermo" in history


@pytest.fixture(autouse=True)
def english_after():
    """A Spanish request leaves Spanish active in this thread (LocaleMiddleware): later tests read English."""
    yield
    translation.deactivate()
