"""An entrant who changes their contact on their own-entry page gets the event's e-mails at the new
address (the kinds they stopped stay stopped); unticking the box stops them all; ticking it without an
address is refused and saves nothing. Read from a real SMTP server, both formats."""

import html
import re

import pytest
from django.test import Client

from tests.factories import TournamentFactory
from tests.formats.tables.events import table_event
from tests.mail.test_my_entry_link import change_link, sign_up_team
from tournament.mail import entrants, outbox
from tournament.models import EntrantMail, Team

pytestmark = pytest.mark.django_db


def box_ticked(path) -> bool:
    (box,) = re.findall(r'<input[^>]*name="mail_opt_in"[^>]*>', Client().get(path).content.decode())
    return " checked" in box


def announced(smtp_server, event, number: int) -> list[str]:
    """The addresses the organizer's announcement number `number` reached."""
    before = len(smtp_server.messages)
    entrants.announce(event, subject=f"News {number}", message="Tables at seven.", number=number)
    outbox.send_due(pace=False)
    return sorted(m["To"] for m in smtp_server.messages[before:])


def test_a_teams_e_mails_follow_its_new_address_and_stop_when_it_unticks_the_box(smtp_server):
    event = TournamentFactory(name="Bayfest")
    sign_up_team(Client(), event)
    path = change_link(smtp_server, "ana@club.example")
    entry = {"team_name": "Los Amigos", "player1": "Ana Ruiz", "player2": "Bea Soto"}
    assert box_ticked(path)

    Client().post(path, {**entry, "contact": "ana.ruiz@club.example", "mail_opt_in": "on"})
    assert announced(smtp_server, event, 1) == ["ana.ruiz@club.example"]

    Client().post(path, {**entry, "contact": "ana.ruiz@club.example"})  # the box unticked
    assert announced(smtp_server, event, 2) == []
    assert not box_ticked(path)

    Client().post(path, {**entry, "contact": "ana.ruiz@club.example", "mail_opt_in": "on"})  # and ticked again
    assert announced(smtp_server, event, 3) == ["ana.ruiz@club.example"]
    assert EntrantMail.objects.count() == 1


def test_a_stopped_kind_stays_stopped_when_the_address_moves(smtp_server):
    event = TournamentFactory(name="Bayfest")
    sign_up_team(Client(), event)
    path = change_link(smtp_server, "ana@club.example")
    entrants.stop(EntrantMail.objects.get(), entrants.Kind.ANNOUNCEMENT)
    Client().post(path, {"team_name": "Los Amigos", "player1": "Ana Ruiz", "player2": "Bea Soto",
                         "contact": "ana.ruiz@club.example", "mail_opt_in": "on"})
    row = EntrantMail.objects.get()
    assert row.email == "ana.ruiz@club.example" and not row.wants(entrants.Kind.ANNOUNCEMENT) and row.wants("draw")


def test_the_box_ticked_without_an_address_is_refused_and_nothing_changes(smtp_server):
    event = TournamentFactory(name="Bayfest")
    sign_up_team(Client(HTTP_ACCEPT_LANGUAGE="es-MX"), event)
    path = change_link(smtp_server, "ana@club.example")
    refused = Client(HTTP_ACCEPT_LANGUAGE="es-MX").post(path, {
        "team_name": "Los Amigos", "player1": "Ana Ruiz", "player2": "Bea Soto", "contact": "612 555 0101",
        "mail_opt_in": "on"})
    assert refused.status_code == 400
    assert "Para recibir correos, escriba aquí una dirección de correo" in html.unescape(refused.content.decode())
    assert Team.objects.get().contact == "ana@club.example"
    assert EntrantMail.objects.get().email == "ana@club.example"


def test_a_table_players_e_mails_follow_their_new_address(smtp_server):
    event = table_event("club-4deck", name="Club Night")
    Client().post(f"/t/{event.slug}/join/", {"name": "Cy Park", "contact": "cy@club.example", "mail_opt_in": "on",
                                              "submission_key": "t1"})
    path = change_link(smtp_server, "cy@club.example")
    Client().post(path, {"name": "Cy Park", "contact": "cy.park@club.example", "came_with": "", "mail_opt_in": "on"})
    assert announced(smtp_server, event, 1) == ["cy.park@club.example"]
    Client().post(path, {"name": "Cy Park", "contact": "cy.park@club.example", "came_with": ""})
    assert announced(smtp_server, event, 2) == []
