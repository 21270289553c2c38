"""Game day at tables of single players (cutthroat, Fiji individual, Rummikub): the no-show deadline
and the time limit apply to them too. Each absent player forfeits their place at the table (placed
last) while the others play on; the time limit ends the game on the completed hands' totals, a
level top being left to the standings and a play-off, not to the organizer."""

import datetime as dt

import pytest

from tests.changes import changes
from tests.formats.tables.played import players_round
from tournament.core import deadlines
from tournament.formats.tables import results, rounds
from tournament.models import Game, GameSide, TableEvent

pytestmark = pytest.mark.django_db


def at_table(game):
    return list(GameSide.objects.filter(game=game).select_related("player").order_by("slot"))


def check_in(game, *names):
    GameSide.objects.filter(game=game, player__name__in=names).update(checked_in_at=game.starts_at)


def test_a_table_of_players_with_someone_missing_is_due_at_the_no_show_deadline():
    event, (game,) = players_round("rummikub", 4)
    game.refresh_from_db()
    check_in(game, "P1", "P2", "P3")
    assert list(Game.objects.no_show_due(game.no_show_at)) == [game]
    assert not Game.objects.no_show_due(game.no_show_at - dt.timedelta(seconds=1)).exists()
    check_in(game, "P4")
    assert not Game.objects.no_show_due(game.no_show_at).exists()


def test_an_absent_player_forfeits_their_place_and_the_others_play_on():
    event, (game,) = players_round("rummikub", 4)
    game.refresh_from_db()
    check_in(game, "P1", "P2", "P3")
    before = changes(event)
    assert deadlines.apply_no_show(game.pk, now=game.no_show_at)
    assert not deadlines.apply_no_show(game.pk, now=game.no_show_at)  # once
    game.refresh_from_db()
    assert game.status == Game.Status.READY
    assert [s.player.name for s in at_table(game) if s.forfeited_at] == ["P4"]
    assert changes(event) > before
    assert not Game.objects.no_show_due(game.no_show_at).exists()  # settled: not due again
    GameSide.objects.filter(game=game).update(total=-10)  # everyone level: the forfeit still places P4 last
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    rows = results.standings(event).rows
    assert rows[-1].name == "P4" and {r.rank for r in rows[:3]} == {1}


def test_one_player_present_wins_the_table_by_forfeit_and_nobody_present_is_a_double_forfeit():
    event, (one, nobody) = players_round("baja-cutthroat", 3, 3)
    for game in (one, nobody):
        game.refresh_from_db()
    check_in(one, "P2")
    assert deadlines.apply_no_show(one.pk, now=one.no_show_at)
    assert deadlines.apply_no_show(nobody.pk, now=nobody.no_show_at)
    one.refresh_from_db()
    nobody.refresh_from_db()
    assert (one.status, one.result_reason) == (Game.Status.FORFEIT, Game.Reason.NO_SHOW)
    assert nobody.status == Game.Status.DOUBLE_FORFEIT
    settings = rounds.event_settings(event)
    settings.standings = TableEvent.Standings.PLACINGS
    settings.save()
    rows = results.standings(event).rows
    assert (rows[0].name, rows[0].points) == ("P2", 4)
    assert all(r.points == 0 for r in rows[1:])


def _in_play(game, *totals):
    check_in(game, *(s.player.name for s in at_table(game)))
    for slot, total in enumerate(totals, start=1):
        GameSide.objects.filter(game=game, slot=slot).update(total=total)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.IN_PLAY)
    game.refresh_from_db()


def test_the_time_limit_ends_a_table_of_players_on_the_totals():
    event, (game,) = players_round("baja-cutthroat", 3)
    _in_play(game, 4200, 5100, 3000)
    assert Game.objects.time_limit_due(game.time_limit_at).filter(pk=game.pk).exists()
    assert deadlines.apply_time_limit(game.pk, now=game.time_limit_at)
    game.refresh_from_db()
    assert (game.status, game.result_reason) == (Game.Status.FINISHED, Game.Reason.TIME_LIMIT)
    assert not deadlines.apply_time_limit(game.pk, now=game.time_limit_at)
    assert [r.name for r in results.standings(event).rows] == ["P2", "P1", "P3"]


def test_a_level_top_at_the_time_limit_ends_the_game_and_goes_to_a_play_off():
    event, (game,) = players_round("fiji-individual", 3)
    _in_play(game, 5100, 5100, 3000)
    assert deadlines.apply_time_limit(game.pk, now=game.time_limit_at)
    game.refresh_from_db()
    assert (game.status, game.result_reason) == (Game.Status.FINISHED, Game.Reason.TIME_LIMIT_TIE)
    ties = results.standings(event).ties
    assert [(t.rank, t.playoff, len(t.entrants)) for t in ties] == [(1, "needed", 2)]
