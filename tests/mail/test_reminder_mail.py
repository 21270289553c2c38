"""The reminder before a posted start: the minute sweep tells each opted-in entrant of a game — a
bracket game or a table of a round — once, an hour before, in their language."""

import datetime as dt
import html

import pytest
import time_machine
from django.test import Client
from django.utils import timezone

from tests.factories import TournamentFactory
from tests.formats.tables.events import table_event
from tests.gameday_setup import publish_division
from tests.mail.notices import body, delivered, public_url, six_join, stop_path, subject  # noqa: F401 (public_url: a fixture)
from tournament.core import deadlines, timetable

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("public_url")]


def sign_up_team(event, name, contact, language="en", opt_in=True):
    data = {"team_name": name, "player1": f"{name} A", "player2": f"{name} B", "contact": contact,
            "mail_opt_in": "on" if opt_in else "", "submission_key": name}
    assert Client(HTTP_ACCEPT_LANGUAGE=language).post(f"/t/{event.slug}/signup/", data).status_code == 302


@pytest.fixture
def bracket_event():
    event = TournamentFactory(name="Bayfest")
    sign_up_team(event, "Amigos", "ana@club.example", language="es-MX")
    sign_up_team(event, "Jets", "jets@club.example")
    sign_up_team(event, "Sharks", "sharks@club.example", opt_in=False)
    sign_up_team(event, "Comets", "comets@club.example", opt_in=False)
    return event


def test_each_opted_in_team_is_reminded_once_an_hour_before_in_its_language(bracket_event, smtp_server):
    start = (timezone.now() + dt.timedelta(days=2)).replace(second=0, microsecond=0)
    division, first = publish_division(bracket_event, starts_at=start)
    with time_machine.travel(start - dt.timedelta(minutes=61), tick=False):
        assert deadlines.sweep()["reminder_mail"] == 0
    with time_machine.travel(start - dt.timedelta(minutes=59), tick=False):
        assert deadlines.sweep()["reminder_mail"] == 2
        assert deadlines.sweep()["reminder_mail"] == 0  # a second sweep: each game claimed already
    (jets,) = delivered(smtp_server, "jets@club.example", "your game at")
    (ana,) = delivered(smtp_server, "ana@club.example", "su partida del")
    assert delivered(smtp_server, "sharks@club.example", "") == []
    text = body(jets)
    assert subject(jets).startswith("Bayfest: your game at ") and "A reminder: you play Division 1" in text
    assert "against" in text and f"/t/{bracket_event.slug}/team/" in text
    assert "Un recordatorio: usted juega" in body(ana) and "Para dejar de recibir estos correos" in body(ana)
    assert "Stop “A reminder before your game” e-mails" in html.unescape(Client().get(stop_path(jets)).content.decode())


def test_a_moved_start_is_reminded_again_and_a_stopped_kind_is_not(bracket_event, smtp_server):
    from tournament.mail import entrants
    from tournament.models import EntrantMail

    start = (timezone.now() + dt.timedelta(days=2)).replace(second=0, microsecond=0)
    division, first = publish_division(bracket_event, starts_at=start)
    entrants.stop(EntrantMail.objects.get(email="ana@club.example"), "reminder")
    with time_machine.travel(start - dt.timedelta(minutes=30), tick=False):
        assert deadlines.sweep()["reminder_mail"] == 1
        timetable.set_round_start(division.rounds.get(number=1), start + dt.timedelta(hours=2))
    with time_machine.travel(start + dt.timedelta(minutes=70), tick=False):
        assert deadlines.sweep()["reminder_mail"] == 1
    assert len(delivered(smtp_server, "jets@club.example", "your game at")) == 2
    assert delivered(smtp_server, "ana@club.example", "su partida del") == []


def test_a_table_players_reminder_names_the_table_in_spanish(smtp_server):
    from tests.formats.tables.played import START, players_round

    event = table_event("rummikub", name="Noche de Rummikub")
    names = six_join(event, opted_in=("P1", "P5"))
    players_round("rummikub", 3, 3, event=event, names=names)
    with time_machine.travel(START - dt.timedelta(minutes=45), tick=False):
        assert deadlines.sweep()["reminder_mail"] == 2
    (p5,) = delivered(smtp_server, "p5@club.example", "su partida del")
    assert "mesa 2" in body(p5) and "P4, P6" in body(p5) and "/player/" in body(p5)
    (p1,) = delivered(smtp_server, "p1@club.example", "your game at")
    assert "table 1" in body(p1) and "P2, P3" in body(p1)


def test_a_round_drawn_less_than_an_hour_before_is_not_reminded_its_table_message_said_it(smtp_server):
    from tests.formats.tables.played import START, players_round

    event = table_event("rummikub", name="Rummikub Night")
    names = ["P1", "P2", "P3"]
    for name in names:
        Client().post(f"/t/{event.slug}/join/", {"name": name, "contact": f"{name.lower()}@club.example",
                                                 "mail_opt_in": "on", "submission_key": name})
    with time_machine.travel(START - dt.timedelta(minutes=20), tick=False):
        players_round("rummikub", 3, event=event, names=names)
        assert deadlines.sweep()["reminder_mail"] == 0
    (table,) = delivered(smtp_server, "p1@club.example", "your table")
    assert delivered(smtp_server, "p1@club.example", "your game at") == []
