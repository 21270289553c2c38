"""The club's announcement to every member who asked for e-mail at sign-up to one of its events:
read from a real SMTP server, once per address however many events it signed up to, in the language
it last signed up in, with a one-click unsubscribe that stops the club's announcements to it; nobody
to send to is said and nothing is sent; the page lists what was sent and to whom."""

import html
import re

import pytest
from django.test import Client

from tests.factories import TeamFactory, TournamentFactory, UserFactory
from tests.mail.smtp_server import text
from tournament.mail import entrants, outbox
from tournament.models import Club, EntrantMail, OutboxMessage

pytestmark = pytest.mark.django_db
STOP = re.compile(r"http://testserver(/clubs/[^/\s]+/mail/stop/[^\s]+/)")


def page_text(response) -> str:
    return html.unescape(response.content.decode())


def opted_in(event, email, language, stopped=()):
    entry = entrants.opt_in(event, email, language=language, team=TeamFactory(tournament=event))
    for kind in stopped:
        entrants.stop(entry, kind)
    return entry


@pytest.fixture
def club(organizer):
    club = Club.objects.create(name="Bahía Rummy Club", slug="bahia")
    club.organizers.add(organizer)
    return club


def post(client, club, key="a1", subject="Summer league", message="Sign-ups open on Monday."):
    return client.post(f"/organizer/clubs/{club.slug}/announce/", {"subject": subject, "message": message, "key": key},
                       follow=True)


def delivered(smtp_server):
    outbox.send_due(pace=False)
    return smtp_server.messages


def test_each_member_gets_it_once_in_their_language_and_can_stop_the_clubs_announcements(
        organizer_client, club, smtp_server):
    spring, summer = TournamentFactory(club=club), TournamentFactory(club=club)
    elsewhere = TournamentFactory()
    opted_in(spring, "ana@club.example", "en")
    opted_in(summer, "Ana@Club.example", "es")  # the same person signed up again, in Spanish
    opted_in(summer, "cy@club.example", "en")
    opted_in(summer, "eve@club.example", "en", stopped=["announcement"])
    opted_in(elsewhere, "dee@club.example", "en")

    shown = page_text(organizer_client.get(f"/organizer/clubs/{club.slug}/announce/"))
    assert "2 members asked for e-mail" in shown
    assert "Announcement queued for 2 members" in page_text(post(organizer_client, club))
    assert "sent already" in page_text(post(organizer_client, club))  # the same form sent twice

    received = delivered(smtp_server)
    assert sorted(m["To"] for m in received) == ["Ana@Club.example", "cy@club.example"]
    ana = next(m for m in received if m["To"] == "Ana@Club.example")
    assert ana["Subject"] == "Bahía Rummy Club: Summer league"
    assert "Sign-ups open on Monday." in text(ana) and "Para dejar de recibir los avisos del club" in text(ana)
    assert "To stop the club's announcements" in text(next(m for m in received if m["To"] == "cy@club.example"))
    log = page_text(organizer_client.get(f"/organizer/clubs/{club.slug}/announce/"))
    assert "Ana@Club.example" in log and "cy@club.example" in log and "Sent: 2" in log

    path = STOP.search(text(ana)).group(1)
    assert ana["List-Unsubscribe"].strip() == f"<http://testserver{path}>"
    assert "Stop the announcements of" in page_text(Client().get(path))
    one_click = Client(enforce_csrf_checks=True).post(path, {"List-Unsubscribe": "One-Click"})
    assert one_click.status_code == 200 and "E-mails stopped" in page_text(one_click)
    assert all("announcement" in e.stopped for e in EntrantMail.objects.filter(email__iexact="ana@club.example"))

    assert "Announcement queued for 1 member." in page_text(post(organizer_client, club, key="a2", subject="Results"))
    assert [m["To"] for m in delivered(smtp_server) if "Results" in m["Subject"]] == ["cy@club.example"]


def test_an_announcement_with_nobody_to_send_to_says_so_and_sends_nothing(organizer_client, club):
    opted_in(TournamentFactory(), "dee@club.example", "en")  # not one of the club's events
    response = organizer_client.post(f"/organizer/clubs/{club.slug}/announce/", {"subject": "x", "message": "y", "key": "z"})
    assert response.status_code == 400 and "Nobody would get it" in page_text(response)
    assert not OutboxMessage.objects.exists()


def test_a_damaged_or_other_clubs_link_says_so_and_stops_nothing(organizer_client, club, smtp_server):
    opted_in(TournamentFactory(club=club), "cy@club.example", "en")
    other = Club.objects.create(name="Other", slug="other")
    post(organizer_client, club)
    path = STOP.search(text(delivered(smtp_server)[0])).group(1)
    tampered = path[:-6] + ("x" if path[-6] != "x" else "y") + path[-5:]
    for response in (Client().get(tampered), Client().post(tampered), Client().post(path.replace("/bahia/", "/other/"))):
        assert response.status_code == 400 and "This unsubscribe link is damaged" in page_text(response)
    assert other and EntrantMail.objects.get().stopped == []


def test_only_the_clubs_organizers_write_to_its_members(club):
    outsider = Client()
    outsider.force_login(UserFactory(username="outsider", is_staff=False))
    assert outsider.get(f"/organizer/clubs/{club.slug}/announce/").status_code == 404
    assert post(outsider, club).status_code == 404 and not OutboxMessage.objects.exists()


def test_a_message_the_server_refused_for_good_is_shown_and_sent_again_on_request(organizer_client, club, smtp_server):
    opted_in(TournamentFactory(club=club), "gone@club.example", "en")
    smtp_server.sink.refused.add("gone@club.example")
    post(organizer_client, club)
    outbox.send_due(pace=False)
    row = OutboxMessage.objects.get()
    assert row.status == OutboxMessage.Status.FAILED
    shown = page_text(organizer_client.get(f"/organizer/clubs/{club.slug}/announce/"))
    assert "Failed: 1" in shown and "No such mailbox here" in shown and "Try again" in shown
    assert f'action="/organizer/clubs/{club.slug}/announce/{row.pk}/retry/"' in shown
    smtp_server.sink.refused.clear()  # the member's mailbox is back
    again = organizer_client.post(f"/organizer/clubs/{club.slug}/announce/{row.pk}/retry/", follow=True)
    assert "will be sent again" in page_text(again)
    outbox.send_due(pace=False)
    assert len(smtp_server.to("gone@club.example")) == 1
    refused = organizer_client.post(f"/organizer/clubs/{club.slug}/announce/{row.pk}/retry/", follow=True)
    assert "not a failed one of this club" in page_text(refused)
