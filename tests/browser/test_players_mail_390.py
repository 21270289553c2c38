"""A team signs up on a phone (390 px) and asks for e-mail, in English and in Spanish: the message
is read from a real SMTP server in the team's language, its link opens the team's page, its private
change link opens the team's own entry page where the contact is changed, the draw's message (with
its calendar file) leads to the first game, and the unsubscribe link stops that kind. The morning
net's page is printed: print media shows only the script, and Chromium's PDF of it holds the script."""

import datetime as dt
import os
import re
import subprocess

import icalendar
import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.factories import TeamFactory, TournamentFactory
from tests.gameday_setup import publish_division
from tests.mail.smtp_server import text
from tournament.mail import outbox
from tournament.models import EntrantMail, Team

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("MELDBOARD_SCREENSHOTS")
PHONE = {"width": 390, "height": 844}
WORDS = {
    "en": {"locale": "en-US", "box": "E-mail me about this event", "button": "Sign up", "signed": "is signed up",
           "entry": "Your entry", "save": "Save changes", "saved": "Your changes are saved.", "net": "Good morning", "net_title": "Morning net",
           "draw": "the draw is out", "stop": "Stop these e-mails", "stopped": "E-mails stopped", "first": "Your first game:"},
    "es": {"locale": "es-MX", "box": "Envíenme correos sobre este evento", "button": "Inscribirse", "signed": "está inscrito",
           "entry": "Su inscripción", "save": "Guardar cambios", "saved": "Se guardaron sus cambios.", "net": "Buenos días", "net_title": "Red de la mañana",
           "draw": "salió el sorteo", "stop": "Dejar de recibir estos correos", "stopped": "Correos detenidos",
           "first": "Su primera partida:"},
}


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"players-mail-{name}.png"), full_page=True)


def link(body: str, pattern: str) -> str:
    return re.search(rf"(http://\S+{pattern}\S*)", body).group(1)


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_team_opts_in_follows_its_messages_and_unsubscribes(live_server, browser, smtp_server, settings, language,
                                                               tmp_path):
    settings.MELDBOARD_PUBLIC_URL = ""
    words = WORDS[language]
    event = TournamentFactory(name="Bayfest", signup_deadline=timezone.now() + dt.timedelta(days=2), language=language)
    for name in ("Jets", "Sharks", "Comets"):
        TeamFactory(tournament=event, name=name)
    phone = browser.new_context(viewport=PHONE, locale=words["locale"]).new_page()
    phone.goto(f"{live_server.url}/t/{event.slug}/signup/")
    phone.locator("input[name=team_name]").fill("Los Amigos")
    phone.locator("input[name=player1]").fill("Ana Ruiz")
    phone.locator("input[name=player2]").fill("Bea Soto")
    phone.locator("input[name=contact]").fill("ana@club.example")
    box = phone.get_by_label(words["box"])
    assert box.bounding_box()["height"] >= 20 and phone.locator("label:has(input[name=mail_opt_in])").bounding_box()["height"] >= 44
    box.check()
    shot(phone, f"signup-{language}-390")
    phone.get_by_role("button", name=words["button"]).click()
    phone.wait_for_url(re.compile(r"/signup/done/"))

    outbox.send_due(pace=False)
    (signed,) = smtp_server.to("ana@club.example")
    assert words["signed"] in signed["Subject"]
    team = Team.objects.get(name="Los Amigos")
    phone.goto(link(text(signed), f"/t/{event.slug}/team/"))
    expect(phone.locator("h1")).to_contain_text("Los Amigos")
    phone.goto(link(text(signed), f"/t/{event.slug}/signup/mine/"))  # the private change-or-withdraw link
    expect(phone.locator("h1")).to_have_text(words["entry"])
    expect(phone.locator("input[name=mail_opt_in]")).to_be_checked()  # still getting the e-mails
    phone.locator("input[name=contact]").fill("ana.ruiz@club.example")
    shot(phone, f"my-entry-{language}-390")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.get_by_role("button", name=words["save"]).click()
    expect(phone.locator(".msg-success")).to_have_text(words["saved"])
    assert Team.objects.get(name="Los Amigos").contact == "ana.ruiz@club.example"

    publish_division(event)
    outbox.send_due(pace=False)
    assert not [m for m in smtp_server.to("ana@club.example") if words["draw"] in m["Subject"]]
    (drawn,) = [m for m in smtp_server.to("ana.ruiz@club.example") if words["draw"] in m["Subject"]]  # the new address
    assert words["first"] in text(drawn)
    (attached,) = [p for p in drawn.iter_attachments() if p.get_content_type() == "text/calendar"]
    assert len(icalendar.Calendar.from_ical(attached.get_content()).walk("VEVENT")) == 1
    phone.goto(link(text(drawn), f"/t/{event.slug}/team/{team.pk}/"))
    expect(phone.locator(".lv-calendar a")).to_be_visible()
    shot(phone, f"team-page-after-draw-{language}-390")

    phone.goto(link(text(drawn), "/mail/stop/"))
    shot(phone, f"unsubscribe-{language}-390")
    phone.get_by_role("button", name=words["stop"]).click()
    expect(phone.locator("h1")).to_have_text(words["stopped"])
    assert EntrantMail.objects.get().stopped == ["draw"]

    phone.goto(f"{live_server.url}/t/{event.slug}/net/")
    phone.emulate_media(media="print")
    expect(phone.locator(".topbar")).to_be_hidden()
    expect(phone.locator(".net-script")).to_be_visible()
    shot(phone, f"morning-net-print-{language}-390")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    printed = tmp_path / "net.pdf"
    phone.pdf(path=str(printed))  # what the Print button gives (Chromium's own print to PDF)
    paper = subprocess.run(["pdftotext", str(printed), "-"], capture_output=True, text=True, check=True).stdout
    assert words["net"] in paper and "Bayfest" in paper
    assert words["net_title"] not in paper  # only the script on paper, not the page around it
