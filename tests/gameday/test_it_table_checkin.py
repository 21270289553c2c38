"""The table side: the status partial (clock, check-in, start) the score sheet includes, and its posts."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from tests.factories import TeamFactory
from tests.gameday.test_it_board import text
from tests.gameday_setup import publish_division, teams
from tournament.core import actions
from tournament.models import CheckIn, Game

POSTED = dt.datetime(2026, 4, 15, 17, 0, tzinfo=dt.UTC)  # Wednesday 10:00 AM in Mazatlán
S = Game.Status


@pytest.fixture
def game(tournament):
    return publish_division(tournament, starts_at=POSTED)[1][0]


def url(game, name):
    return reverse(f"gameday_table:{name}", args=[game.table_token])


@pytest.mark.django_db
class TestTableCheckIn:
    def test_the_status_shows_the_clock_and_a_check_in_button_per_team(self, client, game):
        a, b = teams(game)
        with time_machine.travel(POSTED - dt.timedelta(minutes=10), tick=False):
            page = text(client.get(url(game, "status")))
        assert "Check-in open" in page and "No-show deadline in 15 min" in page
        assert "check in by 10:05 AM" in page
        assert f"We are {a.name}: check in" in page and f"We are {b.name}: check in" in page

    def test_a_team_checks_in_from_its_phone(self, client, game):
        a, _ = teams(game)
        with time_machine.travel(POSTED - dt.timedelta(minutes=1), tick=False):
            response = client.post(url(game, "check_in"), {"team": a.pk}, HTTP_HX_REQUEST="true")
        assert response.status_code == 200
        assert f"{a.name} checked in. Good luck!" in text(response)
        assert f"✓ {a.name} here since 9:59 AM" in text(response)
        checkin = CheckIn.objects.get()
        assert (checkin.team, checkin.via, checkin.recorded_by) == (a, "table", None)

    def test_a_wrong_token_is_a_404(self, client, game):
        assert client.post(reverse("gameday_table:check_in", args=["nope"]), {"team": 1}).status_code == 404

    def test_a_team_not_in_the_game_is_refused_and_nothing_saved(self, client, game, tournament):
        stranger = TeamFactory(tournament=tournament, name="Strangers")
        response = client.post(url(game, "check_in"), {"team": stranger.pk}, HTTP_HX_REQUEST="true")
        assert "Strangers is not playing in Division 1 Semi-finals game 1" in text(response)
        assert not CheckIn.objects.exists()

    def test_after_the_deadline_the_page_reads_forfeit_due_and_check_in_is_refused(self, client, game):
        a, b = teams(game)
        actions.check_in(game, a, now=POSTED)
        with time_machine.travel(POSTED + dt.timedelta(minutes=5), tick=False):
            assert f"No-show: forfeit due ({b.name})" in text(client.get(url(game, "status")))
            response = client.post(url(game, "check_in"), {"team": b.pk}, follow=True)
        assert f"so {b.name} forfeits this game" in text(response)
        assert Game.objects.get(pk=game.pk).status == S.FORFEIT

    def test_an_early_start_at_the_table_needs_both_ticks(self, client, game):
        a, b = teams(game)
        early = POSTED - dt.timedelta(minutes=30)
        for team in (a, b):
            actions.check_in(game, team, now=early)
        with time_machine.travel(early, tick=False):
            assert "Starting before the posted time needs both teams to agree" in text(client.get(url(game, "status")))
            refused = client.post(url(game, "start"), {"agree": [a.pk]}, HTTP_HX_REQUEST="true")
            assert f"{b.name} has not agreed" in text(refused)
            assert Game.objects.get(pk=game.pk).status == S.READY
            started = client.post(url(game, "start"), {"agree": [a.pk, b.pk]}, HTTP_HX_REQUEST="true")
        assert "Game started; time is up at 12:00 PM." in text(started)
        assert "started 9:30 AM (early, both teams agreed)" in text(started)

    def test_the_score_sheet_includes_the_status(self, client, game):
        with time_machine.travel(POSTED - dt.timedelta(minutes=10), tick=False):
            page = text(client.get(reverse("table:sheet", args=[game.table_token])))
        assert "No-show deadline in 15 min" in page
