"""A decided game's e-mail followed on a phone (390 px), in English and in Spanish: the result and the
next game read from a real SMTP server in the team's language, its link opens the team's page with
that next game, and its unsubscribe link stops results only."""

import os
import re

import pytest
from playwright.sync_api import expect

from tests.factories import TeamFactory, TournamentFactory
from tests.gameday_setup import publish_division, teams
from tests.mail.smtp_server import text
from tournament.formats.bracket import advancement
from tournament.mail import entrants, outbox
from tournament.models import EntrantMail

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("MELDBOARD_SCREENSHOTS")
PHONE = {"width": 390, "height": 844}
WORDS = {
    "en": {"locale": "en-US", "won": "Los Amigos won", "next": "Your next game:", "stop": "Stop these e-mails",
           "stopped": "E-mails stopped"},
    "es": {"locale": "es-MX", "won": "Ganó Los Amigos", "next": "Su siguiente partida:", "stop": "Dejar de recibir estos correos",
           "stopped": "Correos detenidos"},
}


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"result-mail-{name}.png"), full_page=True)


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_result_e_mail_leads_to_the_next_game_and_stops_results_only(live_server, browser, smtp_server, settings, language):
    settings.MELDBOARD_PUBLIC_URL = live_server.url + "/"
    words = WORDS[language]
    event = TournamentFactory(name="Bayfest")
    amigos = TeamFactory(tournament=event, name="Los Amigos")
    for name in ("Jets", "Sharks", "Comets"):
        TeamFactory(tournament=event, name=name)
    entrants.opt_in(event, "ana@club.example", language=language, team=amigos)
    division, first = publish_division(event)
    game = next(g for g in first if amigos in teams(g))
    advancement.finish_game(game, amigos, reason="score")
    outbox.send_due(pace=False)
    (message,) = [m for m in smtp_server.to("ana@club.example") if words["won"] in " ".join(m["Subject"].split())]
    body = text(message)
    assert words["next"] in body
    phone = browser.new_context(viewport=PHONE, locale=words["locale"]).new_page()
    phone.goto(re.search(rf"({re.escape(live_server.url)}/t/{event.slug}/team/{amigos.pk}/)", body).group(1))
    expect(phone.locator("h1")).to_contain_text("Los Amigos")
    shot(phone, f"team-page-{language}-390")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390

    phone.goto(re.search(r"(http://\S+/mail/stop/\S+/)", body).group(1))
    phone.get_by_role("button", name=words["stop"]).click()
    expect(phone.locator("h1")).to_have_text(words["stopped"])
    shot(phone, f"stopped-{language}-390")
    assert EntrantMail.objects.get().stopped == ["result"]
