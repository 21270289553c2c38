"""Correcting a hand: a new revision with a reason; a stale edit is told and shown the hand now."""

import pytest

from scoring import hands
from scoring import sample_hands as td
from scoring.models import Hand
from tests.scoring.games import make_game
from tournament.formats.bracket import advancement
from tournament.models import Game, GameSide

pytestmark = pytest.mark.django_db


@pytest.fixture
def hand(tournament):
    game = make_game(tournament)
    return hands.submit(game, number=1, values=[td.values(out=True, **td.W1), td.values(**td.W2)],
                        key="k1", entered_by="A")[0]


def url(hand):
    return f"/table/{hand.game.table_token}/hands/{hand.number}/edit/"


def correction(version, **extra):
    return td.form(1, [td.W1, dict(td.W2, left=45)], out="1", entered_by="2", version=str(version), **extra)


def test_the_form_opens_with_the_hand_as_it_stands(client, hand):
    page = client.get(url(hand)).content.decode()
    assert 'value="1235"' in page and 'name="version" value="1"' in page and "Why the correction" in page


def test_a_correction_writes_a_revision_and_totals_follow(client, hand):
    response = client.post(url(hand), correction(1, reason="left points miscounted"))
    assert response.status_code == 302
    assert Hand.objects.get(pk=hand.pk).version == 2
    assert list(GameSide.objects.filter(game=hand.game).order_by("slot").values_list("total", flat=True)) == [5690, 1035]
    page = client.get(response["Location"]).content.decode()
    assert "left points miscounted" in page and "History (2 versions)" in page


def test_a_correction_without_a_reason_is_refused(client, hand):
    response = client.post(url(hand), correction(1, reason=""))
    assert response.status_code == 400 and "reason is required" in response.content.decode()
    assert Hand.objects.get(pk=hand.pk).version == 1


def test_a_refused_correction_keeps_the_hand(client, hand):
    data = correction(1, reason="oops")
    data["s1_books_of_twos"] = "0"
    response = client.post(url(hand), data)
    assert response.status_code == 400 and Hand.objects.get(pk=hand.pk).version == 1


def test_a_stale_edit_is_told_and_shown_the_current_hand(client, hand):
    hands.correct(hand, version=1, values=[td.values(out=True, **td.W1), td.values(**dict(td.W2, left=95))],
                  reason="other phone", author="B")
    response = client.post(url(hand), correction(1, reason="mine"))
    page = response.content.decode()
    assert response.status_code == 409
    assert "was changed by B while you were looking at it" in page and "version 2" in page
    assert "+985" in page  # the hand as it is now (left 95)
    assert 'name="version" value="2"' in page and 'value="mine"' in page  # typed input kept, ready to resave
    assert Hand.objects.get(pk=hand.pk).version == 2 and hand.revisions.count() == 2


def test_an_unknown_hand_is_a_404(client, hand):
    assert client.get(f"/table/{hand.game.table_token}/hands/9/edit/").status_code == 404


def finished_game(tournament, *, next_started=False):
    """A game A won on the score (hands entered by A on its phone, confirmed by B on theirs)."""
    game = make_game(tournament, with_next=True)
    big = [td.values(out=True, **td.BIG), td.values(melded=300, left=20)]
    w1 = [td.values(out=True, **td.W1), td.values(**td.W2)]
    for number, sides in enumerate([w1, w1, big], start=1):
        hand = hands.submit(game, number=number, values=sides, key=f"k{number}", entered_by="A", entered_by_slot=1)[0]
        hands.confirm(hand, version=1, by="B", by_slot=2)
    if next_started:
        Game.objects.filter(pk=advancement.next_game(game).pk).update(status=Game.Status.IN_PLAY)
    return game, hand


@pytest.mark.parametrize("next_started", [False, True])
def test_once_the_game_is_finished_only_the_organizer_corrects(client, tournament, organizer, next_started):
    game, hand = finished_game(tournament, next_started=next_started)
    page = client.get(f"/table/{game.table_token}/").content.decode()
    assert "only the organizer can change or confirm these hands" in page and ">Correct</a>" not in page
    typed = td.form(3, [dict(td.BIG, left=40), {"melded": 300, "left": 20}], out="1", entered_by="2",
                    version="1", reason="recount")
    response = client.post(url(hand), typed)
    assert response.status_code == 409 and "Ask the organizer" in response.content.decode()
    assert Hand.objects.get(pk=hand.pk).version == 1
    # The organizer's copy of the sheet still corrects it.
    client.force_login(organizer)
    response = client.post(f"/table/manage/{game.pk}/hands/3/edit/", {k: v for k, v in typed.items() if k != "entered_by"})
    assert response.status_code == 302
    assert Hand.objects.get(pk=hand.pk).version == 2 and Hand.objects.get(pk=hand.pk).confirmed_by == "organizer"
