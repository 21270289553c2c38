"""The "signed up" e-mail carries the entrant's own change-or-withdraw link (secret per entrant), read
from a real SMTP server and followed: the entrant changes their details or withdraws while sign-ups
are open (both formats); after the deadline the page says to ask the organizer and changes nothing;
a damaged link says so. The organizer's late team gets the e-mail box too (it agreed at the desk)."""

import datetime as dt
import html
import re

import pytest
from django.test import Client
from django.utils import timezone

from tests.factories import TeamFactory, TournamentFactory
from tests.formats.tables.events import table_event
from tests.mail.smtp_server import text
from tournament.mail import outbox
from tournament.models import EntrantMail, Player, Team, Tournament

pytestmark = pytest.mark.django_db
CHANGE = re.compile(r"http://testserver(/t/[^/\s]+/(?:signup|join)/mine/[^/\s]+/)")


def page_text(response) -> str:
    return html.unescape(response.content.decode())


def change_link(smtp_server, address) -> str:
    outbox.send_due(pace=False)
    (message,) = [m for m in smtp_server.to(address)]
    return CHANGE.search(text(message)).group(1)


def sign_up_team(client, event, **extra):
    data = {"team_name": "Los Amigos", "player1": "Ana Ruiz", "player2": "Bea Soto", "contact": "ana@club.example",
            "mail_opt_in": "on", "submission_key": "k1", **extra}
    return client.post(f"/t/{event.slug}/signup/", data)


def test_a_team_changes_its_entry_through_the_link_in_its_e_mail(smtp_server):
    event = TournamentFactory(name="Bayfest")
    TeamFactory(tournament=event, name="Jets")
    assert sign_up_team(Client(HTTP_ACCEPT_LANGUAGE="es-MX"), event).status_code == 302
    path = change_link(smtp_server, "ana@club.example")
    phone = Client(HTTP_ACCEPT_LANGUAGE="es-MX")
    shown = page_text(phone.get(path))
    assert "Su inscripción" in shown and 'value="Los Amigos"' in shown and 'value="Bea Soto"' in shown

    taken = phone.post(path, {"team_name": "jets", "player1": "Ana Ruiz", "player2": "Bea Soto", "contact": "x"})
    assert taken.status_code == 400 and "Ya se inscribió un equipo llamado “jets”" in page_text(taken)
    assert Team.objects.get(pk=Team.objects.get(name="Los Amigos").pk).contact == "ana@club.example"  # nothing saved

    saved = phone.post(path, {"team_name": "Las Amigas", "player1": "Ana Ruiz", "player2": "Bea Soto Lima",
                              "contact": "612 555 0101"}, follow=True)
    assert "Se guardaron sus cambios" in page_text(saved)
    team = Team.objects.get(name="Las Amigas")
    assert team.contact == "612 555 0101" and [p.name for p in team.players.all()] == ["Ana Ruiz", "Bea Soto Lima"]
    assert Tournament.objects.get(pk=event.pk).changes > event.changes  # the public pages follow

    withdrawn = phone.post(path + "withdraw/", follow=True)
    assert "se retiró" in page_text(withdrawn)
    assert Team.objects.get(pk=team.pk).withdrawn_at is not None
    assert "Para volver, pregunte a la organización" in page_text(phone.get(path))


def test_after_the_deadline_the_link_shows_the_entry_and_changes_nothing(smtp_server):
    event = TournamentFactory(name="Bayfest")
    sign_up_team(Client(), event)
    path = change_link(smtp_server, "ana@club.example")
    Tournament.objects.filter(pk=event.pk).update(signup_deadline=timezone.now() - dt.timedelta(minutes=1))
    shown = page_text(Client().get(path))
    assert "Sign-ups closed at" in shown and "ask the organizer" in shown and "Save changes" not in shown
    refused = Client().post(path, {"team_name": "Other", "player1": "Ana Ruiz", "player2": "Bea Soto", "contact": ""})
    assert refused.status_code == 400 and "Sign-ups closed at" in page_text(refused)
    Client().post(path + "withdraw/")
    team = Team.objects.get()
    assert team.name == "Los Amigos" and team.withdrawn_at is None


