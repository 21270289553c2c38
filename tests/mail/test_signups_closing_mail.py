"""“Sign-ups close tomorrow”: a day before the deadline the minute sweep tells everyone still on the
partner board, once, in the language they posted in, with the others looking and their own link;
read back from a real SMTP server."""

import datetime as dt
import re

import pytest
import time_machine
from django.test import Client
from django.utils import timezone

from tests.factories import TournamentFactory
from tests.mail.notices import public_url  # noqa: F401 (a fixture)
from tests.mail.smtp_server import text
from tournament.core import deadlines
from tournament.mail import entrants, outbox
from tournament.models import EntrantMail, OutboxMessage

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("public_url")]


def post(event, name, contact, language="en", note=""):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    response = client.post(f"/t/{event.slug}/partners/", {"name": name, "contact": contact, "note": note})
    assert response.status_code == 302, response.content.decode()[:2000]


def delivered(smtp_server, address, words):
    outbox.send_due(timezone.now() + dt.timedelta(days=9), pace=False)  # queued at a travelled-to moment
    return [m for m in smtp_server.to(address) if words in m["Subject"]]


@pytest.fixture
def event():
    return TournamentFactory(name="Bayfest", signup_deadline=timezone.now() + dt.timedelta(hours=30))


def test_the_partner_board_is_told_once_a_day_before_in_english(event, smtp_server):
    post(event, "Ana Ruiz", "ana@club.example", note="free all week")
    post(event, "Cy Park", "cy@club.example")
    post(event, "Dee Lee", "612 555 0101")  # no address: nobody to write to
    Client().post(f"/t/{event.slug}/signup/", {"team_name": "Jets", "player1": "Ed", "player2": "Flo", "contact": "jets@club.example",
                                                "mail_opt_in": "on", "submission_key": "j1"})
    with time_machine.travel(event.signup_deadline - dt.timedelta(hours=25), tick=False):
        assert deadlines.sweep()["signups_closing_mail"] == 0  # not yet
    with time_machine.travel(event.signup_deadline - dt.timedelta(hours=23), tick=False):
        assert deadlines.sweep()["signups_closing_mail"] == 2
        assert deadlines.sweep()["signups_closing_mail"] == 0  # a second sweep: claimed already
    (ana,) = delivered(smtp_server, "ana@club.example", "sign-ups close tomorrow")
    (cy,) = delivered(smtp_server, "cy@club.example", "sign-ups close tomorrow")
    assert delivered(smtp_server, "jets@club.example", "close tomorrow") == []  # a team has its partner
    body = text(cy).replace("\r\n", "\n")
    assert cy["Subject"].strip() == "Bayfest: sign-ups close tomorrow — still looking for a partner?"
    assert "- Ana Ruiz (free all week)" in body and "- Dee Lee" in body and "- Cy Park" not in body
    assert f"http://testserver/t/{event.slug}/partners/" in body
    mine = re.search(r"http://testserver(/t/\S+/partners/mine/\S+/)", body).group(1)
    assert "this phone now manages your post" in Client().get(mine, follow=True).content.decode()
    assert "- Ana Ruiz" not in text(ana) and "- Cy Park" in text(ana)
    stop = re.search(r"http://testserver(/mail/stop/\S+/)", body).group(1)
    assert cy["List-Unsubscribe"].strip() == f"<http://testserver{stop}>"
    assert "Sign-ups closing while you look for a partner" in Client().get(stop).content.decode()
    # The board's addresses ticked no e-mail box: nothing else reaches them.
    assert entrants.announce(event, subject="Tables", message="Table 4 moved.", number=1) == 1
    assert set(OutboxMessage.objects.filter(kind="signups_closing").values_list("to", flat=True)) == {
        "ana@club.example", "cy@club.example"}


def test_a_spanish_post_is_told_in_spanish_and_a_moved_deadline_is_told_again(event, smtp_server):
    post(event, "Lupe Díaz", "lupe@club.example", language="es-MX")
    assert EntrantMail.objects.get().language == "es" and EntrantMail.objects.get().board_only
    with time_machine.travel(event.signup_deadline - dt.timedelta(hours=2), tick=False):
        assert deadlines.sweep()["signups_closing_mail"] == 1
    (first,) = delivered(smtp_server, "lupe@club.example", "inscripciones")
    assert first["Subject"].strip() == "Bayfest: las inscripciones cierran mañana — ¿aún busca compañero(a)?"
    assert "sigue en el tablero de compañeros" in text(first) and "Para dejar de recibir estos correos" in text(first)
    event.signup_deadline += dt.timedelta(days=3)
    event.save(update_fields=["signup_deadline"])
    with time_machine.travel(event.signup_deadline - dt.timedelta(hours=1), tick=False):
        assert deadlines.sweep()["signups_closing_mail"] == 1
        assert deadlines.sweep()["signups_closing_mail"] == 0
    assert len(delivered(smtp_server, "lupe@club.example", "inscripciones")) == 2


def test_an_unsubscribed_seeker_gets_nothing(event, smtp_server):
    post(event, "Ana Ruiz", "ana@club.example")
    entrants.stop(EntrantMail.objects.get(), "signups_closing")
    with time_machine.travel(event.signup_deadline - dt.timedelta(hours=3), tick=False):
        assert deadlines.sweep()["signups_closing_mail"] == 0
    assert delivered(smtp_server, "ana@club.example", "close tomorrow") == []
