"""A hand with several problems shows every one at once (RULES §7): what the form cannot read and
what the engine refuses, on every side, each naming the side and the field — on the table page, in
the outbox's JSON answer, on a correction and in the live preview."""

import html
import json

import pytest

from scoring import hands
from scoring import sample_hands as td
from scoring.models import Hand
from tests.scoring.games import make_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(tournament):
    return make_game(tournament)


def three_problems(game, number=1):
    """Two bad fields on the first side (one the form cannot read, one the engine refuses) and one on the second."""
    data = td.form(number, [td.W1, td.W2], out="nobody")
    data["s1_melded_points"] = "12x"
    data["s1_left_points"] = "3"
    data["s2_left_red_threes"] = "99"
    a, b = (side.team.name for side in game.sides.order_by("slot"))
    messages = [f"{a}: melded points must be a whole number.", f"{a}: left points must be a multiple of 5, got 3",
                f"{b}: 99 red 3s left, but 8 decks hold 16"]
    return data, messages


def test_a_new_hand_shows_all_three_problems_at_their_fields_and_saves_nothing(client, game):
    data, messages = three_problems(game)
    response = client.post(f"/table/{game.table_token}/hands/", data)
    page = html.unescape(response.content.decode())
    assert response.status_code == 400
    for message in messages:
        assert message in page
    assert messages[1] in page[page.index('name="s1_left_points"') - 600:page.index('name="s1_left_points"') + 600]
    assert "melded_points is missing" not in page  # the unreadable field is not reported twice
    assert not Hand.objects.filter(game=game).exists()


def test_the_outbox_hears_all_three(client, game):
    data, messages = three_problems(game)
    response = client.post(f"/table/{game.table_token}/hands/", data, HTTP_X_OUTBOX="1")
    assert response.status_code == 422
    assert sorted(json.loads(response.content)["errors"]) == sorted(messages)


def test_a_correction_shows_all_three(client, game):
    hands.submit(game, number=1, values=[td.values(out=True, **td.W1), td.values(**td.W2)], key="k1",
                 entered_by="A", entered_by_slot=1)
    data, messages = three_problems(game)
    data.update(version="1", reason="left points miscounted")
    response = client.post(f"/table/{game.table_token}/hands/1/edit/", data)
    page = html.unescape(response.content.decode())
    assert response.status_code == 400 and all(m in page for m in messages)
    assert Hand.objects.get(game=game).version == 1


def test_the_preview_lists_all_three(client, game):
    data, messages = three_problems(game)
    page = html.unescape(client.post(f"/table/{game.table_token}/preview/", data).content.decode())
    assert all(m in page for m in messages)
