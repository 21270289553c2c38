"""Which language the public pages speak (issue 16): the switch on the home (and the choice kept on
the next page), a browser asking for Mexican Spanish, a tournament whose own language is Spanish;
the TV (its own page, no switch) in the page's language; the mails in the right language."""

import datetime as dt
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from tests.live.events import in_play, signed_up
from tests.mail import delivered
from tournament.core import signup_deadline
from tournament.models import PartnerPost

pytestmark = pytest.mark.django_db


def heading(html):
    return re.search(r"<h1>(.*?)</h1>", html, re.S).group(1)


def test_the_switch_on_the_home_turns_it_spanish_and_the_choice_sticks(client):
    tournament = signed_up()
    home = reverse("public:home", args=[tournament.slug])
    html = client.get(home).content.decode()  # the client's browser asks for English
    assert '<html lang="en">' in html and "Sign up a team" in html
    switch = re.search(r'<a href="(/language/es/\?next=[^"]+)"[^>]*>', html)
    assert switch, "the home shows the switch to Spanish"
    response = client.get(switch.group(1).replace("&amp;", "&"), follow=True)
    assert response.redirect_chain[-1][0] == home
    html = response.content.decode()
    assert '<html lang="es">' in html and "Inscribir un equipo" in html and "Sign up a team" not in html
    assert 'aria-current="true" lang="es">Español</span>' in html  # the switch shows Spanish as the current one
    assert 'hreflang="en">English</a>' in html  # and English in its own name, for whoever cannot read Spanish
    # The next page keeps the choice (a cookie), though the browser still asks for English.
    html = client.get(reverse("public:signup", args=[tournament.slug])).content.decode()
    assert '<html lang="es">' in html and "Nombre del equipo" in html and "Team name" not in html
    # And switching back gives English again.
    client.get(reverse("switch_language", args=["en"]) + f"?next={home}")
    assert "Sign up a team" in client.get(home).content.decode()


def test_a_browser_asking_for_mexican_spanish_gets_spanish_without_the_switch():
    tournament = signed_up()
    browser = Client(HTTP_ACCEPT_LANGUAGE="es-MX,es;q=0.9,en;q=0.5")
    html = browser.get(reverse("public:home", args=[tournament.slug])).content.decode()
    assert '<html lang="es">' in html and "Inscribir un equipo" in html and "Sign up a team" not in html


def test_a_spanish_tournament_is_spanish_for_a_browser_asking_nothing_but_english_for_one_asking_english():
    tournament = signed_up(language="es")
    home = reverse("public:home", args=[tournament.slug])
    html = Client().get(home).content.decode()
    assert '<html lang="es">' in html and "Inscribir un equipo" in html
    html = Client(HTTP_ACCEPT_LANGUAGE="en").get(home).content.decode()
    assert '<html lang="en">' in html and "Sign up a team" in html and "Inscribir un equipo" not in html


def test_the_tv_speaks_the_pages_language_and_has_no_switch():
    tournament, first, playing = in_play()
    tv = reverse("live:tv", args=[tournament.slug])
    html = Client(HTTP_ACCEPT_LANGUAGE="es-MX").get(tv).content.decode()
    assert '<html lang="es">' in html
    # eight teams fill two bracket pages ("Cuadro 1/2", "Cuadro 2/2"); a smaller draw has one ("Cuadro")
    for phrase in ("Jugando ahora", f"Mesa {playing.table_number}", "Recién terminadas", "Tiempo restante",
                   'aria-label="Ahora"', 'aria-label="Cuadro', "<title>TV · "):
        assert phrase in html, phrase
    for english in ("Playing now", "Just finished", "Time left", "Table ", 'aria-label="Now"', 'aria-label="Bracket'):
        assert english not in html, english
    assert "language-switch" not in html and "/language/" not in html
    english = Client(HTTP_ACCEPT_LANGUAGE="en").get(tv).content.decode()
    assert '<html lang="en">' in english and "Playing now" in english


def test_the_partner_board_link_is_mailed_in_the_language_of_the_page_used():
    tournament = signed_up()  # its own language is English
    phone = Client(HTTP_ACCEPT_LANGUAGE="es-MX")
    page = phone.post(reverse("public:partners", args=[tournament.slug]),
                      {"name": "Rosa Díaz", "contact": "rosa@example.org"}, follow=True).content.decode()
    assert "Su enlace privado" in page and "lo enviamos por correo a <strong>rosa@example.org</strong>" in page
    assert "Rosa Díaz, está en el tablero." in page
    sent = delivered()[-1]
    post = PartnerPost.objects.get(player__name="Rosa Díaz")
    assert sent.subject == f"{tournament.name}: su enlace del tablero de compañeros"
    assert sent.body.startswith(f"Rosa Díaz, está en el tablero de compañeros de {tournament.name}.")
    assert post.secret in sent.body and "No lo comparta" in sent.body and "Keep it" not in sent.body


def test_the_closing_notice_goes_in_the_tournaments_language_whoever_asked(django_capture_on_commit_callbacks):
    tournament = signed_up(language="es", signup_deadline=timezone.now() - dt.timedelta(minutes=1))
    delivered().clear()
    with translation.override("en"), django_capture_on_commit_callbacks(execute=True):
        assert signup_deadline.close_due_registrations(timezone.now()) == 1  # the minute sweep
    sent = delivered()[-1]
    assert sent.subject == f"{tournament.name}: inscripciones cerradas con 8 equipos"
    assert "Se inscribieron 8 equipos. Ya se puede hacer el sorteo." in sent.body and " de 20" in sent.body
    assert "signed up" not in sent.body
