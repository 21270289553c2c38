"""The password reset and the open sign-up in the app's own pages, their e-mails read back from a
real SMTP server, throttled, in the language of the page that asked."""

import html
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.factories import UserFactory
from tests.mail.smtp_server import text
from tournament.mail import outbox

RESET = re.compile(r"http://testserver(/accounts/reset/[^\s]+/)")
VERIFY = re.compile(r"http://testserver(/accounts/verify/[^\s]+/)")
PASSWORD = "a long walk home 7"


def body_to(smtp_server, address):
    outbox.send_due(pace=False)
    return [text(m) for m in smtp_server.to(address)]


@pytest.fixture
def ana(db):
    return UserFactory(username="ana", email="ana@club.example", is_staff=False)


def test_a_forgotten_password_is_reset_by_e_mail_in_the_apps_own_pages(client, ana, smtp_server):
    login = client.get("/accounts/login/").content.decode()
    assert 'href="/accounts/password_reset/"' in login
    page = client.get("/accounts/password_reset/").content.decode()
    assert "Forgot your password?" in page and "Django administration" not in page
    done = client.post("/accounts/password_reset/", {"email": "ANA@club.example"}, follow=True).content.decode()
    assert "a link to choose a new password is on its way" in done
    (body,) = body_to(smtp_server, "ana@club.example")
    path = RESET.search(body).group(1)
    form = client.get(path, follow=True)
    assert "Choose a new password" in form.content.decode()
    saved = client.post(form.redirect_chain[-1][0], {"new_password1": "sea turtles at dawn", "new_password2": "sea turtles at dawn"},
                        follow=True).content.decode()
    assert "Your new password is saved" in saved
    assert get_user_model().objects.get(username="ana").check_password("sea turtles at dawn")
    used = html.unescape(Client().get(path, follow=True).content.decode())
    assert "This link was used already" in used


def test_an_unknown_address_gets_the_same_page_and_no_e_mail(client, ana, smtp_server):
    done = client.post("/accounts/password_reset/", {"email": "nobody@club.example"}, follow=True).content.decode()
    assert "If an account has that e-mail" in done
    outbox.send_due(pace=False)
    assert smtp_server.messages == []


def test_resets_to_one_address_are_throttled(client, ana, smtp_server):
    for _ in range(5):
        assert client.post("/accounts/password_reset/", {"email": "ana@club.example"}).status_code == 302
    assert len(body_to(smtp_server, "ana@club.example")) == 3


def test_a_spanish_page_asks_in_spanish(ana, smtp_server):
    spanish = Client(HTTP_ACCEPT_LANGUAGE="es-MX")
    assert "¿Olvidó su contraseña?" in spanish.get("/accounts/password_reset/").content.decode()
    spanish.post("/accounts/password_reset/", {"email": "ana@club.example"})
    (body,) = body_to(smtp_server, "ana@club.example")
    assert "alguien (esperamos que usted) pidió elegir una contraseña nueva" in body


def test_sign_up_is_by_invitation_unless_the_server_opens_it(client, db):
    page = client.get("/accounts/signup/").content.decode()
    assert "made by invitation" in page and "<form" not in page.split("<main")[1].split("Organizer log-in")[0]
    assert "No account yet?" not in client.get("/accounts/login/").content.decode()


def test_an_open_sign_up_checks_the_address_before_the_account_opens(db, client, settings, smtp_server):
    settings.MELDBOARD_OPEN_SIGNUP = True
    assert "No account yet? Make one" in client.get("/accounts/login/").content.decode()
    made = client.post("/accounts/signup/", {"username": "secretary", "email": "sec@club.example",
                                             "password1": PASSWORD, "password2": PASSWORD}, follow=True)
    assert "We sent you a link" in made.content.decode()
    user = get_user_model().objects.get(username="secretary")
    assert not user.is_active
    refused = Client().post("/accounts/login/", {"username": "secretary", "password": PASSWORD})
    assert refused.status_code == 200 and "_auth_user_id" not in refused.client.session
    (body,) = body_to(smtp_server, "sec@club.example")
    path = VERIFY.search(body).group(1)
    opened = client.get(path, follow=True)
    assert opened.redirect_chain[-1][0] == "/organizer/" and "your account is ready" in opened.content.decode()
    assert Client().post("/accounts/login/", {"username": "secretary", "password": PASSWORD}).status_code == 302
    again = Client().get(path)
    assert again.status_code == 410 and "used already" in again.content.decode()


@pytest.mark.parametrize("values, message", [
    ({"username": "x", "email": "not an address", "password1": PASSWORD, "password2": PASSWORD}, "Enter a valid email address."),
    ({"username": "x", "email": "ana@club.example", "password1": PASSWORD, "password2": PASSWORD}, "An account already uses this e-mail"),
    ({"username": "x", "email": "x@club.example", "password1": PASSWORD, "password2": "other"}, "didn’t match"),
])
def test_a_bad_sign_up_says_what_is_wrong_and_makes_nothing(client, settings, ana, values, message):
    settings.MELDBOARD_OPEN_SIGNUP = True
    response = client.post("/accounts/signup/", values)
    assert response.status_code == 400 and message in html.unescape(response.content.decode())
    assert not get_user_model().objects.filter(username="x").exists()


def test_a_tampered_address_check_link_is_refused(client, settings, db):
    settings.MELDBOARD_OPEN_SIGNUP = True
    assert client.get("/accounts/verify/MQ/not-a-token/").status_code == 410
    assert client.get("/accounts/verify/%00/x/").status_code == 410


def test_one_client_asking_for_many_resets_is_throttled(ana, settings, smtp_server):
    settings.MELDBOARD_ACCOUNT_MAILS_PER_CLIENT = 2
    others = [UserFactory(username=f"u{n}", email=f"u{n}@club.example", is_staff=False) for n in range(4)]
    client = Client(REMOTE_ADDR="203.0.113.9")
    for user in others:
        assert client.post("/accounts/password_reset/", {"email": user.email}).status_code == 302  # the same answer
    outbox.send_due(pace=False)
    assert len(smtp_server.messages) == 2
