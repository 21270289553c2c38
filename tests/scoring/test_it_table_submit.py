"""POST a hand from the table: saved once, or refused with the side and field named and the typed
values kept; nothing saved for a game not in play, a bad number or a missing CSRF token."""

import re

import pytest
from django.test import Client

from scoring import sample_hands as td
from scoring.models import Hand
from tests.scoring.games import make_game
from tournament.models import Game, GameSide

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("template_context")]  # reads response.context


@pytest.fixture
def game(tournament):
    return make_game(tournament)


def post(client, game, data):
    return client.post(f"/table/{game.table_token}/hands/", data)


def test_a_valid_hand_is_saved_and_the_sheet_shows_it(client, game):
    response = post(client, game, td.form(1, [td.W1, td.W2], out="1"))
    assert response.status_code == 302 and response["Location"].endswith("#hand-1")
    assert list(GameSide.objects.filter(game=game).order_by("slot").values_list("total", flat=True)) == [5690, 935]
    page = client.get(response["Location"]).content.decode()
    assert "Hand 1 saved" in page and "+5,690" in page
    assert Hand.objects.get().entered_by == game.sides.get(slot=1).team.name


def test_a_double_tap_saves_one_hand(client, game):
    data = td.form(1, [td.W1, td.W2], out="1")
    assert post(client, game, data).status_code == 302
    again = post(client, game, data)
    assert again.status_code == 302 and Hand.objects.count() == 1
    assert "already saved" in client.get(again["Location"]).content.decode()


def test_an_engine_refusal_names_side_and_field_keeps_the_input_and_saves_nothing(client, game):
    side = game.sides.get(slot=1).team.name
    data = td.form(1, [dict(td.W1, twos=0), td.W2], out="1")
    response = post(client, game, data)
    page = response.content.decode()
    assert response.status_code == 400 and not Hand.objects.exists()
    assert f"{side}: went out without a book of twos" in page
    assert 'value="1235"' in page and f'value="{data["key"]}"' in page
    assert response.context["form"].errors["s1_books_of_twos"]


def test_a_non_number_is_refused_at_its_field(client, game):
    side = game.sides.get(slot=2).team.name
    response = post(client, game, td.form(1, [td.W1, dict(td.W2, melded="lots")], out="1"))
    assert response.status_code == 400 and not Hand.objects.exists()
    assert response.context["form"].errors["s2_melded_points"] == [f"{side}: melded points must be a whole number."]
    assert 'value="lots"' in response.content.decode()


@pytest.mark.parametrize("melded", ["10,000,000", "10000000", "9" * 40])
def test_absurd_numbers_are_refused(client, game, melded):
    response = post(client, game, td.form(1, [dict(td.W1, melded=melded), td.W2], out="1"))
    assert response.status_code == 400 and not Hand.objects.exists()
    assert response.context["form"].errors["s1_melded_points"]


def test_typed_commas_and_blanks_are_read_as_people_mean_them(client, game):
    data = td.form(1, [dict(td.W1, melded="1,235"), td.W2], out="1")
    data["s2_runs"] = ""
    assert post(client, game, data).status_code == 302
    assert Hand.objects.get().entries[0]["melded_points"] == 1235


def test_who_went_out_must_be_chosen(client, game):
    data = td.form(1, [td.W1, td.W2])
    del data["went_out"]
    response = post(client, game, data)
    assert response.status_code == 400 and "Choose who went out" in response.content.decode()


@pytest.mark.parametrize("status", [Game.Status.READY, Game.Status.FINISHED])
def test_a_hand_for_a_game_not_in_play_is_refused(client, tournament, status):
    game = make_game(tournament, status=status)
    response = post(client, game, td.form(1, [td.W1, td.W2], out="1"))
    assert response.status_code == 409 and not Hand.objects.exists()
    assert ("not started yet" if status == Game.Status.READY else "over") in response.content.decode()


def test_a_hand_number_already_taken_is_refused_and_the_form_moves_to_the_next(client, game):
    post(client, game, td.form(1, [td.W1, td.W2], out="1"))
    response = post(client, game, td.form(1, [td.W2, td.W2]))
    assert response.status_code == 409 and Hand.objects.count() == 1
    assert "another phone" in response.content.decode()
    assert str(response.context["form"]["number"].value()) == "2"


def test_a_missing_csrf_token_is_refused(game):
    client = Client(enforce_csrf_checks=True)
    client.get(f"/table/{game.table_token}/")
    response = post(client, game, td.form(1, [td.W1, td.W2], out="1"))
    assert response.status_code == 403 and not Hand.objects.exists()


def test_the_next_form_remembers_which_side_this_phone_enters_for(client, game):
    assert post(client, game, td.form(1, [td.W2, td.W2], out="nobody", entered_by="2")).status_code == 302
    page = client.get(f"/table/{game.table_token}/").content.decode()
    chosen = re.compile(r'<input[^>]*name="entered_by"[^>]*value="2"[^>]*checked')
    assert chosen.search(page)
    other = Client().get(f"/table/{game.table_token}/").content.decode()  # another phone: nothing chosen
    assert 'name="entered_by"' in other and not chosen.search(other)


def test_the_saved_note_is_only_for_a_hand_the_sheet_has(client, game):
    sheet = f"/table/{game.table_token}/"
    for query in ("?saved=1", "?saved=%C2%B2", "?again=x", "?saved=" + "9" * 5000):
        response = client.get(sheet + query)
        assert response.status_code == 200 and 'class="msg' not in response.content.decode()
    post(client, game, td.form(1, [td.W2, td.W2], out="nobody"))
    assert "Hand 1 saved." in client.get(sheet + "?saved=1").content.decode()
