"""The public seating of a table round: every table and seat, where do I sit by name (a link that
can be shared), byes, each table's state and read-only sheet, live by polling."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.factories import TournamentFactory
from tests.formats.tables.events import sign_up, table_event
from tournament.events import demo_tables
from tournament.formats.tables import drawing, rounds
from tournament.models import Game, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def rummikub(django_user_model):
    return demo_tables.create_rummikub(timezone.now(), django_user_model.objects.create(username="org"),
                                       first_round_only=True)


def url(event, number=None, **query):
    path = reverse("tables:public_seating_round", args=[event.slug, number]) if number else reverse(
        "tables:public_seating", args=[event.slug])
    return path + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def test_every_table_and_seat_is_shown_with_its_sheet(client, rummikub):
    page = client.get(url(rummikub)).content.decode()
    for game in Game.objects.filter(division__tournament=rummikub):
        assert f"Table {game.number}" in page
        assert reverse("sheet:game", args=[rummikub.slug, game.pk]) in page
    assert page.count("Seat 4") == 2 and page.count("Seat 3") == 5
    assert "<bdi>Ivy Chen</bdi>" in page and "In play" in page and "3 hands" in page


def test_where_do_i_sit_finds_a_name_however_it_is_typed(client, rummikub):
    game = Game.objects.get(division__tournament=rummikub, sides__player__name="Ivy Chen")
    page = client.get(url(rummikub, name="  ivy   CHEN ")).content.decode()
    assert "Table " + str(game.number) + ", seat" in page
    assert page.count('class="card tp-table"') == 1  # only her table
    assert "Show every table" in page


def test_a_name_nobody_has_says_so_and_shows_every_table(client, rummikub):
    page = client.get(url(rummikub, name="Zelda")).content.decode()
    assert "Nobody called “<bdi>Zelda</bdi>” is seated in round 1" in page
    assert page.count('class="card tp-table"') == 5


def test_someone_sitting_out_is_shown_as_a_bye():
    event = table_event("baja-cutthroat")
    sign_up(event, "Ann", "Bob", "Cy", "Di", "Ed")
    seating = drawing.draw_seating(event, 1, 3)
    rounds.save_round(event, 1, seating, 3, timezone.now())
    client = Client()
    out = seating["sitting_out"]
    assert out
    page = client.get(url(event)).content.decode()
    assert "Sitting out round 1" in page and "Bye" in page
    name = event.players.get(pk=out[0]).name
    found = client.get(url(event, 1, name=name)).content.decode()
    assert "you sit out round 1" in found


def test_the_poll_answers_204_until_something_changes(client, rummikub):
    version = Tournament.objects.get(pk=rummikub.pk).changes
    assert client.get(url(rummikub, 1, v=version), HTTP_HX_REQUEST="true").status_code == 204
    Tournament.objects.filter(pk=rummikub.pk).bump()
    fresh = client.get(url(rummikub, 1, v=version), HTTP_HX_REQUEST="true")
    assert fresh.status_code == 200 and 'id="seating-live"' in fresh.content.decode()
    assert "<html" not in fresh.content.decode()


def test_before_any_round_the_page_says_so_and_rounds_not_published_are_not_found(client):
    event = table_event("rummikub")
    assert "No round is seated yet" in client.get(url(event)).content.decode()
    assert client.get(url(event, 2)).status_code == 404


def test_a_bracket_event_has_no_seating(client):
    assert client.get(url(TournamentFactory())).status_code == 404


def test_the_home_page_of_a_table_event_links_to_the_seating(client, rummikub):
    page = client.get(reverse("public:home", args=[rummikub.slug])).content.decode()
    assert reverse("tables:public_seating", args=[rummikub.slug]) in page and "Where do I sit?" in page
    assert "Sign up a team" not in page
