"""Players' e-mail: opted in at sign-up (both formats), each message read back from a real SMTP
server in the language the entrant signed up in, with a one-click unsubscribe per kind."""

import html
import re

import pytest
from django.test import Client

from tests.factories import TournamentFactory
from tests.formats.tables.events import table_event
from tests.mail.smtp_server import text
from tournament.mail import entrants, outbox
from tournament.models import EntrantMail, Team

pytestmark = pytest.mark.django_db
STOP = re.compile(r"http://testserver(/mail/stop/[^\s]+/)")


def sign_up_team(client, event, **extra):
    data = {"team_name": "Los Amigos", "player1": "Ana Ruiz", "player2": "Bea Soto", "contact": "ana@club.example",
            "mail_opt_in": "on", "submission_key": "k1", **extra}
    return client.post(f"/t/{event.slug}/signup/", data)


def delivered(smtp_server, address):
    outbox.send_due(pace=False)
    return smtp_server.to(address)


def test_a_team_that_opts_in_is_told_once_in_the_language_it_signed_up_in(smtp_server):
    event = TournamentFactory(name="Bayfest")
    spanish = Client(HTTP_ACCEPT_LANGUAGE="es-MX")
    assert sign_up_team(spanish, event).status_code == 302
    assert sign_up_team(spanish, event).status_code == 302  # a double tap: the same team, one message
    (message,) = delivered(smtp_server, "ana@club.example")
    team = Team.objects.get()
    body = text(message)
    assert message["Subject"] == "Bayfest: Los Amigos está inscrito"
    assert f"http://testserver/t/{event.slug}/team/{team.pk}/" in body
    assert message["List-Unsubscribe"].strip() == f"<{STOP.search(body).group(0)}>"
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert Client().get(STOP.search(body).group(1)).status_code == 200


def test_ticking_the_box_without_an_e_mail_says_so_and_saves_nothing(client):
    event = TournamentFactory()
    response = sign_up_team(client, event, contact="612 555 0101")
    assert response.status_code == 400
    assert "To get e-mails, give an e-mail address here" in html.unescape(response.content.decode())
    assert not Team.objects.exists() and not EntrantMail.objects.exists()


def test_no_box_no_e_mail(client, smtp_server):
    event = TournamentFactory()
    sign_up_team(client, event, mail_opt_in="")
    assert Team.objects.exists() and not EntrantMail.objects.exists() and delivered(smtp_server, "ana@club.example") == []


def test_a_table_events_player_opts_in_too(client, smtp_server):
    event = table_event("rummikub", name="Rummikub Night")
    response = client.post(f"/t/{event.slug}/join/", {"name": "Cy Park", "contact": "cy@club.example", "mail_opt_in": "on",
                                                      "submission_key": "t1"})
    assert response.status_code == 302, response.content.decode()[:3000]
    (message,) = delivered(smtp_server, "cy@club.example")
    assert message["Subject"] == "Rummikub Night: Cy Park is signed up" and "/player/" in text(message)


def test_unsubscribing_stops_that_kind_only_and_a_mail_program_may_post_it_without_a_form(smtp_server):
    event = TournamentFactory(name="Bayfest")
    sign_up_team(Client(), event)
    body = text(delivered(smtp_server, "ana@club.example")[0])
    path = STOP.search(body).group(1)
    page = Client().get(path).content.decode()
    assert "Stop “Your sign-up received” e-mails from" in html.unescape(page)
    entry = EntrantMail.objects.get()
    announcement = entrants.unsubscribe_url(entry, "announcement").removeprefix("http://testserver")
    one_click = Client(enforce_csrf_checks=True).post(announcement, {"List-Unsubscribe": "One-Click"})
    assert one_click.status_code == 200 and "E-mails stopped" in one_click.content.decode()
    entry.refresh_from_db()
    assert entry.stopped == ["announcement"] and entry.wants("draw")
    assert entrants.announce(event, subject="Bayfest: tables", message="Table 4 moved.", number="n1") == 0


def test_a_tampered_unsubscribe_link_says_so_and_changes_nothing(smtp_server):
    event = TournamentFactory()
    sign_up_team(Client(), event)
    path = STOP.search(text(delivered(smtp_server, "ana@club.example")[0])).group(1)
    tampered = path[:-6] + ("x" if path[-6] != "x" else "y") + path[-5:]
    for response in (Client().get(tampered), Client().post(tampered), Client().get("/mail/stop/nonsense/")):
        assert response.status_code == 400 and "This unsubscribe link is damaged" in response.content.decode()
    assert EntrantMail.objects.get().stopped == []


def test_the_organizers_announcement_reaches_each_entrant_once_in_their_language(organizer_client, organizer, smtp_server):
    event = TournamentFactory(created_by=organizer, name="Bayfest")
    sign_up_team(Client(HTTP_ACCEPT_LANGUAGE="es-MX"), event)
    sign_up_team(Client(HTTP_ACCEPT_LANGUAGE="en"), event, team_name="Jets", player1="Cy", player2="Dee",
                 contact="cy@club.example", submission_key="k2")
    page = organizer_client.get(f"/organizer/t/{event.slug}/announce/").content.decode()
    assert "2 entrants asked for e-mail" in page
    key = re.search(r'name="key" value="([^"]+)"', page).group(1)
    data = {"subject": "Table 4 moved", "message": "Table 4 is now by the window.", "key": key}
    sent = organizer_client.post(f"/organizer/t/{event.slug}/announce/", data, follow=True).content.decode()
    assert "Announcement queued for 2 people" in sent
    again = organizer_client.post(f"/organizer/t/{event.slug}/announce/", data, follow=True).content.decode()
    assert "sent already" in again
    (ana,) = [m for m in delivered(smtp_server, "ana@club.example") if "Table 4" in m["Subject"]]
    (cy,) = [m for m in delivered(smtp_server, "cy@club.example") if "Table 4" in m["Subject"]]
    assert ana["Subject"] == cy["Subject"] == "Bayfest: Table 4 moved"
    assert "Para dejar de recibir estos correos" in text(ana) and "To stop these e-mails" in text(cy)