def test_a_damaged_or_borrowed_link_says_so_and_changes_nothing(smtp_server):
    event = TournamentFactory()
    other = TournamentFactory()
    sign_up_team(Client(), event)
    path = change_link(smtp_server, "ana@club.example")
    token = path.rstrip("/").rsplit("/", 1)[1]
    tampered = path[:-4] + ("x" if path[-4] != "x" else "y") + path[-3:]
    for response in (Client().get(tampered), Client().post(tampered + "withdraw/"), Client().get(f"/t/{other.slug}/signup/mine/{token}/"),
                     Client().get(f"/t/{event.slug}/join/mine/{token}/".replace("join", "signup") + "x/"),
                     Client().get(f"/t/{event.slug}/signup/mine/nonsense/")):
        assert response.status_code in (400, 404)
    assert "This link is damaged" in page_text(Client().get(tampered))
    assert Team.objects.get().withdrawn_at is None


def test_a_table_events_player_changes_their_entry_and_withdraws_with_their_partner(smtp_server):
    event = table_event("club-4deck", name="Club Night")
    response = Client().post(f"/t/{event.slug}/join/", {"name": "Cy Park", "partner": "Dee Lane", "contact": "cy@club.example",
                                                         "mail_opt_in": "on", "submission_key": "t1"})
    assert response.status_code == 302
    path = change_link(smtp_server, "cy@club.example")
    assert "/join/mine/" in path
    shown = page_text(Client().get(path))
    assert "Your entry" in shown and "Partner: <bdi>Dee Lane</bdi>" in shown
    saved = Client().post(path, {"name": "Cy Parker", "contact": "cy@club.example", "came_with": "Ed Lane"}, follow=True)
    assert "Your changes are saved" in page_text(saved)
    cy = Player.objects.get(name="Cy Parker")
    assert cy.table_entry.came_with == "Ed Lane"
    gone = Client().post(path + "withdraw/", {"both": "1"}, follow=True)
    assert "Withdrew Cy Parker" in page_text(gone) and "Withdrew Dee Lane" in page_text(gone)
    assert not Player.objects.filter(table_entry__withdrawn_at__isnull=True).exists()


def test_the_organizers_late_team_may_ask_for_e_mail_and_gets_it_in_the_events_language(organizer_client, smtp_server):
    event = TournamentFactory(name="Bayfest", language="es", signup_deadline=timezone.now() - dt.timedelta(hours=1))
    dashboard = page_text(organizer_client.get(f"/organizer/t/{event.slug}/"))
    assert "E-mail them about this event (they agreed)" in dashboard
    data = {"team_name": "Tardíos", "player1": "Lupe Díaz", "player2": "Mar Díaz", "contact": "lupe@club.example",
            "mail_opt_in": "on", "submission_key": "late1"}
    assert organizer_client.post(f"/organizer/t/{event.slug}/teams/add/", data).status_code == 302
    assert organizer_client.post(f"/organizer/t/{event.slug}/teams/add/", data).status_code == 302  # a double click
    outbox.send_due(pace=False)
    (message,) = smtp_server.to("lupe@club.example")
    assert message["Subject"] == "Bayfest: Tardíos está inscrito"
    assert EntrantMail.objects.get().language == "es"


def test_the_late_teams_box_without_an_address_says_so_and_adds_nobody(organizer_client):
    event = TournamentFactory()
    response = organizer_client.post(f"/organizer/t/{event.slug}/teams/add/", {
        "team_name": "Tardíos", "player1": "Lupe Díaz", "player2": "Mar Díaz", "contact": "612 555 0101",
        "mail_opt_in": "on", "submission_key": "late2"}, follow=True)
    assert "To get e-mails, give an e-mail address here" in page_text(response)
    assert not Team.objects.exists() and not EntrantMail.objects.exists()
