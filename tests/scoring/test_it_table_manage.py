"""The organizer's copy of a table sheet: login, the table link and its rotation, confirm and correct."""

import pytest

from scoring import hands
from scoring import sample_hands as td
from scoring.models import Hand
from tests.scoring.games import make_game
from tournament.models import Game, GameEvent

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(tournament):
    return make_game(tournament)


def test_the_organizer_sheet_needs_a_login(client, game):
    response = client.get(f"/table/manage/{game.pk}/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_organizer_sees_the_table_link_and_can_rotate_it(organizer_client, client, game):
    old = game.table_token
    assert old in organizer_client.get(f"/table/manage/{game.pk}/").content.decode()
    response = organizer_client.post(f"/table/manage/{game.pk}/rotate/", follow=True)
    new = Game.objects.get(pk=game.pk).table_token
    assert new != old and new in response.content.decode()
    assert client.get(f"/table/{old}/").status_code == 404 and client.get(f"/table/{new}/").status_code == 200
    assert GameEvent.objects.filter(game=game, kind="table_link_rotated").exists()


def test_rotating_needs_a_login(client, game):
    assert client.post(f"/table/manage/{game.pk}/rotate/").status_code == 302
    assert Game.objects.get(pk=game.pk).table_token == game.table_token


def test_the_organizer_confirms_and_corrects(organizer_client, organizer, game):
    hand = hands.submit(game, number=1, values=[td.values(**td.W2), td.values(**td.W2)], key="k", entered_by="A")[0]
    organizer_client.post(f"/table/manage/{game.pk}/hands/1/confirm/", {"version": "1"})
    assert Hand.objects.get(pk=hand.pk).confirmed_by == "organizer"
    data = td.form(1, [td.W2, dict(td.W2, left=45)], entered_by="", version="1", reason="desk recount")
    response = organizer_client.post(f"/table/manage/{game.pk}/hands/1/edit/", data)
    assert response.status_code == 302
    corrected = Hand.objects.get(pk=hand.pk)
    assert corrected.version == 2 and corrected.confirmed_by == "organizer"
    assert corrected.revisions.get(version=2).author_user == organizer


def test_the_organizer_can_enter_a_hand(organizer_client, game):
    data = td.form(1, [td.W1, td.W2], out="1", entered_by="")
    assert organizer_client.post(f"/table/manage/{game.pk}/hands/", data).status_code == 302
    assert Hand.objects.get().entered_by == "organizer"
