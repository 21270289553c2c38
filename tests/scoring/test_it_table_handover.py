"""Who entered a hand and who confirmed it: the phone's chosen side is recorded on the hand, and a
hand confirmed on the phone that entered it is passed across the table first ("Pass the phone to
…", "I am … — confirm"), which the hand's history tells."""

import html

import pytest
from django.test import Client

from scoring import sample_hands as td
from scoring.models import Hand
from tests.scoring.games import make_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(tournament):
    return make_game(tournament)


def names(game):
    return [game.sides.get(slot=slot).team.name for slot in (1, 2)]


def page(client, game):
    return html.unescape(client.get(f"/table/{game.table_token}/").content.decode())


def enter_on(client, game):
    """This phone enters hand 1 as side 1 (the phone remembers the side it chose)."""
    response = client.post(f"/table/{game.table_token}/hands/", td.form(1, [td.W1, td.W2], out="1", entered_by="1"))
    assert response.status_code == 302
    return Hand.objects.get(game=game, number=1)


def confirm(client, game, side, **extra):
    response = client.post(f"/table/{game.table_token}/hands/1/confirm/", {"side": side, "version": "1", **extra},
                           follow=True)
    return html.unescape(response.content.decode())


def test_the_hand_records_the_side_that_entered_it(client, game):
    a, _ = names(game)
    hand = enter_on(client, game)
    assert (hand.entered_by, hand.entered_by_slot) == (a, 1)


def test_the_entering_phone_is_handed_over_before_the_other_side_confirms(client, game):
    a, b = names(game)
    enter_on(client, game)
    sheet = page(client, game)
    assert f"Pass the phone to {b} ({b} North & {b} South)." in sheet
    assert f"I am {b} — confirm</button>" in sheet and f"{b}: confirm</button>" not in sheet
    assert f"I am {a} — confirm" not in sheet
    # Tapping the other side's confirmation without the hand-over step is refused.
    refused = confirm(client, game, "2")
    assert f"pass the phone to {b}, who confirms with “I am {b} — confirm”" in refused
    assert Hand.objects.get(game=game, number=1).confirmed_at is None
    done = confirm(client, game, "2", handover="1")
    assert f"Hand 1 confirmed by {b}" in done
    hand = Hand.objects.get(game=game, number=1)
    assert (hand.confirmed_by, hand.confirmed_by_slot, hand.handed_over) == (b, 2, True)
    assert f"entered by {a} on this phone, handed over to {b}, confirmed by {b}" in page(client, game)


def test_the_other_sides_own_phone_confirms_directly(client, game):
    a, b = names(game)
    enter_on(client, game)
    other = Client()
    sheet = page(other, game)
    assert f"{b}: confirm</button>" in sheet and "Pass the phone" not in sheet
    assert f"Hand 1 confirmed by {b}" in confirm(other, game, "2")
    hand = Hand.objects.get(game=game, number=1)
    assert (hand.confirmed_by_slot, hand.handed_over) == (2, False)
    trail = page(client, game)
    assert f"entered by {a}, confirmed by {b}" in trail and "handed over" not in trail


@pytest.mark.parametrize("handover", ["", "1"])
def test_a_side_never_confirms_its_own_hand(client, game, handover):
    a, _ = names(game)
    enter_on(client, game)
    assert f"{a} entered hand 1: the other side confirms it." in confirm(client, game, "1", handover=handover)
    assert Hand.objects.get(game=game, number=1).confirmed_at is None


def test_a_correction_records_who_entered_it_and_waits_for_the_other_side_again(client, game):
    a, b = names(game)
    enter_on(client, game)
    confirm(client, game, "2", handover="1")
    other = Client()
    typed = td.form(1, [td.W1, dict(td.W2, left=45)], out="1", entered_by="2", version="1", reason="left points")
    assert other.post(f"/table/{game.table_token}/hands/1/edit/", typed).status_code == 302
    hand = Hand.objects.get(game=game, number=1)
    assert (hand.entered_by, hand.entered_by_slot, hand.confirmed_at, hand.handed_over) == (b, 2, None, False)
    # The first phone (side 1's) now confirms B's correction directly.
    assert f"{a}: confirm</button>" in page(client, game)
