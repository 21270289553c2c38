"""Bad input on a game's organizer actions: a message naming what is wrong, never a 500, nothing changed."""

import datetime as dt

import pytest
from django.urls import reverse

from tests.changes import changes
from tests.factories import TeamFactory, TournamentFactory
from tests.gameday.test_it_board import text
from tests.gameday_setup import publish_division, teams
from tournament.core import actions
from tournament.models import CheckIn, Game, GameEvent, Player, Substitution

pytestmark = pytest.mark.django_db
POSTED = dt.datetime(2026, 4, 15, 17, 0, tzinfo=dt.UTC)
NOT_A_TEAM = ["²", "abc", "1\x00", "99999999999999999999", ""]


@pytest.fixture
def game(tournament):
    return publish_division(tournament, starts_at=POSTED)[1][0]


def post(client, game, action, data):
    return client.post(reverse(f"gameday:{action}", args=[game.division.tournament.slug, game.pk]), data, follow=True)


def untouched(game) -> tuple:
    """What an action would change: the game's row, its check-ins, subs, log, players and the counter."""
    row = Game.objects.filter(pk=game.pk).values("status", "winner_id", "version", "started_at").get()
    counts = tuple(model.objects.count() for model in (CheckIn, Substitution, GameEvent, Player))
    return row, counts, changes(game)


@pytest.mark.parametrize("team", NOT_A_TEAM)
def test_a_check_in_for_no_team_is_named(organizer_client, game, team):
    before = untouched(game)
    page = text(post(organizer_client, game, "check_in", {"team": team, "from": "game"}))
    expected = "Team: Null characters are not allowed." if "\x00" in team else "Team: pick one of the game's teams."
    assert expected in page
    assert untouched(game) == before


def test_another_tournaments_team_is_not_looked_up(organizer_client, game):
    stranger = TeamFactory(tournament=TournamentFactory(), name="Strangers")
    before = untouched(game)
    page = text(post(organizer_client, game, "check_in", {"team": stranger.pk, "from": "game"}))
    assert "Team: pick one of the game's teams." in page and "Strangers" not in page
    assert untouched(game) == before


@pytest.mark.parametrize("agree", ["²", "x", "99999999999999999999"])
def test_agreeing_teams_that_are_not_the_games_are_named(organizer_client, game, agree):
    for team in teams(game):
        actions.check_in(game, team, now=POSTED - dt.timedelta(minutes=30))
    before = untouched(game)
    page = text(post(organizer_client, game, "start", {"agree": [teams(game)[0].pk, agree], "from": "game"}))
    assert f"Teams that agree: “{agree}” is not one of this game's teams." in page
    assert untouched(game) == before


@pytest.mark.parametrize("data,message", [
    ({"replaced": "x"}, "Who cannot play: pick the player who cannot play from this tournament's players."),
    ({"replaced": "99999999999999999999"}, "Who cannot play: pick the player who cannot play from this tournament's players."),
    ({"replaced": ""}, "Who cannot play: pick the player who cannot play."),
    ({"board_player": "²"}, "Partner board: that player is no longer on the partner board."),
    ({"team": "²"}, "Team: pick one of the game's teams."),
    ({"name": "Dora\x00 Diaz"}, "Substitute's name: Null characters are not allowed."),
])
def test_a_substitute_named_badly_is_refused(organizer_client, game, data, message):
    replaced = teams(game)[0].players.first()
    before = untouched(game)
    page = text(post(organizer_client, game, "substitute", {"replaced": replaced.pk, "name": "Dora Diaz", **data}))
    assert message in page
    assert untouched(game) == before


def test_a_no_partner_note_with_a_nul_byte_is_refused(organizer_client, game):
    before = untouched(game)
    page = text(post(organizer_client, game, "no_partner", {"team": teams(game)[0].pk, "note": "gone\x00"}))
    assert "Note: Null characters are not allowed." in page
    assert untouched(game) == before


def test_a_reversal_reason_with_a_nul_byte_is_refused(organizer_client, game):
    actions.forfeit_no_partner(game, teams(game)[0])
    before = untouched(game)
    page = text(post(organizer_client, game, "reverse", {"reason": "typo\x00"}))
    assert "Reason: Null characters are not allowed." in page
    assert untouched(game) == before


@pytest.mark.parametrize("data,message", [
    ({"winner": "²"}, "Winner: pick one of the game's teams."),
    ({"note": "one more hand\x00"}, "Why: Null characters are not allowed."),
])
def test_a_decision_with_bad_input_is_refused(organizer_client, game, data, message):
    Game.objects.filter(pk=game.pk).update(status=Game.Status.AWAITING_DECISION)
    before = untouched(game)
    page = text(post(organizer_client, game, "decide", {"winner": teams(game)[0].pk, "note": "one more hand", **data}))
    assert message in page
    assert untouched(game) == before


@pytest.mark.parametrize("data,message", [
    ({"note": "typo\x00"}, "Note: Null characters are not allowed."),
    ({"version": "²"}, "Version: Enter a whole number."),
    ({"version": "99999999999999999999"}, "Version: Ensure this value is less than or equal to 2147483647."),
])
def test_a_correction_with_bad_input_is_refused(organizer_client, game, data, message):
    actions.forfeit_no_partner(game, teams(game)[0])
    before = untouched(game)
    response = organizer_client.post(reverse("gameday:correct", args=[game.division.tournament.slug, game.pk]),
                                     {"winner": teams(game)[0].pk, "note": "typo", **data})
    assert response.status_code == 400
    assert message in text(response)
    assert untouched(game) == before


@pytest.mark.parametrize("path", [
    "gameday/game/99999999999999999999/", "gameday/game/9223372036854775808/", "gameday/round/99999999999999999999/",
    "games/99999999999999999999/sheet/", "print/score-sheets/game/99999999999999999999.pdf",
])
def test_an_id_too_big_for_the_database_is_a_404(organizer_client, game, path):
    prefix = "/" if path.startswith("games/") else "/organizer/"
    assert organizer_client.get(f"{prefix}t/{game.division.tournament.slug}/{path}").status_code == 404
