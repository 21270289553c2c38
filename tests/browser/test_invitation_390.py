"""A club secretary invited by e-mail at 390 px, in English and in Spanish: the organizer invites
from the event's organizers page, the message is read from a real SMTP server, its link makes the
account and opens the event's dashboard; the club's organizer invites the same person to the club
and they join with the account they now have."""

import os
import re

import pytest
from django.test import Client
from playwright.sync_api import expect

from tests.factories import TournamentFactory, UserFactory
from tests.mail.smtp_server import text
from tournament.mail import outbox
from tournament.models import Club

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("MELDBOARD_SCREENSHOTS")
PHONE = {"width": 390, "height": 844}
WORDS = {
    "en": {"send": "Send the invitation", "sent": "Invitation sent to", "make": "Make my account and join",
           "now": "You now organize", "join": "Join as secretary", "locale": "en-US"},
    "es": {"send": "Enviar la invitación", "sent": "Invitación enviada a", "make": "Crear mi cuenta y unirme",
           "now": "Ahora usted organiza", "join": "Unirse como secretary", "locale": "es-MX"},
}


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"invitation-{name}.png"), full_page=True)


def logged_in_phone(browser, live_server, user, locale):
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport=PHONE, locale=locale)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    return page


def invitation_link(smtp_server, address) -> str:
    outbox.send_due(pace=False)
    return re.search(r"(http://\S+/accounts/invitation/\S+/)", text(smtp_server.to(address)[-1])).group(1)


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_secretary_invited_by_e_mail_makes_an_account_and_co_organizes_the_event_and_the_club(
        live_server, browser, smtp_server, settings, language):
    settings.MELDBOARD_PUBLIC_URL = ""
    words = WORDS[language]
    organizer = UserFactory(username="organizer", is_staff=False, email="org@club.example")
    event = TournamentFactory(created_by=organizer, name="Bayfest Partners", language=language)
    club = Club.objects.create(name="Bahía Rummy Club", slug="bahia")
    club.organizers.add(organizer)

    desk = logged_in_phone(browser, live_server, organizer, words["locale"])
    desk.goto(f"{live_server.url}/organizer/t/{event.slug}/organizers/")
    desk.locator("input[name=email]").fill("sec@club.example")
    desk.get_by_role("button", name=words["send"]).click()
    expect(desk.locator(".msg-success")).to_contain_text(words["sent"])
    expect(desk.locator(".invitations")).to_contain_text("sec@club.example")
    shot(desk, f"organizers-{language}-390")

    link = invitation_link(smtp_server, "sec@club.example")
    assert link.startswith(live_server.url)
    secretary = browser.new_context(viewport=PHONE, locale=words["locale"]).new_page()
    secretary.goto(link)
    shot(secretary, f"make-account-{language}-390")
    secretary.locator("input[name=username]").fill("secretary")
    secretary.locator("input[name=password1]").fill("sea turtles at dawn")
    secretary.locator("input[name=password2]").fill("sea turtles at dawn")
    secretary.get_by_role("button", name=words["make"]).click()
    expect(secretary.locator(".msg-success")).to_contain_text(words["now"])
    expect(secretary.locator("h1")).to_have_text("Bayfest Partners")
    assert secretary.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
    shot(secretary, f"dashboard-{language}-390")
    assert event.organizers.filter(username="secretary").exists()

    desk.goto(f"{live_server.url}/organizer/clubs/bahia/organizers/")
    desk.locator("input[name=email]").fill("sec@club.example")
    desk.get_by_role("button", name=words["send"]).click()
    expect(desk.locator(".msg-success")).to_contain_text(words["sent"])
    secretary.goto(invitation_link(smtp_server, "sec@club.example"))
    secretary.get_by_role("button", name=words["join"]).click()
    expect(secretary.locator(".msg-success")).to_contain_text(words["now"])
    expect(secretary.locator("h1")).to_have_text("Bahía Rummy Club")
    assert sorted(club.organizers.values_list("username", flat=True)) == ["organizer", "secretary"]
    secretary.goto(f"{live_server.url}/organizer/clubs/bahia/organizers/")
    expect(secretary.locator(".mail-log").first).to_contain_text("organizer")
    shot(secretary, f"club-organizers-{language}-390")
