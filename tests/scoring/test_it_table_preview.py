"""The live preview: the engine's answer as typed, each side's hand score and new total; saves nothing."""

import pytest

from scoring import hands
from scoring import sample_hands as td
from scoring.models import Hand
from tests.scoring.games import make_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(tournament):
    return make_game(tournament)


def preview(client, game, data):
    return client.post(f"/table/{game.table_token}/preview/", data, headers={"HX-Request": "true"})


def test_the_preview_shows_hand_scores_and_new_totals(client, game):
    hands.submit(game, number=1, values=[td.values(**td.W2), td.values(**td.W2)], key="k", entered_by="x")
    page = preview(client, game, td.form(2, [td.W1, td.W2], out="1")).content.decode()
    assert "+5,690" in page and "6,625" in page and "+935" in page and "1,870" in page
    assert Hand.objects.count() == 1


def test_the_preview_lists_what_the_engine_refuses(client, game):
    side = game.sides.get(slot=1).team.name
    page = preview(client, game, td.form(1, [dict(td.W1, twos=0), td.W2], out="1")).content.decode()
    assert f"{side}: went out without a book of twos" in page and "Nothing is saved" in page


def test_the_preview_names_a_non_number(client, game):
    side = game.sides.get(slot=1).team.name
    page = preview(client, game, td.form(1, [dict(td.W1, left="4x"), td.W2])).content.decode()
    assert f"{side}: left points must be a whole number" in page


def test_the_preview_reminds_to_choose_who_went_out(client, game):
    data = td.form(1, [td.W2, td.W2])
    del data["went_out"]
    assert "Choose who went out" in preview(client, game, data).content.decode()


def test_the_preview_says_when_the_hand_ends_the_game(client, game):
    for n in (1, 2):
        hands.submit(game, number=n, values=[td.values(out=True, **td.W1), td.values(**td.W2)], key=f"k{n}", entered_by="x")
    page = preview(client, game, td.form(3, [td.BIG, {"melded": 300, "left": 20}], out="1")).content.decode()
    assert "ends the game" in page and not game.hands.filter(number=3).exists()


def test_the_preview_costs_the_same_three_queries_however_many_hands_are_saved(client, game, django_assert_num_queries):
    data = td.form(1, [{"melded": 60, "left": 10}, {"melded": 60, "left": 10}])
    preview(client, game, data)  # the table's first request also notes it was heard (an UPDATE)
    with django_assert_num_queries(3):  # the game with its tournament; its sides; the hand count
        assert "+50" in preview(client, game, data).content.decode()
    for n in range(1, 6):
        hands.submit(game, number=n, values=[td.values(melded=60, left=10), td.values(melded=60, left=10)], key=f"q{n}", entered_by="x")
    with django_assert_num_queries(3):  # the next hand's totals come from GameSide.total
        page = preview(client, game, td.form(6, [{"melded": 60, "left": 10}, {"melded": 60, "left": 10}])).content.decode()
    assert "300" in page  # 5 × 50 before, + 50


def test_a_corrections_preview_counts_only_the_hands_before_it(client, game):
    for n in (1, 2):
        hands.submit(game, number=n, values=[td.values(melded=60, left=10), td.values(melded=60, left=10)], key=f"c{n}", entered_by="x")
    data = td.form(2, [{"melded": 120, "left": 20}, {"melded": 60, "left": 10}], reason="miscounted")
    page = preview(client, game, data).content.decode()
    assert "+100" in page and "150" in page  # 50 before hand 2, not the 100 saved through hand 2


def test_a_correction_preview_without_a_hand_number_names_it_and_is_no_server_error(client, game):
    """Found by tests/test_no_server_errors.py: a correction's preview sent without "number" raised."""
    data = td.form(1, [td.W2, td.W2], out="1")
    del data["number"]
    response = preview(client, game, {**data, "reason": "checked with the table"})
    assert response.status_code == 200 and Hand.objects.count() == 0
