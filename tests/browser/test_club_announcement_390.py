"""A club's organizer writes to the club's members from a phone (390 px), in English and in Spanish:
from the club's page to its "Write to the members" page, the announcement sent, each member's message
read from a real SMTP server in that member's language, and its unsubscribe link followed on the
member's phone, which stops the club's announcements to that address."""

import os
import re

import pytest
from django.test import Client
from playwright.sync_api import expect

from tests.factories import TeamFactory, TournamentFactory, UserFactory
from tests.mail.smtp_server import text
from tournament.mail import entrants, outbox
from tournament.models import Club, EntrantMail

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("MELDBOARD_SCREENSHOTS")
PHONE = {"width": 390, "height": 844}
WORDS = {
    "en": {"locale": "en-US", "write": "Write to the members", "send": "Send to the members",
           "queued": "Announcement queued for 2 members.", "stop": "Stop these e-mails", "stopped": "E-mails stopped",
           "footer": "To stop the club's announcements"},
    "es": {"locale": "es-MX", "write": "Escribir a los miembros", "send": "Enviar a los miembros",
           "queued": "Aviso en cola para 2 miembros.", "stop": "Dejar de recibir estos correos", "stopped": "Correos detenidos",
           "footer": "Para dejar de recibir los avisos del club"},
}


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"club-announcement-{name}.png"), full_page=True)


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_club_writes_to_its_members_and_one_stops_it(live_server, browser, smtp_server, settings, language):
    settings.MELDBOARD_PUBLIC_URL = ""
    words = WORDS[language]
    other = "en" if language == "es" else "es"
    secretary = UserFactory(username="secretary", is_staff=False)
    club = Club.objects.create(name="Bahía Rummy Club", slug="bahia")
    club.organizers.add(secretary)
    event = TournamentFactory(name="Copa Bahía", club=club, organizers=[secretary])
    entrants.opt_in(event, "ana@club.example", language=language, team=TeamFactory(tournament=event))
    entrants.opt_in(event, "cy@club.example", language=other, team=TeamFactory(tournament=event))

    client = Client()
    client.force_login(secretary)
    context = browser.new_context(viewport=PHONE, locale=words["locale"])
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    desk = context.new_page()
    desk.goto(f"{live_server.url}/organizer/clubs/bahia/")
    desk.get_by_role("link", name=words["write"]).click()
    desk.locator("input[name=subject]").fill("Liga de verano" if language == "es" else "Summer league")
    desk.locator("textarea[name=message]").fill("Monday 10:00, marina clubhouse.")
    shot(desk, f"write-{language}-390")
    desk.get_by_role("button", name=words["send"]).click()
    expect(desk.locator(".msg-success")).to_have_text(words["queued"])
    assert desk.evaluate("document.documentElement.scrollWidth") <= 390

    outbox.send_due(pace=False)
    (ana,) = smtp_server.to("ana@club.example")
    (cy,) = smtp_server.to("cy@club.example")
    assert words["footer"] in text(ana) and WORDS[other]["footer"] in text(cy)
    desk.reload()
    expect(desk.locator(".mail-log")).to_contain_text("ana@club.example")
    shot(desk, f"sent-{language}-390")

    member = browser.new_context(viewport=PHONE, locale=words["locale"]).new_page()
    member.goto(re.search(r"(http://\S+/clubs/bahia/mail/stop/\S+/)", text(ana)).group(1))
    member.get_by_role("button", name=words["stop"]).click()
    expect(member.locator("h1")).to_have_text(words["stopped"])
    shot(member, f"stopped-{language}-390")
    assert EntrantMail.objects.get(email="ana@club.example").stopped == ["announcement"]
    assert EntrantMail.objects.get(email="cy@club.example").stopped == []
