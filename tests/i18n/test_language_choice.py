"""Which language a page speaks: the switch, then the browser, then the tournament's own."""

import pytest
from django.test import Client

from tests.factories import TournamentFactory

pytestmark = pytest.mark.django_db


def test_a_spanish_browser_gets_spanish_and_an_english_one_english():
    spanish = Client(HTTP_ACCEPT_LANGUAGE="es-MX,es;q=0.9").get("/accounts/login/")
    english = Client(HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9").get("/accounts/login/")
    assert '<html lang="es">' in spanish.content.decode() and "Idioma" in spanish.content.decode()
    assert '<html lang="en">' in english.content.decode() and "Organizer log-in" in english.content.decode()


def test_the_switch_sets_the_language_for_the_next_pages_and_goes_back():
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    response = browser.get("/language/es/", {"next": "/accounts/login/?next=/organizer/"})
    assert response.status_code == 302 and response["Location"] == "/accounts/login/?next=/organizer/"
    assert '<html lang="es">' in browser.get("/accounts/login/").content.decode()
    browser.get("/language/en/", {"next": "/"})
    assert '<html lang="en">' in browser.get("/accounts/login/").content.decode()


def test_the_switch_never_sends_anyone_to_another_site_and_ignores_unknown_languages():
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    response = browser.get("/language/fr/", {"next": "https://evil.example/"})
    assert response["Location"] == "/" and "django_language" not in response.cookies
    assert browser.post("/language/es/").status_code == 405


def test_every_page_offers_the_switch_with_a_way_back_to_the_same_page():
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get("/accounts/login/?next=/organizer/").content.decode()
    assert 'href="/language/es/?next=/accounts/login/%3Fnext%3D/organizer/"' in page
    assert 'lang="es" hreflang="es">Español</a>' in page


def test_a_tournament_in_spanish_speaks_spanish_to_a_browser_naming_neither_language():
    tournament = TournamentFactory(language="es")
    home = f"/t/{tournament.slug}/"
    assert '<html lang="es">' in Client().get(home).content.decode()
    assert '<html lang="es">' in Client(HTTP_ACCEPT_LANGUAGE="fr-FR,fr").get(home).content.decode()
    assert '<html lang="en">' in Client(HTTP_ACCEPT_LANGUAGE="en-GB").get(home).content.decode()
    chose_english = Client(HTTP_ACCEPT_LANGUAGE="fr")
    chose_english.get("/language/en/")
    assert '<html lang="en">' in chose_english.get(home).content.decode()


def test_a_cached_page_is_kept_once_per_language():
    tournament = TournamentFactory(language="en")
    home = f"/t/{tournament.slug}/"
    english = Client(HTTP_ACCEPT_LANGUAGE="en").get(home)
    spanish = Client(HTTP_ACCEPT_LANGUAGE="es").get(home)
    again_english = Client(HTTP_ACCEPT_LANGUAGE="en").get(home)
    assert '<html lang="es">' in spanish.content.decode()
    assert '<html lang="en">' in english.content.decode() and '<html lang="en">' in again_english.content.decode()
