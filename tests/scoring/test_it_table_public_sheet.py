"""The public, read-only sheet: the same hands and totals, no form, no table link."""

import pytest

from scoring import hands
from scoring import sample_hands as td
from tests.scoring.games import make_game

pytestmark = pytest.mark.django_db


def test_spectators_see_the_sheet_but_cannot_enter_or_find_the_link(client, tournament):
    game = make_game(tournament)
    hands.submit(game, number=1, values=[td.values(out=True, **td.W1), td.values(**td.W2)], key="k", entered_by="A")
    response = client.get(f"/t/{tournament.slug}/games/{game.pk}/sheet/")
    page = response.content.decode()
    assert response.status_code == 200 and "5,690" in page and "Unconfirmed" in page
    assert game.table_token not in page and "<form" not in page.split("</header>", 1)[1]
    live = client.get(f"/t/{tournament.slug}/games/{game.pk}/sheet/live/").content.decode()
    assert "5,690" in live and game.table_token not in live


def test_a_game_of_another_tournament_is_a_404(client, tournament):
    from tests.factories import TournamentFactory

    game = make_game(tournament)
    other = TournamentFactory()
    assert client.get(f"/t/{other.slug}/games/{game.pk}/sheet/").status_code == 404
