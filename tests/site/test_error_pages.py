"""Styled 404 and 500 pages in the site's layout with a way back, and a favicon (issue 15).
pytest-django runs with DEBUG=False, as the site does in production."""

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.template import loader
from django.test import Client
from django.urls import reverse

from scoring.hands import rotate_token
from tests.scoring.games import make_game
from tournament.live import views as live_views


def test_the_tests_see_the_production_pages():
    assert settings.DEBUG is False


@pytest.mark.django_db
class TestNotFound:
    def test_an_unknown_address_has_the_layout_and_the_way_home(self, client):
        response = client.get("/no/such/page/")
        page = response.content.decode()
        assert response.status_code == 404
        assert '<header class="topbar">' in page and "Page not found" in page
        assert f'href="{reverse("public:index")}">Back to the tournaments' in page

    def test_a_stale_table_link_offers_its_tournaments_home(self, client, tournament):
        game = make_game(tournament)
        old = game.table_token
        rotate_token(game)
        response = client.get(reverse("table:sheet", args=[old]))
        page = response.content.decode()
        assert response.status_code == 404
        assert "This table link no longer opens a game" in page
        assert f'href="{reverse("public:home", args=[tournament.slug])}">Back to <bdi>{tournament.name}</bdi>' in page

    def test_an_unknown_table_link_offers_the_site_home(self, client, tournament):
        response = client.get(reverse("table:sheet", args=["never-was-a-token"]))
        page = response.content.decode()
        assert response.status_code == 404
        assert "This table link no longer opens a game" in page
        assert "Back to the tournaments" in page and tournament.name not in page

    def test_a_mistyped_page_of_a_tournament_offers_its_home(self, client, tournament):
        page = client.get(f"/t/{tournament.slug}/no-such-page/").content.decode()
        assert f'href="{reverse("public:home", args=[tournament.slug])}">Back to <bdi>{tournament.name}</bdi>' in page

    def test_an_unknown_tournament_offers_the_site_home(self, client):
        response = client.get("/t/no-such-event/")
        assert response.status_code == 404 and "Back to the tournaments" in response.content.decode()


@pytest.mark.django_db
def test_a_server_error_shows_the_styled_500_page(tournament, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(live_views.live_page, "answer", broken)  # the page itself, cached or not
    client = Client(raise_request_exception=False)
    response = client.get(reverse("public:home", args=[tournament.slug]))
    page = response.content.decode()
    assert response.status_code == 500
    assert '<header class="topbar">' in page and "Something went wrong" in page
    assert f'href="{reverse("public:index")}"' in page


def test_the_500_page_renders_without_a_request_or_the_database():  # no django_db: a query would fail
    page = loader.get_template("500.html").render()
    assert "Something went wrong" in page and "favicon" in page


@pytest.mark.django_db
def test_the_favicon(client):
    page = client.get(reverse("public:index")).content.decode()
    assert 'rel="icon"' in page and "favicon.svg" in page
    response = client.get("/favicon.ico")
    assert response.status_code in (200, 301, 302)
    assert response["Location"].endswith(".ico")
    assert finders.find("favicon.ico") and finders.find("favicon.svg")
