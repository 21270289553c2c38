"""Confirming a hand at the table: the other side, the current version, and the game end it unlocks."""

import pytest

from scoring import hands
from scoring import sample_hands as td
from scoring.models import Hand
from tests.scoring.games import make_game
from tournament.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(tournament):
    return make_game(tournament)


def enter(game, number, sides, by):
    return hands.submit(game, number=number, values=sides, key=f"k{number}", entered_by=by)[0]


def confirm(client, hand, slot, version=1):
    return client.post(f"/table/{hand.game.table_token}/hands/{hand.number}/confirm/",
                       {"side": str(slot), "version": str(version)}, follow=True)


def test_the_other_side_confirms(client, game):
    a = game.sides.get(slot=1).team.name
    hand = enter(game, 1, [td.values(**td.W2), td.values(**td.W2)], by=a)
    page = client.get(f"/table/{game.table_token}/").content.decode()
    assert "confirm</button>" in page and f"{a}: confirm" not in page
    response = confirm(client, hand, 2)
    assert "Hand 1 confirmed" in response.content.decode()
    assert Hand.objects.get(pk=hand.pk).confirmed_at is not None


def test_the_side_that_entered_cannot_confirm(client, game):
    a = game.sides.get(slot=1).team.name
    hand = enter(game, 1, [td.values(**td.W2), td.values(**td.W2)], by=a)
    assert "the other side confirms" in confirm(client, hand, 1).content.decode()
    assert Hand.objects.get(pk=hand.pk).confirmed_at is None


def test_confirming_an_old_version_is_refused(client, game):
    hand = enter(game, 1, [td.values(**td.W2), td.values(**td.W2)], by="A")
    hands.correct(hand, version=1, values=[td.values(**td.W2), td.values(**td.W1)], reason="x", author="A")
    assert "was changed" in confirm(client, hand, 2, version=1).content.decode()
    assert Hand.objects.get(pk=hand.pk).confirmed_at is None


def test_confirming_the_last_hand_finishes_the_game(client, game):
    a = game.sides.get(slot=1).team.name
    big = [td.values(out=True, **td.BIG), td.values(melded=300, left=20)]
    for number, sides in enumerate([[td.values(out=True, **td.W1), td.values(**td.W2)]] * 2 + [big], start=1):
        hand = enter(game, number, sides, by=a)
        confirm(client, hand, 2)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner.name == a
    assert f"<strong><bdi>{a}</bdi></strong> wins" in client.get(f"/table/{game.table_token}/").content.decode()
