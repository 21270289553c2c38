"""One game's organizer page (from the board): substitutes, early start, no partner, reversal, decision."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from tests.factories import PlayerFactory, TournamentFactory
from tests.gameday.test_it_board import text
from tests.gameday_setup import publish_division, teams
from tournament.core import actions, deadlines
from tournament.models import Game, GameSide, PartnerPost, Substitution

POSTED = dt.datetime(2026, 4, 15, 17, 0, tzinfo=dt.UTC)  # Wednesday 10:00 AM in Mazatlán
S = Game.Status


@pytest.fixture
def games(tournament):
    return publish_division(tournament, starts_at=POSTED)[1]


def post(client, game, action, data):
    url = reverse(f"gameday:{action}", args=[game.division.tournament.slug, game.pk])
    return client.post(url, data, follow=True)


@pytest.mark.django_db
class TestGamePage:
    def test_the_page_shows_the_game_and_its_log(self, organizer_client, games):
        game = games[0]
        a, _ = teams(game)
        actions.check_in(game, a, now=POSTED - dt.timedelta(minutes=3))
        page = text(organizer_client.get(reverse("gameday:game", args=[game.division.tournament.slug, game.pk])))
        assert "Division 1 · Semi-finals game 1" in page
        assert f"{a.name} checked in (organizer)" in page

    def test_a_substitute_by_name_then_shown(self, organizer_client, games):
        game = games[0]
        a, _ = teams(game)
        replaced = a.players.first()
        page = text(post(organizer_client, game, "substitute", {"replaced": replaced.pk, "name": "Dora Diaz"}))
        assert f"Dora Diaz plays for {replaced.name} in this game." in page
        assert f"Sub: Dora Diaz for {replaced.name}" in page

    def test_a_partner_board_player_as_substitute(self, organizer_client, tournament, games):
        game = games[0]
        a, _ = teams(game)
        single = PartnerPost.objects.create(player=PlayerFactory(tournament=tournament, name="Lone Ranger")).player
        page = organizer_client.get(reverse("gameday:game", args=[tournament.slug, game.pk])).content.decode()
        assert f'<option value="{single.pk}">Lone Ranger</option>' in page
        post(organizer_client, game, "substitute", {"replaced": a.players.first().pk, "board_player": single.pk})
        assert Substitution.objects.get().substitute == single

    def test_a_substitute_busy_in_another_game_at_that_time_is_refused(self, organizer_client, games):
        game, other = games
        a, _ = teams(game)
        busy = teams(other)[0].players.first()
        page = text(post(organizer_client, game, "substitute", {"replaced": a.players.first().pk, "name": busy.name}))
        assert f"{busy.name} is already playing at that time: Division 1 Semi-finals game 2, table 2 (10:00 AM–12:30 PM)." in page
        assert not Substitution.objects.exists()

    def test_an_early_start_needs_both_teams_to_agree(self, organizer_client, games):
        game = games[0]
        a, b = teams(game)
        early = POSTED - dt.timedelta(minutes=45)
        for team in (a, b):
            actions.check_in(game, team, now=early)
        with time_machine.travel(early, tick=False):
            page = text(post(organizer_client, game, "start", {"agree": [b.pk], "from": "game"}))
            assert f"needs both teams to agree: {a.name} has not agreed" in page
            assert Game.objects.get(pk=game.pk).status == S.READY
            page = text(post(organizer_client, game, "start", {"agree": [a.pk, b.pk], "from": "game"}))
        game = Game.objects.get(pk=game.pk)
        assert game.status == S.IN_PLAY and game.early_start_agreed
        assert "started 9:15 AM (early, both agreed)" in page and "time is up at 11:45 AM" in page

    def test_a_start_before_both_checked_in_is_refused(self, organizer_client, games):
        game = games[0]
        a, b = teams(game)
        actions.check_in(game, a, now=POSTED)
        with time_machine.travel(POSTED + dt.timedelta(minutes=1), tick=False):
            page = text(post(organizer_client, game, "start", {}))
        assert f"both teams must check in first ({b.name} has not)" in page
        assert Game.objects.get(pk=game.pk).status == S.READY

    def test_no_partner_forfeit(self, organizer_client, games):
        game = games[0]
        a, b = teams(game)
        page = text(post(organizer_client, game, "no_partner", {"team": b.pk, "note": "Partner flew home"}))
        assert f"{b.name} forfeits: no partner." in page
        assert f"Forfeit (no partner) — {a.name} wins" in page

    def test_reversal_with_a_reason_and_refused_without(self, organizer_client, games):
        game = games[0]
        a, b = teams(game)
        actions.check_in(game, a, now=POSTED)
        deadlines.apply_no_show(game.pk, now=POSTED + dt.timedelta(minutes=5))
        page = text(post(organizer_client, game, "reverse", {"reason": ""}))
        assert "Give the reason for reversing the forfeit" in page
        assert Game.objects.get(pk=game.pk).status == S.FORFEIT
        page = text(post(organizer_client, game, "reverse", {"reason": "Wrong table on the chart"}))
        assert "Forfeit reversed" in page and "Wrong table on the chart" in page
        assert Game.objects.get(pk=game.pk).status == S.READY

    def test_the_organizer_decides_a_tie(self, organizer_client, games):
        game = games[0]
        a, b = teams(game)
        for team in (a, b):
            actions.check_in(game, team, now=POSTED)
        game = actions.start_game(game, now=POSTED)
        GameSide.objects.filter(game=game).update(total=1500)
        deadlines.apply_time_limit(game.pk, now=game.time_limit_at)
        page = text(organizer_client.get(reverse("gameday:game", args=[game.division.tournament.slug, game.pk])))
        assert "Level at the time limit: who wins?" in page
        page = text(post(organizer_client, game, "decide", {"winner": b.pk, "note": "Cut for high card"}))
        assert f"{b.name} wins; recorded." in page
        game = Game.objects.get(pk=game.pk)
        assert (game.winner, game.decision_note, game.result_reason) == (b, "Cut for high card", "organizer decision")

    def test_another_tournaments_game_is_a_404(self, organizer_client, games):
        other = TournamentFactory()
        url = reverse("gameday:game", args=[other.slug, games[0].pk])
        assert organizer_client.get(url).status_code == 404