def test_an_announcement_with_nobody_to_send_to_says_so(organizer_client, organizer):
    event = TournamentFactory(created_by=organizer)
    response = organizer_client.post(f"/organizer/t/{event.slug}/announce/", {"subject": "x", "message": "y", "key": "z"})
    assert response.status_code == 400 and "Nobody would get it" in response.content.decode()


def test_the_draw_tells_each_opted_in_team_its_first_game_with_a_calendar_file(smtp_server):
    import icalendar

    from tests.gameday_setup import publish_division

    event = TournamentFactory(name="Bayfest")
    sign_up_team(Client(HTTP_ACCEPT_LANGUAGE="es-MX"), event)
    for n, name in enumerate(["Jets", "Sharks", "Comets"]):
        sign_up_team(Client(), event, team_name=name, player1=f"{name} A", player2=f"{name} B",
                     contact=f"{name.lower()}@club.example", submission_key=f"s{n}", mail_opt_in="on" if n == 0 else "")
    publish_division(event)
    (ana,) = [m for m in delivered(smtp_server, "ana@club.example") if "sorteo" in m["Subject"]]
    (jets,) = [m for m in delivered(smtp_server, "jets@club.example") if "draw is out" in m["Subject"]]
    assert delivered(smtp_server, "sharks@club.example") == []  # did not opt in
    body = text(jets)
    assert "Your first game:" in body and "Division 1" in body and "against" in body
    team = Team.objects.get(name="Jets")
    assert f"/t/{event.slug}/team/{team.pk}/" in body
    (attached,) = [part for part in jets.iter_attachments() if part.get_content_type() == "text/calendar"]
    calendar = icalendar.Calendar.from_ical(attached.get_content())
    (game,) = calendar.walk("VEVENT")
    assert "Bayfest" in str(game["summary"]) and game["dtstart"].dt is not None
    assert "Su primera partida:" in text(ana)
    feed = re.search(r"http://testserver(/calendar/\S+\.ics)", body).group(1)
    assert len(icalendar.Calendar.from_ical(Client().get(feed).content).walk("VEVENT")) == 1


def test_the_desk_adds_a_player_who_agreed_to_e_mail_and_they_get_it_in_the_events_language(organizer_client, organizer,
                                                                                             smtp_server):
    event = table_event("rummikub", name="Noche de Rummikub", language="es", created_by=organizer)
    response = organizer_client.post(f"/organizer/t/{event.slug}/players/add/", {
        "name": "Lupe Díaz", "contact": "lupe@club.example", "mail_opt_in": "on", "submission_key": "d1"})
    assert response.status_code == 302
    (message,) = delivered(smtp_server, "lupe@club.example")
    assert message["Subject"] == "Noche de Rummikub: Lupe Díaz está inscrito"


def test_a_moved_game_tells_its_opted_in_teams_in_their_language_with_the_entry_moved(smtp_server):
    import datetime as dt

    import icalendar

    from tests.gameday_setup import publish_division
    from tournament.core import timetable

    event = TournamentFactory(name="Bayfest")
    sign_up_team(Client(HTTP_ACCEPT_LANGUAGE="es-MX"), event)
    for n, name in enumerate(["Jets", "Sharks", "Comets"]):
        sign_up_team(Client(), event, team_name=name, player1=f"{name} A", player2=f"{name} B",
                     contact=f"{name.lower()}@club.example", submission_key=f"s{n}", mail_opt_in="")
    division, first = publish_division(event)
    rnd = division.rounds.get(number=1)
    drawn = [m for m in delivered(smtp_server, "ana@club.example") if "sorteo" in m["Subject"]]
    before = icalendar.Calendar.from_ical(next(drawn[0].iter_attachments()).get_content()).walk("VEVENT")[0]
    timetable.set_round_start(rnd, rnd.starts_at + dt.timedelta(hours=1))
    timetable.set_round_start(rnd, rnd.starts_at)  # the same time again: nothing moves, nothing sent
    (moved,) = [m for m in delivered(smtp_server, "ana@club.example") if "ahora empieza" in m["Subject"]]
    assert "antes era" in text(moved)
    after = icalendar.Calendar.from_ical(next(moved.iter_attachments()).get_content()).walk("VEVENT")[0]
    assert after["uid"] == before["uid"] and int(after["sequence"]) > int(before["sequence"])
    assert after["dtstart"].dt == before["dtstart"].dt + dt.timedelta(hours=1)


def test_a_table_events_round_tells_each_opted_in_player_their_table(smtp_server):
    from tests.formats.tables.played import players_round
    from tournament.signups import signup_mail

    event = table_event("rummikub", name="Rummikub Night")
    names = ["P1", "P2", "P3", "P4", "P5", "P6"]
    for name in names:
        Client().post(f"/t/{event.slug}/join/", {"name": name, "contact": f"{name.lower()}@club.example",
                                                 "mail_opt_in": "on" if name == "P5" else "", "submission_key": name})
    assert signup_mail  # the public form above made P5's row
    players_round("rummikub", 3, 3, event=event, names=names)
    (table,) = [m for m in delivered(smtp_server, "p5@club.example") if "your table" in m["Subject"]]
    body = text(table)
    assert "at table 2 with P4, P6" in body and "/player/" in body
    assert [p.get_content_type() for p in table.iter_attachments()] == ["text/calendar"]
