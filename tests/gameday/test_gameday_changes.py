"""Every game-day write that changes a page counts one change (Tournament.changes) in its own
transaction, so cached pages keyed by the count are fresh on the next request; a refusal counts none."""

import datetime as dt

import pytest

from tests.changes import counted
from tests.gameday_setup import next_game, publish_division, teams
from tournament.core import actions, deadlines
from tournament.formats.bracket import advancement
from tournament.models import Game, GameSide, Substitution

POSTED = dt.datetime(2026, 4, 15, 17, 0, tzinfo=dt.UTC)
NO_SHOW = POSTED + dt.timedelta(minutes=5)
S = Game.Status


@pytest.fixture
def games(tournament):
    return publish_division(tournament, starts_at=POSTED)[1]


def reload(game):
    return Game.objects.get(pk=game.pk)


def started(game):
    for team in teams(game):
        actions.check_in(game, team, now=POSTED)
    return actions.start_game(game, now=POSTED)


@pytest.mark.django_db
class TestCounted:
    def test_a_check_in_and_a_start(self, games):
        game = games[0]
        a, b = teams(game)
        assert counted(game, lambda: actions.check_in(game, a, now=POSTED)) >= 1
        actions.check_in(game, b, now=POSTED)
        assert counted(game, lambda: actions.start_game(game, now=POSTED)) >= 1

    def test_a_no_show_forfeit(self, games):
        game = games[0]
        actions.check_in(game, teams(game)[0], now=POSTED)
        assert counted(game, lambda: deadlines.apply_no_show(game.pk, now=NO_SHOW)) >= 1
        assert reload(game).status == S.FORFEIT

    def test_a_no_partner_forfeit(self, games):
        game = games[0]
        assert counted(game, lambda: actions.forfeit_no_partner(game, teams(game)[1])) >= 1
        assert reload(game).result_reason == Game.Reason.NO_PARTNER

    def test_a_time_limit_result_and_a_tie(self, games):
        first, second = (started(g) for g in games)
        GameSide.objects.filter(game=first, slot=1).update(total=900)
        assert counted(first, lambda: deadlines.apply_time_limit(first.pk, now=first.time_limit_at)) >= 1
        assert reload(first).result_reason == Game.Reason.TIME_LIMIT
        GameSide.objects.filter(game=second).update(total=500)
        assert counted(second, lambda: deadlines.apply_time_limit(second.pk, now=second.time_limit_at)) == 1
        assert reload(second).status == S.AWAITING_DECISION

    def test_an_organizer_decision(self, games, organizer):
        game = started(games[0])
        deadlines.apply_time_limit(game.pk, now=game.time_limit_at)  # 0 to 0: level
        assert counted(game, lambda: actions.decide(game, teams(game)[0], organizer, "Cut for high card")) >= 1
        assert reload(game).result_reason == Game.Reason.ORGANIZER_DECISION

    def test_a_reversal(self, games, organizer):
        game = games[0]
        actions.check_in(game, teams(game)[0], now=POSTED)
        deadlines.apply_no_show(game.pk, now=NO_SHOW)
        assert counted(game, lambda: actions.reverse_forfeit(game, organizer, "Wrong table on the chart")) >= 1
        assert reload(game).status == S.READY

    def test_a_substitute(self, games):
        game = games[0]
        a, _ = teams(game)
        assert counted(game, lambda: actions.record_substitute(game, a, a.players.first(), "Dora Diaz")) >= 1
        assert Substitution.objects.filter(game=game).exists()

    def test_a_result_with_its_advancement_and_a_correction(self, games, organizer):
        game = games[0]
        a, b = teams(game)
        assert counted(game, lambda: advancement.finish_game(game, a, reason=Game.Reason.SCORE)) >= 1
        assert a in teams(next_game(game))
        assert counted(game, lambda: advancement.correct_result(game, b, by=organizer, note="Added up wrong")) >= 1
        assert b in teams(next_game(game))

    def test_a_double_forfeit_and_the_walkover_it_gives(self, games):
        first, second = games
        assert counted(first, lambda: advancement.double_forfeit(first)) >= 1
        advancement.finish_game(second, teams(second)[0], reason=Game.Reason.SCORE)
        assert reload(next_game(first)).result_reason == Game.Reason.WALKOVER


@pytest.mark.django_db
class TestRefusedCountsNothing:
    def test_a_refused_or_repeated_check_in(self, games):
        game, other = games
        a, _ = teams(game)
        assert counted(game, lambda: actions.check_in(game, teams(other)[0], now=POSTED)) == 0
        actions.check_in(game, a, now=POSTED)
        assert counted(game, lambda: actions.check_in(game, a, now=POSTED)) == 0  # the first one stands

    def test_a_refused_start_and_a_double_tap(self, games):
        game = games[0]
        actions.check_in(game, teams(game)[0], now=POSTED)
        assert counted(game, lambda: actions.start_game(game, now=POSTED)) == 0
        game = started(games[1])
        assert counted(game, lambda: actions.start_game(game, now=POSTED)) == 0

    def test_a_deadline_not_due_or_already_applied(self, games):
        game = games[0]
        actions.check_in(game, teams(game)[0], now=POSTED)
        assert counted(game, lambda: deadlines.apply_no_show(game.pk, now=NO_SHOW - dt.timedelta(seconds=1))) == 0
        deadlines.apply_no_show(game.pk, now=NO_SHOW)
        assert counted(game, lambda: deadlines.apply_no_show(game.pk, now=NO_SHOW)) == 0
        assert counted(game, lambda: deadlines.apply_time_limit(game.pk, now=game.time_limit_at)) == 0

    def test_refused_decisions_reversals_substitutes_and_corrections(self, games, organizer):
        game = games[0]
        a, b = teams(game)
        assert counted(game, lambda: actions.decide(game, a, organizer, "not level")) == 0
        assert counted(game, lambda: actions.reverse_forfeit(game, organizer, "")) == 0
        assert counted(game, lambda: actions.record_substitute(game, a, a.players.first(), "   ")) == 0
        assert counted(game, lambda: advancement.correct_result(game, b, by=organizer, note="no result yet")) == 0
        advancement.finish_game(game, a, reason=Game.Reason.SCORE)
        assert counted(game, lambda: advancement.finish_game(game, b, reason=Game.Reason.SCORE)) == 0
        assert counted(game, lambda: actions.forfeit_no_partner(game, b)) == 0
