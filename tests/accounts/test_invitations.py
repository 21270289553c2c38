"""Invitations to organize an event or a club, read back from a real SMTP server and followed."""

import datetime as dt
import html
import re

import pytest
import time_machine
from django.test import Client
from django.utils import timezone

from tests.factories import TournamentFactory, UserFactory
from tests.mail.smtp_server import text
from tournament.mail import outbox
from tournament.models import Club, Invitation, OutboxMessage

LINK = re.compile(r"http://testserver(/accounts/invitation/[^/\s]+/)")


def sent_link(smtp_server, address: str, nth: int = -1) -> tuple[str, str]:
    """Send what the outbox holds; the invitation link and the text of the nth message to `address`."""
    outbox.send_due(pace=False)
    message = smtp_server.to(address)[nth]
    body = text(message)
    return LINK.search(body).group(1), body


@pytest.fixture
def event(organizer):
    return TournamentFactory(created_by=organizer, name="Bayfest Partners")


def invite(client, event, email):
    return client.post(f"/organizer/t/{event.slug}/organizers/invite/", {"email": email}, follow=True)


def test_an_invitation_makes_an_account_that_co_organizes_and_works_once(organizer_client, event, smtp_server):
    page = invite(organizer_client, event, "rosa@club.example").content.decode()
    assert "Invitation sent to rosa@club.example" in page and "rosa@club.example" in page  # listed as waiting
    path, body = sent_link(smtp_server, "rosa@club.example")
    assert "organizer invites you to help run Bayfest Partners" in body and "works once" in body

    rosa = Client(HTTP_ACCEPT_LANGUAGE="en")
    form = rosa.get(path).content.decode()
    assert "Make your account" in form and "rosa@club.example" in form
    made = rosa.post(path, {"action": "create", "username": "rosa", "password1": "a long walk home 7",
                            "password2": "a long walk home 7"}, follow=True)
    assert made.redirect_chain[-1][0] == f"/organizer/t/{event.slug}/" and "You now organize Bayfest Partners" in made.content.decode()
    assert event.organizers.filter(username="rosa", email="rosa@club.example").exists()
    again = Client().get(path)
    assert again.status_code == 410 and "already used" in again.content.decode()
    assert "No invitation is waiting" in organizer_client.get(f"/organizer/t/{event.slug}/organizers/").content.decode()


def test_someone_with_an_account_joins_with_it(organizer_client, event, smtp_server):
    invite(organizer_client, event, "ben@club.example")
    path, _ = sent_link(smtp_server, "ben@club.example")
    ben = Client()
    ben.force_login(UserFactory(username="ben", email="other@club.example", is_staff=False))
    assert "Join as ben" in ben.get(path).content.decode()
    ben.post(path, {"action": "join"})
    assert event.organizers.filter(username="ben").exists()


def test_a_resent_invitation_has_a_new_link_and_the_old_one_says_why_it_fails(organizer_client, event, smtp_server):
    invite(organizer_client, event, "cy@club.example")
    old, _ = sent_link(smtp_server, "cy@club.example")
    invitation = Invitation.objects.get()
    page = organizer_client.post(f"/organizer/t/{event.slug}/organizers/invitations/{invitation.pk}/resend/", follow=True)
    assert "the earlier link no longer works" in page.content.decode()
    new, _ = sent_link(smtp_server, "cy@club.example")
    assert new != old
    refused = Client().get(old)
    assert refused.status_code == 404 and "only the newest e-mail's link works" in html.unescape(refused.content.decode())
    assert Client().get(new).status_code == 200


def test_a_cancelled_or_expired_invitation_is_refused_with_a_reason(organizer_client, event, smtp_server):
    invite(organizer_client, event, "dee@club.example")
    path, _ = sent_link(smtp_server, "dee@club.example")
    with time_machine.travel(timezone.now() + dt.timedelta(days=15)):
        expired = Client().get(path)
    assert expired.status_code == 410 and "This invitation expired on" in expired.content.decode()
    invitation = Invitation.objects.get()
    organizer_client.post(f"/organizer/t/{event.slug}/organizers/invitations/{invitation.pk}/cancel/")
    cancelled = Client().post(path, {"action": "create", "username": "dee", "password1": "a long walk home 7",
                                     "password2": "a long walk home 7"})
    assert cancelled.status_code == 410 and "cancelled this invitation" in cancelled.content.decode()
    assert not event.organizers.filter(username="dee").exists()
    from django.contrib.auth import get_user_model
    assert not get_user_model().objects.filter(username="dee").exists()  # no account made either


@pytest.mark.parametrize("email, message", [
    ("not-an-address", "Enter an e-mail address such as ana@example.org."),
    ("organizer@club.example", "already organizes Bayfest Partners"),
])
def test_bad_invitations_say_what_is_wrong_and_send_nothing(organizer_client, organizer, event, email, message):
    organizer.email = "organizer@club.example"
    organizer.save()
    response = organizer_client.post(f"/organizer/t/{event.slug}/organizers/invite/", {"email": email})
    assert response.status_code == 400 and message in response.content.decode()
    assert not Invitation.objects.exists() and not OutboxMessage.objects.filter(kind="invitation").exists()


def test_inviting_twice_points_to_the_resend_button(organizer_client, event):
    invite(organizer_client, event, "eve@club.example")
    response = organizer_client.post(f"/organizer/t/{event.slug}/organizers/invite/", {"email": "EVE@club.example"})
    assert response.status_code == 400 and "is invited already" in response.content.decode()
    assert Invitation.objects.count() == 1


def test_a_spanish_event_invites_in_spanish(organizer_client, organizer, smtp_server):
    event = TournamentFactory(created_by=organizer, name="Torneo de Bahía", language="es")
    invite(organizer_client, event, "lupe@club.example")
    path, body = sent_link(smtp_server, "lupe@club.example")
    assert "Abra este enlace" in body, body
    page = Client().get(path).content.decode()  # the browser names no language: the e-mail's
    assert "Cree su cuenta" in page


def test_a_club_gets_a_second_organizer_by_invitation(client, organizer, smtp_server):
    club = Club.objects.create(name="Bahía Rummy Club", slug="bahia")
    club.organizers.add(organizer)
    client.force_login(organizer)
    page = client.post("/organizer/clubs/bahia/organizers/invite/", {"email": "sec@club.example"}, follow=True).content.decode()
    assert "Invitation sent to sec@club.example" in page
    path, body = sent_link(smtp_server, "sec@club.example")
    assert "help run the club Bahía Rummy Club" in body
    secretary = Client()
    made = secretary.post(path, {"action": "create", "username": "secretary", "password1": "a long walk home 7",
                                 "password2": "a long walk home 7"}, follow=True)
    assert made.redirect_chain[-1][0] == "/organizer/clubs/bahia/"
    assert sorted(club.organizers.values_list("username", flat=True)) == ["organizer", "secretary"]
    listing = secretary.get("/organizer/clubs/bahia/organizers/").content.decode()
    assert "organizer" in listing and "secretary" in listing


def test_a_club_keeps_its_last_organizer(client, organizer):
    club = Club.objects.create(name="Solo Club", slug="solo")
    club.organizers.add(organizer)
    client.force_login(organizer)
    page = client.post(f"/organizer/clubs/solo/organizers/{organizer.pk}/remove/", follow=True).content.decode()
    assert "only organizer" in page and club.organizers.count() == 1
