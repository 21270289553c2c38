"""The table sheet page: opened by the game's token only; sides, players, substitutes, totals, meld."""

import pytest

from scoring import hands
from scoring import sample_hands as td
from tests.factories import PlayerFactory
from tests.scoring.games import make_game
from tournament.models import Game, Substitution

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(tournament):
    return make_game(tournament)


def url(game):
    return f"/table/{game.table_token}/"


def test_the_sheet_shows_sides_players_substitutes_and_next_meld(client, game, tournament):
    team = game.sides.get(slot=1).team
    replaced = team.players.first()
    sub = PlayerFactory(tournament=tournament, name="Rosa Sub")
    Substitution.objects.create(game=game, team=team, replaced=replaced, substitute=sub)
    hands.submit(game, number=1, values=[td.values(out=True, **td.W1), td.values(**td.W2)], key="k1", entered_by="x")
    page = client.get(url(game)).content.decode()
    assert f"Rosa Sub (sub for {replaced.name})" in page
    assert "5,690" in page and "Next meld <strong data-meld>90</strong>" in page
    assert "Unconfirmed" in page and "Enter hand 2" in page
    assert 'name="key"' in page and 'name="s1_melded_points"' in page


def test_only_the_fields_the_variant_uses_are_shown(client, tournament):
    tournament.variant, tournament.rules_numbers = "club-4deck", {}
    tournament.save()
    page = client.get(url(make_game(tournament))).content.decode()
    assert "s1_exact_deals" in page and "s1_runs" not in page and "s1_left_black_threes" not in page


def test_a_wrong_token_is_a_404(client, game):
    assert client.get("/table/not-the-token/").status_code == 404
    last = game.table_token[-1]
    assert client.get(url(game)[:-2] + ("y" if last == "x" else "x") + "/").status_code == 404  # one character off


def test_a_rotated_token_is_a_404(client, game):
    old = url(game)
    hands.rotate_token(game)
    assert client.get(old).status_code == 404
    assert client.post(old + "hands/", td.form(1, [td.W1, td.W2], out="1")).status_code == 404
    assert client.get(url(game)).status_code == 200


def test_a_game_not_started_shows_the_sheet_without_the_form(client, tournament):
    game = make_game(tournament, status=Game.Status.READY)
    page = client.get(url(game)).content.decode()
    assert "has not started yet" in page and 'id="hand-form"' not in page


def test_the_sheet_takes_a_fixed_number_of_queries(client, game, django_assert_num_queries):
    # game, sides, team players, substitutions, hands, revisions — however many hands there are
    client.get(url(game) + "live/")  # the table's first request also notes it was heard (an UPDATE)
    for number in range(1, 7):
        hands.submit(game, number=number, values=[td.values(**td.W2), td.values(**td.W2)], key=f"k{number}", entered_by="x")
        if number in (1, 6):
            with django_assert_num_queries(6):
                assert client.get(url(game)).status_code == 200
            with django_assert_num_queries(6):
                assert client.get(url(game) + "live/").status_code == 200
