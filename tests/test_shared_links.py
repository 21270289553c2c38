"""Links people share are whole addresses (issue 24 B): MELDBOARD_PUBLIC_URL when set, else the
request's host; with a share/copy button (static/js/share.js, no inline script). The print menu
warns when the table cards' QR codes would point at this computer only."""

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tests.factories import TeamFactory
from tests.gameday_setup import publish_division
from tournament.common import site_address
from tournament.core import ties

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_address_seen():
    cache.delete(site_address._SEEN)
    yield
    cache.delete(site_address._SEEN)


def test_a_teams_page_shares_its_whole_address_with_a_button(tournament):
    team = TeamFactory(tournament=tournament, name="Los Ñúñez")
    path = reverse("live:team", args=[tournament.slug, team.pk])
    page = Client(HTTP_ACCEPT_LANGUAGE="es-MX").get(path).content.decode()
    assert f'Compártala: <span class="share-link"><a href="http://testserver{path}">http://testserver{path}</a>' in page
    assert f'data-share="http://testserver{path}"' in page and "/static/js/share.js" in page
    assert "<script>" not in page and "onclick" not in page


def test_the_public_url_setting_wins_over_the_requests_host(tournament, settings):
    settings.MELDBOARD_PUBLIC_URL = "https://rummy.example.org/"
    team = TeamFactory(tournament=tournament)
    path = reverse("live:team", args=[tournament.slug, team.pk])
    assert f'href="https://rummy.example.org{path}"' in Client().get(path).content.decode()


def test_the_dashboard_shows_the_public_page_to_share(organizer_client, tournament):
    page = organizer_client.get(reverse("organizer:dashboard", args=[tournament.slug])).content.decode()
    assert f'data-share="http://testserver/t/{tournament.slug}/"' in page


def test_the_tie_e_mail_links_the_whole_address_organizers_use(organizer_client, tournament):
    game = publish_division(tournament)[1][0]
    assert ties._game_url(game).startswith("/")  # nothing known yet: the path alone
    organizer_client.get(reverse("organizer:dashboard", args=[tournament.slug]))
    assert ties._game_url(game) == "http://testserver" + reverse("gameday:game", args=[tournament.slug, game.pk])


def test_the_print_menu_warns_when_the_qr_codes_point_at_this_computer(organizer_client, tournament, settings):
    url = reverse("printing:menu", args=[tournament.slug])
    warned = organizer_client.get(url, HTTP_HOST="127.0.0.1:8000").content.decode()
    assert 'id="loopback-warning"' in warned and "http://127.0.0.1:8000/" in warned
    assert 'id="loopback-warning"' in organizer_client.get(url, HTTP_HOST="localhost").content.decode()
    settings.MELDBOARD_PUBLIC_URL = "https://rummy.example.org/"
    assert 'id="loopback-warning"' not in organizer_client.get(url, HTTP_HOST="127.0.0.1:8000").content.decode()


def test_loopback_addresses():
    assert site_address.is_loopback("http://127.0.0.1:8000/") and site_address.is_loopback("http://[::1]/")
    assert site_address.is_loopback("http://localhost:8000/")
    assert not site_address.is_loopback("http://192.168.1.20:8000/") and not site_address.is_loopback("https://rummy.example.org/")
