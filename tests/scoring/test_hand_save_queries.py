"""What the table phone's two busiest requests cost the database, pinned so it does not creep back
(issue 25): the preview as the hand is typed and the hand save. A phone that names no language
(as the benchmark's client) costs no query more: the table views take the tournament's language
from the game they load."""

import pytest
from django.test import Client
from django.urls import reverse

from scoring import sample_hands as td
from scoring.models import Hand
from tests.scoring.games import make_game
from tournament.models import Tournament

pytestmark = pytest.mark.django_db

SMALL = {"melded": 60, "left": 10}  # 50 a side: a game never ends here


@pytest.fixture
def phone():
    return Client()  # no Accept-Language: the language comes from the tournament


@pytest.fixture
def game(tournament):
    return make_game(tournament)


def preview(phone, game, number):
    return phone.post(reverse("table:preview", args=[game.table_token]), td.form(number, [SMALL, SMALL]),
                      headers={"HX-Request": "true"})


def save(phone, game, number):
    return phone.post(reverse("table:submit", args=[game.table_token]), td.form(number, [SMALL, SMALL]))


def test_a_preview_costs_three_queries(phone, game, django_assert_max_num_queries):
    preview(phone, game, 1)  # the table's first request also notes it was heard (an UPDATE)
    save(phone, game, 1)
    # The game with its division and tournament; its sides with their teams; the hand count.
    with django_assert_max_num_queries(3):
        assert "+50" in preview(phone, game, 2).content.decode()


def test_a_hand_save_costs_nine_queries(phone, game, django_assert_max_num_queries):
    preview(phone, game, 1)
    changes = Tournament.objects.get(pk=game.division.tournament_id).changes
    # The game with its tournament; its sides; under the game's lock: the game again and its saved
    # hands; the hand, its first revision, its entry in the game's log, the sides' totals, the
    # tournament's change count. The two more are the test's: its transaction makes the save's own a
    # SAVEPOINT and its RELEASE.
    with django_assert_max_num_queries(9 + 2):
        assert save(phone, game, 1).status_code == 302
    assert Hand.objects.filter(game=game).count() == 1
    assert Tournament.objects.get(pk=game.division.tournament_id).changes == changes + 1
    assert [s.total for s in game.sides.order_by("slot")] == [50, 50]


def test_the_same_hand_posted_again_is_saved_once_and_the_next_number_is_refused(phone, game):
    data = td.form(1, [SMALL, SMALL])
    url = reverse("table:submit", args=[game.table_token])
    assert phone.post(url, data).status_code == 302
    again = phone.post(url, data)  # a retry of the same form: it finds its hand
    assert again.status_code == 302 and "again=1" in again["Location"]
    other = phone.post(url, td.form(1, [SMALL, SMALL]))  # another phone's hand 1
    assert other.status_code == 409
    assert Hand.objects.filter(game=game).count() == 1
    assert [s.total for s in game.sides.order_by("slot")] == [50, 50]


def test_a_phone_naming_no_language_gets_the_tournaments_and_one_naming_english_gets_english(phone, tournament):
    Tournament.objects.filter(pk=tournament.pk).update(language="es")
    game = make_game(tournament)
    sheet = reverse("table:sheet", args=[game.table_token])
    assert 'lang="es' in phone.get(sheet).content.decode()
    refused = phone.post(reverse("table:preview", args=[game.table_token]),
                         td.form(1, [dict(SMALL, left="4x"), SMALL]), headers={"HX-Request": "true"})
    assert "número entero" in refused.content.decode()
    english = Client(HTTP_ACCEPT_LANGUAGE="en")
    assert 'lang="en' in english.get(sheet).content.decode()
